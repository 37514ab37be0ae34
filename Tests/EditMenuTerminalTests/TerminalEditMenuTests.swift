@_spi(Testing) import EditMenuKit
import Testing

@_spi(Testing) @testable import EditMenuTerminal

/// `TerminalEditMenu` as a library component, without the demo: a program attaches its own region,
/// passes the terminal's events and draws the menu over its frame.
@Suite("TerminalEditMenu as a library component")
struct TerminalEditMenuTests {
    /// Hears what the controller performed.
    final class Outcomes: EditMenuControllerDelegate {
        var performed: [(EditCommand.ID, PerformOutcome)] = []
        func editMenuController(
            _ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome
        ) {
            performed.append((id, outcome))
        }
        var editingFailures: [String] = []
        func editMenuController(_ controller: EditMenuController, didFailEditing message: String) {
            editingFailures.append(message)
        }
        var failures: [String] { performed.compactMap { $0.1.failure } }
    }

    struct Fixture {
        let menu: TerminalEditMenu
        let view: TerminalTextView
        let pasteboard = InMemoryPasteboard()
        let outcomes = Outcomes()

        init(_ text: String, selection: Range<Int>, idiom: Idiom = .pad, editable: Bool = true) {
            var editor = TextEditor(text: text, isEditable: editable)
            editor.select(selection)
            view = TerminalTextView(editor: editor, frame: CellRect(column: 0, row: 1, width: 60, height: 10))
            menu = TerminalEditMenu(
                configuration: .terminal(idiom: idiom), pasteboard: pasteboard, clock: ManualClock())
            menu.screenSize = (80, 24)
            menu.attach(view)
            menu.controller.delegate = outcomes
        }

        /// The frame a program draws: its region, then the menu over it.
        func frame() -> String {
            var screen = Screen(columns: 80, rows: 24)
            view.draw(into: &screen, focused: true)
            menu.draw(into: &screen)
            return screen.plainText
        }

        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            menu.handle(.key(key, modifiers))
        }
    }

    @Test("The Menu key shows the menu at the selection, drawn over the program's frame; Escape hides it")
    func menuKey() {
        let app = Fixture("Hello brave world", selection: 6..<11)
        app.key(.menu)
        #expect(app.menu.isMenuVisible)
        let frame = app.frame()
        #expect(frame.contains("Copy"), "\(frame)")
        #expect(frame.contains("Hello brave world"))
        app.key(.escape)
        #expect(!app.menu.isMenuVisible)
        #expect(!app.frame().contains("Copy"))
    }

    @Test("Ctrl+C, Ctrl+A twice and Ctrl+V perform through the controller, with no failure")
    func shortcuts() {
        let app = Fixture("Hello brave world", selection: 6..<11)
        app.key(.character("c"), .control)
        #expect(app.pasteboard.items().first?.string(for: .plainText) == "brave")
        app.key(.character("a"), .control)
        app.key(.character("a"), .control)
        #expect(app.view.editor.selection == 0..<17)
        app.key(.character("v"), .control)
        #expect(app.view.editor.text == "brave")
        app.key(.character("z"), .control)
        #expect(app.view.editor.text == "Hello brave world")
        #expect(app.outcomes.failures.isEmpty, "\(app.outcomes.failures)")
        #expect(app.outcomes.performed.map(\.0) == [.copy, .selectAll, .selectAll, .paste, .undo])
    }

    @Test("Ctrl+F opens the find bar; typing finds as people type and the status is the core's")
    func findBar() {
        let app = Fixture("one cat, two cats", selection: 0..<0)
        app.key(.character("f"), .control)
        #expect(app.menu.findBar != nil)
        app.menu.handle(.text("cat"))
        #expect(app.view.editor.selection == 4..<7)
        app.key(.enter)
        #expect(app.view.editor.selection == 13..<16)
        app.key(.enter)
        #expect(app.view.editor.selection == 4..<7)
        #expect(app.menu.findBar?.status == "Wrapped")
        app.menu.handle(.text("z"))
        #expect(app.menu.findBar?.status == "Not found")
        #expect(app.frame().contains("Find: catz"))
        app.key(.escape)
        #expect(app.menu.findBar == nil)
    }

    @Test("Typing goes to the focused region and dismisses a compact menu; a list menu takes the keys")
    func typing() {
        let app = Fixture("Hello", selection: 5..<5)
        app.menu.controller.present(input: .touch)
        #expect(app.menu.isMenuVisible && !app.menu.isListMenuVisible)
        app.menu.handle(.text("!"))
        #expect(app.view.editor.text == "Hello!")
        #expect(!app.menu.isMenuVisible)
        // From the keyboard, the iPad shows a list: typed characters are its keys, never the text's.
        app.key(.menu)
        #expect(app.menu.isListMenuVisible)
        app.menu.handle(.text("?"))
        #expect(app.view.editor.text == "Hello!")
    }

    @Test("Typing into read-only text is an editing failure the controller reports, not a command")
    func editingFailure() {
        let app = Fixture("Read only", selection: 4..<4, editable: false)
        app.menu.handle(.text("x"))
        #expect(app.view.editor.text == "Read only")
        #expect(app.outcomes.editingFailures == ["This text is not editable"])
        #expect(app.outcomes.performed.isEmpty)
    }
}
