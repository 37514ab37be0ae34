import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit

/// The menu and the editors agree: every enabled command the rules put in the menu, the editor can
/// perform, and the undo title the menu would show names the step undo reverts.
@Suite("Editing through the menu")
struct EditingMenuTests {
    static let performed: Set<EditCommand.ID> = [
        .cut, .copy, .paste, .pasteAndMatchStyle, .delete, .select, .selectAll, .replace,
    ]

    func menu(_ content: SelectableContent, pasteboard: InMemoryPasteboard, idiom: Idiom = .phone) -> [EditCommand] {
        let context = EditMenuContext(
            content: content, idiom: idiom, pasteboardTypes: pasteboard.typeSet,
            spellingSuggestions: ["word"])
        guard case .presented(let menu) = EditMenuRules.presentation(for: context) else { return [] }
        return menu.commands
    }

    @Test("Every enabled text command in the menu can be performed, on random texts and selections")
    func textCommandsPerform() throws {
        var rng = SplitMix64(seed: 11)
        let tokens = ["Hello", " ", "wörld", "...", "日本語", "😀", "\n", "can't", "  "]
        for round in 0..<300 {
            let text = (0..<Int(rng.next() % 8)).map { _ in tokens[Int(rng.next() % UInt64(tokens.count))] }.joined()
            let pasteboard = InMemoryPasteboard()
            if rng.next() % 2 == 0 { pasteboard.write([.text("pasted")]) }
            var editor = TextEditor(text: text, isSecure: rng.next() % 7 == 0)
            let a = Int(rng.next() % UInt64(text.utf8.count + 1)), b = Int(rng.next() % UInt64(text.utf8.count + 1))
            editor.select(rng.next() % 2 == 0 ? a..<a : min(a, b)..<max(a, b))
            let commands = menu(editor.selectableContent(allowsDelete: true), pasteboard: pasteboard)
            for command in commands where command.isEnabled && Self.performed.contains(command.id) {
                var copy = editor
                if command.id == .replace {
                    // Replace… is a submenu: each suggestion replaces the selection.
                    #expect(command.children.map(\.id) == [.replacement(0)])
                    #expect(throws: Never.self) { try copy.replaceSelection(with: "word", actionName: .replace) }
                } else {
                    #expect(
                        editor.canPerform(command.id, pasteboard: pasteboard),
                        "round \(round): \(command.id) in \(text.debugDescription)")
                    #expect(throws: Never.self, "round \(round): \(command.id)") {
                        try copy.perform(command.id, pasteboard: pasteboard)
                    }
                }
            }
        }
    }

    @Test("The undo title names the step that undo reverts")
    func undoTitleMatches() throws {
        let pasteboard = InMemoryPasteboard()
        var editor = TextEditor(text: "Hello world", selection: 0..<5)
        let english = MenuStrings(locale: .english)
        try editor.perform(.cut, pasteboard: pasteboard)
        editor.select(1..<1)
        try editor.perform(.paste, pasteboard: pasteboard)
        try editor.type("!")
        let names = [editor.history.undoTitle(strings: english, idiom: .mac)]
        try editor.undo()
        let next = [
            editor.history.undoTitle(strings: english, idiom: .mac),
            editor.history.redoTitle(strings: english, idiom: .mac),
        ]
        #expect(names == ["Undo Typing"])
        #expect(next == ["Undo Paste", "Redo Typing"])
        let context = EditMenuContext(
            content: editor.selectableContent(), idiom: .mac, surface: .menuBar,
            undo: editor.history.undoState(strings: english, idiom: .mac),
            redo: editor.history.redoState(strings: english, idiom: .mac))
        guard case .presented(let menu) = EditMenuRules.presentation(for: context) else {
            Issue.record("no menu bar")
            return
        }
        #expect(menu.commands.first { $0.id == .undo }?.title == "Undo Paste")
        #expect(menu.commands.first { $0.id == .redo }?.title == "Redo Typing")
    }

    @Test("Every enabled object command in the menu can be performed")
    func objectCommandsPerform() throws {
        let pasteboard = InMemoryPasteboard()
        pasteboard.write([.png(Data([1]))])
        var gallery = ObjectEditor(objects: [.image(png: Data([2])), .image(png: Data([3]))], accepting: [.image])
        gallery.select(0..<1)
        let commands = menu(gallery.selectableContent(kind: .image), pasteboard: pasteboard)
        #expect(Set(commands.map(\.id)).isSuperset(of: [.cut, .copy, .paste, .delete]))
        for command in commands where command.isEnabled && Self.performed.contains(command.id) {
            var copy = gallery
            #expect(throws: Never.self, "\(command.id)") { try copy.perform(command.id, pasteboard: pasteboard) }
        }
    }
}
