import EditMenuKit
import Foundation
import Synchronization
import Testing

@testable import EditMenuServices

/// Spelling suggestions found in the background when words are marked misspelled, so a menu on one of
/// them does not wait for a dictionary search.
@Suite("Spelling suggestions found in advance")
struct SuggestionPrefetchTests {
    /// Records the words the queue hands out, in order.
    final class Found: Sendable {
        let words = Mutex<[String]>([])
    }

    @Test("The queue searches the newest word first, once per word, and drops the oldest beyond its limit")
    func queueOrder() {
        // The checker was busy just now: the worker waits for it to be quiet, so every word is queued first.
        let queue = SuggestionPrefetchQueue(limit: 4, quietInterval: 0.5)
        queue.noteCheck()
        let found = Found()
        for word in ["one", "two", "three", "two", "four", "five", "six"] {
            queue.add(SuggestionPrefetchQueue.Word(word: word, language: "en")) { next in
                found.words.withLock { $0.append(next.word) }
            }
        }
        #expect(queue.isBusy)
        #expect(queue.waitUntilIdle(timeout: 30))
        // "one" and "three" fell off the end of the four waiting; "two" moved up when added again.
        #expect(found.words.withLock { $0 } == ["six", "five", "four", "two"])
        #expect(!queue.isBusy)
    }

    @Test("Marking misspelled words finds their suggestions in the background; the menu then has them at once")
    func markedWordsHaveSuggestions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let checker = try #require(
            EnchantSpellChecker.system(environment: ["XDG_DATA_HOME": folder.path, "HOME": folder.path]),
            "Enchant is not installed (Debian packages libenchant-2-2, hunspell-en-us)")
        #expect(!checker.hasSuggestions(for: "recieve", language: "en"))
        let marks = checker.misspellings(in: "I recieve teh lettre today", locale: .english)
        #expect(marks.count == 3)
        #expect(checker.waitForSuggestionsInAdvance(timeout: 60))
        for word in ["recieve", "teh", "lettre"] {
            #expect(checker.hasSuggestions(for: word, language: "en"), "\(word)")
        }
        #expect(!checker.hasSuggestions(for: "today", language: "en"), "a correct word is not searched")
        // What the menu asks: the same answer the dictionary gives.
        #expect(checker.suggestions(forMisspelled: ("recieve", "en")).first == "receive")
        // A word judged before, whose suggestions were forgotten (Ignore Spelling clears them), is searched
        // again when it is marked again.
        checker.ignore("zzqx")
        #expect(!checker.hasSuggestions(for: "recieve", language: "en"))
        _ = checker.misspellings(in: "recieve", locale: .english)
        #expect(checker.waitForSuggestionsInAdvance(timeout: 60))
        #expect(checker.hasSuggestions(for: "recieve", language: "en"))
    }
}
