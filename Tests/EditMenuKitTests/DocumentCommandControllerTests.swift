import EditMenuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import EditMenuKit

/// Find ▸, Transformations ▸, Substitutions ▸ and Emoji & Symbols through the controller, on a
/// headless host: what every host gets.
@Suite("Host SDK: document commands")
struct DocumentCommandControllerTests {
    let clock = ManualClock()

    func make(_ text: String, selection: Range<Int> = 0..<0, idiom: Idiom = .mac)
        -> (HeadlessHost, EditMenuController)
    {
        let host = HeadlessHost(.text(TextEditor(text: text, selection: selection)))
        host.locale = MenuLocale("de")
        let controller = EditMenuController(
            host: host, configuration: EditMenuConfiguration(idiom: idiom, locale: MenuLocale("de")), clock: clock)
        return (host, controller)
    }

    /// Chooses `path` in the menu bar's Edit menu (a submenu, then its item).
    func choose(_ path: [EditCommand.ID], in controller: EditMenuController) {
        controller.present(
            input: .keyboard, surface: .menuBar, source: .rect(CGRect(x: 0, y: 0, width: 40, height: 20)))
        for id in path { controller.choose(id) }
    }

    @Test("Find ▸ Find… shows the find panel; Find Next selects each match in turn and wraps")
    func findNext() throws {
        let (host, controller) = make("Straße, strasse und STRASSE")
        choose([.find, .findEllipsis], in: controller)
        #expect(host.panels.last?.kind == .find)
        controller.findQuery = FindQuery("strasse")
        choose([.find, .findNext], in: controller)
        #expect(host.editor?.selectedText == "Straße")
        controller.find(.forward)
        controller.find(.forward)
        #expect(host.editor?.selectedText == "STRASSE")
        #expect(controller.lastFindResult?.match?.wrapped == false)
        controller.find(.forward)
        #expect(host.editor?.selectedText == "Straße")
        #expect(controller.lastFindResult?.match?.wrapped == true)
        controller.findQuery = FindQuery("nirgends")
        #expect(controller.find(.forward) == .done)
        #expect(controller.lastFindResult?.match == nil)
        #expect(host.editor?.selectedText == "Straße", "not found leaves the selection")
    }

    @Test("Use Selection for Find sets the query; Find Previous goes back; Replace and Replace All are one step each")
    func useSelectionAndReplace() throws {
        let (host, controller) = make("one two one two one", selection: 4..<7)
        choose([.find, .useSelectionForFind], in: controller)
        #expect(controller.findQuery.needle == "two")
        choose([.find, .findPrevious], in: controller)
        #expect(host.editor?.selection == 12..<15)
        controller.replacement = "2"
        controller.replaceAndFind()
        #expect(host.editor?.text == "one two one 2 one")
        #expect(host.editor?.selection == 4..<7, "Replace finds the next match")
        controller.replaceAll()
        #expect(host.editor?.text == "one 2 one 2 one")
        #expect(controller.lastFindResult?.replaced == 1)
        #expect(host.editor?.history.undoAction == .replaceAll)
        controller.perform(.undo)
        #expect(host.editor?.text == "one two one 2 one")
    }

    @Test("With an empty find field, Find Next opens the find bar instead")
    func emptyFindField() {
        let (host, controller) = make("abc")
        #expect(controller.perform(.findNext) == .showedPanel(host.panels[0]))
        #expect(host.panels.map(\.kind) == [.find])
    }

    @Test("Transformations ▸ maps case in the menu's language, one undo step named after the command")
    func transformations() throws {
        let (host, controller) = make("die straße", selection: 4..<11)
        choose([.transformations, .makeUpperCase], in: controller)
        #expect(host.editor?.text == "die STRASSE")
        #expect(host.editor?.selectedText == "STRASSE")
        let menu = try #require(controller.menuBarMenu())
        #expect(menu.command(.undo)?.title == "In Großbuchstaben widerrufen")
        controller.perform(.undo)
        #expect(host.editor?.text == "die straße")
    }

    @Test("Substitution toggles work, show in Show Substitutions, and are saved")
    func toggles() throws {
        let scratch = try ScratchFolder("editmenu-toggles")
        defer { scratch.remove() }
        let folder = scratch.path
        let (host, controller) = make("abc")
        let file = SettingsFile(settingsPath: folder + "/settings.json", replacementsPath: folder + "/r.tsv")
        controller.configuration.settingsFile = file
        choose([.substitutions, .smartQuotes], in: controller)
        #expect(controller.configuration.settings.substitutions.smartQuotes == false)
        #expect(file.load().settings.substitutions.smartQuotes == false)
        #expect(controller.textSubstitutions.settings.smartQuotes == false)
        choose([.substitutions, .showSubstitutions], in: controller)
        let panel = try #require(host.panels.last)
        #expect(panel.kind == .substitutions)
        #expect(panel.text.contains("✓ Intelligente Gedankenstriche"))
        #expect(panel.text.contains("   Intelligente Anführungszeichen"))
        choose([.substitutions, .smartQuotes], in: controller)
        #expect(file.load().settings.substitutions.smartQuotes == true)
    }

    @Test("Data Detectors off: no data actions in the edit menu")
    func dataDetectorsToggle() throws {
        let (host, controller) = make("Call +1 (408) 555-0123 now", selection: 5..<22, idiom: .phone)
        controller.present(input: .touch)
        #expect(host.shownMenu?.commands.contains { $0.id == .call } == true)
        controller.configuration.settings.substitutions.dataDetectors = false
        controller.present(input: .touch)
        #expect(host.shownMenu?.commands.contains { $0.id == .call } == false)
    }

    @Test("Emoji & Symbols shows the picker; inserting is one undo step")
    func emoji() throws {
        let (host, controller) = make("I like ", selection: 7..<7)
        choose([.emojiAndSymbols], in: controller)
        #expect(host.panels.last?.kind == .emoji)
        controller.insert("🍕")
        #expect(host.editor?.text == "I like 🍕")
        #expect(host.editor?.selection == 11..<11)
        controller.perform(.undo)
        #expect(host.editor?.text == "I like ")
    }

    @Test("A text document held after the host's content became objects never turns them back into text")
    func staleDocument() throws {
        let host = HeadlessHost(.text(TextEditor(text: "abc", selection: 0..<3)))
        var document = try #require(host.textDocument)
        host.content = .objects(ObjectEditor(objects: [.image(png: Data([1]))]), kind: .image)
        #expect(throws: EditingError.unsupported(.replace)) {
            try document.replace([TextChange(0..<3, with: "x")], actionName: .typing, selecting: 1..<1)
        }
        document.select(0..<0)
        guard case .objects = host.content else {
            Issue.record("the objects became text")
            return
        }
        #expect(host.textDocument == nil)
    }

    @Test(
        "What the host cannot do is dimmed in the menu bar (objects cannot be searched); what no host can do is left out"
    )
    func capabilities() throws {
        let host = HeadlessHost(.objects(ObjectEditor(objects: [.image(png: Data([1]))]), kind: .image))
        let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .mac), clock: clock)
        let menu = try #require(controller.menuBarMenu())
        #expect(menu.command(.find)?.isEnabled == false)
        #expect(menu.command(.emojiAndSymbols)?.isEnabled == false)
        #expect(
            controller.perform(.findEllipsis)
                == .failed("findEllipsis: this content does not perform it; the host does"))
        let (textHost, text) = make("abc", selection: 0..<3)
        let textMenu = try #require(text.menuBarMenu())
        withExtendedLifetime(textHost) {}
        // What no host here can ever perform is left out, not dimmed; the rest of its submenu stays.
        for never: EditCommand.ID in [
            .startDictation, .smartLinks, .checkGrammarWithSpelling, .correctSpellingAutomatically,
        ] {
            #expect(textMenu.command(never) == nil, "\(never.rawValue) is shown")
        }
        #expect(textMenu.command(.smartQuotes)?.isEnabled == true)
        #expect(textMenu.command(.makeUpperCase)?.isEnabled == true)
        #expect(textMenu.command(.findNext)?.isEnabled == true)
    }
}
