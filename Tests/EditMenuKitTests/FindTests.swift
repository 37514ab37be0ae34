import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuKit
@testable import EditMenuText

@Suite("Find")
struct FindTests {
    /// The byte ranges of `text` where `finder` matches, as strings.
    static func found(_ needle: String, in text: String, caseSensitive: Bool = false) -> [String] {
        let storage = TextStorage(text)
        let finder = TextFinder(FindQuery(needle, isCaseSensitive: caseSensitive))
        return finder.allMatches(in: storage).map { storage.string(in: $0) }
    }

    @Test("Case is folded fully by default: ß and SS, final sigma, the Kelvin sign, ligatures")
    func caseFolding() {
        #expect(
            Self.found("strasse", in: "Die Straße und die STRASSE und strasse") == ["Straße", "STRASSE", "strasse"])
        #expect(Self.found("STRAẞE", in: "straße") == ["straße"])
        #expect(Self.found("σοφος", in: "ΣΟΦΟΣ σοφός σοφος") == ["ΣΟΦΟΣ", "σοφος"])
        #expect(Self.found("kelvin", in: "\u{212A}elvin Kelvin") == ["\u{212A}elvin", "Kelvin"])
        #expect(Self.found("office", in: "the o\u{FB03}ce, the OFFICE") == ["o\u{FB03}ce", "OFFICE"])
        #expect(Self.found("hello", in: "HeLLo hello") == ["HeLLo", "hello"])
    }

    @Test("Case-sensitive queries match case exactly, still canonically")
    func caseSensitive() {
        #expect(Self.found("Straße", in: "Straße STRASSE straße", caseSensitive: true) == ["Straße"])
        #expect(Self.found("école", in: "e\u{301}cole École", caseSensitive: true) == ["e\u{301}cole"])
    }

    @Test("Canonically equivalent text matches: precomposed and decomposed é")
    func canonicalEquivalence() {
        #expect(Self.found("école", in: "e\u{301}cole école") == ["e\u{301}cole", "école"])
        #expect(Self.found("e\u{301}cole", in: "ÉCOLE") == ["ÉCOLE"])
    }

    @Test("Matches are whole Characters: never half a cluster")
    func wholeCharacters() {
        #expect(Self.found("e", in: "e\u{301}") == [])
        #expect(Self.found("e", in: "xe\u{301}y e") == ["e"])
        #expect(Self.found("🇯", in: "🇯🇵") == [])
        #expect(Self.found("👩", in: "👩‍👩‍👧 👩") == ["👩"])
        #expect(Self.found("\r", in: "a\r\nb") == [])
        #expect(Self.found("s", in: "ß") == [])
        #expect(Self.found("a", in: "\u{0600}a a") == ["a"]) // U+0600 is a Prepend character
    }

    @Test("Find Next and Find Previous move from the selection and say when they wrap")
    func nextAndPrevious() {
        let storage = TextStorage("one two one two one")
        let finder = TextFinder(FindQuery("one"))
        #expect(finder.match(in: storage, after: 0..<0, direction: .forward) == FindMatch(range: 0..<3, wrapped: false))
        #expect(
            finder.match(in: storage, after: 0..<3, direction: .forward) == FindMatch(range: 8..<11, wrapped: false))
        #expect(
            finder.match(in: storage, after: 16..<19, direction: .forward) == FindMatch(range: 0..<3, wrapped: true))
        #expect(
            finder.match(in: storage, after: 8..<11, direction: .backward) == FindMatch(range: 0..<3, wrapped: false))
        #expect(
            finder.match(in: storage, after: 0..<3, direction: .backward) == FindMatch(range: 16..<19, wrapped: true))
        #expect(finder.match(in: storage, after: 16..<19, direction: .forward, wraps: false) == nil)
        #expect(TextFinder(FindQuery("three")).match(in: storage, after: 0..<0, direction: .forward) == nil)
        #expect(TextFinder(FindQuery("")).match(in: storage, after: 0..<0, direction: .forward) == nil)
    }

    @Test("Matches are found across the storage's pieces, and in long runs past the vector loop")
    func acrossPieces() throws {
        var storage = TextStorage(String(repeating: "abcdefgh", count: 64))
        // Split "needle" over three pieces.
        try storage.insert("ne", at: 300)
        try storage.insert("ed", at: 302)
        try storage.insert("LE", at: 304)
        try storage.insert("Straße", at: 100)
        #expect(storage.pieceCount > 3)
        let finder = TextFinder(FindQuery("needle"))
        let range = try #require(finder.firstMatch(in: storage, within: 0..<storage.byteCount))
        #expect(storage.string(in: range) == "needLE")
        #expect(TextFinder(FindQuery("STRASSE")).allMatches(in: storage).map { storage.string(in: $0) } == ["Straße"])
    }

    @Test("isMatch says whether a selection is exactly one match")
    func isMatch() {
        let storage = TextStorage("Straße strasse")
        let finder = TextFinder(FindQuery("STRASSE"))
        #expect(finder.isMatch(0..<7, in: storage))
        #expect(finder.isMatch(8..<15, in: storage))
        #expect(!finder.isMatch(0..<8, in: storage))
        #expect(!finder.isMatch(1..<7, in: storage))
    }

    // MARK: Property tests

    static let tokens = [
        "a", "A", "bc", " ", "é", "e\u{301}", "É", "日本", "😀", "👩‍👩‍👧", "🇯🇵", "\n", "\r\n", "ß", "ss", "SS", "can't",
        "Ωμέγα", "ς", "Σ", "ǅ", "\u{FB01}", "fi", "k", "\u{212A}",
    ]

    static func randomText(_ rng: inout SplitMix64, count: Int) -> String {
        (0..<count).map { _ in tokens[Int(rng.next() % UInt64(tokens.count))] }.joined()
    }

    /// Every match by brute force: each pair of Character boundaries whose text has the needle's key.
    static func bruteForce(_ needle: String, in text: String, caseSensitive: Bool) -> [Range<Int>] {
        let table = caseSensitive ? CaselessKeyTable.canonical : CaselessKeyTable.folding
        func key(_ s: Substring) -> [UInt32] {
            var k: [UInt32] = []
            for scalar in s.unicodeScalars { table.appendKey(of: scalar.value, to: &k) }
            return k
        }
        let target = key(Substring(needle))
        guard !target.isEmpty else { return [] }
        var bounds: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            bounds.append(index)
            index = text.index(after: index)
        }
        bounds.append(text.endIndex)
        var result: [Range<Int>] = []
        var next = 0
        for i in bounds.indices {
            let start = text.utf8.distance(from: text.startIndex, to: bounds[i])
            guard start >= next else { continue }
            for j in bounds.indices where j > i {
                let k = key(text[bounds[i]..<bounds[j]])
                if k.count > target.count { break }
                if k == target {
                    let end = text.utf8.distance(from: text.startIndex, to: bounds[j])
                    result.append(start..<end)
                    next = end
                    break
                }
            }
        }
        return result
    }

    @Test("Random texts: the finder finds exactly what brute force over Characters finds", arguments: [false, true])
    func randomAgainstBruteForce(caseSensitive: Bool) {
        var rng = SplitMix64(seed: caseSensitive ? 77 : 14)
        var total = 0
        for _ in 0..<150 {
            let text = Self.randomText(&rng, count: Int(rng.next() % 60) + 1)
            let needle = Self.randomText(&rng, count: Int(rng.next() % 3) + 1)
            let storage = TextStorage(text)
            let finder = TextFinder(FindQuery(needle, isCaseSensitive: caseSensitive))
            let found = finder.allMatches(in: storage)
            let expected = Self.bruteForce(needle, in: text, caseSensitive: caseSensitive)
            #expect(found == expected, "needle \(needle.debugDescription) in \(text.debugDescription)")
            total += found.count
            for range in found {
                #expect(storage.isGraphemeBoundary(range.lowerBound) && storage.isGraphemeBoundary(range.upperBound))
            }
            // Find Previous from the end finds the last match that brute force finds last.
            if let last = expected.last,
                let previous = finder.match(
                    in: storage, after: storage.byteCount..<storage.byteCount, direction: .backward)
            {
                #expect(previous.range.lowerBound >= last.lowerBound)
            }
        }
        #expect(total > 50, "the random texts should hold many matches (\(total))")
    }

    @Test("Random texts in many pieces: every match found is whole Characters and has the needle's key")
    func randomPieces() throws {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<40 {
            var storage = TextStorage()
            for _ in 0..<30 {
                let token = Self.randomText(&rng, count: Int(rng.next() % 8) + 1)
                let at = storage.graphemeBoundary(atOrBefore: Int(rng.next() % UInt64(storage.byteCount + 1)))
                try storage.insert(token, at: at)
            }
            let text = storage.string
            let needle = Self.randomText(&rng, count: 1)
            let found = TextFinder(FindQuery(needle)).allMatches(in: storage)
            #expect(
                found == Self.bruteForce(needle, in: text, caseSensitive: false),
                "\(needle) in \(text.debugDescription)")
        }
    }
}
