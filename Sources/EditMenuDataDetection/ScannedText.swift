@_spi(Inlinable) import EditMenuText

/// The text a detector scans: its Unicode scalar values in an array, so every scanner moves by
/// integer offsets in constant time, reads past either end as 0, and never allocates per step.
///
/// Detectors report scalar ranges; ``characterAligned(_:)`` maps them back to Character offsets once,
/// at the end, in one pass over the text.
struct ScannedText {
    /// The text.
    let text: String
    /// The Unicode scalar values of ``text``.
    let scalars: [UInt32]
    /// The words, numbers and symbols of the text, in order (spaces are implied by the gaps).
    let tokens: [Token]
    /// For each block of 2^``blockShift`` (16) scalars, the index of the first token ending after the
    /// block's start: where ``tokenIndex(atOrAfter:)`` starts looking.
    private let blockTokens: [Int32]
    private static let blockShift = 4

    /// The offset of the first scalar from U+3000 to U+9FFF (CJK punctuation, kana, ideographs), or
    /// ``count`` when there is none: scanners of Japanese look from there on.
    let firstCJKOffset: Int

    /// Whether the text has a full-width digit (U+FF10–U+FF19, `０`–`９`): then the detector scans it
    /// with those digits folded to ASCII (``DataDetector/detect(in:)``).
    let hasFullWidthDigits: Bool

    init(_ text: String) {
        var firstCJK = Int.max
        var fullWidthDigits = false
        // Decoded from the String's UTF-8 bytes (valid, as a String's always are), ASCII a byte at a time.
        // An empty text makes no array in place: one of capacity 0 writes its count into the storage
        // every empty array shares, which another thread may be reading (a data race).
        let decoded =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.isEmpty
                    ? []
                    : [UInt32](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
                        var index = 0
                        var count = 0
                        let end = bytes.count
                        while index < end {
                            let lead = UInt32(bytes[index])
                            if lead < 0x80 {
                                buffer[count] = lead
                                index += 1
                            } else if lead < 0xE0 {
                                buffer[count] = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                                index += 2
                            } else if lead < 0xF0 {
                                buffer[count] =
                                    (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                                    | UInt32(bytes[index + 2] & 0x3F)
                                // Lead bytes E3–E9 encode U+3000–U+9FFF.
                                if lead &- 0xE3 < 7, firstCJK == Int.max { firstCJK = count }
                                if Self.isFullWidthDigit(buffer[count]) { fullWidthDigits = true }
                                index += 3
                            } else {
                                buffer[count] =
                                    (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                                index += 4
                            }
                            count += 1
                        }
                        initialized = count
                    }
            }
        let scalars = decoded ?? text.unicodeScalars.map(\.value)
        if decoded == nil {
            // Not decoded above (a string without contiguous UTF-8): found in the scalars.
            firstCJK = scalars.firstIndex { $0 >= 0x3000 && $0 <= 0x9FFF } ?? scalars.count
            fullWidthDigits = scalars.contains(where: Self.isFullWidthDigit)
        }
        self.init(text: text, scalars: scalars, firstCJKOffset: min(firstCJK, scalars.count), fullWidthDigits)
    }

    /// The text's scalars with full-width digits and the signs written around them in numbers (`＋`
    /// `－` `（` `）` `．` `／`, and `：` between digits) folded to ASCII, one scalar for one: the same offsets, so that
    /// phone numbers, dates, flights and addresses written in full width (`０３－１２３４－５６７８`,
    /// `２０２５年３月５日`) are read as their ASCII forms are. ``text`` stays the text as written.
    func foldingFullWidth() -> ScannedText {
        guard hasFullWidthDigits else { return self }
        func isDigit(_ offset: Int) -> Bool { Scalar.isDigit(self[offset]) || Self.isFullWidthDigit(self[offset]) }
        var folded = scalars
        for offset in folded.indices {
            switch folded[offset] {
            case 0xFF10...0xFF19, 0xFF0B, 0xFF0D, 0xFF08, 0xFF09, 0xFF0E, 0xFF0F: folded[offset] -= 0xFEE0
            // A colon between digits is a time's (`１０：３０`); after a word it introduces what follows
            // (`電話：０３…`), which an ASCII colon glued to digits does not.
            case 0xFF1A where isDigit(offset - 1) && isDigit(offset + 1): folded[offset] = 0x3A
            default: break
            }
        }
        return ScannedText(text: text, scalars: folded, firstCJKOffset: firstCJKOffset, false)
    }

    /// Whether `value` is a full-width digit, U+FF10–U+FF19 (`０`–`９`).
    @inline(__always)
    static func isFullWidthDigit(_ value: UInt32) -> Bool { value &- 0xFF10 < 10 }

    private init(text: String, scalars: [UInt32], firstCJKOffset: Int, _ fullWidthDigits: Bool) {
        self.text = text
        self.hasFullWidthDigits = fullWidthDigits
        self.firstCJKOffset = firstCJKOffset
        self.scalars = scalars
        let tokens = Self.tokenize(scalars)
        self.tokens = tokens
        self.blockTokens = [Int32](unsafeUninitializedCapacity: scalars.count >> Self.blockShift + 1) {
            buffer, initialized in
            var token = 0
            for block in 0..<buffer.count {
                let start = block << Self.blockShift
                while token < tokens.count, tokens[token].end <= start { token += 1 }
                buffer[block] = Int32(token)
            }
            initialized = buffer.count
        }
    }

    /// The number of scalars.
    var count: Int { scalars.count }

    /// The scalar value at `offset`, or 0 outside the text.
    @inline(__always)
    subscript(offset: Int) -> UInt32 {
        // One unsigned comparison covers both ends (a negative offset is a huge unsigned one), and the
        // read needs no second bounds check.
        guard UInt(bitPattern: offset) < UInt(bitPattern: scalars.count) else { return 0 }
        return scalars.withUnsafeBufferPointer { $0[offset] }
    }

    /// The index of the first token that starts at or after `offset` (or contains it): the first whose
    /// end is past `offset`, a few tokens on from its block's first.
    func tokenIndex(atOrAfter offset: Int) -> Int {
        if offset <= 0 { return 0 }
        if offset >= scalars.count { return tokens.count }
        var index = Int(blockTokens[offset >> Self.blockShift])
        while index < tokens.count, tokens[index].end <= offset { index += 1 }
        return index
    }

    /// The text of scalars `range` as a String.
    func string(_ range: Range<Int>) -> String { encoded(range) { $0 } }

    /// The lower-cased text of scalars `range`, for dictionary look-ups.
    func lowercased(_ range: Range<Int>) -> String { encoded(range, Scalar.lowercased) }

    /// Scalars `range`, each mapped by `map`, encoded straight into a String of their exact UTF-8
    /// length (one allocation, none for a short one). The scalars were decoded from a String, and `map`
    /// keeps a scalar value valid, so each is encoded as it is, without a check.
    @inline(__always)
    private func encoded(_ range: Range<Int>, _ map: (UInt32) -> UInt32) -> String {
        let clamped = range.clamped(to: 0..<scalars.count)
        return scalars.withUnsafeBufferPointer { scalars in
            var length = 0
            for offset in clamped {
                length += Self.utf8Width(map(scalars[offset]))
            }
            return String(unsafeUninitializedCapacity: length) { buffer in
                var count = 0
                for offset in clamped {
                    let value = map(scalars[offset])
                    if value < 0x80 {
                        buffer[count] = UInt8(truncatingIfNeeded: value)
                        count += 1
                    } else if value < 0x800 {
                        buffer[count] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
                        buffer[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                        count += 2
                    } else if value < 0x10000 {
                        buffer[count] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
                        buffer[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                        buffer[count + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                        count += 3
                    } else {
                        buffer[count] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
                        buffer[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
                        buffer[count + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                        buffer[count + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                        count += 4
                    }
                }
                return count
            }
        }
    }

    /// The lower-cased text of a token.
    func lowercased(_ token: Token) -> String { lowercased(token.start..<token.end) }

    /// Whether scalars from `offset` spell `word` (ASCII, compared case-insensitively).
    func matchesASCII(_ word: StaticString, at offset: Int) -> Bool {
        var index = offset
        let matched = word.withUTF8Buffer { bytes -> Bool in
            for byte in bytes {
                guard Scalar.lowercased(self[index]) == UInt32(byte) else { return false }
                index += 1
            }
            return true
        }
        return matched
    }

    /// A detected range in scalars, Characters and UTF-8 bytes.
    typealias AlignedRange = (scalars: Range<Int>, characters: Range<Int>, bytes: Range<Int>)

    /// Scalar ranges widened to whole Characters, with their Character ranges, in one pass: a
    /// combining mark after a match belongs to it, so the matched text is what the Character range
    /// holds (found by the `FuzzDetector` fuzz target: "в7" reported over the Characters "в7̔").
    func characterAligned(_ ranges: [Range<Int>]) -> [AlignedRange] {
        guard !ranges.isEmpty else { return [] }
        if let aligned = simplyAligned(ranges) { return aligned }
        let aligned = alignedToCharacters(ranges)
        // UTF-8 offsets of the bounds, in one pass (the ranges are sorted and never overlap; widened to
        // whole Characters, two that met inside one share it, and the walk steps back to the second).
        var result: [AlignedRange] = []
        result.reserveCapacity(aligned.count)
        var offset = 0
        var bytes = 0
        func advance(to target: Int) -> Int {
            while offset < target {
                bytes += Self.utf8Width(scalars[offset])
                offset += 1
            }
            while offset > target {
                offset -= 1
                bytes -= Self.utf8Width(scalars[offset])
            }
            return bytes
        }
        for (scalarRange, characterRange) in aligned {
            let lower = advance(to: scalarRange.lowerBound)
            let upper = advance(to: scalarRange.upperBound)
            result.append((scalarRange, characterRange, lower..<upper))
        }
        return result
    }

    /// ``characterAligned(_:)`` for most text, in one pass up to the last range's end: when every scalar
    /// there, and the one after it, is a Character of its own (``Scalar/isSimple(_:)``), a range's
    /// Character offsets are its scalar offsets and it needs no widening. `nil` at the first scalar that
    /// is not simple.
    private func simplyAligned(_ ranges: [Range<Int>]) -> [AlignedRange]? {
        scalars.withUnsafeBufferPointer { scalars in
            var result: [AlignedRange] = []
            result.reserveCapacity(ranges.count)
            var offset = 0
            var bytes = 0
            for range in ranges {
                let lower = min(max(0, range.lowerBound), scalars.count)
                let upper = min(max(lower, range.upperBound), scalars.count)
                while offset < lower {
                    let value = scalars[offset]
                    guard Scalar.isSimple(value) else { return nil }
                    bytes += Self.utf8Width(value)
                    offset += 1
                }
                let lowerByte = bytes
                // A range's text often starts with printable ASCII (one byte each): eight at a time.
                while offset + 8 <= upper, Self.arePrintableASCII(eightAt: scalars.baseAddress! + offset) {
                    bytes += 8
                    offset += 8
                }
                while offset < upper {
                    let value = scalars[offset]
                    guard Scalar.isSimple(value) else { return nil }
                    bytes += Self.utf8Width(value)
                    offset += 1
                }
                result.append((lower..<upper, lower..<upper, lowerByte..<bytes))
            }
            // A scalar that is not simple after the last range could join its last Character.
            if offset < scalars.count, !Scalar.isSimple(scalars[offset]) { return nil }
            return result
        }
    }

    /// Whether the eight scalars at `start` are all printable ASCII (each ``Scalar/isSimple(_:)``, and
    /// one UTF-8 byte long), compared at once.
    @inline(__always)
    static func arePrintableASCII(eightAt start: UnsafePointer<UInt32>) -> Bool {
        typealias V = SIMD8<Int32>
        let v = UnsafeRawPointer(start).loadUnaligned(as: V.self)
        let printable = (v .> V(repeating: 0x1F)) .& (v .< V(repeating: 0x7F))
        let lanes = unsafeBitCast(printable, to: SIMD4<UInt64>.self)
        return lanes[0] & lanes[1] & lanes[2] & lanes[3] == .max
    }

    /// The length of scalar `value` in UTF-8.
    @inline(__always)
    private static func utf8Width(_ value: UInt32) -> Int {
        value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
    }

    /// Scalar ranges widened to whole Characters, with their Character ranges, by the offset of
    /// each scalar's Character.
    private func alignedToCharacters(_ ranges: [Range<Int>]) -> [(Range<Int>, Range<Int>)] {
        let characterOf = characterOffsets()
        return ranges.map { range -> (Range<Int>, Range<Int>) in
            var lower = min(max(0, range.lowerBound), scalars.count)
            var upper = min(max(lower, range.upperBound), scalars.count)
            guard upper > lower else { return (lower..<lower, Int(characterOf[lower])..<Int(characterOf[lower])) }
            while lower > 0, characterOf[lower - 1] == characterOf[lower] { lower -= 1 }
            while upper < scalars.count, characterOf[upper] == characterOf[upper - 1] { upper += 1 }
            return (lower..<upper, Int(characterOf[lower])..<(Int(characterOf[upper - 1]) + 1))
        }
    }

    /// For each scalar offset (and the end), the offset of the Character containing it.
    ///
    /// Between two scalars that can never join one extended grapheme cluster (letters and
    /// punctuation of Latin, Cyrillic, CJK and kana, except CR LF) the boundary is certain; only the
    /// runs between certain boundaries are handed to Swift's grapheme breaking.
    func characterOffsets() -> [Int32] {
        let count = scalars.count
        var result = [Int32](repeating: 0, count: count + 1)
        var character: Int32 = 0
        scalars.withUnsafeBufferPointer { scalars in
            result.withUnsafeMutableBufferPointer { result in
                var index = 0
                var simple = count > 0 && Scalar.isSimple(scalars[0])
                while index < count {
                    // Most text: a simple scalar before another one (or the end) is a Character.
                    let nextSimple = index + 1 < count && Scalar.isSimple(scalars[index + 1])
                    if simple, nextSimple || index + 1 == count {
                        result[index] = character
                        character += 1
                        index += 1
                        simple = nextSimple
                        continue
                    }
                    var end = index + 1
                    while end < count, !Scalar.isCertainBoundary(scalars[end - 1], scalars[end]) { end += 1 }
                    if end == index + 1 {
                        result[index] = character
                        character += 1
                    } else {
                        var cluster = String.UnicodeScalarView()
                        for offset in index..<end {
                            if let scalar = Unicode.Scalar(scalars[offset]) { cluster.append(scalar) }
                        }
                        var offset = index
                        for piece in String(cluster) {
                            for _ in piece.unicodeScalars where offset < end {
                                result[offset] = character
                                offset += 1
                            }
                            character += 1
                        }
                        while offset < end {
                            result[offset] = character - 1
                            offset += 1
                        }
                    }
                    index = end
                    simple = index < count && Scalar.isSimple(scalars[index])
                }
            }
        }
        result[count] = character
        return result
    }

    // MARK: Tokens

    /// A word (letters, with inner apostrophes), a number (ASCII digits) or one symbol scalar.
    struct Token: Hashable {
        enum Kind: Hashable { case word, number, symbol }
        var kind: Kind
        var start: Int
        var end: Int
        /// A word's look-up key in every ``ScalarLexicon`` (``ScalarLexicon/hash(_:)`` of its lower-cased
        /// scalars), computed once for all the scanners; 0 for a number or a symbol.
        var key: UInt64 = 0
        var length: Int { end - start }
        var range: Range<Int> { start..<end }
    }

    static func tokenize(_ scalars: [UInt32]) -> [Token] {
        scalars.withUnsafeBufferPointer { tokenize($0) }
    }

    private static func tokenize(_ scalars: UnsafeBufferPointer<UInt32>) -> [Token] {
        let count = scalars.count
        // None made in place for no scalars (see ``init(_:)``).
        guard count > 0 else { return [] }
        // At most one token a scalar: written in place, without an append's checks.
        return [Token](unsafeUninitializedCapacity: count) { buffer, initialized in
            var written = 0
            @inline(__always) func write(_ token: Token) {
                (buffer.baseAddress! + written).initialize(to: token)
                written += 1
            }
            // A word's key is hashed as its scalars are read (``ScalarLexicon/hash(_:)``, lower-cased).
            @inline(__always) func mixed(_ key: UInt64, _ lowerCased: UInt32) -> UInt64 {
                (key ^ UInt64(lowerCased)) &* 0x100_0000_01b3
            }
            var index = 0
            while index < count {
                let value = scalars[index]
                if value < 0x80 {
                    // ASCII: a digit, a letter, a space or line break (U+0009–U+000D, U+0020: what
                    // `isSpace` and `isNewline` accept below U+0080), or a symbol.
                    if Scalar.isDigit(value) {
                        let start = index
                        index += 1
                        while index < count, Scalar.isDigit(scalars[index]) { index += 1 }
                        write(Token(kind: .number, start: start, end: index))
                        continue
                    }
                    if !Scalar.isASCIILetter(value) {
                        if value != 0x20, value &- 0x09 >= 5 {
                            write(Token(kind: .symbol, start: index, end: index + 1))
                        }
                        index += 1
                        continue
                    }
                } else if Scalar.isSpace(value) || Scalar.isNewline(value) {
                    index += 1
                    continue
                } else if !Scalar.isNonASCIILetter(value) {
                    write(Token(kind: .symbol, start: index, end: index + 1))
                    index += 1
                    continue
                }
                // A word: letters and marks, with apostrophes between letters.
                let start = index
                var key = mixed(0xcbf2_9ce4_8422_2325, Scalar.lowercased(value))
                index += 1
                while index < count {
                    let next = scalars[index]
                    if next < 0x80 {
                        if Scalar.isASCIILetter(next) {
                            key = mixed(key, next | 0x20)
                            index += 1
                            continue
                        }
                    } else if Scalar.isNonASCIILetter(next) || Scalar.isMark(next) {
                        key = mixed(key, Scalar.nonASCIILowercased(next))
                        index += 1
                        continue
                    }
                    guard next == 0x27 || next == 0x2019, index + 1 < count, Scalar.isLetter(scalars[index + 1]) else {
                        break
                    }
                    key = mixed(mixed(key, next), Scalar.lowercased(scalars[index + 1]))
                    index += 2
                }
                write(Token(kind: .word, start: start, end: index, key: key))
            }
            initialized = written
        }
    }
}
