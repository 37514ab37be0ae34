import EditMenuKit

/// Lays out the visible part of a text storage in a terminal field with soft wrapping, and maps between
/// screen cells and byte offsets. Only the rows on screen are ever laid out, so a 100 MB document costs
/// what a screenful costs; moving far (Ctrl+End, a search) costs a scan for line breaks near the target.
package struct TextViewport: Hashable, Sendable {
    /// Field width in cells.
    package var width: Int
    /// Field height in rows.
    package var height: Int
    /// Byte offset of the first visible row (always a row start).
    package private(set) var top: Int = 0
    /// Whether long lines wrap (`true`) or run off the right edge.
    package var wraps: Bool
    /// Show every grapheme as `•` (password fields).
    package var masked: Bool
    /// Rows laid out before, shared by the viewport's copies; not part of its value (`==`, hashing).
    let rowCache = RowLayoutCache()

    /// How far back a row start is searched for before giving up on finding the line's start (a
    /// single line longer than this scrolls in chunks rather than from its true start).
    static let lineSearchLimit = 1 << 13

    package init(width: Int, height: Int, wraps: Bool = true, masked: Bool = false) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.wraps = wraps
        self.masked = masked
    }

    /// The rows on screen, top to bottom (fewer than ``height`` at the end of the text).
    package func rows(in storage: TextStorage) -> [VisualRow] {
        rows(in: storage, from: top, count: height)
    }

    /// Lays out `count` rows starting at byte `start` (a row start), in visual order (bidirectional
    /// text reordered, right-to-left paragraphs aligned right).
    package func rows(in storage: TextStorage, from start: Int, count: Int) -> [VisualRow] {
        var rows = logicalRows(in: storage, from: start, count: count)
        if !masked { orderVisually(&rows, in: storage) }
        return rows
    }

    /// The rows as laid out in logical order, columns left to right.
    func logicalRows(in storage: TextStorage, from start: Int, count: Int) -> [VisualRow] {
        var rows: [VisualRow] = []
        var offset = min(max(0, start), storage.byteCount)
        while rows.count < count {
            let row = layoutRow(in: storage, at: offset)
            rows.append(row)
            if row.next >= storage.byteCount && row.next == row.end { break }
            if row.next == offset { break }
            offset = row.next
            if offset >= storage.byteCount {
                // A final empty row after a trailing newline, so the caret can sit there.
                rows.append(VisualRow(start: offset, end: offset, next: offset, glyphs: []))
                break
            }
        }
        return rows
    }

    /// One visual row from `start`: graphemes until the width is full (wrapping at the last space when
    /// possible) or a line break. A row laid out before from the same text (here or, shifted by an
    /// edit before it, elsewhere) is taken from ``rowCache``: an edit lays out only the rows whose text
    /// it changed — its paragraph's.
    func layoutRow(in storage: TextStorage, at start: Int) -> VisualRow {
        let chunk = start..<chunkEnd(in: storage, at: start)
        let key = RowLayoutCache.Key(
            width: width, wraps: wraps, masked: masked,
            paragraphStart: start == 0 || storage.byte(at: start - 1) == UInt8(ascii: "\n"),
            endsText: chunk.upperBound == storage.byteCount)
        if let row = rowCache.row(for: key, at: chunk, in: storage) { return row }
        let (row, readPastChunk) = layoutRow(in: storage, at: start, chunkEnd: chunk.upperBound)
        // A row that read past its chunk (a very wide one continued, a line skipped unwrapped) depends
        // on more than the chunk's text: it is laid out again each time.
        if !readPastChunk { rowCache.store(row, for: key, at: chunk, in: storage) }
        return row
    }

    /// Where the bytes a row from `start` is laid out from end: enough for a full row of the widest
    /// graphemes, ending on a grapheme boundary — or just after the line break within reach, which
    /// ends the row at the latest (a grapheme cluster always ends after LF, so no grapheme search).
    func chunkEnd(in storage: TextStorage, at start: Int) -> Int {
        let end = min(storage.byteCount, start + max(64, width * 16))
        if let newline = firstNewline(in: storage, range: start..<end) { return newline + 1 }
        return storage.graphemeBoundary(atOrAfter: end)
    }

    /// ``layoutRow(in:at:)`` itself, from the bytes `start..<chunkEnd`; `readPastChunk`: whether the
    /// row also depends on bytes after them.
    private func layoutRow(in storage: TextStorage, at start: Int, chunkEnd: Int) -> (
        row: VisualRow, readPastChunk: Bool
    ) {
        let text = storage.string(in: start..<chunkEnd)
        var glyphs: [VisualRow.Glyph] = []
        var column = 0
        var offset = start
        var lastBreak: Int? // glyph index after which a wrap may happen
        var mayNeedBidi = false
        // A paragraph's leading direction mark (Writing Direction ▸) is not drawn: its only effect, the
        // paragraph's direction, shows in the layout.
        let paragraphStart = start == 0 || storage.byte(at: start - 1) == UInt8(ascii: "\n")
        // Printable ASCII followed by ASCII (most text) is a grapheme of its own, one safe cell: it
        // is read byte by byte, without grapheme breaking or Unicode property look-ups.
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let ascii: UInt8? =
                (0x20..<0x7F).contains(byte) && (i + 1 == bytes.count || bytes[i + 1] < 0x80) ? byte : nil
            let character: Character =
                ascii != nil ? " " : text[text.utf8.index(text.utf8.startIndex, offsetBy: i)]
            let length = ascii == nil ? character.utf8.count : 1
            i += length
            let firstScalar = ascii.map(UInt32.init) ?? character.unicodeScalars.first?.value ?? 0
            if ascii == nil, Self.isLineBreak(firstScalar) {
                var row = VisualRow(start: start, end: offset, next: offset + length, glyphs: glyphs)
                row.mayNeedBidi = mayNeedBidi
                return (row, false)
            }
            if ascii == nil, paragraphStart, offset == start, !masked, Self.isDirectionMark(character) {
                offset += length
                continue
            }
            if ascii == nil, !mayNeedBidi, let first = Unicode.Scalar(firstScalar), Bidi.mayBeRightToLeft(first) {
                mayNeedBidi = true
            }
            let display: String
            let cells: Int
            if masked {
                display = "•"
                cells = 1
            } else if let ascii {
                display = Self.asciiStrings[Int(ascii) - 0x20]
                cells = 1
            } else if TerminalText.isSafe(character) {
                display = String(character)
                cells = max(1, MonospaceCellMeasurer.cells(in: character))
            } else {
                display = TerminalText.displayable(String(character))
                cells = max(1, display.reduce(0) { $0 + MonospaceCellMeasurer.cells(in: $1) })
            }
            if column + cells > width, !glyphs.isEmpty {
                if wraps {
                    if let b = lastBreak, b + 1 < glyphs.count {
                        let kept = Array(glyphs[...b])
                        let end = kept.last.map { $0.offset + $0.length } ?? start
                        return (
                            Self.row(start: start, end: end, next: end, glyphs: kept, mayNeedBidi: mayNeedBidi), false
                        )
                    }
                    return (
                        Self.row(start: start, end: offset, next: offset, glyphs: glyphs, mayNeedBidi: mayNeedBidi),
                        false
                    )
                }
                // No wrap: skip the rest of the line.
                let lineEnd = nextLineBreak(in: storage, from: offset)
                return (
                    Self.row(start: start, end: offset, next: lineEnd.next, glyphs: glyphs, mayNeedBidi: mayNeedBidi),
                    lineEnd.next > chunkEnd
                )
            }
            glyphs.append(.init(offset: offset, length: length, column: column, width: cells, display: display))
            if ascii.map({ $0 == 0x20 }) ?? Self.isWhitespace(firstScalar) { lastBreak = glyphs.count - 1 }
            column += cells
            offset += length
        }
        if offset < storage.byteCount, offset == chunkEnd, column < width {
            // The chunk ran out before the row did (very wide graphemes): continue from here.
            var rest = layoutRow(in: storage, at: offset)
            for i in rest.glyphs.indices { rest.glyphs[i].column += column }
            let merged = glyphs + rest.glyphs.filter { $0.column + $0.width <= width }
            let end = merged.last.map { $0.offset + $0.length } ?? offset
            let row = Self.row(
                start: start, end: end, next: merged.count == glyphs.count + rest.glyphs.count ? rest.next : end,
                glyphs: merged, mayNeedBidi: mayNeedBidi || rest.mayNeedBidi)
            return (row, true)
        }
        return (Self.row(start: start, end: offset, next: offset, glyphs: glyphs, mayNeedBidi: mayNeedBidi), false)
    }

    /// The one-character strings of printable ASCII, U+0020 to U+007E, made once.
    private static let asciiStrings: [String] = (0x20..<0x7F).map { String(Unicode.Scalar(UInt8($0))) }

    private static func row(
        start: Int, end: Int, next: Int, glyphs: [VisualRow.Glyph], mayNeedBidi: Bool
    ) -> VisualRow {
        var row = VisualRow(start: start, end: end, next: next, glyphs: glyphs)
        row.mayNeedBidi = mayNeedBidi
        return row
    }

    /// Whether a Character starting with `scalar` ends a line (`Character.isNewline`, by value).
    static func isLineBreak(_ scalar: UInt32) -> Bool {
        (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
    }

    /// Whether a Character starting with `scalar` is white space (`Character.isWhitespace`: the
    /// White_Space property, whose short list is fixed), by value rather than a property look-up.
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default: return false
        }
    }

    /// A left-to-right or right-to-left mark (U+200E, U+200F), as Writing Direction ▸ puts at a
    /// paragraph's start.
    static func isDirectionMark(_ character: Character) -> Bool {
        character == "\u{200E}" || character == "\u{200F}"
    }

    // MARK: Bidirectional text

    /// How much of a paragraph around its visible rows is given to the bidirectional algorithm.
    static let bidiContextBytes = 1024

    /// Lays out `rows` (consecutive, logical order) in visual order: each paragraph's direction from its
    /// first strong character (rule P2, a leading mark included), levels for the paragraph's text
    /// around the rows (rules X1–I2), then per row rule L1, the visual order (L2) and mirrored glyphs
    /// (L4); a right-to-left paragraph's rows are aligned right. Rows of a left-to-right paragraph
    /// without right-to-left characters are left as they are, without asking ICU. Explicit embeddings,
    /// overrides and isolates are shown as visible symbols (``TerminalText``) and reorder nothing.
    func orderVisually(_ rows: inout [VisualRow], in storage: TextStorage) {
        var i = 0
        while i < rows.count {
            // The paragraph of row i and its visible rows i..<j.
            let start = rows[i].start
            let paragraphStart =
                i > 0 || start == 0 || storage.byte(at: start - 1) == UInt8(ascii: "\n")
                ? start : lineStart(in: storage, before: start)
            var j = i + 1
            while j < rows.count, rows[j - 1].next == rows[j - 1].end, rows[j].start > rows[j - 1].start {
                j += 1
            }
            let base = paragraphDirection(at: paragraphStart, in: storage)
            if base == .rightToLeft || rows[i..<j].contains(where: \.mayNeedBidi) {
                layOutBidirectionally(&rows[i..<j], paragraphStart: paragraphStart, base: base, in: storage)
            }
            i = j
        }
    }

    /// Rule P2 for the paragraph starting at `start`: a leading ASCII letter answers at once; otherwise
    /// the first strong character among the paragraph's first bytes (left to right when none).
    func paragraphDirection(at start: Int, in storage: TextStorage) -> TextDirection {
        if start < storage.byteCount, case let first = storage.byte(at: start) | 0x20, first >= 0x61, first <= 0x7A {
            return .leftToRight // an ASCII letter, read without copying the paragraph's first bytes
        }
        for limit in [512, Self.lineSearchLimit] {
            let bytes = storage.bytes(in: start..<min(storage.byteCount, start + limit))
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let (value, length) = Self.decodeUTF8(bytes, at: i)
                // ASCII decides at once: a letter is L, a line break ends the paragraph.
                if value < 0x80, scalars.isEmpty || value == 0x0A {
                    if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) { return .leftToRight }
                    if value == 0x0A { break }
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += length
            }
            if let direction = Bidi.paragraphDirection(of: scalars) { return direction }
            if bytes.count < limit || bytes.contains(UInt8(ascii: "\n")) { break }
        }
        return .leftToRight
    }

    /// The scalar starting at `bytes[i]` and its length; U+FFFD for one byte of a sequence that is not
    /// UTF-8 (a storage's text always is, but a window may cut a sequence at its end).
    static func decodeUTF8(_ bytes: [UInt8], at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0
        guard length > 0, i + length <= bytes.count else { return (0xFFFD, 1) }
        var value = b0 & (0xFF >> UInt32(length + 1))
        for k in 1..<length {
            let b = UInt32(bytes[i + k])
            guard b & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | (b & 0x3F)
        }
        return (value, length)
    }

    private func layOutBidirectionally(
        _ rows: inout ArraySlice<VisualRow>, paragraphStart: Int, base: TextDirection, in storage: TextStorage
    ) {
        guard let first = rows.first, let last = rows.last else { return }
        // The paragraph's text from its start (or the line search window) to a little past the last row.
        let lower =
            first.start - paragraphStart <= Self.lineSearchLimit
            ? paragraphStart : storage.graphemeBoundary(atOrAfter: first.start - Self.lineSearchLimit)
        var upper = min(storage.byteCount, last.end + Self.bidiContextBytes)
        if let newline = storage.bytes(in: last.end..<upper).firstIndex(of: UInt8(ascii: "\n")) {
            upper = last.end + newline
        }
        let bytes = storage.bytes(in: lower..<upper)
        // UTF-16 for ICU, and where each byte's scalar starts in it. Explicit embeddings, overrides and
        // isolates are drawn as symbols: they take part as neutrals ("?").
        var utf16: [UInt16] = []
        utf16.reserveCapacity(bytes.count)
        var unitAt = [Int32](repeating: -1, count: bytes.count + 1)
        var i = 0
        while i < bytes.count {
            var (value, length) = Self.decodeUTF8(bytes, at: i)
            unitAt[i] = Int32(utf16.count)
            if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { value = 0x3F }
            if value < 0x10000 {
                utf16.append(UInt16(value))
            } else {
                utf16.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                utf16.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
            }
            i += length
        }
        let levels = Bidi.levels(ofParagraph: utf16, base: base)
        let baseLevel: UInt8 = base == .rightToLeft ? 1 : 0
        for r in rows.indices {
            var row = rows[r]
            var glyphLevels = [UInt8](repeating: baseLevel, count: row.glyphs.count)
            var whitespace = [Bool](repeating: false, count: row.glyphs.count)
            for (n, g) in row.glyphs.enumerated() {
                let local = g.offset - lower
                guard local >= 0, local < bytes.count, unitAt[local] >= 0 else { continue }
                let unit = Int(unitAt[local])
                glyphLevels[n] = levels[unit]
                whitespace[n] = utf16[unit] == 0x20 || utf16[unit] == 0x09
            }
            let line = Bidi.lineLevels(glyphLevels, isWhitespace: whitespace, base: base)
            let order = Bidi.visualOrder(of: line)
            var column = 0
            for index in order {
                row.glyphs[index].column = column
                column += row.glyphs[index].width
            }
            let indent = base == .rightToLeft && column < width ? width - column : 0
            for n in row.glyphs.indices {
                row.glyphs[n].column += indent
                let rightToLeft = line[n] % 2 == 1
                row.glyphs[n].isRightToLeft = rightToLeft
                // Rule L4: a one-scalar glyph with a mirrored form takes it in a right-to-left run.
                let local = row.glyphs[n].offset - lower
                guard rightToLeft, local >= 0, local < bytes.count else { continue }
                let (value, length) = Self.decodeUTF8(bytes, at: local)
                if length == row.glyphs[n].length, let scalar = Unicode.Scalar(value),
                    let mirror = Bidi.mirrored(scalar)
                {
                    row.glyphs[n].display = String(mirror)
                }
            }
            row.isRightToLeft = base == .rightToLeft
            row.isBidirectional = true
            row.emptyCaretColumn = base == .rightToLeft ? max(0, width - 1) : 0
            rows[r] = row
        }
    }

    /// The offset of the first LF in `range`, if any.
    private func firstNewline(in storage: TextStorage, range: Range<Int>) -> Int? {
        var position = range.lowerBound
        var found: Int?
        storage.forEachRun(in: range) { run in
            guard found == nil else { return }
            if let i = run.firstIndex(of: UInt8(ascii: "\n")) { found = position + i }
            position += run.count
        }
        return found
    }

    private func nextLineBreak(in storage: TextStorage, from offset: Int) -> (end: Int, next: Int) {
        firstNewline(in: storage, range: offset..<storage.byteCount).map { ($0, $0 + 1) }
            ?? (storage.byteCount, storage.byteCount)
    }

    /// The start of the line (after the previous `\n`) containing `offset`, searching back at most
    /// ``lineSearchLimit`` bytes; beyond that, a grapheme boundary that far back.
    func lineStart(in storage: TextStorage, before offset: Int) -> Int {
        let lower = max(0, offset - Self.lineSearchLimit)
        var lastNewline: Int?
        var position = lower
        storage.forEachRun(in: lower..<offset) { run in
            if let i = run.lastIndex(of: UInt8(ascii: "\n")) { lastNewline = position + i }
            position += run.count
        }
        if let n = lastNewline { return n + 1 }
        return lower == 0 ? 0 : storage.graphemeBoundary(atOrAfter: lower)
    }

    /// The starts of the visual rows from the start of the line containing `offset` (or the search
    /// limit) up to the row that contains `offset`, in order. A caret exactly at a soft wrap belongs to
    /// the row below; a caret at the end of the text stays on the last row unless a line break ends it.
    func rowStarts(in storage: TextStorage, upTo offset: Int) -> [Int] {
        var start = lineStart(in: storage, before: offset)
        var starts = [start]
        while true {
            let row = layoutRow(in: storage, at: start)
            if row.next <= start || offset < row.next { return starts }
            if row.next >= storage.byteCount, row.end == row.next { return starts } // end of text, no line break
            start = row.next
            starts.append(start)
        }
    }

    /// The start of the visual row that contains byte `offset`.
    func rowStart(in storage: TextStorage, containing offset: Int) -> Int {
        rowStarts(in: storage, upTo: offset).last ?? 0
    }

    /// Whether two viewports show the same part of a text the same way (the rows they remember are
    /// not part of their value).
    package static func == (a: TextViewport, b: TextViewport) -> Bool {
        a.width == b.width && a.height == b.height && a.top == b.top && a.wraps == b.wraps && a.masked == b.masked
    }

    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(top)
        hasher.combine(wraps)
        hasher.combine(masked)
    }

    // MARK: Scrolling

    /// Scrolls down by `rows` rows (stops at the end).
    package mutating func scrollDown(_ rows: Int, in storage: TextStorage) {
        let laid = logicalRows(in: storage, from: top, count: rows + 1)
        if laid.count > rows { top = laid[rows].start } else if let last = laid.last { top = last.start }
    }

    /// The start of the row `rows` rows above the row starting at `start` (or the text's start).
    func rowStart(in storage: TextStorage, rows: Int, above start: Int) -> Int {
        var remaining = rows
        var current = start
        while remaining > 0, current > 0 {
            // Every row start of the line (window) before `current`, laid out once.
            let starts = rowStarts(in: storage, upTo: current - 1)
            if starts.count >= remaining { return starts[starts.count - remaining] }
            remaining -= starts.count
            current = starts[0]
        }
        return current
    }

    /// Scrolls up by `rows` rows (stops at the start).
    package mutating func scrollUp(_ rows: Int, in storage: TextStorage) {
        top = rowStart(in: storage, rows: rows, above: top)
    }

    /// Scrolls as little as possible so that byte `offset` is on screen. Each line (or line window) is
    /// laid out once, however far up the walk goes — at the end of a 50 MB line too (scripts/limits.sh).
    package mutating func reveal(_ offset: Int, in storage: TextStorage) {
        let starts = rowStarts(in: storage, upTo: min(max(0, offset), storage.byteCount))
        let target = starts[starts.count - 1]
        if target < top {
            top = target
            return
        }
        if logicalRows(in: storage, from: top, count: height).contains(where: { $0.start == target }) { return }
        // Below the screen: put the target's row at the bottom, never above the old top. Rows of one
        // line are taken from the same layout as the target's (a line longer than the search window
        // wraps differently when laid out from another window start).
        if starts.count >= height {
            top = max(top, starts[starts.count - height])
        } else {
            top = max(top, rowStart(in: storage, rows: height - starts.count, above: starts[0]))
        }
    }

    /// Moves the top to the row containing `offset` (for jumps far away).
    package mutating func scroll(toRowContaining offset: Int, in storage: TextStorage) {
        top = rowStart(in: storage, containing: min(max(0, offset), storage.byteCount))
    }

    /// Re-validates the top after the text changed (an edit before or at the top, or a deletion past it).
    package mutating func textChanged(in storage: TextStorage) {
        if top > storage.byteCount { top = storage.byteCount }
        top = rowStart(in: storage, containing: storage.graphemeBoundary(atOrBefore: top))
    }
}
