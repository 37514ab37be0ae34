import Testing
@testable import EditMenuKit

/// The monospace cell measurer: East Asian wide and emoji take two cells, marks and controls none.
@Suite("Layout: text measurement")
struct LayoutTextMeasurementTests {
    @Test(arguments: [
        ("Copy", 4), ("Kopieren", 8), ("Копировать", 10), ("コピー", 6), ("拷贝", 4), ("복사", 4),
        ("نسخ", 3), ("e\u{301}", 1), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("☺", 1), ("☺\u{FE0F}", 2),
        ("ＡＢ", 4), ("ｶﾀｶﾅ", 4), ("", 0), ("a\tb", 2), ("\u{200B}", 0),
    ])
    func cellsFollowEastAsianWidthAndEmojiPresentation(text: String, cells: Int) {
        #expect(MonospaceCellMeasurer.cells(in: text) == cells)
    }

    @Test func theLatinFastPathAgreesWithMeasuringEachCharacter() {
        // Every scalar below U+0300 alone and after a letter, plus text that leaves the fast path.
        var texts = (0..<0x300).compactMap(Unicode.Scalar.init).map { String($0) }
        texts += texts.map { "a" + $0 + "z" }
        texts += ["Einfügen", "Ausschneiden", "Rechercher", "e\u{301}cole", "a\u{AD}b", "\r\n", "Copy\u{300}", "日本"]
        // The punctuation of quoted titles, each scalar alone, before a mark and between words.
        for value in UInt32(0x2010)...0x2027 {
            let scalar = String(Unicode.Scalar(value)!)
            texts += [scalar, "\(scalar)\u{301}", "Nachschlagen \(scalar)Wort\(scalar)", "\(scalar)\u{FE0F}"]
        }
        for text in texts {
            #expect(
                MonospaceCellMeasurer.cells(in: text) == text.reduce(0) { $0 + MonospaceCellMeasurer.cells(in: $1) },
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theNarrowLetterFastPathAgreesWithTheGeneralOne() {
        // Every scalar the fast path answers is one cell by the general rule too: no mark, control,
        // format character or wide character among them.
        var mismatched: [UInt32] = []
        for value in UInt32(0x300)...0x0800 where MonospaceCellMeasurer.isNarrowLetter(value) {
            let scalar = Unicode.Scalar(value)!
            let zeroWidth: Set<Unicode.GeneralCategory> = [
                .control, .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
            ]
            if zeroWidth.contains(scalar.properties.generalCategory) || MonospaceCellMeasurer.isWide(value) {
                mismatched.append(value)
            }
        }
        #expect(mismatched.isEmpty, "\(mismatched.map { String($0, radix: 16) })")
        #expect(MonospaceCellMeasurer.cells(in: "שלום עולם") == 9)
        #expect(MonospaceCellMeasurer.cells(in: Character("\u{5B4}")) == 0, "a niqqud mark alone is no cell")
    }

    @Test func widthIsCellsTimesCellWidth() {
        #expect(MonospaceCellMeasurer(cellWidth: 8).width(of: "コピー") == 48)
        #expect(MonospaceCellMeasurer(cellWidth: 1).width(of: "Copy") == 4)
    }

    @Test func theGeneratedTableIsSortedAndMerged() {
        let table = DisplayWidthTable.wide
        #expect(table.count % 2 == 0)
        for i in stride(from: 0, to: table.count, by: 2) {
            #expect(table[i] <= table[i + 1])
            if i + 2 < table.count { #expect(table[i + 1] + 1 < table[i + 2]) }
        }
        // Boundaries: Hangul Jamo starts wide at U+1100; U+10FF is not; the CJK block edges.
        #expect(MonospaceCellMeasurer.isWide(0x1100))
        #expect(!MonospaceCellMeasurer.isWide(0x10FF))
        #expect(MonospaceCellMeasurer.isWide(0x4E00) && MonospaceCellMeasurer.isWide(0x9FFF))
        #expect(MonospaceCellMeasurer.isWide(0x1F600))
        #expect(!MonospaceCellMeasurer.isWide(0x41))
    }
}
