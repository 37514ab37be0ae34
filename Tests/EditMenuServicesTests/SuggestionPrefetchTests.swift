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

    /// Languages whose Debian dictionaries are in UTF-8 and in other encodings (Hunspell counts only
    /// the first kind in, but every kind out).
    static let someEncodings: Set<String> = ["de", "fr", "pl", "el", "nb", "es"]

    /// Checkers a host makes and lets go (one per window, per menu language) while another checks on
    /// another thread. Hunspell shares one character table among all its dictionaries and frees it
    /// when it counts the last one gone, and a dictionary in another encoding is counted out but never
    /// in: when checkers freed their dictionaries, checks elsewhere lost the table (wrong answers here,
    /// a crash in `editmenu-bench`).
    @Test("Checkers made and let go while another checks on another thread; dictionaries are read once")
    func checkersComeAndGo() throws {
        let (checker, folder) = try Self.checker("comeandgo")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(checker.isMisspelled("recieve", language: "en"))
        let stop = Atomic<Bool>(false)
        let wrong = Atomic<Int>(0)
        let checks = Atomic<Int>(0)
        let worker = Thread {
            var index = 0
            while !stop.load(ordering: .relaxed) {
                index += 1
                // A new word every time, so Hunspell is asked (nothing remembered answers it).
                let letters = String(index, radix: 26).map {
                    Character(UnicodeScalar(UInt8(97 + Int(String($0), radix: 26)!)))
                }
                let word = "qx" + String(letters) + "zq"
                if !checker.isMisspelled(word, language: "en") { wrong.add(1, ordering: .relaxed) }
                // A capitalized word is looked up in lower case, through Hunspell's character table.
                checker.ignore("qxqxq")
                if checker.isMisspelled("House", language: "en") { wrong.add(1, ordering: .relaxed) }
                // A search for suggestions reads the table for its whole length (milliseconds).
                if checker.suggestions(for: "Hovse" + String(letters), language: "en").isEmpty {
                    wrong.add(1, ordering: .relaxed)
                }
                checks.add(1, ordering: .relaxed)
            }
        }
        worker.start()
        defer { stop.store(true, ordering: .relaxed) }
        for round in 0..<12 {
            let other = try #require(EnchantSpellChecker.system(environment: ["HOME": folder.path]))
            for language in other.languages where Self.someEncodings.contains(language) {
                _ = other.isMisspelled("Straße\(round)", language: language)
                _ = other.suggestions(for: "zqxwv", language: language)
            }
            // What a checker let go had read stays read for the next one.
            for language in other.languages where Self.someEncodings.contains(language) {
                let tag = try #require(other.tags[language])
                #expect(EnchantBroker.shared?.loadedDictionary(tag) != nil, "\(tag), round \(round)")
            }
        }
        stop.store(true, ordering: .relaxed)
        while !worker.isFinished { usleep(1000) }
        #expect(checks.load(ordering: .relaxed) > 0)
        #expect(wrong.load(ordering: .relaxed) == 0, "every check answered as the dictionary does")
    }
}
