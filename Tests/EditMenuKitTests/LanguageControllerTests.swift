import EditMenuTestSupport
import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import EditMenuKit

/// What the controller does with language services, over a headless host and small in-memory services
/// (the real tools are tested in EditMenuServicesTests): background work collected on poll, panels and
/// their buttons, spelling through a spell checker, the menu bar's spelling and speech items.
@Suite("Host SDK: language services in the controller")
struct LanguageControllerTests {
    let clock = ManualClock()

    /// A spell checker knowing a few English words; everything else of two or more letters is
    /// misspelled, with "receive" as its suggestion for "recieve".
    final class WordListChecker: SpellChecker {
        let known: Set<String> = ["I", "a", "receive", "mail", "the", "letter", "today", "hello"]
        let state = Mutex<(ignored: Set<String>, learned: Set<String>, generation: Int)>(([], [], 0))
        var languages: [String] { ["en"] }
        var generation: Int { state.withLock { $0.generation } }
        func isMisspelled(_ word: String, language: String) -> Bool {
            let (ignored, learned, _) = state.withLock { $0 }
            return !known.contains(word) && !ignored.contains(word) && !learned.contains(word)
        }
        func suggestions(for word: String, language: String) -> [String] {
            word == "recieve" ? ["receive", "relieve"] : []
        }
        func ignore(_ word: String) {
            state.withLock {
                $0.ignored.insert(word)
                $0.generation += 1
            }
        }
        func learn(_ word: String, language: String) throws(ServiceError) {
            state.withLock {
                $0.learned.insert(word)
                $0.generation += 1
            }
        }
    }

    /// A service answering in the background (a translator).
    struct SlowUpperCase: EditMenuService {
        let gate = DispatchSemaphore(value: 0)
        var commands: Set<EditCommand.ID> { [.translate] }
        func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool { true }
        func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
            let text = request.text
            let gate = gate
            return .later(
                ServiceTask { () throws(ServiceError) in
                    gate.wait()
                    return .panel(
                        EditMenuPanel(
                            kind: .translation, title: "Upper", text: text.uppercased(),
                            actions: [EditMenuPanel.Action(.copy, title: "Copy"), .init(.replace, title: "Replace")],
                            isTextEditable: true))
                })
        }
    }

    /// A speech service whose speaking is a flag.
    final class FlagSpeech: EditMenuService, @unchecked Sendable {
        var speaking = false
        var spoken = ""
        var commands: Set<EditCommand.ID> { [.startSpeaking, .stopSpeaking] }
        func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
            command == .startSpeaking || speaking
        }
        func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
            speaking = command == .startSpeaking
            if speaking { spoken = request.text }
            return command == .startSpeaking ? .spoke(SpokenText(engine: "flag", voice: "en")) : .done
        }
    }

    final class Recorder: EditMenuControllerDelegate {
        var outcomes: [(EditCommand.ID, PerformOutcome)] = []
        func editMenuController(
            _ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome
        ) {
            outcomes.append((id, outcome))
        }
    }

    func make(
        _ text: String, selection: Range<Int>, idiom: Idiom = .phone, services: [any EditMenuService] = [],
        checker: (any SpellChecker)? = nil
    ) -> (HeadlessHost, EditMenuController, Recorder) {
        let host = HeadlessHost(.text(TextEditor(text: text, selection: selection)))
        var configuration = EditMenuConfiguration(idiom: idiom, services: services, spellChecker: checker)
        configuration.dataDetector = nil
        let controller = EditMenuController(host: host, configuration: configuration, clock: clock)
        let recorder = Recorder()
        controller.delegate = recorder
        return (host, controller, recorder)
    }

    @Test("A service working in the background: the controller reports .started, polls, then shows its panel")
    func backgroundWork() throws {
        let service = SlowUpperCase()
        let (host, controller, recorder) = make("the cat", selection: 0..<7, services: [service])
        controller.present(input: .touch)
        controller.choose(.translate)
        #expect(recorder.outcomes.last?.1 == .started)
        #expect(controller.hasPendingWork)
        #expect(controller.nextDeadline == clock.now + 0.05, "a host polls while the work goes on")
        controller.poll()
        #expect(host.panels.isEmpty, "not finished yet")
        service.gate.signal()
        controller.finishPendingWork(timeout: 5)
        let panel = try #require(host.panels.last)
        #expect(panel.text == "THE CAT")
        guard case .showedPanel = recorder.outcomes.last?.1 else {
            Issue.record("the delegate hears the panel: \(recorder.outcomes)")
            return
        }
        #expect(!controller.hasPendingWork)
        #expect(controller.nextDeadline == nil)
    }

    @Test("Panel buttons: Copy puts the text on the pasteboard; Replace (edited) is one undo step named Replace")
    func panelButtons() throws {
        let (host, controller, recorder) = make("the cat sat", selection: 4..<7)
        let panel = EditMenuPanel(
            kind: .translation, title: "x", text: "el gato",
            actions: [.init(.copy, title: "Copy"), .init(.replace, title: "Replace")], isTextEditable: true)
        #expect(controller.performPanelAction(panel.actions[0], in: panel) == .done)
        #expect(host.pasteboard.items().first?.string(for: .plainText) == "el gato")
        #expect(controller.performPanelAction(panel.actions[1], in: panel, editedText: "le chat") == .done)
        #expect(host.editor?.text == "the le chat sat")
        #expect(host.editor?.selectedText == "le chat")
        #expect(host.editor?.history.undoAction == .replace)
        #expect(recorder.outcomes.map(\.0) == [.copy, .replace])
        try host.perform(.undo)
        #expect(host.editor?.text == "the cat sat", "one undo step")
    }

    @Test("A misspelled selected word gets the checker's suggestions; Replace is named Change Spelling on the Mac")
    func suggestions() throws {
        let checker = WordListChecker()
        let (host, controller, _) = make("I recieve mail", selection: 2..<9, checker: checker)
        controller.present(input: .touch)
        let replace = try #require(host.shownMenu?.menu.command(.replace))
        #expect(replace.children.map(\.title) == ["receive", "relieve"])
        controller.choose(.replace)
        controller.choose(.replacement(0))
        #expect(host.editor?.text == "I receive mail")
        #expect(host.editor?.history.undoAction == .replace)

        let (macHost, macController, _) = make("I recieve mail", selection: 2..<9, idiom: .mac, checker: checker)
        #expect(macController.perform(.replacement(0)) == .done)
        #expect(macHost.editor?.text == "I receive mail")
        #expect(macHost.editor?.history.undoAction == .changeSpelling)
        #expect(
            UndoAction.changeSpelling.title(strings: MenuStrings(locale: MenuLocale("de")), idiom: .mac)
                == "Schreibweise ändern")

        let (correctHost, correctController, _) = make("I receive mail", selection: 2..<9, checker: checker)
        correctController.present(input: .touch)
        #expect(correctHost.shownMenu?.menu.command(.replace) == nil, "a correct word has no Replace…")
    }

    @Test("Ignore and Learn Spelling act on the selected misspelled word; they fail on a correct one")
    func ignoreAndLearn() {
        let checker = WordListChecker()
        let (host, controller, _) = make("zorblatt says hi", selection: 0..<8, checker: checker)
        #expect(controller.perform(.learnSpelling) == .done)
        #expect(!checker.isMisspelled("zorblatt", language: "en"))
        #expect(controller.perform(.learnSpelling).failure?.contains("not a misspelled word") == true)
        let (otherHost, other, _) = make("qwerty says hi", selection: 0..<6, checker: checker)
        #expect(other.perform(.ignoreSpelling) == .done)
        #expect(!checker.isMisspelled("qwerty", language: "en"))
        #expect(checker.generation == 2)
        withExtendedLifetime((host, otherHost)) {}
    }

    @Test("The menu bar's spelling items need a checker; Check Spelling While Typing toggles and shows its check")
    func menuBarSpelling() throws {
        let (withoutHost, without, _) = make("hello wrold", selection: 0..<0, idiom: .mac)
        let dimmed = try #require(without.menuBarMenu()?.command(.spellingAndGrammar))
        #expect(dimmed.children.allSatisfy { !$0.isEnabled }, "no checker: nothing to do")
        withExtendedLifetime(withoutHost) {}

        let checker = WordListChecker()
        let (host, controller, _) = make("hello wrold", selection: 0..<0, idiom: .mac, checker: checker)
        let menu = try #require(controller.menuBarMenu()?.command(.spellingAndGrammar))
        let enabled = menu.children.filter(\.isEnabled).map(\.id)
        #expect(enabled == [.showSpellingAndGrammar, .checkDocumentNow, .checkSpellingWhileTyping])
        #expect(menu.children.first { $0.id == .checkSpellingWhileTyping }?.isChecked == true)
        #expect(controller.perform(.checkSpellingWhileTyping) == .done)
        #expect(!controller.configuration.checksSpellingWhileTyping)
        #expect(controller.menuBarMenu()?.command(.checkSpellingWhileTyping)?.isChecked == false)

        #expect(controller.perform(.checkDocumentNow) == .done)
        #expect(host.editor?.selectedText == "wrold")
        #expect(controller.perform(.checkDocumentNow) == .done, "wraps around to the same word")
        #expect(host.editor?.selectedText == "wrold")
    }

    @Test("Show Spelling and Grammar shows the spelling panel; its buttons change, learn and find the next word")
    func spellingPanel() throws {
        let checker = WordListChecker()
        let (host, controller, _) = make("I recieve teh mail", selection: 0..<0, idiom: .mac, checker: checker)
        guard case .showedPanel(let panel) = controller.perform(.showSpellingAndGrammar) else {
            Issue.record("no panel")
            return
        }
        #expect(panel.kind == .spelling)
        #expect(panel.title == "recieve")
        #expect(panel.actions.map(\.id) == [.replace, .replace, .ignoreSpelling, .learnSpelling, .findNext])
        #expect(controller.performPanelAction(panel.actions[0], in: panel) == .done)
        #expect(host.editor?.text == "I receive teh mail")
        #expect(host.editor?.history.undoAction == .changeSpelling)
        guard case .showedPanel(let next) = controller.performPanelAction(panel.actions[4], in: panel) else {
            Issue.record("Find Next shows the next word")
            return
        }
        #expect(next.title == "teh")
        #expect(host.editor?.selectedText == "teh")
        #expect(controller.performPanelAction(next.actions.first { $0.id == .learnSpelling }!, in: next) == .done)
        #expect(!checker.isMisspelled("teh", language: "en"))
        #expect(
            controller.perform(.checkDocumentNow).failure == "checkDocumentNow: there is no misspelled word",
            "nothing left to find")
    }

    @Test("Speech: Start Speaking speaks the selection, or the whole text with a caret; Stop while it speaks")
    func speech() throws {
        let speech = FlagSpeech()
        let (host, controller, _) = make("Hello world", selection: 0..<5, idiom: .mac, services: [speech])
        var menu = try #require(controller.menuBarMenu()?.command(.speech))
        #expect(menu.children.map(\.isEnabled) == [true, false])
        #expect(controller.perform(.startSpeaking) == .spoke(SpokenText(engine: "flag", voice: "en")))
        #expect(speech.spoken == "Hello")
        menu = try #require(controller.menuBarMenu()?.command(.speech))
        #expect(menu.children.map(\.isEnabled) == [true, true], "Stop Speaking while speaking")
        #expect(controller.perform(.stopSpeaking) == .done)
        #expect(!speech.speaking)

        let (caretHost, caret, _) = make("Hello world", selection: 3..<3, idiom: .mac, services: [speech])
        #expect(caret.menuBarMenu()?.command(.startSpeaking)?.isEnabled == true, "a caret speaks the whole text")
        #expect(caret.perform(.startSpeaking) == .spoke(SpokenText(engine: "flag", voice: "en")))
        #expect(speech.spoken == "Hello world")
        let (secureHost, secure, _) = make("hunter2", selection: 7..<7, idiom: .mac, services: [speech])
        secureHost.editor?.isSecure = true
        #expect(secure.menuBarMenu()?.command(.startSpeaking)?.isEnabled == false, "secure text is never spoken")
        let (silentHost, silent, _) = make("Hello world", selection: 0..<5, idiom: .mac)
        #expect(silent.menuBarMenu()?.command(.startSpeaking)?.isEnabled == false, "no speech service")
        withExtendedLifetime((host, caretHost, silentHost)) {}
    }

    @Test("The dominant script read over UTF-8 bytes is the one counted scalar by scalar, to the 256th letter")
    func dominantScriptOverBytes() {
        func reference(_ text: Substring) -> WritingScript? {
            var counts = [Int](repeating: 0, count: WritingScript.allCases.count)
            var letters = 0
            for scalar in text.unicodeScalars {
                guard let script = WritingScript(scalar) else { continue }
                counts[script.index] += 1
                letters += 1
                if letters >= 256 { break }
            }
            if counts[WritingScript.kana.index] > 0 { return .kana }
            return WritingScript.allCases.filter { counts[$0.index] > 0 }
                .max { (counts[$0.index], $1.rawValue) < (counts[$1.index], $0.rawValue) }
        }
        let pieces = [
            "a", "Z", " ", "1", "é", "e\u{301}", "ß", "где", "Καλ", "שלום", "مرحبا", "हिन्दी", "ไทย", "한", "か", "東",
            "ქართ", "Հայ", "😀", "🇯🇵", "\r\n", "!", "\u{10FFFF}", "\u{FFFD}",
            // Around the letters' ends, for the eight-bytes-at-a-time count: @ [ ` { DEL.
            "@", "[", "`", "{", "\u{7F}", "Az", "words and more words",
        ]
        var random = SplitMix64(seed: 0xd0_5c21)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...300, using: &random) { text += pieces.randomElement(using: &random)! }
            let start = text.index(text.startIndex, offsetBy: Int.random(in: 0...min(3, text.count), using: &random))
            let slice = text[start...]
            #expect(TextLanguage.dominantScript(of: slice) == reference(slice), "\(slice.unicodeScalars.map(\.value))")
            #expect(TextLanguage.dominantScript(of: String(slice)) == reference(slice))
        }
        // Runs of eight ASCII bytes against three Cyrillic letters: the letters' ends count, the bytes
        // just outside them do not.
        for run in ["zzzzzzzz", "ZZZZZZZZ", "aaaaaaaa", "AAAAAAAA", "abcxyzAZ"] {
            #expect(TextLanguage.dominantScript(of: run + " где") == .latin, "\(run)")
        }
        for run in [
            "@@@@@@@@", "[[[[[[[[", "````````", "{{{{{{{{", "12345678",
            "\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}",
        ] {
            #expect(TextLanguage.dominantScript(of: run + " где") == .cyrillic, "\(run)")
        }
    }

    @Test("The language of a text comes from its script and the menu's language")
    func textLanguage() {
        #expect(TextLanguage.dominantScript(of: "Καλημέρα κόσμε") == .greek)
        #expect(TextLanguage.dominantScript(of: "東京都に住んでいます") == .kana)
        #expect(TextLanguage.dominantScript(of: "123 !?") == nil)
        // Most letters win; between equals, the script whose name sorts first (cyrillic before latin).
        #expect(TextLanguage.dominantScript(of: "abc где") == .cyrillic)
        #expect(TextLanguage.dominantScript(of: "abcd где") == .latin)
        #expect(TextLanguage.dominantScript(of: "שלום مرحبا") == .arabic)
        #expect(WritingScript.allCases.enumerated().allSatisfy { $0.offset == $0.element.index })
        #expect(TextLanguage.language(of: "Hallo", locale: MenuLocale("de"), candidates: ["en", "de"]) == "de")
        #expect(TextLanguage.language(of: "Hallo", locale: MenuLocale("ja"), candidates: ["en", "de"]) == "en")
        #expect(TextLanguage.language(of: "Привет", locale: MenuLocale("uk"), candidates: ["ru", "uk"]) == "uk")
        #expect(TextLanguage.language(of: "Привет", locale: .english, candidates: ["ru", "uk"]) == "ru")
        #expect(TextLanguage.language(of: "東京", locale: .english, candidates: ["en", "de"]) == nil)
        #expect(TextLanguage.menuLanguage(MenuLocale("C.UTF-8")) == "en")
        #expect(TextLanguage.menuLanguage(MenuLocale("ca_ES.UTF-8")) == "ca", "the requested language, not the titles'")
        #expect(TextLanguage.preferredOrder(["zz", "es", "en", "af"]) == ["en", "es", "af", "zz"])
    }

    @Test("Marking finds misspelled words as byte ranges and leaves numbers, addresses and links alone")
    func marking() {
        let checker = WordListChecker()
        let text = "I recieve mail at jane@example.com or https://example.com/xyzzy — 42nd qwx"
        let words = checker.misspellings(in: text, locale: .english).map {
            String(decoding: Array(text.utf8)[$0], as: UTF8.self)
        }
        #expect(words == ["recieve", "at", "or", "qwx"])
    }
}
