#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EditMenuKit

/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    /// A terminal color: one of the 256 indexed colors, or the terminal's default.
    public enum Color: Hashable, Sendable {
        case `default`
        case indexed(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    package var foreground: Color
    package var background: Color
    package var bold: Bool
    package var dim: Bool
    package var italic: Bool
    package var underline: Bool
    package var reverse: Bool

    /// A style: `foreground` and `background` colors and the attributes that are `true`.
    public init(
        foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// The SGR sequence that sets exactly this style from any previous one.
    var sgr: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if italic { codes.append("3") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        switch foreground {
        case .default: break
        case .indexed(let i): codes.append("38;5;\(i)")
        case .rgb(let r, let g, let b): codes.append("38;2;\(r);\(g);\(b)")
        }
        switch background {
        case .default: break
        case .indexed(let i): codes.append("48;5;\(i)")
        case .rgb(let r, let g, let b): codes.append("48;2;\(r);\(g);\(b)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// One cell of the screen: a grapheme (or nothing, for the right half of a wide character) and its style.
///
/// Two cells are equal when they show the same UTF-8 bytes in the same width and style. A cell holds
/// no reference (its text is stored in place), so a screen of cells is plain memory.
package struct Cell: Hashable, Sendable {
    /// What the cell shows; `""` for the second column of a wide character.
    package var text: String {
        get { glyph.string }
        set { glyph = CellGlyph(newValue) }
    }
    /// 1 for a normal cell, 2 for a wide character's first column, 0 for its continuation.
    package var width: UInt8
    package var style: CellStyle
    /// The text, stored without a reference.
    var glyph: CellGlyph

    package init(text: String, width: UInt8 = 1, style: CellStyle = .plain) {
        self.init(glyph: CellGlyph(text), width: width, style: style)
    }

    init(glyph: CellGlyph, width: UInt8, style: CellStyle) {
        self.glyph = glyph
        self.width = width
        self.style = style
    }

    /// A space in the default style.
    package static let blank = Cell(text: " ")
}

/// A grid of cells the host draws into; ``ScreenRenderer`` writes only what changed between frames.
public struct Screen: Hashable, Sendable {
    /// The width in cells.
    public private(set) var columns: Int
    /// The height in cells.
    public private(set) var rows: Int
    private(set) var cells: [Cell]
    /// Where the terminal cursor goes after the frame, or `nil` to hide it.
    public var cursor: Position?

    /// A cell position.
    public struct Position: Hashable, Sendable {
        /// The column, from 0 at the left.
        public var column: Int
        /// The row, from 0 at the top.
        public var row: Int
        /// The cell at `column`, `row`.
        public init(column: Int, row: Int) {
            self.column = column
            self.row = row
        }
    }

    /// Creates a blank screen.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The cell at a position (blank outside the screen).
    package subscript(column: Int, row: Int) -> Cell {
        guard column >= 0, row >= 0, column < columns, row < rows else { return .blank }
        return cells[row * columns + column]
    }

    /// The text of the cell at a position (empty outside the screen): for the fuzzing package, which
    /// checks that nothing typed or pasted reaches a frame as a control sequence.
    @_spi(Testing) public func text(atColumn column: Int, row: Int) -> String { self[column, row].text }

    /// Fills a rectangle with blanks in `style`.
    package mutating func fill(column: Int, row: Int, width: Int, height: Int, style: CellStyle = .plain) {
        let blank = Cell(glyph: CellGlyph(ascii: 0x20), width: 1, style: style)
        for r in max(0, row)..<min(rows, row + height) {
            for c in max(0, column)..<min(columns, column + width) {
                cells[r * columns + c] = blank
            }
        }
    }

    /// Writes `text` from a position, one grapheme per cell (two for wide ones, as terminals draw them:
    /// `MonospaceCellMeasurer`), clipped at the right edge; control characters are written as U+FFFD so
    /// they never reach the terminal. Returns the column after the last cell written.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, column: Int, row: Int, style: CellStyle = .plain) -> Int {
        // Printable ASCII (most of what a frame draws: text, titles, bars) is one safe cell per byte:
        // written byte by byte, without grapheme breaking or width look-ups.
        if let written = putPrintableASCII(text, column: column, row: row, style: style) { return written }
        return put(text, column: column, row: row, style: style, width: { MonospaceCellMeasurer.cells(in: $0) })
    }

    /// ``put(_:column:row:style:)`` for text that is all printable ASCII; `nil` (nothing written) for
    /// any other text.
    private mutating func putPrintableASCII(_ text: some StringProtocol, column: Int, row: Int, style: CellStyle)
        -> Int?
    {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return putASCII(utf8, column: column, row: row, style: style)
    }

    /// Writes printable ASCII bytes (U+0020 to U+007E, one cell each) from a position, clipped at the
    /// edges, as ``put(_:column:row:style:)`` writes them — in one pass over the row's cells (a text
    /// view draws its runs of ASCII this way). Returns the column after the last cell written.
    @discardableResult
    mutating func putASCII(_ bytes: some Collection<UInt8>, column: Int, row: Int, style: CellStyle) -> Int {
        guard row >= 0, row < rows, !bytes.isEmpty, column < columns else { return column }
        let end = column + bytes.count
        let from = max(0, column)
        let to = min(columns, end)
        guard from < to else { return end }
        let base = row * columns
        let columns = columns
        cells.withUnsafeMutableBufferPointer { cells in
            // Wide characters stay whole: one whose other half is overwritten becomes a space.
            if cells[base + from].width == 0, from > 0, cells[base + from - 1].width == 2 {
                cells[base + from - 1] = Cell(text: " ", style: cells[base + from - 1].style)
            }
            if cells[base + to - 1].width == 2, to < columns {
                cells[base + to] = Cell(text: " ", style: cells[base + to].style)
            }
            var c = column
            for byte in bytes {
                if c >= to { break }
                if c >= from {
                    assert(byte >= 0x20 && byte < 0x7F, "not printable ASCII")
                    cells[base + c] = Cell(glyph: CellGlyph(ascii: byte), width: 1, style: style)
                }
                c += 1
            }
        }
        return to
    }

    /// Writes `text` from a position, one grapheme per cell (two for wide ones, as `width` says), clipped
    /// at the right edge; a wide character that does not fit is replaced by a space. Returns the column
    /// after the last cell written. Control characters must have been made visible first (see
    /// `TerminalText.displayable(_:)`): they are written as U+FFFD here so they never reach the terminal.
    @discardableResult
    package mutating func put(
        _ text: some StringProtocol, column: Int, row: Int, style: CellStyle = .plain,
        width: (Character) -> Int
    ) -> Int {
        guard row >= 0, row < rows else { return column }
        var c = column
        for character in text {
            let w = width(character)
            if w == 0 {
                // A combining mark on its own (the text began with it): attach to nothing, show nothing.
                continue
            }
            if c >= columns { break }
            if c >= 0 {
                let safe = TerminalText.isSafe(character) ? String(character) : "\u{FFFD}"
                put(CellGlyph(safe), width: w == 2 ? 2 : 1, column: c, row: row, style: style)
                // A wide character that does not fit was written as a space, and ends the text.
                if w == 2, c + 1 >= columns { return c + 1 }
            }
            c += w
        }
        return c
    }

    /// Writes one grapheme's cell text, `width` (1 or 2) cells wide: clipped at the edges, and a space
    /// when a wide one does not fit. ``put(_:column:row:style:width:)`` writes each Character this way,
    /// and a text view the glyphs it laid out, without reading their strings.
    mutating func put(_ glyph: CellGlyph, width: UInt8, column c: Int, row: Int, style: CellStyle) {
        guard row >= 0, row < rows, c >= 0, c < columns else { return }
        guard width == 2 else {
            set(c, row, Cell(glyph: glyph, width: 1, style: style))
            return
        }
        if c + 1 >= columns {
            set(c, row, Cell(glyph: CellGlyph(ascii: 0x20), width: 1, style: style))
            return
        }
        set(c, row, Cell(glyph: glyph, width: 2, style: style))
        set(c + 1, row, Cell(glyph: .empty, width: 0, style: style))
    }

    /// Sets one cell, keeping wide characters whole: overwriting either half of a wide character
    /// blanks the other half.
    private mutating func set(_ column: Int, _ row: Int, _ cell: Cell) {
        let i = row * columns + column
        let old = cells[i]
        if old.width == 2, column + 1 < columns, cell.width != 2 {
            cells[i + 1] = Cell(text: " ", style: cells[i + 1].style)
        }
        if old.width == 0, cell.width != 0, column > 0, cells[i - 1].width == 2 {
            cells[i - 1] = Cell(text: " ", style: cells[i - 1].style)
        }
        cells[i] = cell
    }

    /// Whether `a` and `b` hold equal cells in `range`: first compared as memory (cells that are
    /// bit for bit the same are equal), then, if that differs (an enum's unused bytes may), cell by cell
    /// — width and style first, the text last.
    static func sameCells(
        _ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, _ range: Range<Int>
    ) -> Bool {
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return range.isEmpty }
        let size = MemoryLayout<Cell>.stride * range.count
        if memcmp(pa + range.lowerBound, pb + range.lowerBound, size) == 0 { return true }
        // A row that differs (most often for real: it scrolled, or the caret moved in it): cells the
        // same bit for bit are passed over by a few word compares; only a cell whose bits differ is
        // compared as a value.
        for i in range where !Self.sameBits(UnsafeRawPointer(pa + i), UnsafeRawPointer(pb + i)) {
            guard a[i].width == b[i].width, a[i].style == b[i].style, a[i].glyph == b[i].glyph else { return false }
        }
        return true
    }

    /// Whether two cells hold the same bytes (then they are equal; unequal bytes may still be equal cells).
    @inline(__always)
    fileprivate static func sameBits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        sameBits(a, b, size: MemoryLayout<Cell>.size)
    }

    /// Whether `size` bytes at `a` and `b` are the same.
    @inline(__always)
    fileprivate static func sameBits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, size: Int) -> Bool {
        var offset = 0
        while offset + 8 <= size {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < size {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// The screen's text, one line per row, wide characters once (for tests and logs).
    package var plainText: String {
        (0..<rows).map { r in
            (0..<columns).map { c in self[c, r].text }.joined()
        }.joined(separator: "\n")
    }
}

/// Writes a ``Screen`` to a terminal: the whole frame the first time (or after a resize), then only the
/// cells that changed, with as few cursor moves and style changes as it can.
public struct ScreenRenderer: Sendable {
    private var previous: Screen?

    /// A renderer that draws the whole first frame.
    public init() {}

    /// Forgets what the terminal shows, so the next frame is drawn whole (after a resize, a resume from
    /// suspension, or anything else that may have disturbed the screen).
    public mutating func invalidate() { previous = nil }

    /// The bytes that turn the terminal's current picture into `screen`. Rows equal to the previous
    /// frame's are skipped whole; only the cells of the others are compared.
    public mutating func render(_ screen: Screen) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        out.append(contentsOf: "\u{1B}[?25l".utf8) // hide the cursor while drawing
        let old = previous.flatMap { $0.columns == screen.columns && $0.rows == screen.rows ? $0 : nil }
        if old == nil { out.append(contentsOf: "\u{1B}[0m\u{1B}[2J".utf8) }
        var style: CellStyle?
        var cursor: (Int, Int)? // where the terminal's cursor is, when known
        let columns = screen.columns
        screen.cells.withUnsafeBufferPointer { cells in
            (old?.cells ?? []).withUnsafeBufferPointer { before in
                for row in 0..<screen.rows {
                    let first = row * columns
                    if !before.isEmpty, Screen.sameCells(cells, before, first..<(first + columns)) { continue }
                    var column = 0
                    while column < columns {
                        let i = first + column
                        let cell = cells[i]
                        // Cells the same bit for bit are equal; only others are compared as values.
                        let changed =
                            before.isEmpty || !Self.same(cells, before, i)
                            || (cell.width == 2 && column + 1 < columns && !Self.same(cells, before, i + 1))
                        guard changed, cell.width != 0 else {
                            column += 1
                            continue
                        }
                        if cursor.map({ $0 != (column, row) }) ?? true {
                            Self.appendCursorMove(to: column, row, &out)
                        }
                        if style.map({ !Self.same($0, cell.style) }) ?? true {
                            out.append(contentsOf: cell.style.sgr.utf8)
                            style = cell.style
                        }
                        cell.glyph.appendUTF8(to: &out)
                        column += max(1, Int(cell.width))
                        cursor = (column, row)
                    }
                }
            }
        }
        out.append(contentsOf: "\u{1B}[0m".utf8)
        if let c = screen.cursor {
            Self.appendCursorMove(to: c.column, c.row, &out)
            out.append(contentsOf: "\u{1B}[?25h".utf8)
        }
        previous = screen
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the cells at `i` of `a` and `b` are equal: the same bytes, or equal values.
    @inline(__always)
    private static func same(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, _ i: Int) -> Bool {
        Screen.sameBits(UnsafeRawPointer(a.baseAddress! + i), UnsafeRawPointer(b.baseAddress! + i)) || a[i] == b[i]
    }

    /// Whether two styles are equal: the same bytes, or equal values.
    @inline(__always)
    private static func same(_ a: CellStyle, _ b: CellStyle) -> Bool {
        let bits = withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in
                Screen.sameBits(a.baseAddress!, b.baseAddress!, size: MemoryLayout<CellStyle>.size)
            }
        }
        return bits || a == b
    }

    /// CUP: `ESC [ row ; column H`, both 1-based.
    private static func appendCursorMove(to column: Int, _ row: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, UInt8(ascii: "[")])
        appendDecimal(row + 1, &out)
        out.append(UInt8(ascii: ";"))
        appendDecimal(column + 1, &out)
        out.append(UInt8(ascii: "H"))
    }

    private static func appendDecimal(_ value: Int, _ out: inout [UInt8]) {
        guard value >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(max(0, value)))
            return
        }
        appendDecimal(value / 10, &out)
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
