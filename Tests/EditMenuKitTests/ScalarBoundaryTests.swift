@_spi(Inlinable) import EditMenuText
import Testing

/// `Scalar.isSimple` and `Scalar.isCertainBoundary` against Swift's own grapheme breaking: every
/// shortcut that counts Characters without String (the storage's counts, the detector's walk) rests on
/// them.
struct ScalarBoundaryTests {
    /// What may come before a scalar: letters, marks, emoji, a regional indicator, Hangul jamo, an Indic
    /// consonant with its virama, controls.
    static let before = [
        "a", "\u{301}", "😀", "👍🏽", "🇯", "ᄀ", "각", "क्", "\u{200C}", "\t", "\n", "\u{64D}", "ा", "α", "ש", "ب",
    ]

    /// Every simple scalar of the ranges added last, and one in seven of the others.
    static var simpleScalars: [Unicode.Scalar] {
        (0...0x10FFFF as ClosedRange<UInt32>).compactMap { value -> Unicode.Scalar? in
            guard Scalar.isSimple(value), let scalar = Unicode.Scalar(value) else { return nil }
            let added =
                (0x370...0x3FF).contains(value) || (0x5D0...0x5F4).contains(value)
                || (0x620...0x64A).contains(value)
            return added || value % 7 == 0 ? scalar : nil
        }
    }

    @Test("A simple scalar joins nothing before it and nothing after it")
    func simpleScalarsNeverJoin() {
        for scalar in Self.simpleScalars {
            let text = String(scalar)
            for before in Self.before {
                #expect(
                    (before + text).count == before.count + 1, "U+\(String(scalar.value, radix: 16)) after \(before)")
            }
            // Not prepended to what follows (a letter, and another simple scalar).
            #expect((text + "x").count == 2, "U+\(String(scalar.value, radix: 16))")
            #expect((text + "α").count == 2, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("A certain boundary is one String breaks at, whatever came before")
    func certainBoundariesAreBoundaries() {
        let simple: [Unicode.Scalar] = ["a", " ", "©", "‼", "é", "α", "ש", "日", "\n"]
        let contexts = ["", "😀\u{200D}", "🇯", "x\u{200D}", "क्"]
        // One in 89 scalars, and the ones some rule joins to what follows (CR, the zero-width joiner,
        // prepended marks).
        var firsts = stride(from: 0, through: 0x10FFFF, by: 89).compactMap { Unicode.Scalar(UInt32($0)) }
        firsts += ["\r", "\u{200D}", "\u{600}", "\u{605}", "\u{6DD}", "\u{70F}", "\u{890}", "\u{8E2}", "\u{D4E}"]
        firsts += ["\u{110BD}", "\u{110CD}", "\u{111C2}", "\u{1193F}", "\u{11A3A}", "\u{11A84}", "\u{11D46}"]
        for first in firsts {
            for second in simple where Scalar.isCertainBoundary(first.value, second.value) {
                for context in contexts {
                    let head = context + String(first)
                    #expect(
                        (head + String(second)).count == head.count + 1,
                        "U+\(String(first.value, radix: 16)) then U+\(String(second.value, radix: 16)) after \(context)"
                    )
                }
            }
        }
        // What joins what follows it is never a certain boundary.
        for joining in ["\r", "\u{200D}", "\u{600}", "\u{6DD}", "\u{110BD}"] as [Unicode.Scalar] {
            #expect(!Scalar.isCertainBoundary(joining.value, 0x61))
        }
        #expect(!Scalar.isCertainBoundary(0x0D, 0x0A))
    }
}
