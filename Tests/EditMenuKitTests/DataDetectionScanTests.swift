@testable import EditMenuDataDetection
@_spi(Inlinable) import EditMenuText
import Foundation
import Testing

/// The shortcuts the scanners take before their full rules (issue 25's detection work): each must
/// refuse only what the full rules would refuse, so these compare them with what they stand for.
struct DataDetectionScanTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// Texts of every kind of token run: words, numbers, symbols, spaces, line breaks, CJK, emoji.
    static let texts = [
        "", "a", "1", " ", "12 34 56", "Meet at 1 Infinite Loop, Cupertino, CA 95014.",
        "5 грудня 2026, 12.–14. März 2027, 2026年12月5日, через 3 часа",
        "  leading and trailing  \n\n", "l'été d’Anna — 👩‍👩‍👧 ok", String(repeating: "x1 ", count: 40),
        "〒530-0001 大阪府大阪市北区梅田三丁目1番3号",
    ]

    /// The tokenizer's definition, written plainly: words (letters and marks, apostrophes between
    /// letters) with their keys, numbers (ASCII digits), one token a symbol; spaces and line breaks none.
    static func referenceTokens(_ scalars: [UInt32]) -> [ScannedText.Token] {
        var tokens: [ScannedText.Token] = []
        var index = 0
        while index < scalars.count {
            let value = scalars[index]
            let start = index
            if Scalar.isSpace(value) || Scalar.isNewline(value) {
                index += 1
                continue
            } else if Scalar.isDigit(value) {
                while index < scalars.count, Scalar.isDigit(scalars[index]) { index += 1 }
                tokens.append(ScannedText.Token(kind: .number, start: start, end: index))
            } else if Scalar.isLetter(value) {
                index += 1
                while index < scalars.count {
                    let next = scalars[index]
                    if Scalar.isLetter(next) || Scalar.isMark(next) {
                        index += 1
                    } else if next == 0x27 || next == 0x2019, index + 1 < scalars.count,
                        Scalar.isLetter(scalars[index + 1])
                    {
                        index += 2
                    } else {
                        break
                    }
                }
                let key = ScalarLexicon<Bool>.hash(scalars[start..<index].map(Scalar.lowercased))
                tokens.append(ScannedText.Token(kind: .word, start: start, end: index, key: key))
            } else {
                index += 1
                tokens.append(ScannedText.Token(kind: .symbol, start: start, end: index))
            }
        }
        return tokens
    }

    @Test(
        arguments: texts + [
            "O'Neil’s naïve café\u{0301} ДОМ\u{0483} Straße ΑΘΗΝΑ x'", "a\u{85}b\u{A0}c\u{2028}d\u{3000}e\u{202F}f",
            "'lead 'quote'' end’", "\u{0301}mark first", "tab\tand\r\nCRLF\u{0B}\u{0C}",
        ])
    func tokensAreTheTokenizersDefinition(_ text: String) {
        let scanned = ScannedText(text)
        #expect(scanned.tokens == Self.referenceTokens(scanned.scalars), "\(text)")
    }

    @Test(arguments: texts)
    func tokenIndexIsTheFirstTokenEndingAfterTheOffset(_ text: String) {
        let scanned = ScannedText(text)
        for offset in -2...(scanned.count + 2) {
            let firstEndingAfter = scanned.tokens.firstIndex { $0.end > offset } ?? scanned.tokens.count
            let expected = offset <= 0 ? 0 : offset >= scanned.count ? scanned.tokens.count : firstEndingAfter
            #expect(scanned.tokenIndex(atOrAfter: offset) == expected, "\(text) at \(offset)")
        }
    }

    @Test(arguments: texts)
    func theFirstCJKOffsetIsTheFirstScalarFromU3000ToU9FFF(_ text: String) {
        let scanned = ScannedText(text)
        let expected = scanned.scalars.firstIndex { $0 >= 0x3000 && $0 <= 0x9FFF } ?? scanned.count
        #expect(scanned.firstCJKOffset == expected)
    }

    /// A bare host needs a letter in a label after its first dot (its top-level domain has one): labels of
    /// digits alone are refused before the host is read, and a letter anywhere later still reads it.
    @Test(
        arguments: [
            ("pi 3.14, v2.0.1, 14:05:33.123 and 10-20.30", []),
            (
                "see 1.2.3.de and 4-5.co.uk, 123.example.com",
                ["https://1.2.3.de", "https://4-5.co.uk", "https://123.example.com"]
            ),
            ("www.2.3 is none, www.example.com is", ["https://www.example.com"]),
        ] as [(String, [String])])
    func bareHostsNeedALetterAfterTheirFirstDot(_ text: String, _ links: [String]) {
        let found = Self.detector.detect(in: text).compactMap { item -> String? in
            guard case .link(let link) = item.value else { return nil }
            return link.url
        }
        #expect(found == links, "\(text)")
    }

    @Test func everyPrefectureEndsInTheCharacterTheScannerLooksFor() {
        for name in AddressScanner.japanesePrefectures {
            #expect(name.unicodeScalars.last.map { AddressScanner.isPrefectureEnd($0.value) } == true, "\(name)")
        }
    }

    @Test func aJapaneseAddressAfterALongLatinPrefixIsFound() {
        let written = "〒530-0001 大阪府大阪市北区梅田三丁目1番3号"
        let text = String(repeating: "Latin words and 12 numbers, ", count: 20) + written
        let found = Self.detector.detect(in: text).filter { $0.type == .address }
        #expect(found.map(\.matchedText) == [written])
    }

    /// House numbers after runs of numbers, and with each piece a street may put between the number
    /// and its first word: a range, a fraction, a letter, an ordinal.
    @Test(
        arguments: [
            "12 34 56 78 1 Infinite Loop, Cupertino, CA 95014",
            "1418 1/2 Main St, Springfield, IL 62701",
            "91-1010 Fort Weaver Rd, Ewa Beach, HI 96706",
            "123 5th Avenue, New York, NY 10010",
            "221B Baker Street, London NW1 6XE",
            "200 main street se decatur al 35601",
        ])
    func houseNumbersReachTheirStreets(_ written: String) throws {
        let address = try #require(Self.detector.detect(in: written).first { $0.type == .address }, "\(written)")
        #expect(written.hasSuffix(address.matchedText), "\(written): \(address.matchedText)")
        #expect(address.matchedText.first?.isNumber == true)
    }

    @Test(arguments: ["3.14 2.0.1 $19.99 12 34 56 78 90", "5 грудня 2026, через 3 часа", "10:00 PST, 3/4/79 [14:32]"])
    func numbersWithoutAStreetStartNoAddress(_ text: String) {
        #expect(Self.detector.detect(in: text).allSatisfy { $0.type != .address })
    }
}
