import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import EditMenuKit

/// The controller's collaborators, each without a host: the menu session, the command router, the
/// find session and the spelling flow.
@Suite("Host SDK: the controller's parts")
struct ControllerPartsTests {
    // MARK: - Menu session

    /// A display with a fixed screen that records what it draws.
    final class RecordingDisplay: MenuDisplay {
        var drawn: [(menu: PresentedMenu, appearing: Bool)] = []
        var erased = 0
        var dismissed: [PresentedMenu] = []
        var targetOnScreen = true
        let engine = EditMenuLayoutEngine()

        func layout(_ presentation: EditMenuController.Presentation, page: Int) -> EditMenuLayout? {
            guard targetOnScreen else { return nil }
            let geometry = PresentationGeometry(
                bounds: CGRect(x: 0, y: 0, width: 800, height: 600),
                target: [CGRect(x: 300, y: 300, width: 60, height: 20)])
            return engine.layout(
                presentation.displayed, geometry: geometry, idiom: .mac, isRightToLeft: false, page: page,
                source: presentation.source)
        }
        func layoutSubmenus(_ presentation: inout EditMenuController.Presentation) {
            let geometry = PresentationGeometry(bounds: CGRect(x: 0, y: 0, width: 800, height: 600))
            for i in presentation.opened.indices {
                guard let parent = presentation.layout(at: i), let item = parent.frame(of: presentation.opened[i].id)
                else { return }
                let menu = presentation.opened[i].menu
                let layout = engine.layout(
                    menu, geometry: geometry, idiom: .mac, isRightToLeft: false, source: .besideItem(item))
                presentation.opened[i].layout = layout
                presentation.opened[i].navigation =
                    presentation.opened[i].focused.flatMap {
                        MenuKeyboardNavigation.focusing($0, in: menu, layout: layout)
                    } ?? MenuKeyboardNavigation(menu: menu, layout: layout)
            }
        }
        func presented(_ presentation: EditMenuController.Presentation, layout: EditMenuLayout) -> PresentedMenu {
            presentation.presentedMenu(layout: layout, locale: .english, idiom: .mac)
        }
        func draw(_ menu: PresentedMenu, appearing: Bool) { drawn.append((menu, appearing)) }
        func erase() { erased += 1 }
        func didDismiss(_ menu: PresentedMenu) { dismissed.append(menu) }
        func sessionDidChange() {}
    }

    /// A session drawing on a recording display (the session holds its display weakly: keep both).
    func makeSession() -> (MenuSession, RecordingDisplay) {
        let display = RecordingDisplay()
        let session = MenuSession()
        session.display = display
        return (session, display)
    }

    /// The Mac's context menu for selected editable text, from the keyboard.
    func presentation(input: InputMethod = .keyboard) throws -> EditMenuController.Presentation {
        let content = ContentSnapshot(
            content: SelectableContent(
                kind: .text, isEditable: true,
                selection: .range(
                    TextRangeFacts(characterCount: 5, coversAll: false, isBlank: false, isWithinOneWord: true))),
            selectedText: SelectedText(text: "hello world", characterRange: 0..<5))
        let context = EditMenuContext(
            content: content.content, idiom: .mac, input: input, pasteboardTypes: [.plainText],
            services: [])
        let menu = try #require(EditMenuRules.presentation(for: context).menu)
        return EditMenuController.Presentation(
            context: context, content: content, menu: menu, input: input, surface: .editMenu, source: .selection)
    }

    @Test("The session owns visibility and focus: present draws with the first item focused, Down moves it")
    func sessionPresentsAndFocuses() throws {
        let (session, display) = makeSession()
        defer { withExtendedLifetime(display) {} }
        session.present(try presentation())
        #expect(session.isVisible)
        #expect(display.drawn.count == 1 && display.drawn[0].appearing)
        let first = try #require(session.presentedMenu?.focusedItem)
        #expect(first == session.presentedMenu?.layout.items.first { $0.isEnabled }?.id)
        #expect(session.handleKey(KeyPress(.down)) == .used(true))
        #expect(display.drawn.count == 2 && !display.drawn[1].appearing, "a focus move redraws, not re-presents")
        #expect(session.presentedMenu?.focusedItem != first)
        #expect(session.isListVisible)
        #expect(session.handleKey(KeyPress(.character("x"))) == .used(true), "a list takes every key, as macOS's do")
    }

    @Test("Return performs the focused item; Escape dismisses once, erasing before the dismissal is heard")
    func sessionReturnAndEscape() throws {
        let (session, display) = makeSession()
        defer { withExtendedLifetime(display) {} }
        session.present(try presentation())
        let focused = try #require(session.presentedMenu?.focusedItem)
        #expect(session.handleKey(KeyPress(.enter)) == .perform(focused))
        #expect(session.handleKey(KeyPress(.escape)) == .used(true))
        #expect(!session.isVisible && session.current == nil)
        #expect(display.erased == 1 && display.dismissed.count == 1)
        #expect(session.handleKey(KeyPress(.escape)) == .used(false), "nothing on screen takes no key")
    }

    @Test("A submenu opens beside its item with its first item focused; Left closes it back to its parent")
    func sessionSubmenus() throws {
        let (session, display) = makeSession()
        defer { withExtendedLifetime(display) {} }
        let shown = try presentation()
        let parent = try #require(shown.menu.commands.first { $0.isSubmenu && $0.isEnabled })
        session.present(shown)
        session.openSubmenu(parent.id, from: 0, focusFirst: true)
        #expect(session.presentedMenu?.submenus.first?.parent == parent.id)
        #expect(session.presentedMenu?.submenus.first?.focusedItem != nil)
        #expect(session.handleKey(KeyPress(.left)) == .used(true))
        #expect(session.presentedMenu?.submenus.isEmpty == true)
        #expect(session.presentedMenu?.focusedItem == parent.id, "the parent keeps the focus")
    }

    @Test("Reload keeps the focus; a target off screen hides the menu instead of pointing at nothing")
    func sessionReloadAndOffScreen() throws {
        let (session, display) = makeSession()
        defer { withExtendedLifetime(display) {} }
        session.present(try presentation())
        _ = session.handleKey(KeyPress(.down))
        let focused = session.presentedMenu?.focusedItem
        session.reload(try presentation())
        #expect(session.presentedMenu?.focusedItem == focused)
        display.targetOnScreen = false
        session.send(.targetMoved)
        #expect(!session.isVisible)
        #expect(display.dismissed.count == 1)
    }

    // MARK: - Command router

    @Test("Each command has one kind, whatever order performers were once tried in")
    func router() {
        let link = DataAction(id: EditCommand.ID("openLink"), target: .uri("https://example.com"))
        let router = CommandRouter(dataActions: [link], serviceCommands: [.lookUp, .translate, "app.stamp"])
        #expect(router.kind(of: "replace.2") == .spellingSuggestion(index: 2))
        #expect(router.kind(of: .ignoreSpelling) == .spelling)
        #expect(router.kind(of: .showSpellingAndGrammar) == .spelling)
        #expect(router.kind(of: "openLink") == .dataAction(link))
        #expect(router.kind(of: .findNext) == .document)
        #expect(router.kind(of: .capitalize) == .document)
        #expect(router.kind(of: .smartQuotes) == .document)
        #expect(router.kind(of: .lookUp) == .service)
        #expect(router.kind(of: "app.stamp") == .service, "a service may perform an app's command")
        #expect(router.kind(of: "app.other") == .custom)
        #expect(router.kind(of: .copy) == .standard)
        #expect(router.kind(of: .checkDocumentNow) == .standard)
        #expect(CommandRouter(dataActions: [], serviceCommands: []).kind(of: .lookUp) == .standard)
    }

    // MARK: - Find session

    @Test("The find session searches a document, records wrapping and replacements, and names empty fields")
    func findSession() throws {
        var document = TextEditor(text: "one two one two", selection: 0..<0)
        var session = FindSession()
        let all = document.documentCapabilities(checksSpelling: false)
        let perform = { (command: DocumentCommand, _: EditCommand.ID) throws(EditingError) -> DocumentOutcome in
            try document.perform(command)
        }
        #expect(
            session.run(.find(session.query, .forward), capabilities: all, perform: perform)
                == .failed("findNext: the find field is empty"))
        session.query = FindQuery("two")
        #expect(session.run(.find(session.query, .forward), capabilities: all, perform: perform) == .done)
        #expect(document.selection == 4..<7)
        #expect(session.lastResult?.match?.wrapped == false)
        session.replacement = "2"
        #expect(session.run(.replaceAll(session.query, with: "2"), capabilities: all, perform: perform) == .done)
        #expect(document.text == "one 2 one 2")
        #expect(session.lastResult?.replaced == 2)
        #expect(
            session.run(.find(session.query, .backward), capabilities: [], perform: perform)
                == .failed("findPrevious: this content cannot be searched"))
    }

    @Test("The find panel is titled in the menu's language and its buttons become document commands")
    func findPanel() throws {
        var session = FindSession()
        session.replacement = "zwei"
        let panel = session.panel(replacing: true, strings: MenuStrings(locale: MenuLocale("de")), idiom: .mac)
        #expect(panel.kind == .find && panel.isTextEditable)
        #expect(!panel.title.hasSuffix("…"))
        #expect(panel.actions.map(\.id) == [.findPrevious, .findNext, .replace, .replaceAll])
        #expect(panel.actions.allSatisfy { !$0.title.isEmpty && $0.title != $0.id.rawValue })
        let replace = try #require(panel.actions.first { $0.id == .replaceAll })
        #expect(session.command(for: replace, findText: "two") == .replaceAll(FindQuery("two"), with: "zwei"))
        #expect(FindSession.commandID(for: .replaceAll(FindQuery("two"), with: "zwei")) == .findAndReplace)
        #expect(session.command(for: EditMenuPanel.Action(.copy, title: "Copy"), findText: "x") == nil)
        #expect(session.query.needle == "x", "the field's text is kept whatever the button")
    }

    // MARK: - Spelling flow

    final class OneWordChecker: SpellChecker {
        let state = Mutex<(ignored: Set<String>, learned: [String: String], generation: Int)>(([], [:], 0))
        var languages: [String] { ["en"] }
        var generation: Int { state.withLock { $0.generation } }
        func isMisspelled(_ word: String, language: String) -> Bool {
            word == "recieve" && state.withLock { !$0.ignored.contains(word) && $0.learned[word] == nil }
        }
        func suggestions(for word: String, language: String) -> [String] { ["receive", "relieve"] }
        func ignore(_ word: String) { state.withLock { _ = $0.ignored.insert(word) } }
        func learn(_ word: String, language: String) throws(ServiceError) {
            state.withLock { $0.learned[word] = language }
        }
    }

    func misspelledSelection() -> ContentSnapshot {
        ContentSnapshot(
            content: SelectableContent(
                kind: .text, isEditable: true,
                selection: .range(
                    TextRangeFacts(characterCount: 5, coversAll: false, isBlank: false, isWithinOneWord: true))),
            selectedText: SelectedText(text: "I recieve mail", characterRange: 2..<9))
    }

    @Test("The spelling flow finds the misspelled selection, builds its panel, and learns it in its language")
    func spellingFlow() throws {
        let checker = OneWordChecker()
        let flow = SpellingFlow(EditMenuConfiguration(idiom: .mac, dataDetector: nil, spellChecker: checker))
        #expect(flow.misspelledWord(in: misspelledSelection())?.word == "recieve")
        let panel = try #require(flow.panel(for: misspelledSelection()))
        #expect(panel.kind == .spelling && panel.title == "recieve")
        #expect(panel.actions.map(\.id) == [.replace, .replace, .ignoreSpelling, .learnSpelling, .findNext])
        #expect(flow.ignoreOrLearn(.learnSpelling, word: "recieve") == .done)
        #expect(checker.state.withLock { $0.learned["recieve"] } == "en")
        #expect(flow.misspelledWord(in: misspelledSelection()) == nil)
        #expect(flow.panel(for: misspelledSelection()) == nil)
        #expect(
            flow.ignoreOrLearnSelection(.ignoreSpelling, in: misspelledSelection())
                == .failed("ignoreSpelling: the selection is not a misspelled word"))
        let none = SpellingFlow(EditMenuConfiguration(idiom: .mac))
        #expect(none.ignoreOrLearn(.ignoreSpelling, word: "x") == .failed("ignoreSpelling: no spell checker"))
    }
}
