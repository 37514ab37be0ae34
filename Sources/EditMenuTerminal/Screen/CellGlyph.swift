import Synchronization

/// A cell's text in 16 bytes that hold no reference, so that a ``Cell`` is a plain value: making,
/// comparing, copying and freeing a screen of cells is work on memory alone, with no reference
/// counting per cell.
///
/// Up to 15 UTF-8 bytes are stored in place: every Character a terminal shows in one or two cells
/// but the longest emoji sequences and clusters with many marks. Longer text is kept once in a table
/// shared by all screens and stored as its index. The table keeps at most ``tableLimit`` texts; past
/// that, a longer text is cut after its last whole scalar that fits in 15 bytes (its base and first
/// marks), which a terminal still draws in the cell.
struct CellGlyph: Hashable, Sendable {
    /// Bytes 0–7 of the UTF-8 in place, least significant first; or the table index.
    private var low: UInt64
    /// Bytes 8–14 of the UTF-8 in place; the top byte is the byte count, or ``tableMarker``.
    private var high: UInt64

    /// The top byte of ``high`` for a text kept in the table.
    private static let tableMarker: UInt64 = 0xFF
    /// The most texts of more than 15 bytes kept.
    static let tableLimit = 4096

    private struct Table {
        var texts: [String] = []
        var indices: [String: Int] = [:]
    }
    private static let table = Mutex(Table())

    /// The glyph of `text`.
    init(_ text: String) {
        let utf8 = text.utf8
        if utf8.count <= 15 {
            self.init(inPlace: utf8)
            return
        }
        let index = Self.table.withLock { table -> Int? in
            if let index = table.indices[text] { return index }
            guard table.texts.count < Self.tableLimit else { return nil }
            table.texts.append(text)
            table.indices[text] = table.texts.count - 1
            return table.texts.count - 1
        }
        if let index {
            self.init(low: UInt64(index), high: Self.tableMarker << 56)
            return
        }
        // The table is full: the longest prefix of whole scalars that fits in place.
        var kept = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if kept + length > 15 { break }
            kept += length
        }
        self.init(inPlace: utf8.prefix(kept))
    }

    /// No text: the second column of a wide character.
    static let empty = CellGlyph(low: 0, high: 0)

    /// The glyph of one ASCII byte.
    init(ascii byte: UInt8) {
        self.init(low: UInt64(byte), high: 1 << 56)
    }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    private init(inPlace bytes: some Collection<UInt8>) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var shift: UInt64 = 0
        for (i, byte) in bytes.enumerated() {
            if i < 8 {
                low |= UInt64(byte) << shift
            } else {
                high |= UInt64(byte) << (shift - 64)
            }
            shift += 8
        }
        self.init(low: low, high: high | UInt64(bytes.count) << 56)
    }

    /// The number of UTF-8 bytes stored in place; `nil` for a text kept in the table.
    private var countInPlace: Int? {
        let count = high >> 56
        return count == Self.tableMarker ? nil : Int(count)
    }

    /// The byte at `index` of the UTF-8 stored in place.
    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        index < 8
            ? UInt8(truncatingIfNeeded: low >> UInt64(8 * index))
            : UInt8(truncatingIfNeeded: high >> UInt64(8 * (index - 8)))
    }

    /// The text.
    var string: String {
        guard let count = countInPlace else { return Self.table.withLock { $0.texts[Int(low)] } }
        return String(unsafeUninitializedCapacity: count) { buffer in
            for i in 0..<count { buffer[i] = byte(i) }
            return count
        }
    }

    /// Appends the text's UTF-8 to `out`.
    func appendUTF8(to out: inout [UInt8]) {
        guard let count = countInPlace else {
            out.append(contentsOf: string.utf8)
            return
        }
        for i in 0..<count { out.append(byte(i)) }
    }
}
