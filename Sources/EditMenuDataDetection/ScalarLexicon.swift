@_spi(Inlinable) import EditMenuText

/// A word list looked up by a token's scalars, without building a String: keys are hashed
/// (FNV-1a over lower-cased scalar values) and compared scalar by scalar, so a look-up costs no
/// allocation and no Unicode normalization.
///
/// Keys are written in lower case; the text is lower-cased with ``Scalar/lowercased(_:)`` as it is
/// compared.
struct ScalarLexicon<Value: Sendable>: Sendable {
    /// The keys' lower-cased scalars, one after another (one array, so a look-up retains nothing).
    private let keyScalars: [UInt32]
    /// Where each key starts in ``keyScalars``, and the end of the last one.
    private let keyBounds: [Int32]
    private let values: [Value]
    private let slots: [Int32]
    private let mask: Int
    /// Bit n: some key has n scalars (n < 64), and some key's first scalar is n modulo 64: most words
    /// that are no key are refused by these alone, before they are hashed.
    private let lengths: UInt64
    private let firstScalars: UInt64

    /// A lexicon of `pairs`; a later pair with the same key replaces an earlier one.
    init(_ pairs: [(String, Value)]) {
        var keys: [[UInt32]] = []
        var written: [String] = []
        var values: [Value] = []
        keys.reserveCapacity(pairs.count)
        written.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        // Sized for every pair; a key met again (the same scalars, written the same way) is found in its
        // slot chain and its value replaced, so the table holds each key once, in first-seen order. A key
        // in other capitals is a key of its own, found after the first (as through a dictionary of
        // Strings); two spellings of one Character (`é`, `e` + U+0301) are two keys, as a look-up
        // compares scalars.
        var size = 16
        while size < pairs.count * 3 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (key, value) in pairs {
            let scalars = key.unicodeScalars.map { Scalar.lowercased($0.value) }
            var slot = Int(truncatingIfNeeded: Self.hash(scalars)) & (size - 1)
            var existing: Int?
            while slots[slot] >= 0 {
                let position = Int(slots[slot])
                if keys[position] == scalars, written[position] == key {
                    existing = position
                    break
                }
                slot = (slot + 1) & (size - 1)
            }
            if let existing {
                values[existing] = value
            } else {
                slots[slot] = Int32(keys.count)
                keys.append(scalars)
                written.append(key)
                values.append(value)
            }
        }
        self.keyScalars = keys.flatMap { $0 }
        var bounds: [Int32] = [0]
        for key in keys { bounds.append(bounds[bounds.count - 1] + Int32(key.count)) }
        self.keyBounds = bounds
        self.values = values
        self.slots = slots
        self.mask = size - 1
        self.lengths = keys.reduce(0) { $0 | ($1.count < 64 ? 1 << UInt64($1.count) : 0) }
        self.firstScalars = keys.reduce(0) { $0 | ($1.first.map { 1 << UInt64($0 & 63) } ?? 0) }
    }

    static func hash<S: Sequence>(_ scalars: S) -> UInt64 where S.Element == UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in scalars {
            hash = (hash ^ UInt64(value)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The value for the text of scalars `range` (compared lower-cased).
    func value(in text: ScannedText, _ range: Range<Int>) -> Value? {
        value(in: text, range, key: nil)
    }

    /// ``value(in:_:)``, with the range's ``hash(_:)`` when it is known (a word token's ``ScannedText/Token/key``).
    @inline(__always)
    private func value(in text: ScannedText, _ range: Range<Int>, key: UInt64?) -> Value? {
        guard !range.isEmpty, range.count <= 32, lengths & (1 << UInt64(range.count)) != 0,
            firstScalars & (1 << UInt64(Scalar.lowercased(text[range.lowerBound]) & 63)) != 0
        else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if let key {
            hash = key
        } else {
            for offset in range { hash = (hash ^ UInt64(Scalar.lowercased(text[offset]))) &* 0x100_0000_01b3 }
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            let start = Int(keyBounds[position])
            if Int(keyBounds[position + 1]) - start == range.count {
                var equal = true
                var key = start
                for offset in range {
                    if Scalar.lowercased(text[offset]) != keyScalars[key] {
                        equal = false
                        break
                    }
                    key += 1
                }
                if equal { return values[position] }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The value for token `index` of `text` (nil for a token that is not a word).
    func value(token index: Int, in text: ScannedText) -> Value? {
        guard index >= 0, index < text.tokens.count else { return nil }
        let token = text.tokens[index]
        guard token.kind == .word else { return nil }
        return value(in: text, token.range, key: token.key)
    }
}

extension ScalarLexicon where Value == Bool {
    /// A set of words.
    init(words: [String]) { self.init(words.map { ($0, true) }) }

    /// Whether token `index` is one of the words.
    func contains(token index: Int, in text: ScannedText) -> Bool { value(token: index, in: text) ?? false }

    /// Whether the text of `range` is one of the words.
    func contains(_ range: Range<Int>, in text: ScannedText) -> Bool { value(in: text, range) ?? false }
}

extension ScannedText {
    /// Whether one of `lexicon`'s words is among the `words` words before `offset`, looking back at most
    /// `tokens` tokens, and (with `stopAtNumber`) not past a number: the context a scanner asks for
    /// ("flight" before `BA 1`, "call" before `6175551234`).
    func hasWord(_ lexicon: ScalarLexicon<Bool>, before offset: Int, words: Int, tokens: Int, stopAtNumber: Bool)
        -> Bool
    {
        var index = tokenIndex(atOrAfter: offset) - 1
        var seen = 0
        let limit = max(0, index - tokens)
        while index >= limit, seen < words {
            let token = self.tokens[index]
            if token.kind == .number, stopAtNumber { return false }
            if token.kind == .word {
                if lexicon.contains(token: index, in: self) { return true }
                seen += 1
            }
            index -= 1
        }
        return false
    }

    /// Whether token `index` is the word `literal` (lower case), compared without allocating: the
    /// literal's UTF-8 bytes are read where the compiler put them.
    func isWord(_ index: Int, _ literal: StaticString) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word else { return false }
        let token = tokens[index]
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        // Quick refusals: n UTF-8 bytes hold n/4 to n scalars, and the first byte is the first scalar's lead byte.
        guard token.end - token.start <= bytes.count, (token.end - token.start) * 4 >= bytes.count,
            let first = bytes.first, first == Self.leadByte(Scalar.lowercased(self[token.start]))
        else { return false }
        var position = 0
        for offset in token.start..<token.end {
            guard position < bytes.count else { return false }
            let scalar = Scalar.decode(bytes, at: position)
            guard Scalar.lowercased(self[offset]) == scalar.value else { return false }
            position += scalar.length
        }
        return position == bytes.count
    }

    /// The first UTF-8 byte of scalar `value`.
    private static func leadByte(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return UInt8(value) }
        if value < 0x800 { return UInt8(0xC0 | value >> 6) }
        if value < 0x10000 { return UInt8(truncatingIfNeeded: 0xE0 | value >> 12) }
        return UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
    }
}
