/// A paragraph's base direction.
package enum TextDirection: String, Hashable, Sendable {
    /// Left to right (Latin, Cyrillic, CJK …).
    case leftToRight
    /// Right to left (Hebrew, Arabic …).
    case rightToLeft
}

/// The Unicode Bidirectional Algorithm (UAX #9) through ICU, for hosts that draw text themselves — a
/// terminal shows right-to-left text in visual order with it (toolkits such as GTK and Pango do it on
/// their own).
///
/// ```swift
/// let text = Array("abc שלום".utf16)
/// Bidi.paragraphDirection(of: "abc שלום".unicodeScalars)            // .leftToRight (rule P2: "a")
/// let levels = Bidi.levels(ofParagraph: text, base: .leftToRight)    // [0, 0, 0, 0, 1, 1, 1, 1]
/// Bidi.visualOrder(of: levels)                                       // [0, 1, 2, 3, 7, 6, 5, 4]
/// ```
package enum Bidi {
    /// Rules P2 and P3: the direction of the first strong character (L, R or AL) among `scalars`,
    /// skipping isolates (LRI, RLI or FSI to their PDI) and stopping at a paragraph separator; `nil`
    /// when there is none (a host then uses its default, usually left to right). A left-to-right or
    /// right-to-left mark (U+200E, U+200F) is such a character: it is how plain text records a
    /// paragraph's direction. At most `limit` scalars are read.
    package static func paragraphDirection(
        of scalars: some Sequence<Unicode.Scalar>, limit: Int = 8192
    ) -> TextDirection? {
        var isolates = 0
        var read = 0
        for scalar in scalars {
            read += 1
            if read > limit { return nil }
            let value = scalar.value
            if value < 0x80 {
                // ASCII: letters are L, line breaks end the paragraph, the rest is weak or neutral.
                if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
                    if isolates == 0 { return .leftToRight }
                } else if value == 0x0A || value == 0x0D || (0x1C...0x1E).contains(value) {
                    return nil
                }
                continue
            }
            switch ICU.bidiClass(value) {
            case .leftToRight where isolates == 0: return .leftToRight
            case .rightToLeft where isolates == 0: return .rightToLeft
            case .isolateInitiator: isolates += 1
            case .popDirectionalIsolate: isolates = max(0, isolates - 1)
            case .paragraphSeparator: return nil
            default: break
            }
        }
        return nil
    }

    /// The embedding level of each UTF-16 unit of `paragraph` (or of as much of a long paragraph as a
    /// host lays out), whose base direction is `base`, by rules X1–I2. Even levels run left to right,
    /// odd ones right to left. A host breaking the paragraph into lines then applies rule L1 to each
    /// line (``lineLevels(_:isWhitespace:base:)``) and orders it (``visualOrder(of:)``). All at the
    /// base level if ICU fails.
    package static func levels(ofParagraph paragraph: [UInt16], base: TextDirection) -> [UInt8] {
        let level: UInt8 = base == .rightToLeft ? 1 : 0
        return ICU.bidiLevels(of: paragraph, paragraphLevel: level) ?? [UInt8](repeating: level, count: paragraph.count)
    }

    /// Rule L1 for one line: the whitespace at the line's end goes back to the paragraph's level (so it
    /// sits at the line's end in the paragraph's direction). `isWhitespace[i]` says whether item `i`
    /// (a UTF-16 unit or a glyph) is whitespace or an isolate formatting character.
    package static func lineLevels(_ levels: [UInt8], isWhitespace: [Bool], base: TextDirection) -> [UInt8] {
        var line = levels
        let level: UInt8 = base == .rightToLeft ? 1 : 0
        var i = line.count - 1
        while i >= 0, i < isWhitespace.count, isWhitespace[i] {
            line[i] = level
            i -= 1
        }
        return line
    }

    /// Rule L2: for items (UTF-16 units, or a host's glyphs) at `levels`, the logical index of the item
    /// shown at each visual position, left to right.
    package static func visualOrder(of levels: [UInt8]) -> [Int] {
        ICU.visualOrder(of: levels)
    }

    /// Rule L4: the glyph a character takes in a right-to-left run when it is mirrored ("(" for ")",
    /// "»" for "«"); `nil` when it has none.
    package static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard mayHaveMirror(scalar.value) else { return nil }
        let mirror = ICU.mirrored(scalar.value)
        return mirror == scalar.value ? nil : Unicode.Scalar(mirror)
    }

    /// Whether `value` lies where the characters with a mirrored glyph are (ASCII brackets, guillemets,
    /// Tibetan and Ogham brackets, the punctuation, mathematical and arrow blocks, CJK and small,
    /// full-width brackets), so letters never cost an ICU call. A test checks all of Unicode against ICU.
    static func mayHaveMirror(_ value: UInt32) -> Bool {
        switch value {
        case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0xAB, 0xBB: return true
        case 0x0F3A...0x0F3D, 0x169B...0x169C, 0x2000...0x2BFF, 0x2E00...0x2E7F, 0x3008...0x301F: return true
        case 0xFE59...0xFE66, 0xFF08...0xFF63: return true
        default: return false
        }
    }

    /// Whether a code point lies in a block that holds right-to-left letters (Hebrew to Arabic Extended-A,
    /// the right-to-left mark, the Hebrew and Arabic presentation forms, and the supplementary right-to-left
    /// blocks): only those are worth asking ICU about, so Cyrillic, Greek or CJK text costs no ICU call.
    package static func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0590...0x08FF, 0x200F, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` can make a line need reordering: it lies in a block of right-to-left script
    /// (Hebrew, Arabic with its digits, Syriac, Thaana, N'Ko, Samaritan, Mandaic, the presentation
    /// forms, the right-to-left ranges of the supplementary planes) or is a right-to-left mark. A quick
    /// test by ranges — every R and AL character passes it (a test checks all of Unicode against ICU) —
    /// so text without any of them costs no ICU call.
    package static func mayBeRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        mayBeRightToLeft(scalar.value)
    }

    /// The left-to-right mark (U+200E): as a paragraph's first strong character it makes the paragraph
    /// left to right (rule P2), and it is invisible.
    package static let leftToRightMark: Unicode.Scalar = "\u{200E}"
    /// The right-to-left mark (U+200F): as a paragraph's first strong character it makes the paragraph
    /// right to left.
    package static let rightToLeftMark: Unicode.Scalar = "\u{200F}"
}
