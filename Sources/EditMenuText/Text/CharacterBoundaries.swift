/// Character (extended grapheme cluster) boundaries found over valid UTF-8 bytes, stepping by
/// scalars where a boundary is certain (``Scalar/isCertainBoundary(_:_:)``: most text) and asking
/// String's grapheme breaking only for the stretches between certain boundaries.
///
/// A stretch starts after a certain boundary, at a scalar that no rule looks back past, so breaking it
/// as a string of its own gives the same Characters as breaking the whole text.
package enum CharacterBoundaries {
    /// Calls `body` with the offset (in `bytes`) at which each Character of `bytes` starts, in order,
    /// until it returns `false`. Returns whether every Character was visited.
    @discardableResult
    package static func forEachCharacterStart(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool
    ) -> Bool {
        /// The Characters of `bytes[range]` by String's grapheme breaking on them alone (which repairs
        /// a scalar cut at either end).
        func breakApart(_ range: Range<Int>) -> Bool {
            var offset = range.lowerBound
            for character in String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) {
                if !body(offset) { return false }
                offset += character.utf8.count
            }
            return true
        }
        let count = bytes.count
        // Cut inside a scalar (a caller's range off a boundary): decoded whole, with repair.
        guard startsAndEndsOnScalars(bytes) else { return breakApart(0..<count) }
        var index = 0
        while index < count {
            let start = index
            let stretch = stretchEnd(inUTF8: bytes, from: start)
            index = stretch.end
            if stretch.isSingle {
                if !body(start) { return false }
                continue
            }
            // Scalars that may join: their Characters, from grapheme breaking on the stretch alone.
            if !breakApart(start..<index) { return false }
        }
        return true
    }

    /// Where the stretch of scalars from byte `start` (a Character boundary of valid UTF-8 `bytes`) ends:
    /// at the first certain boundary after it (``Scalar/isCertainBoundary(_:_:)``) or the end, and
    /// whether it is one scalar (then one Character).
    @inline(__always)
    static func stretchEnd(inUTF8 bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, isSingle: Bool) {
        var previous = Scalar.decode(bytes, at: start)
        var index = start + previous.length
        var single = true
        while index < bytes.count {
            let current = Scalar.decode(bytes, at: index)
            if Scalar.isCertainBoundary(previous.value, current.value) { break }
            previous = current
            index += current.length
            single = false
        }
        return (index, single)
    }

    /// Whether `bytes` neither starts with a continuation byte nor ends inside a scalar, so that
    /// decoding it scalar by scalar stays inside it.
    private static func startsAndEndsOnScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        guard first & 0xC0 != 0x80 else { return false }
        // The last lead byte, at most three bytes from the end, and the length it announces.
        var lead = bytes.count - 1
        while lead > 0, bytes.count - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let byte = bytes[lead]
        let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        return lead + length == bytes.count
    }

    /// The number of Characters in `bytes` (valid UTF-8), counting stopped at `limit`: runs of scalars
    /// that never join sixteen bytes at a time (``Scalar/simpleRun(_:at:)``), printable ASCII eight bytes
    /// at a time, scalars that never join one by one, and String's grapheme breaking on the
    /// stretches between.
    package static func characterCount(inUTF8 bytes: UnsafeBufferPointer<UInt8>, limit: Int = .max) -> Int {
        var characters = 0
        guard startsAndEndsOnScalars(bytes) else {
            forEachCharacterStart(inUTF8: bytes) { _ in
                characters += 1
                return characters < limit
            }
            return min(characters, limit)
        }
        let count = bytes.count
        var index = 0
        while index < count, characters < limit {
            // Sixteen bytes of scalars that never join, and a scalar after them that does not join them
            // either: a Character each (Latin, Cyrillic and CJK text, sixteen bytes at a time).
            if let run = Scalar.simpleRun(bytes, at: index) {
                index += 16
                characters += run
                continue
            }
            // Eight printable ASCII bytes: the first seven are Characters of one byte each (the eighth
            // may be joined by what follows it).
            if index + 8 <= count, Scalar.arePrintableASCII(bytes, at: index) {
                index += 7
                characters += 7
                continue
            }
            let start = index
            let stretch = stretchEnd(inUTF8: bytes, from: start)
            index = stretch.end
            characters +=
                stretch.isSingle
                ? 1 : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).count
        }
        return min(characters, limit)
    }
}
