@_spi(Testing) import EditMenuKit
import EditMenuServices
import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuTerminal

/// The agreement test: every document command of ``DocumentAgreement/cases`` leaves the same text,
/// selection and undo step in the terminal host, ``HeadlessHost`` and the third host (``PrimitiveHost``,
/// primitives only) — each through its own controller, none with document code of its own. The GTK
/// host runs the same table (`EditMenuGTKTests`).
@Suite("Document commands agree across hosts")
@MainActor
struct DocumentAgreementTests {
    /// What a host shows after a case.
    struct Result: Equatable, CustomStringConvertible {
        var text: String
        var selection: Range<Int>
        var undo: UndoAction?
        var description: String { "\(text.debugDescription) \(selection) undo \(undo?.rawValue ?? "-")" }
    }

    static let checker = EnchantSpellChecker.system(environment: ["HOME": "/nonexistent"])

    func configuration(_ base: EditMenuConfiguration, spelling: Bool) -> EditMenuConfiguration {
        var configuration = base
        configuration.dataDetector = nil
        if spelling { configuration.spellChecker = Self.checker }
        return configuration
    }

    func headless(_ row: DocumentAgreement.Case) -> Result {
        var editor = TextEditor(text: row.text)
        editor.select(row.selection)
        let host = HeadlessHost(.text(editor))
        let controller = EditMenuController(
            host: host, configuration: configuration(EditMenuConfiguration(idiom: .pad), spelling: row.needsSpelling))
        row.run(controller) { typed in
            guard var editor = host.editor else { return }
            editor.substitutions = controller.textSubstitutions
            try? editor.type(typed)
            host.editor = editor
        }
        let after = host.editor!
        return Result(text: after.text, selection: after.selection, undo: after.history.undoAction)
    }

    func terminal(_ row: DocumentAgreement.Case) -> Result {
        var editor = TextEditor(text: row.text)
        editor.select(row.selection)
        let view = TerminalTextView(editor: editor, frame: CellRect(column: 0, row: 1, width: 60, height: 10))
        let menu = TerminalEditMenu(
            configuration: configuration(.terminal(idiom: .pad), spelling: row.needsSpelling),
            pasteboard: InMemoryPasteboard(), clock: ManualClock())
        menu.screenSize = (80, 24)
        menu.attach(view)
        row.run(menu.controller) { typed in
            menu.syncSubstitutions()
            _ = view.insertText(typed)
        }
        return Result(text: view.editor.text, selection: view.editor.selection, undo: view.editor.history.undoAction)
    }

    func primitive(_ row: DocumentAgreement.Case) -> Result {
        let host = PrimitiveHost(row.text, selection: row.selection)
        let controller = EditMenuController(
            host: host, configuration: configuration(EditMenuConfiguration(idiom: .pad), spelling: row.needsSpelling))
        row.run(controller) { typed in
            var document = host
            try? document.insert(typed)
            _ = try? document.substitute(afterTyping: typed, using: controller.textSubstitutions)
        }
        return Result(text: host.text, selection: host.selection, undo: host.undoName)
    }

    @Test("each command leaves the same text, selection and undo step", arguments: DocumentAgreement.cases)
    func agree(_ row: DocumentAgreement.Case) throws {
        if row.needsSpelling {
            try #require(Self.checker?.languages.contains { $0.hasPrefix("en") } == true, "an English dictionary")
        }
        let expected = Result(text: row.expectedText, selection: row.expectedSelection, undo: row.expectedUndo)
        #expect(headless(row) == expected, "HeadlessHost")
        #expect(terminal(row) == expected, "terminal host")
        #expect(primitive(row) == expected, "third host (primitives only)")
    }

    @Test("the third host learns what the controller performed on its text")
    func primitiveHostHearsPerformed() {
        let host = PrimitiveHost("one two one", selection: 0..<3)
        let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .pad))
        controller.findQuery = FindQuery("one")
        controller.find(.forward)
        _ = controller.perform(.makeUpperCase)
        #expect(host.performed == [.findNext, .makeUpperCase])
        #expect(host.text == "one two ONE")
        // Undo is the host's own, one step.
        #expect(controller.perform(.undo) == .done)
        #expect(host.text == "one two one")
    }

    @Test("a panel's Replace goes through the third host's primitives: one undo step, the new text selected")
    func primitiveHostReplacesTheSelection() throws {
        let host = PrimitiveHost("teh cat", selection: 0..<3)
        let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .pad))
        let panel = EditMenuPanel(
            kind: .spelling, title: "teh", text: "the",
            actions: [EditMenuPanel.Action(.replace, title: "the", text: "the")])
        #expect(controller.performPanelAction(try #require(panel.actions.first), in: panel) == .done)
        #expect(host.text == "the cat")
        #expect(host.selection == 0..<3)
        #expect(host.undoName == .spellingReplacement(on: .pad))
        host.select(4..<4)
        #expect(
            controller.performPanelAction(try #require(panel.actions.first), in: panel)
                == .failed(EditingError.nothingSelected(.replace).description))
    }

    @Test("the controller tells its host when to poll and when a menu setting changed; the host never asks")
    func messagesNotPolling() {
        let clock = ManualClock(now: 100)
        let host = PrimitiveHost("one two", selection: 0..<0)
        let controller = EditMenuController(
            host: host, configuration: EditMenuConfiguration(idiom: .phone), clock: clock)
        // A finger down: the long press matures 0.5 s later, and the host hears when.
        controller.handle(InputEvent(.touchDown, at: CGPoint(x: 1, y: 0), time: clock.now))
        #expect(host.pollDeadlines.count == 1)
        #expect(host.pollDeadlines.first.map { $0 > clock.now && $0 <= clock.now + 1 } == true)
        // The same deadline is not announced twice.
        controller.handle(InputEvent(.touchMove, at: CGPoint(x: 1, y: 0), time: clock.now))
        #expect(host.pollDeadlines.count == 1)
        clock.advance(by: 0.6)
        controller.poll()
        #expect(host.selection == 0..<3, "the long press selected the word")
        // Substitutions ▸ Smart Quotes, turned off in the menu: the host hears it once.
        #expect(controller.perform(.smartQuotes) == .done)
        #expect(host.settingsChanges == 1)
        #expect(controller.textSubstitutions.settings.smartQuotes == false)
    }
}
