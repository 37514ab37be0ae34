@_spi(Inlinable) import EditMenuText

/// Measures how wide a title is when drawn, so the layout engine can size items and page the compact
/// menu. Hosts with real fonts (GTK's Pango, Core Text) conform with their own measurer; terminals and
/// `editmenu present` use `MonospaceCellMeasurer`.
///
/// ```swift
/// struct PangoMeasurer: TextMeasurer {
///     func width(of text: String) -> Double { /* ask the font */ 0 }
/// }
/// ```
public protocol TextMeasurer: Sendable {
    /// The advance width of `text` on one line, in the layout's units (points, or terminal columns).
    func width(of text: String) -> Double
}

/// Measures text in monospace cells: most characters take one cell, East Asian wide and fullwidth
/// characters and emoji take two, combining marks and controls none — as terminals draw them.
///
/// Widths come from Unicode's EastAsianWidth.txt and emoji-data.txt (`DisplayWidthTable`, generated
/// by `scripts/generate-display-width.py`), per grapheme cluster so that a base with its combining
/// marks, a flag, or an emoji ZWJ sequence is measured once.
///
/// ```swift
/// let measurer = MonospaceCellMeasurer(cellWidth: 8)
/// MonospaceCellMeasurer.cells(in: "Copy")      // 4
/// MonospaceCellMeasurer.cells(in: "コピー")     // 6
/// MonospaceCellMeasurer.cells(in: "👍🏽")        // 2
/// measurer.width(of: "Copy")                    // 32
/// ```
package struct MonospaceCellMeasurer: TextMeasurer, Hashable {
    /// The width of one cell (``LayoutMetrics/charWidth``; 1 for a terminal measured in columns).
    package var cellWidth: Double

    /// Creates a measurer with cells `cellWidth` wide.
    package init(cellWidth: Double = LayoutMetrics.standard.charWidth) {
        self.cellWidth = cellWidth
    }

    /// `cellWidth` × the number of cells of `text`.
    package func width(of text: String) -> Double {
        cellWidth * Double(Self.cells(in: text))
    }

    /// The number of cells `text` takes on one line.
    package static func cells(in text: String) -> Int {
        // Fast path: when every scalar is printable and below U+0300 (Latin, no combining marks, no
        // joiners, nothing wide) or one of the dashes, quotation marks, bullets and ellipsis of
        // U+2010–U+2027 (a title's „…“), each scalar is its own grapheme cluster one cell wide.
        var count = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            guard
                (0x20..<0x7F).contains(v) || ((0xA0..<0x300).contains(v) && v != 0xAD) || (0x2010...0x2027).contains(v)
            else {
                return text.reduce(0) { $0 + cells(in: $1) }
            }
            count += 1
        }
        return count
    }

    /// The number of cells one grapheme cluster takes: 0, 1 or 2.
    package static func cells(in character: Character) -> Int {
        if let ascii = character.singleASCIIByte { return (0x20..<0x7F).contains(ascii) ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Letters of the alphabets between the combining marks and the wide scripts (Greek, Cyrillic,
        // Hebrew, Arabic) standing alone are one cell: no property look-up for text in those scripts.
        if scalars.count == 1, isNarrowLetter(first.value) { return 1 }
        if isWide(first.value) { return 2 }
        // A text-style emoji followed by VARIATION SELECTOR-16 asks for emoji presentation.
        if scalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        switch first.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            return 0
        case .nonspacingMark, .enclosingMark:
            // A mark with no base of its own (start of text): it still occupies its base's cell.
            return scalars.count == 1 ? 0 : 1
        default:
            return 1
        }
    }

    /// Whether `value` is in a range of Greek, Cyrillic, Hebrew or Arabic holding no mark, control or
    /// format character (a test checks every one against the general path).
    static func isNarrowLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x0370...0x03FF, 0x0400...0x0482, 0x048A...0x052F, 0x05D0...0x05F4, 0x0620...0x064A,
            0x0660...0x066D, 0x0671...0x06D3:
            return true
        default:
            return false
        }
    }

    /// Whether a code point takes two cells, by binary search in the generated table.
    static func isWide(_ value: UInt32) -> Bool {
        let table = DisplayWidthTable.wide
        guard value >= table[0] else { return false }
        var low = 0
        var high = table.count / 2
        while low < high {
            let mid = (low + high) / 2
            if table[2 * mid + 1] < value {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return low < table.count / 2 && table[2 * low] <= value
    }
}
