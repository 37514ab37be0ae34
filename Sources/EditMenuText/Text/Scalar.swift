/// Character classes on scalar values, with ASCII fast paths.
///
/// SPI, not `package`: this toolchain inlines a function into another module only when it is
/// `public` (an `@inlinable package` function is called out of line), and data detection's scanners
/// ask these once or more per scalar. They are for this package's own targets
/// (`@_spi(Inlinable) import EditMenuText`), not part of the surface a user learns.
@_spi(Inlinable) public enum Scalar {
    /// Scalars that never extend, prepend to or join a grapheme cluster: printable ASCII, tab and line
    /// feed (not CR, which joins a line feed), Latin to U+02FF, Greek (U+0370–U+03FF: no marks there),
    /// Cyrillic (not its combining marks), Hebrew and Arabic letters (not their points and vowel signs),
    /// CJK ideographs, kana (not the combining sound marks), CJK and general punctuation, fullwidth forms.
    @_spi(Inlinable) @inlinable @inline(__always) public static func isSimple(_ v: UInt32) -> Bool {
        if v < 0x300 { return v >= 0x20 || v == 0x0A || v == 0x09 }
        if v < 0x700 {
            if v >= 0x370 && v <= 0x3FF { return true }
            if v >= 0x5D0 && v <= 0x5F4 { return true }
            if v >= 0x620 && v <= 0x64A { return true }
        }
        if v >= 0x400 && v <= 0x52F { return v < 0x483 || v > 0x489 }
        if v >= 0x4E00 && v <= 0x9FFF { return true }
        if v >= 0x3041 && v <= 0x30FF { return v != 0x3099 && v != 0x309A }
        if v >= 0x3000 && v <= 0x3029 { return true }
        if v >= 0x2010 && v <= 0x2027 { return true }
        if v >= 0x2030 && v <= 0x205E { return true }
        if v >= 0xFF01 && v <= 0xFF60 { return true }
        return false
    }

    /// Whether a grapheme cluster certainly ends between `a` and `b`, whatever comes before them.
    ///
    /// `b` is ``isSimple(_:)``: no rule joins it to what comes before (it extends nothing, and is no
    /// regional indicator, Hangul jamo or Indic consonant). And `a` is simple too, or none of the scalars
    /// that join what follows them: CR (before a line feed), the zero-width joiner (before an extended
    /// pictograph, which © and ‼ are) and the prepended marks (all of them at U+0600–U+0DFF or from
    /// U+11000). So an emoji, a combining mark or a Greek letter before a space ends its Character
    /// there. No rule looks back past `b`: breaking the text from `b` on gives the same Characters as
    /// breaking it whole.
    @_spi(Inlinable) @inlinable @inline(__always) public static func isCertainBoundary(_ a: UInt32, _ b: UInt32) -> Bool
    {
        isSimple(b) && (isSimple(a) || (a != 0x0D && a != 0x200D && (a < 0x600 || a > 0xDFF) && a < 0x11000))
    }

    @_spi(Inlinable) @inlinable @inline(__always) public static func isDigit(_ v: UInt32) -> Bool { v &- 0x30 < 10 }
    @_spi(Inlinable) @inlinable @inline(__always) public static func isASCIILetter(_ v: UInt32) -> Bool {
        (v | 0x20) &- 0x61 < 26
    }
    @_spi(Inlinable) @inlinable @inline(__always) public static func isUpperASCII(_ v: UInt32) -> Bool {
        v &- 0x41 < 26
    }
    @_spi(Inlinable) @inlinable @inline(__always) public static func isASCIIAlphanumeric(_ v: UInt32) -> Bool {
        isDigit(v) || isASCIILetter(v)
    }

    /// Letters of any script (ideographs and kana included).
    @_spi(Inlinable) @inlinable @inline(__always) public static func isLetter(_ v: UInt32) -> Bool {
        v < 0x80 ? isASCIILetter(v) : isNonASCIILetter(v)
    }

    /// ``isLetter(_:)`` beyond ASCII.
    @_spi(Inlinable) @inlinable public static func isNonASCIILetter(_ v: UInt32) -> Bool {
        if v == 0xD7 || v == 0xF7 { return false }
        if v < 0xC0 { return v == 0xAA || v == 0xB5 || v == 0xBA }
        if v < 0x250 { return true }
        if v >= 0x400 && v <= 0x52F { return v < 0x482 || v > 0x489 }
        if v >= 0x4E00 && v <= 0x9FFF { return true }
        if v >= 0x3041 && v <= 0x30FF { return v != 0x30FB && (v < 0x3099 || v > 0x309C) && v != 0x30A0 }
        if v >= 0xAC00 && v <= 0xD7A3 { return true }
        if v < 0x400 {
            // IPA; combining diacritics (of which the Greek ypogegrammeni and the small Latin letters are
            // alphabetic); Greek, but for its numeral and accent signs, punctuation, a symbol and the
            // unassigned. `ScalarClassTests` checks every assigned scalar against the Unicode properties.
            if v < 0x2B0 { return true }
            if v >= 0x300 && v < 0x370 { return v == 0x345 || v >= 0x363 }
            if v >= 0x370 {
                switch v {
                case 0x375, 0x37E, 0x384, 0x385, 0x387, 0x3F6, 0x378, 0x379, 0x380...0x383, 0x38B, 0x38D, 0x3A2:
                    return false
                default: return true
                }
            }
        }
        // Hebrew letters; general punctuation (spaces, joiners, dashes, quotes); pictographs and emoji
        // (their regional indicators and skin tones too).
        if v >= 0x5D0 && v <= 0x5EA { return true }
        if v >= 0x2000 && v <= 0x206F { return false }
        if v >= 0x1F1E6 && v <= 0x1FAFF { return false }
        guard let scalar = Unicode.Scalar(v) else { return false }
        return scalar.properties.isAlphabetic && !scalar.properties.isWhitespace
    }

    /// Combining marks (accents written as separate scalars).
    @_spi(Inlinable) @inlinable @inline(__always) public static func isMark(_ v: UInt32) -> Bool {
        v < 0x300 ? false : isMarkFrom300(v)
    }

    /// ``isMark(_:)`` from U+0300.
    @_spi(Inlinable) @inlinable public static func isMarkFrom300(_ v: UInt32) -> Bool {
        if v < 0x370 { return true }
        if v >= 0x400 && v <= 0x52F { return v >= 0x483 && v <= 0x489 }
        if (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7A3) { return false }
        if v >= 0x3041 && v <= 0x30FF { return v == 0x3099 || v == 0x309A }
        // Greek, Hebrew letters, general punctuation, pictographs and emoji: none is a mark; variation
        // selectors all are.
        if (v >= 0x370 && v <= 0x3FF) || (v >= 0x5D0 && v <= 0x5EA) || (v >= 0x2000 && v <= 0x206F)
            || (v >= 0x1F1E6 && v <= 0x1FAFF)
        {
            return false
        }
        if v >= 0xFE00 && v <= 0xFE0F { return true }
        guard let scalar = Unicode.Scalar(v) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    @_spi(Inlinable) @inlinable @inline(__always) public static func isUpper(_ v: UInt32) -> Bool {
        v < 0x80 ? isUpperASCII(v) : isNonASCIIUpper(v)
    }

    /// ``isUpper(_:)`` beyond ASCII.
    @_spi(Inlinable) @inlinable public static func isNonASCIIUpper(_ v: UInt32) -> Bool {
        if v >= 0xC0 && v <= 0xFF { return v <= 0xDE && v != 0xD7 }
        if v >= 0x400 && v <= 0x45F { return v < 0x430 }
        if (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3041 && v <= 0x30FF) { return false }
        guard let scalar = Unicode.Scalar(v) else { return false }
        return scalar.properties.isUppercase
    }

    /// Spaces inside a line (space, tab, no-break and thin spaces).
    @_spi(Inlinable) @inlinable @inline(__always) public static func isSpace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0xA0 || v == 0x202F || v == 0x2009 || v == 0x2007 || v == 0x3000
    }

    @_spi(Inlinable) @inlinable @inline(__always) public static func isNewline(_ v: UInt32) -> Bool {
        v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 || v == 0x0B || v == 0x0C || v == 0x85
    }

    /// Ideographs, kana and hangul: scripts written without spaces between words, so an item may be
    /// glued to them (`ご予約は06-6123-4567まで`).
    @_spi(Inlinable) @inlinable @inline(__always) public static func isUnspacedScript(_ v: UInt32) -> Bool {
        v >= 0x3040
            && ((v >= 0x3040 && v <= 0x30FF) || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF)
                || (v >= 0xAC00 && v <= 0xD7A3) || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0x20000 && v <= 0x2FFFF))
    }

    /// Letters, digits and marks: what a detected item may not be glued to.
    @_spi(Inlinable) @inlinable @inline(__always) public static func isWordCharacter(_ v: UInt32) -> Bool {
        isDigit(v) || isLetter(v) || isMark(v)
    }

    /// A simple lower-case mapping for the scripts the lexicons use (Latin, Greek, Cyrillic).
    @_spi(Inlinable) @inlinable @inline(__always) public static func lowercased(_ v: UInt32) -> UInt32 {
        v < 0x80 ? (isUpperASCII(v) ? v | 0x20 : v) : nonASCIILowercased(v)
    }

    /// ``lowercased(_:)`` beyond ASCII.
    @_spi(Inlinable) @inlinable public static func nonASCIILowercased(_ v: UInt32) -> UInt32 {
        if v >= 0xC0 && v <= 0xDE && v != 0xD7 { return v + 0x20 }
        if v >= 0x410 && v <= 0x42F { return v + 0x20 }
        if v >= 0x400 && v <= 0x40F { return v + 0x50 }
        if v >= 0x100 && v <= 0x17F {
            // Latin Extended-A pairs: upper case is even up to ĸ and from Ŋ to ŷ, odd from Ĺ to ň and Ź to ž.
            if (v <= 0x137 || (v >= 0x14A && v <= 0x177)) && v & 1 == 0 && v != 0x130 { return v + 1 }
            if ((v >= 0x139 && v <= 0x148) || (v >= 0x179 && v <= 0x17E)) && v & 1 == 1 { return v + 1 }
            if v == 0x178 { return 0xFF }
            return v
        }
        if v >= 0x391 && v <= 0x3A9 { return v + 0x20 }
        return v
    }

    /// Hyphens and dashes.
    @_spi(Inlinable) @inlinable @inline(__always) public static func isDash(_ v: UInt32) -> Bool {
        v == 0x2D || v == 0x2010 || v == 0x2011 || v == 0x2012 || v == 0x2013 || v == 0x2212
    }

    /// Whether the eight bytes of `bytes` from `index` (eight or more before its end) are all printable
    /// ASCII (U+0020 to U+007E), tested as one word: each of the first seven is then a Character of one
    /// byte.
    @_spi(Inlinable) @inlinable @inline(__always) public static func arePrintableASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let high: UInt64 = 0x8080_8080_8080_8080
        // No byte of 0x80 or more, none under 0x20 (a borrow sets its high bit), none 0x7F (+1 carries into it).
        return word & high == 0 && (word &- 0x2020_2020_2020_2020) & ~word & high == 0
            && (word &+ 0x0101_0101_0101_0101) & high == 0
    }

    /// The scalar at byte `index` of valid UTF-8 `bytes` and its length in bytes.
    @_spi(Inlinable) @inlinable @inline(__always) public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F), 4
        )
    }

    /// The number of scalars in the sixteen bytes at `index` (the start of a scalar) when they and the
    /// scalar after them are all ``Scalar/isSimple(_:)``, so that each of those scalars is a Character;
    /// `nil` otherwise. The bytes are classified sixteen at a time, and only by ranges whose every
    /// scalar is simple: printable ASCII, tab, line feed; continuation bytes; the lead bytes of
    /// U+0080–U+02FF (C2–CB), U+0400–U+047F (D0–D1) and U+5000–U+9FFF (E5–E9). A continuation byte
    /// there belongs to one of those leads, as the run starts at a scalar's start. Other simple
    /// scalars (dashes, kana, the rest of Cyrillic) are left to the scalar-by-scalar walk.
    @_spi(Inlinable) @inlinable @inline(__always)
    public static func simpleRun(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 17 <= bytes.count, let base = bytes.baseAddress else { return nil }
        // The scalar after the run starts at its seventeenth byte, with a lead byte of the same ranges.
        let next = bytes[index + 16]
        guard
            next &- 0x20 <= 0x5E || next &- 0xC2 <= 0xCB - 0xC2 || next &- 0xD0 <= 1 || next &- 0xE5 <= 4
                || next == 0x0A || next == 0x09
        else { return nil }
        // Most text: sixteen printable ASCII bytes, eight at a time.
        if arePrintableASCII(bytes, at: index), arePrintableASCII(bytes, at: index + 8) { return 16 }
        typealias V = SIMD16<UInt8>
        let v = UnsafeRawPointer(base + index).loadUnaligned(as: V.self)
        func within(_ lower: UInt8, _ upper: UInt8) -> SIMDMask<SIMD16<Int8>> {
            v &- V(repeating: lower) .<= V(repeating: upper &- lower)
        }
        let simple =
            within(0x20, 0x7E) .| within(0x80, 0xCB) .| within(0xD0, 0xD1) .| within(0xE5, 0xE9)
            .| (v .== V(repeating: 0x0A)) .| (v .== V(repeating: 0x09))
        let lanes = unsafeBitCast(simple, to: SIMD2<UInt64>.self)
        guard lanes[0] & lanes[1] == .max else { return nil }
        let continuations = unsafeBitCast(v & V(repeating: 0xC0) .== V(repeating: 0x80), to: SIMD2<UInt64>.self)
        return 16 - (continuations[0].nonzeroBitCount + continuations[1].nonzeroBitCount) / 8
    }
}
