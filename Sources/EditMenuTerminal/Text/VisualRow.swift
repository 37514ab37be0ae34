import EditMenuKit

/// One row of text as drawn in a terminal field: the bytes it shows and where each grapheme sits.
///
/// Glyphs are kept in logical (storage) order; their columns are in visual order: a row of
/// bidirectional text is laid out by the Unicode Bidirectional Algorithm (`Bidi`), so a
/// right-to-left run's glyphs stand right to left and a right-to-left paragraph's rows are aligned
/// right.
package struct VisualRow: Hashable, Sendable {
    /// One grapheme on the row.
    package struct Glyph: Hashable, Sendable {
        /// Byte offset of the grapheme in the storage.
        package var offset: Int
        /// Its UTF-8 length.
        package var length: Int
        /// The column (relative to the field) where it starts.
        package var column: Int
        /// How many cells it takes (1 or 2; controls are shown as visible symbols).
        package var width: Int
        /// What to draw (terminal-safe; mirrored in a right-to-left run: "(" for ")").
        package var display: String {
            didSet { (asciiByte, cell, cellWidth) = Self.drawn(display) }
        }
        /// Whether it stands in a right-to-left run (an odd bidi level): its logical start is its right
        /// edge.
        package var isRightToLeft = false
        /// ``display``'s byte when it is one printable ASCII character (most glyphs), else 0: what a
        /// view draws on every frame without reading the string again.
        package private(set) var asciiByte: UInt8 = 0
        /// ``display`` as a cell's text, when it is one grapheme a terminal may be sent, 1 or 2 cells
        /// wide (``cellWidth``): what a view draws without reading the string. Otherwise `cellWidth` is
        /// 0 and the string is drawn (as ``Screen/put(_:column:row:style:)`` draws it).
        private(set) var cell = CellGlyph(ascii: 0x20)
        /// How many cells ``cell`` takes (1 or 2); 0 when the glyph is drawn from its string.
        private(set) var cellWidth: UInt8 = 0

        package init(offset: Int, length: Int, column: Int, width: Int, display: String, isRightToLeft: Bool = false) {
            self.offset = offset
            self.length = length
            self.column = column
            self.width = width
            self.display = display
            self.isRightToLeft = isRightToLeft
            (asciiByte, cell, cellWidth) = Self.drawn(display)
        }

        private static func drawn(_ text: String) -> (ascii: UInt8, cell: CellGlyph, cellWidth: UInt8) {
            let utf8 = text.utf8
            if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
                return (byte, CellGlyph(ascii: byte), 1)
            }
            guard let character = text.first, text.index(after: text.startIndex) == text.endIndex,
                TerminalText.isSafe(character)
            else { return (0, CellGlyph(ascii: 0x20), 0) }
            let width = MonospaceCellMeasurer.cells(in: character)
            guard width == 1 || width == 2 else { return (0, CellGlyph(ascii: 0x20), 0) }
            return (0, CellGlyph(text), UInt8(width))
        }
    }

    /// Byte offset of the row's first grapheme.
    package var start: Int
    /// Byte offset just after the row's last grapheme (before its line break, if it ends a line).
    package var end: Int
    /// Byte offset where the next row starts (after the line break, if any).
    package var next: Int
    package var glyphs: [Glyph]

    /// Whether a caret at byte `offset` is on this row: from its start to where the next row starts,
    /// and at its end (after its last grapheme, before a line break); an empty row holds its start.
    package func holdsCaret(at offset: Int) -> Bool {
        start <= offset && (offset < next || next == start || offset == end)
    }
    /// Whether the row's paragraph runs right to left (its rows are aligned right).
    package var isRightToLeft = false
    /// Whether the row is laid out in a visual order other than its logical one, or aligned right.
    package var isBidirectional = false
    /// The column a caret sits at on an empty row (the last one of a right-to-left paragraph's field).
    package var emptyCaretColumn = 0
    /// Whether a glyph may be right to left (set while laying out; ICU is asked only then).
    var mayNeedBidi = false

    /// The column a caret at byte `offset` (on this row) is drawn at: before the glyph that follows it
    /// — at its left edge, or its right edge in a right-to-left run — or after the row's last glyph.
    package func column(ofCaret offset: Int) -> Int {
        guard isBidirectional else {
            if let g = glyphs.first(where: { $0.offset >= offset }) { return g.column }
            return glyphs.last.map { $0.column + $0.width } ?? 0
        }
        if let g = glyphs.first(where: { $0.offset >= offset }) {
            return g.isRightToLeft ? g.column + g.width : g.column
        }
        guard let g = glyphs.last else { return emptyCaretColumn }
        return g.isRightToLeft ? g.column : g.column + g.width
    }

    /// The byte offset nearest to `column` (a click on a glyph's leading half goes before it, in its
    /// run's direction; left or right of the text, the nearest end).
    package func offset(atColumn column: Int) -> Int {
        guard isBidirectional else {
            for g in glyphs where column < g.column + g.width {
                return column <= g.column + (g.width - 1) / 2 ? g.offset : g.offset + g.length
            }
            return end
        }
        let visual = glyphs.sorted { $0.column < $1.column }
        guard let leftmost = visual.first, let rightmost = visual.last else { return end }
        if column < leftmost.column { return leftEdgeOffset(of: leftmost) }
        for g in visual where column < g.column + g.width {
            let leftHalf = column <= g.column + (g.width - 1) / 2
            return leftHalf ? leftEdgeOffset(of: g) : rightEdgeOffset(of: g)
        }
        return rightEdgeOffset(of: rightmost)
    }

    /// The caret offset one glyph to the left (`toTheRight` false) or right of a caret at `offset`, in
    /// visual order; `nil` at the row's visual end that way.
    package func caretOffset(movingFrom offset: Int, toTheRight: Bool) -> Int? {
        let x = column(ofCaret: offset)
        let visual = glyphs.sorted { $0.column < $1.column }
        let crossed: Glyph?
        let neighbour: Glyph?
        if toTheRight {
            guard let i = visual.firstIndex(where: { $0.column >= x }) else { return nil }
            crossed = visual[i]
            neighbour = i + 1 < visual.count ? visual[i + 1] : nil
        } else {
            guard let i = visual.lastIndex(where: { $0.column + $0.width <= x }) else { return nil }
            crossed = visual[i]
            neighbour = i > 0 ? visual[i - 1] : nil
        }
        guard let crossed else { return nil }
        // The far edge of the glyph crossed; where two runs meet, the offset whose caret is drawn there.
        let target = toTheRight ? crossed.column + crossed.width : crossed.column
        var candidates = [toTheRight ? rightEdgeOffset(of: crossed) : leftEdgeOffset(of: crossed)]
        if let neighbour {
            candidates.append(toTheRight ? leftEdgeOffset(of: neighbour) : rightEdgeOffset(of: neighbour))
        }
        return candidates.first { column(ofCaret: $0) == target } ?? candidates[0]
    }

    private func leftEdgeOffset(of g: Glyph) -> Int { g.isRightToLeft ? g.offset + g.length : g.offset }
    private func rightEdgeOffset(of g: Glyph) -> Int { g.isRightToLeft ? g.offset : g.offset + g.length }
}
