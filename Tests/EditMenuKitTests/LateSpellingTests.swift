import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import EditMenuKit

/// A menu is never held up by the spell checker: it is built with what the checker knows at once
/// (``SpellChecker/spellingWithoutWaiting(of:language:)``), and rebuilt on ``EditMenuController/poll()``
/// when the checker knows more — a misspelled word's suggestions, found in the background.
@Suite("Host SDK: spelling suggestions that arrive after the menu")
struct LateSpellingTests {
    let clock = ManualClock()

    /// A checker whose answers are set by the test; it records every call that could wait (the
    /// dictionary lookups and searches a menu must not make on the host's input path).
    final class GatedChecker: SpellChecker {
        struct State {
            var answer: SpellingAnswer = .pending
            var waitingCalls: [String] = []
        }
        let state = Mutex(State())
        var languages: [String] { ["en"] }
        var generation: Int { 0 }
        var answer: SpellingAnswer {
            get { state.withLock { $0.answer } }
            set { state.withLock { $0.answer = newValue } }
        }
        var waitingCalls: [String] { state.withLock { $0.waitingCalls } }
        func isMisspelled(_ word: String, language: String) -> Bool {
            state.withLock { $0.waitingCalls.append("isMisspelled(\(word))") }
            return word == "recieve"
        }
        func suggestions(for word: String, language: String) -> [String] {
            state.withLock { $0.waitingCalls.append("suggestions(\(word))") }
            return ["receive", "relieve"]
        }
        func spellingWithoutWaiting(of word: String, language: String) -> SpellingAnswer {
            word == "recieve" ? answer : .correct
        }
        func ignore(_ word: String) {}
        func learn(_ word: String, language: String) throws(ServiceError) {}
    }

    func make(_ text: String, selection: Range<Int>, idiom: Idiom = .phone, checker: GatedChecker)
        -> (HeadlessHost, EditMenuController)
    {
        let host = HeadlessHost(.text(TextEditor(text: text, selection: selection)))
        var configuration = EditMenuConfiguration(idiom: idiom, spellChecker: checker)
        configuration.dataDetector = nil
        return (host, EditMenuController(host: host, configuration: configuration, clock: clock))
    }

    @Test("A controller no one polls (waitsForSpelling) builds its first menu with the whole answer")
    func waitsForSpellingWhenNoOnePolls() throws {
        let checker = GatedChecker()
        checker.answer = .pending
        let host = HeadlessHost(.text(TextEditor(text: "I recieve mail", selection: 2..<9)))
        var configuration = EditMenuConfiguration(idiom: .phone, spellChecker: checker)
        configuration.dataDetector = nil
        configuration.waitsForSpelling = true
        let controller = EditMenuController(host: host, configuration: configuration, clock: clock)
        controller.present(input: .keyboard)
        let replace = try #require(host.shownMenu?.menu.command(.replace), "Replace… with the first menu")
        #expect(replace.children.map(\.title) == ["receive", "relieve"])
        #expect(checker.waitingCalls == ["isMisspelled(recieve)", "suggestions(recieve)"], "it asked and waited")
        #expect(controller.nextDeadline == nil, "nothing left to poll for")
    }

    @Test("Suggestions still being found: the menu opens at once without them, then shows them when they arrive")
    func suggestionsArriveLater() throws {
        let checker = GatedChecker()
        checker.answer = .misspelled(suggestions: nil)
        let (host, controller) = make("I recieve mail", selection: 2..<9, checker: checker)
        controller.present(input: .keyboard)
        let first = try #require(host.shownMenu, "the menu is shown without waiting")
        #expect(first.menu.command(.replace) == nil, "no Replace… until there are suggestions to offer")
        #expect(checker.waitingCalls.isEmpty, "building the menu never waits for the checker")
        #expect(controller.nextDeadline == clock.now + 0.05, "the host polls while the suggestions are found")
        let focused = first.focusedItem

        controller.poll()
        #expect(host.shownMenu?.menu.command(.replace) == nil, "not found yet: the menu is left as it is")

        checker.answer = .misspelled(suggestions: ["receive", "relieve"])
        controller.poll()
        let updated = try #require(host.shownMenu)
        let replace = try #require(updated.menu.command(.replace), "the menu is rebuilt with the suggestions")
        #expect(replace.children.map(\.title) == ["receive", "relieve"])
        #expect(updated.focusedItem == focused, "the keyboard focus stays where it was")
        #expect(controller.nextDeadline == nil, "nothing more to wait for")
        #expect(checker.waitingCalls.isEmpty)

        controller.choose(.replace)
        controller.choose(.replacement(0))
        #expect(host.editor?.text == "I receive mail")
    }

    @Test("Spelling not known yet (the dictionary is being read): the menu opens as for a correct word, then updates")
    func spellingPending() throws {
        let checker = GatedChecker()
        // The Mac's context menu: suggestions inline, then Ignore and Learn Spelling.
        let (host, controller) = make("I recieve mail", selection: 2..<9, idiom: .mac, checker: checker)
        controller.present(input: .pointer, at: CGPoint(x: 30, y: 305))
        let first = try #require(host.shownMenu)
        #expect(first.menu.command(.replacement(0)) == nil)
        #expect(first.menu.command(.ignoreSpelling) == nil, "not marked as misspelled before the checker knows")
        #expect(controller.nextDeadline != nil)

        checker.answer = .misspelled(suggestions: nil)
        controller.poll()
        #expect(host.shownMenu?.menu.command(.ignoreSpelling) != nil, "known misspelled: rebuilt at once")
        #expect(controller.nextDeadline != nil, "still waiting for the suggestions")

        checker.answer = .misspelled(suggestions: ["receive"])
        controller.poll()
        #expect(host.shownMenu?.menu.command(.replacement(0))?.title == "receive")
        #expect(controller.nextDeadline == nil)
        #expect(checker.waitingCalls.isEmpty)
    }

    @Test("A menu dismissed before the suggestions arrive is not shown again; a correct word waits for nothing")
    func dismissedOrCorrect() throws {
        let checker = GatedChecker()
        checker.answer = .misspelled(suggestions: nil)
        let (host, controller) = make("I recieve mail", selection: 2..<9, checker: checker)
        controller.present(input: .keyboard)
        #expect(controller.nextDeadline != nil)
        controller.dismiss()
        #expect(controller.nextDeadline == nil, "no polling for a menu that is gone")
        checker.answer = .misspelled(suggestions: ["receive"])
        let calls = host.calls.count
        controller.poll()
        #expect(!controller.isMenuVisible)
        #expect(host.calls.count == calls, "nothing shown again")

        let (correctHost, correctController) = make("I receive mail", selection: 2..<9, checker: checker)
        correctController.present(input: .keyboard)
        #expect(correctHost.shownMenu?.menu.command(.replace) == nil)
        #expect(correctController.nextDeadline == nil)
    }

    @Test("A word found correct after all leaves the menu as it is; an expanded bar stays expanded when rebuilt")
    func correctAfterAllAndExpanded() throws {
        let checker = GatedChecker()
        let (host, controller) = make("I recieve mail", selection: 2..<9, checker: checker)
        controller.present(input: .touch)
        let calls = host.calls.count
        checker.answer = .correct
        controller.poll()
        #expect(host.calls.count == calls, "the menu was built as for a correct word: not shown again")
        #expect(controller.nextDeadline == nil)

        // The current bar expanded into the list of every item, then the suggestions arrive.
        let expandable = GatedChecker()
        expandable.answer = .misspelled(suggestions: nil)
        // A narrow window, where the current bar keeps Select All behind its chevron.
        let current = HeadlessHost(
            .text(TextEditor(text: "I recieve mail", selection: 2..<9)),
            container: MenuContainer(bounds: CGRect(x: 0, y: 0, width: 150, height: 600)))
        var configuration = EditMenuConfiguration(idiom: .phone, spellChecker: expandable)
        configuration.dataDetector = nil
        configuration.release = .current
        let currentController = EditMenuController(host: current, configuration: configuration, clock: clock)
        currentController.present(input: .touch)
        #expect(currentController.presentedMenu?.layout.isExpandable == true, "the current bar has its chevron")
        currentController.expandMenu()
        #expect(current.shownMenu?.layout.style == .contextMenu)
        expandable.answer = .misspelled(suggestions: ["receive"])
        currentController.poll()
        #expect(
            current.shownMenu?.layout.style == .contextMenu, "still the list: \(String(describing: current.calls.last))"
        )
        #expect(current.shownMenu?.menu.command(.replace) != nil)
    }

    @Test("A checker that never waits (the protocol's default) gives the menu its suggestions at once")
    func defaultAnswersAtOnce() {
        final class Immediate: SpellChecker {
            var languages: [String] { ["en"] }
            var generation: Int { 0 }
            func isMisspelled(_ word: String, language: String) -> Bool { word == "teh" }
            func suggestions(for word: String, language: String) -> [String] { ["the", "ten"] }
            func ignore(_ word: String) {}
            func learn(_ word: String, language: String) throws(ServiceError) {}
        }
        let checker = Immediate()
        #expect(checker.spellingWithoutWaiting(of: "teh", language: "en") == .misspelled(suggestions: ["the", "ten"]))
        #expect(checker.spellingWithoutWaiting(of: "the", language: "en") == .correct)
        #expect(SpellingAnswer.pending.isComplete == false)
        #expect(SpellingAnswer.misspelled(suggestions: nil).isComplete == false)
        #expect(SpellingAnswer.misspelled(suggestions: []).isComplete)
    }
}
