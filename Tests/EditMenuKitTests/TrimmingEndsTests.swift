import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit

@Suite("Trimming a selection's ends")
struct TrimmingEndsTests {
    @Test("trimmingEnds(in:) gives what Foundation's trimmingCharacters(in:) gives, on random text")
    func agreesWithFoundation() {
        var rng = SplitMix64(seed: 5)
        let pieces = [
            "a", "Wort", "日本", "é", "e\u{301}", " ", "\n", "\t", "\u{A0}", "\u{3000}", ",", ".", "!", "«", "»", "—",
            "¿",
            "(", ")", "'", "\u{2019}", "\"", "😀", "-", "_", "@", "#", "\u{200B}", "\u{85}", "\r\n",
        ]
        let sets: [CharacterSet] = [.whitespacesAndNewlines, .whitespacesNewlinesAndPunctuation, .whitespaces]
        for _ in 0..<500 {
            let count = Int(rng.next() % 9)
            let text = (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            for set in sets {
                #expect(text.trimmingEnds(in: set) == text.trimmingCharacters(in: set), "\(Array(text.unicodeScalars))")
            }
        }
        #expect("  «running,»\n".trimmingEnds(in: .whitespacesNewlinesAndPunctuation) == "running")
        #expect(" ?! ".trimmingEnds(in: .whitespacesNewlinesAndPunctuation) == "")
        #expect("".trimmingEnds(in: .whitespaces) == "")
    }

    @Test("The languages the services prefer come first, in the shipped order, each once")
    func preferredOrder() {
        #expect(TextLanguage.preferredOrder(["xx", "de", "en", "de", "aa"]) == ["en", "de", "aa", "xx"])
        #expect(TextLanguage.preferredOrder([]) == [])
    }
}
