import EditMenuKit

/// One row of text as drawn in a terminal field: the bytes it shows and where each grapheme sits.
public struct VisualRow: Hashable, Sendable {
    /// One grapheme on the row.
    public struct Glyph: Hashable, Sendable {
        /// Byte offset of the grapheme in the storage.
        public var offset: Int
        /// Its UTF-8 length.
        public var length: Int
        /// The column (relative to the field) where it starts.
        public var column: Int
        /// How many cells it takes (1 or 2; controls are shown as visible symbols).
        public var width: Int
        /// What to draw (terminal-safe).
        public var display: String
    }

    /// Byte offset of the row's first grapheme.
    public var start: Int
    /// Byte offset just after the row's last grapheme (before its line break, if it ends a line).
    public var end: Int
    /// Byte offset where the next row starts (after the line break, if any).
    public var next: Int
    public var glyphs: [Glyph]

    /// The column a caret at byte `offset` (on this row) is drawn at.
    public func column(ofCaret offset: Int) -> Int {
        if let g = glyphs.first(where: { $0.offset >= offset }) { return g.column }
        return glyphs.last.map { $0.column + $0.width } ?? 0
    }

    /// The byte offset nearest to `column` (a click left of a glyph's middle goes before it).
    public func offset(atColumn column: Int) -> Int {
        for g in glyphs where column < g.column + g.width {
            return column <= g.column + (g.width - 1) / 2 ? g.offset : g.offset + g.length
        }
        return end
    }
}

/// Lays out the visible part of a text storage in a terminal field with soft wrapping, and maps between
/// screen cells and byte offsets. Only the rows on screen are ever laid out, so a 100 MB document costs
/// what a screenful costs; moving far (Ctrl+End, a search) costs a scan for line breaks near the target.
public struct TextViewport: Hashable, Sendable {
    /// Field width in cells.
    public var width: Int
    /// Field height in rows.
    public var height: Int
    /// Byte offset of the first visible row (always a row start).
    public private(set) var top: Int = 0
    /// Whether long lines wrap (`true`) or run off the right edge.
    public var wraps: Bool
    /// Show every grapheme as `•` (password fields).
    public var masked: Bool

    /// How far back a row start is searched for before giving up on finding the line's start (a
    /// single line longer than this scrolls in chunks rather than from its true start).
    static let lineSearchLimit = 1 << 13

    public init(width: Int, height: Int, wraps: Bool = true, masked: Bool = false) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.wraps = wraps
        self.masked = masked
    }

    /// The rows on screen, top to bottom (fewer than ``height`` at the end of the text).
    public func rows(in storage: TextStorage) -> [VisualRow] {
        rows(in: storage, from: top, count: height)
    }

    /// Lays out `count` rows starting at byte `start` (a row start).
    public func rows(in storage: TextStorage, from start: Int, count: Int) -> [VisualRow] {
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
    /// possible) or a line break.
    func layoutRow(in storage: TextStorage, at start: Int) -> VisualRow {
        // Read enough bytes for a full row of the widest graphemes, ending on a grapheme boundary.
        var chunkEnd = min(storage.byteCount, start + max(64, width * 16))
        // A line break within reach ends the row at the latest, and a grapheme cluster always ends
        // after LF: read just the line then (most rows), with no grapheme search.
        if let newline = firstNewline(in: storage, range: start..<chunkEnd) {
            chunkEnd = newline + 1
        } else {
            chunkEnd = storage.graphemeBoundary(atOrAfter: chunkEnd)
        }
        let text = storage.string(in: start..<chunkEnd)
        var glyphs: [VisualRow.Glyph] = []
        var column = 0
        var offset = start
        var lastBreak: Int? // glyph index after which a wrap may happen
        // Printable ASCII followed by ASCII (most text) is a grapheme of its own, one safe cell: it
        // is read byte by byte, without grapheme breaking or Unicode property look-ups.
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let ascii: UInt8? =
                (0x20..<0x7F).contains(byte) && (i + 1 == bytes.count || bytes[i + 1] < 0x80) ? byte : nil
            let character =
                ascii.map { Character(Unicode.Scalar($0)) }
                ?? text[text.utf8.index(text.utf8.startIndex, offsetBy: i)]
            let length = ascii == nil ? character.utf8.count : 1
            i += length
            if ascii == nil, character.isNewline {
                return VisualRow(start: start, end: offset, next: offset + length, glyphs: glyphs)
            }
            let display: String
            let cells: Int
            if masked {
                display = "•"
            } else if ascii != nil || TerminalText.isSafe(character) {
                display = String(character)
            } else {
                display = TerminalText.displayable(String(character))
            }
            if ascii != nil, !masked {
                cells = 1
            } else {
                cells = max(1, display.reduce(0) { $0 + MonospaceCellMeasurer.cells(in: $1) })
            }
            if column + cells > width, !glyphs.isEmpty {
                if wraps {
                    if let b = lastBreak, b + 1 < glyphs.count {
                        let kept = Array(glyphs[...b])
                        let end = kept.last.map { $0.offset + $0.length } ?? start
                        return VisualRow(start: start, end: end, next: end, glyphs: kept)
                    }
                    return VisualRow(start: start, end: offset, next: offset, glyphs: glyphs)
                }
                // No wrap: skip the rest of the line.
                let lineEnd = nextLineBreak(in: storage, from: offset)
                return VisualRow(start: start, end: offset, next: lineEnd.next, glyphs: glyphs)
            }
            glyphs.append(.init(offset: offset, length: length, column: column, width: cells, display: display))
            if ascii.map({ $0 == 0x20 }) ?? character.isWhitespace { lastBreak = glyphs.count - 1 }
            column += cells
            offset += length
        }
        if offset < storage.byteCount, offset == chunkEnd, column < width {
            // The chunk ran out before the row did (very wide graphemes): continue from here.
            var rest = layoutRow(in: storage, at: offset)
            for i in rest.glyphs.indices { rest.glyphs[i].column += column }
            let merged = glyphs + rest.glyphs.filter { $0.column + $0.width <= width }
            let end = merged.last.map { $0.offset + $0.length } ?? offset
            return VisualRow(
                start: start, end: end, next: merged.count == glyphs.count + rest.glyphs.count ? rest.next : end,
                glyphs: merged)
        }
        return VisualRow(start: start, end: offset, next: offset, glyphs: glyphs)
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
        var position = offset
        var found: (Int, Int)?
        storage.forEachRun(in: offset..<storage.byteCount) { run in
            guard found == nil else { return }
            if let i = run.firstIndex(of: UInt8(ascii: "\n")) { found = (position + i, position + i + 1) }
            position += run.count
        }
        return found ?? (storage.byteCount, storage.byteCount)
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

    // MARK: Scrolling

    /// Scrolls down by `rows` rows (stops at the end).
    public mutating func scrollDown(_ rows: Int, in storage: TextStorage) {
        let laid = self.rows(in: storage, from: top, count: rows + 1)
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
    public mutating func scrollUp(_ rows: Int, in storage: TextStorage) {
        top = rowStart(in: storage, rows: rows, above: top)
    }

    /// Scrolls as little as possible so that byte `offset` is on screen. Each line (or line window) is
    /// laid out once, however far up the walk goes — at the end of a 50 MB line too (scripts/limits.sh).
    public mutating func reveal(_ offset: Int, in storage: TextStorage) {
        let starts = rowStarts(in: storage, upTo: min(max(0, offset), storage.byteCount))
        let target = starts[starts.count - 1]
        if target < top {
            top = target
            return
        }
        if rows(in: storage).contains(where: { $0.start == target }) { return }
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
    public mutating func scroll(toRowContaining offset: Int, in storage: TextStorage) {
        top = rowStart(in: storage, containing: min(max(0, offset), storage.byteCount))
    }

    /// Re-validates the top after the text changed (an edit before or at the top, or a deletion past it).
    public mutating func textChanged(in storage: TextStorage) {
        if top > storage.byteCount { top = storage.byteCount }
        top = rowStart(in: storage, containing: storage.graphemeBoundary(atOrBefore: top))
    }
}
