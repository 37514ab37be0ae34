@testable import EditMenuDataDetection
@_spi(Inlinable) import EditMenuText
import EditMenuTestSupport
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

    /// Japanese texts and their neighbours, in pieces: prefectures, postal codes, marks that end no
    /// prefecture's name, kanji numbers, Latin and Cyrillic between them.
    static let japanesePieces = [
        "〒100-0005 ", "〒530-0001", "東京都", "大阪府", "北海道", "神奈川県", "京都府", "千代田区", "丸の内", "1-1-1",
        "大阪市北区梅田", "三丁目1番3号", "一番町", "都", "県", "府", "道", "年", "12月5日", "中文", "abc ", "12 ",
        "улица ", "〒", "—", "\n",
    ]

    /// The text's Japanese addresses as every CJK scalar is tried in turn (the scan before it passed
    /// over the offsets more than three before the next 〒, 都, 道, 府 or 県).
    static func japaneseByEveryStart(_ text: String) -> [Range<Int>] {
        let scanner = AddressScanner(text: ScannedText(text))
        var found: [Range<Int>] = []
        var offset = 0
        while offset < scanner.text.count {
            let value = scanner.text[offset]
            if value == 0x3012 || (0x4E00...0x9FFF).contains(value), let candidate = scanner.japanese(at: offset) {
                found.append(candidate.range)
                offset = candidate.range.upperBound
            } else {
                offset += 1
            }
        }
        return found
    }

    @Test func japaneseAddressesAreThoseOfEveryStart() {
        var random = SplitMix64(seed: 0x7e11_0a5e)
        var addresses = 0
        for _ in 0..<600 {
            var text = ""
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                text += Self.japanesePieces.randomElement(using: &random)!
            }
            var found: [Candidate] = []
            AddressScanner(text: ScannedText(text)).scanJapanese(into: &found)
            let expected = Self.japaneseByEveryStart(text)
            #expect(found.map(\.range) == expected, "\(text)")
            addresses += expected.count
        }
        // The texts hold addresses: the comparison is not only of empty lists.
        #expect(addresses > 50)
    }

    @Test func theNextJapaneseMarkIsTheFirstAtOrAfterTheStart() {
        let marks: [UInt32] = [0x3012, 0x90FD, 0x9053, 0x5E9C, 0x770C]
        let others: [UInt32] = [0x41, 0x3011, 0x3013, 0x4E00, 0x90FC, 0x90FE, 0x770B, 0x770D, 0x5E9B, 0x9052, 0x20]
        var random = SplitMix64(seed: 0x3a7c)
        for _ in 0..<300 {
            let scalars = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<12, using: &random) == 0
                    ? marks.randomElement(using: &random)! : others.randomElement(using: &random)!
            }
            for start in 0...scalars.count {
                let expected = scalars[start...].firstIndex { marks.contains($0) } ?? scalars.count
                #expect(AddressScanner.nextJapaneseMark(in: scalars, from: start) == expected, "\(scalars) \(start)")
            }
        }
    }

    /// Scalars of every class the Character walk's sixteen-byte runs tell apart: those they take
    /// (printable ASCII, Latin-1 and Latin Extended, Cyrillic to U+047F, ideographs from U+5000) and
    /// those they leave to the walk (combining marks, a Cyrillic titlo, CR, controls, dashes, kana and
    /// its voicing mark, ideographs before U+5000, emoji, joiners, variation selectors).
    static let walkScalars: [UInt32] = [
        0x61, 0x20, 0x7E, 0x0A, 0x09, 0xE9, 0x2FF, 0x430, 0x47F, 0x5E74, 0x9FFF, 0x301, 0x483, 0x0D, 0x7F, 0x01,
        0x2013, 0x3042, 0x3099, 0x4E00, 0x4DFF, 0x1F600, 0x200D, 0xFE0F, 0x480, 0x52F, 0x85,
    ]

    @Test func sixteenByteRunsHoldOnlySimpleScalarsWithCertainBoundaries() {
        var random = SplitMix64(seed: 0x16b1)
        var runs = 0
        for _ in 0..<400 {
            // Mostly scalars the runs take, so that runs are found.
            let values = (0..<Int.random(in: 1...60, using: &random)).map { _ in
                let classes = Int.random(in: 0..<4, using: &random) == 0 ? Self.walkScalars.count : 10
                return Self.walkScalars[Int.random(in: 0..<classes, using: &random)]
            }
            var text = String.UnicodeScalarView()
            for value in values { text.append(Unicode.Scalar(value)!) }
            let bytes = Array(String(text).utf8)
            var starts: [Int] = [] // the byte offset of each scalar
            var offset = 0
            for value in values {
                starts.append(offset)
                offset += String(Unicode.Scalar(value)!).utf8.count
            }
            for (position, start) in starts.enumerated() {
                guard let run = bytes.withUnsafeBufferPointer({ Scalar.simpleRun($0, at: start) }) else {
                    continue
                }
                runs += 1
                // Sixteen bytes of whole scalars, each simple, and the one after them simple too.
                let inside = starts[position...].prefix { $0 < start + 16 }.count
                #expect(run == inside, "\(values) at \(start)")
                #expect(starts.contains(start + 16), "\(values) at \(start)")
                #expect(values[position...(position + inside)].allSatisfy(Scalar.isSimple), "\(values) at \(start)")
            }
        }
        #expect(runs > 200)
    }

    /// Items after runs of every class the walk takes sixteen bytes at a time, then a scalar that joins
    /// the one before it, at every offset: their Character ranges are String's.
    @Test func charactersAfterSimpleRunsAreCountedAsStringCounts() throws {
        let runs = ["xyz", "été", "дом", "年月日", "aд年é"]
        for run in runs {
            for joiner in ["\u{301}", "\u{483}", "\r\n", "\u{200D}\u{1F600}", "\u{3099}", "\u{FE0F}", "–"] {
                for count in 0..<12 {
                    let prefix =
                        String(repeating: run, count: count) + joiner + String(repeating: run, count: count % 3)
                    let text = prefix + " mail jane@example.com now"
                    let characters = Array(text)
                    let result = Self.detector.detect(inCharacterRange: 0..<characters.count, of: text)
                    let item = try #require(result.items.first, "\(run) \(joiner) \(count)")
                    #expect(
                        String(characters[item.characterRange]) == "jane@example.com", "\(run) \(joiner) \(count)")
                }
            }
        }
    }

    /// Scalar ranges aligned to Characters as String counts them: widened to whole Characters, with
    /// their Character and UTF-8 offsets, whatever runs of printable ASCII (taken eight scalars at a
    /// time) they start with or cross.
    @Test func alignedRangesAreStringsCharacters() {
        let pieces = [
            "a", "abcdefgh", "0123456789 abcdef", "   ", "дом", "年月日", "é", "e\u{301}", "\r\n", "\u{1F1EB}\u{1F1F7}",
            "\u{1F469}\u{200D}\u{1F467}", "–", "\t", "\u{483}", "x\u{FE0F}",
        ]
        var random = SplitMix64(seed: 0xa119)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...14, using: &random) { text += pieces.randomElement(using: &random)! }
            // Each scalar's Character, and its UTF-8 offset.
            var characterOf: [Int] = []
            var byteOf: [Int] = []
            var bytes = 0
            for (index, character) in text.enumerated() {
                for scalar in character.unicodeScalars {
                    characterOf.append(index)
                    byteOf.append(bytes)
                    bytes += String(scalar).utf8.count
                }
            }
            characterOf.append(text.count)
            byteOf.append(bytes)
            let count = characterOf.count - 1
            var bounds = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Int.random(in: 0...count, using: &random)
            }
            bounds.sort()
            var ranges: [Range<Int>] = []
            for pair in stride(from: 0, to: bounds.count - 1, by: 2) where bounds[pair] < bounds[pair + 1] {
                ranges.append(bounds[pair]..<bounds[pair + 1])
            }
            let aligned = ScannedText(text).characterAligned(ranges)
            #expect(aligned.count == ranges.count)
            for (range, result) in zip(ranges, aligned) {
                var lower = range.lowerBound
                var upper = range.upperBound
                while lower > 0, characterOf[lower - 1] == characterOf[lower] { lower -= 1 }
                while upper < count, characterOf[upper] == characterOf[upper - 1] { upper += 1 }
                #expect(result.scalars == lower..<upper, "\(text.unicodeScalars.map(\.value)) \(range)")
                #expect(result.characters == characterOf[lower]..<(characterOf[upper - 1] + 1))
                #expect(
                    result.bytes == byteOf[lower]..<byteOf[upper],
                    "\(text.unicodeScalars.map(\.value)) \(range) \(ranges)")
            }
        }
    }

    /// The generated tables split on UTF-8 bytes into the same lines and fields as by Characters, with
    /// every separator their parsers use.
    @Test func tablesSplitIntoTheSameFieldsAsByCharacters() {
        let tables = [
            DateLexicon.table, PhoneMetadata.table, PhoneMetadata.likelyRegionList, PhoneMetadata.fallbackRegionList,
            PublicSuffixes.table, StreetSuffixes.table, TrackingNumberFormat.table,
        ]
        var fields = 0
        for table in tables {
            #expect(table.fields("\n") == table.split(separator: "\n"))
            for line in table.split(separator: "\n") {
                for separator in [":", "|", ",", "~", "-", "=", " "] as [Character] {
                    let scalar = separator.unicodeScalars.first!
                    #expect(line.fields(scalar) == line.split(separator: separator), "\(line)")
                    #expect(line.fields(scalar, maxSplits: 1) == line.split(separator: separator, maxSplits: 1))
                    #expect(
                        line.fields(scalar, omittingEmptySubsequences: false)
                            == line.split(separator: separator, omittingEmptySubsequences: false))
                    fields += line.fields(scalar).count
                }
            }
        }
        #expect(fields > 10_000)
        // A line of several scripts, empty fields and a separator last.
        let mixed = "ru:улица,,пр-т|ja:東京都||"
        #expect(mixed.fields("|", omittingEmptySubsequences: false) == ["ru:улица,,пр-т", "ja:東京都", "", ""])
        #expect(mixed.fields(",") == mixed.split(separator: ","))
    }

    /// A lexicon holds a key once: the same word again replaces its value; the word in other capitals
    /// is a key of its own, found after the first (as a lexicon built through a dictionary of Strings had it).
    @Test func aLexiconKeepsEachKeyOnceAndItsLastValue() {
        let lexicon = ScalarLexicon([("ab", 1), ("AB", 2), ("ab", 3), ("cd", 4), ("Cd", 5)])
        let text = ScannedText("ab AB cd CD x")
        #expect(lexicon.value(in: text, 0..<2) == 3)
        #expect(lexicon.value(in: text, 3..<5) == 3)
        #expect(lexicon.value(in: text, 6..<8) == 4)
        #expect(lexicon.value(in: text, 9..<11) == 4)
        #expect(lexicon.value(in: text, 12..<13) == nil)
    }

    /// The text detected in the background when a controller is made reaches every scanner: it holds
    /// an item of every type.
    @Test func thePreparationTextHoldsAnItemOfEveryType() {
        let found = Set(Self.detector.detect(in: DataDetector.preparationText).map(\.type))
        #expect(found == Set(DataType.allCases))
        DataDetector.prepare()
        DataDetector.prepareInBackground()
    }
}
