/// Reading a small window of a large text: what word selection, grapheme snapping and the menu's
/// selection facts look at instead of the whole document.
extension TextStorage {
    /// How far (in bytes) grapheme snapping looks back and ahead for a line feed (after which a
    /// cluster always starts). Clusters are never near this long in real text; a line with no line
    /// feed in that distance is treated as starting at the window's edge.
    package static let graphemeWindowRadius = 4096

    /// The window of bytes around `offset` for segmentation: from just after the nearest line feed
    /// before `offset` (or `radius` bytes back) to just after the nearest line feed at or after it
    /// (or `radius` bytes on), on scalar boundaries. Line feeds end words, sentences, paragraphs and
    /// grapheme clusters, so inside one line the window gives the same segments as the whole text.
    package func window(around offset: Int, radius: Int) -> ByteWindow {
        let lower = max(0, offset - radius)
        let upper = min(byteCount, offset + radius + 4) // 4: room to finish the last scalar
        let raw = bytes(in: lower..<upper)
        let local = offset - lower
        var start = 0
        if let lf = raw[..<local].lastIndex(of: 0x0A) {
            start = lf + 1
        } else if lower > 0 {
            while start < local, !UTF8Validator.isScalarStart(raw[start]) { start += 1 }
        }
        var end = min(raw.count, local + radius)
        if let lf = raw[local..<end].firstIndex(of: 0x0A) {
            end = lf + 1
        } else {
            while end < raw.count, !UTF8Validator.isScalarStart(raw[end]) { end += 1 }
        }
        return ByteWindow(start: lower + start, bytes: Array(raw[start..<max(start, end)]))
    }

    /// The nearest Character (extended grapheme cluster) boundary at or before byte `offset`.
    public func graphemeBoundary(atOrBefore offset: Int) -> Int {
        let offset = min(max(0, offset), byteCount)
        if offset == 0 || offset == byteCount { return offset }
        // Between two ASCII characters there is always a Character boundary but inside CR LF (UAX #29:
        // no ASCII character extends, prepends or joins another), so most text needs no window.
        let before = byte(at: offset - 1), after = byte(at: offset)
        if before < 0x80, after < 0x80, !(before == 0x0D && after == 0x0A) { return offset }
        let window = window(around: offset, radius: Self.graphemeWindowRadius)
        let local = offset - window.start
        let starts = window.characterStarts
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= local { lo = mid } else { hi = mid - 1 }
        }
        return window.start + starts[lo]
    }

    /// The nearest Character boundary at or after byte `offset`.
    public func graphemeBoundary(atOrAfter offset: Int) -> Int {
        let before = graphemeBoundary(atOrBefore: offset)
        if before == offset || offset >= byteCount { return min(max(0, offset), byteCount) }
        let window = window(around: offset, radius: Self.graphemeWindowRadius)
        let local = offset - window.start
        let next = window.characterStarts.first { $0 >= local } ?? window.bytes.count
        return window.start + next
    }

    /// Whether byte `offset` is between two Characters (or at either end), so that a selection edge
    /// may sit there.
    package func isGraphemeBoundary(_ offset: Int) -> Bool {
        offset >= 0 && offset <= byteCount && graphemeBoundary(atOrBefore: offset) == offset
    }

    /// `range` widened to Character boundaries, so that a selection never splits a cluster.
    public func graphemeAligned(_ range: Range<Int>) -> Range<Int> {
        let lower = graphemeBoundary(atOrBefore: range.lowerBound)
        let upper = max(lower, graphemeBoundary(atOrAfter: range.upperBound))
        return lower..<upper
    }
}

/// A few hundred bytes of a storage, with the maps segmentation needs: UTF-16 for ICU, and where
/// each UTF-16 unit and each Character starts in bytes.
package struct ByteWindow {
    /// The byte offset of the window in the storage.
    package let start: Int
    /// The window's bytes (valid UTF-8, starting and ending on scalar boundaries).
    package let bytes: [UInt8]

    package init(start: Int, bytes: [UInt8]) {
        self.start = start
        self.bytes = bytes
    }

    /// The window as UTF-16, and for each unit (plus the end) the byte offset of its scalar.
    package var utf16: (units: [UInt16], byteOffsets: [Int]) {
        var units: [UInt16] = []
        var offsets: [Int] = []
        units.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count + 1)
        var offset = 0
        for scalar in String(decoding: bytes, as: Unicode.UTF8.self).unicodeScalars {
            for unit in scalar.utf16 {
                units.append(unit)
                offsets.append(offset)
            }
            offset += scalar.utf8.count
        }
        offsets.append(offset)
        return (units, offsets)
    }

    /// Window-relative byte offsets of every Character start, plus the end.
    package var characterStarts: [Int] {
        var starts: [Int] = []
        var offset = 0
        for character in String(decoding: bytes, as: Unicode.UTF8.self) {
            starts.append(offset)
            offset += character.utf8.count
        }
        starts.append(offset)
        return starts
    }
}
