@_spi(Testing) import EditMenuKit
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

    /// This system's checker, with a personal word list in a fresh folder named after `name` (removed
    /// by the caller).
    static func checker(_ name: String) throws -> (EnchantSpellChecker, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        let checker = try #require(
            EnchantSpellChecker.system(environment: ["XDG_DATA_HOME": folder.path, "HOME": folder.path]),
            "Enchant is not installed (Debian packages libenchant-2-2, hunspell-en-us)")
        return (checker, folder)
    }

    @Test("Marking misspelled words finds their suggestions in the background; the menu then has them at once")
    func markedWordsHaveSuggestions() throws {
        let (checker, folder) = try Self.checker("prefetch")
        defer { try? FileManager.default.removeItem(at: folder) }
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

    @Test("Without waiting: a marked word's suggestions are ready; an unmarked one's are found in the background")
    func withoutWaiting() throws {
        let (checker, folder) = try Self.checker("nowait")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Marked (as a host marks its screen, in the background): ready when the menu opens.
        _ = checker.misspellings(in: "I recieve mail", locale: .english)
        #expect(checker.waitForSuggestionsInAdvance(timeout: 60))
        guard case .misspelled(let ready?) = checker.spellingWithoutWaiting(of: "recieve", language: "en") else {
            Issue.record("a marked word's suggestions are ready")
            return
        }
        #expect(ready.first == "receive")
        #expect(checker.spellingWithoutWaiting(of: "mail", language: "en") == .correct)

        // Never marked: the first answer does not wait; the rest is found in the background.
        let first = checker.spellingWithoutWaiting(of: "lettre", language: "en")
        #expect(first == .pending || first == .misspelled(suggestions: nil) || first.isComplete)
        let deadline = Date().addingTimeInterval(60)
        var answer = first
        while !answer.isComplete, Date() < deadline {
            usleep(5000)
            answer = checker.spellingWithoutWaiting(of: "lettre", language: "en")
        }
        guard case .misspelled(let found?) = answer else {
            Issue.record("the suggestions arrive: \(answer)")
            return
        }
        #expect(found.contains("letter"))
        #expect(found == checker.suggestions(for: "lettre", language: "en"), "the same as the dictionary's search")
    }

    @Test("A menu on a misspelled word never marked opens at once and gets its suggestions when they are found")
    func menuUpdatesWhenSuggestionsArrive() throws {
        let (checker, folder) = try Self.checker("late")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock()
        let host = HeadlessHost(.text(TextEditor(text: "a wierd thing", selection: 2..<7)))
        var configuration = EditMenuConfiguration(idiom: .phone, spellChecker: checker)
        configuration.dataDetector = nil
        let controller = EditMenuController(host: host, configuration: configuration, clock: clock)
        controller.present(input: .touch)
        #expect(controller.isMenuVisible, "shown without waiting for the dictionary")
        let deadline = Date().addingTimeInterval(60)
        while host.shownMenu?.menu.command(.replace) == nil, Date() < deadline {
            // As a host's timer does: the deadline it was given, then that much time passing.
            let due = try #require(controller.nextDeadline, "the host polls until the suggestions are there")
            usleep(10_000)
            clock.advance(by: due - clock.now)
            controller.poll()
        }
        let replace = try #require(host.shownMenu?.menu.command(.replace), "the menu updated with the suggestions")
        #expect(replace.children.map(\.title).contains("weird"))
        #expect(controller.nextDeadline == nil, "nothing left to wait for")
    }
}
