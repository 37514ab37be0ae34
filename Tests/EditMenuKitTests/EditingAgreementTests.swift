import Foundation
import Testing

@testable import EditMenuKit

/// `canPerform` and `perform` tell the same story: for every command the system defines, in every
/// kind of content and state, a command that says it can be performed performs, and one that says it
/// cannot throws and changes nothing.
@Suite("Editing: canPerform and perform agree")
struct EditingAgreementTests {
    static let commands = Array(EditCommand.ID.systemDefined) + [.replacement(0), "highlight"]

    static func pasteboards() -> [(String, InMemoryPasteboard)] {
        let empty = InMemoryPasteboard()
        let text = InMemoryPasteboard()
        text.write([.text("pasted")])
        let image = InMemoryPasteboard()
        image.write([.png(Data([0x89, 0x50, 0x4E, 0x47]))])
        return [("empty", empty), ("text", text), ("image", image)]
    }

    static func textEditors() -> [(String, TextEditor)] {
        var undone = TextEditor(text: "Hello world", selection: 0..<5)
        try? undone.perform(.delete, pasteboard: InMemoryPasteboard())
        try? undone.perform(.undo, pasteboard: InMemoryPasteboard())
        return [
            ("caret in a word", TextEditor(text: "Hello world", selection: 2..<2)),
            ("range", TextEditor(text: "Hello world", selection: 0..<5)),
            ("all", TextEditor(text: "Hello world", selection: 0..<11)),
            ("empty text", TextEditor(text: "")),
            ("caret after spaces", TextEditor(text: "   ", selection: 3..<3)),
            ("read-only range", TextEditor(text: "Hello world", selection: 0..<5, isEditable: false)),
            ("secure caret", TextEditor(text: "hunter22", selection: 3..<3, isSecure: true)),
            ("secure range", TextEditor(text: "hunter22", selection: 0..<8, isSecure: true)),
            ("with undo and redo", undone),
        ]
    }

    @Test("Text: every command, every state, every pasteboard")
    func text() {
        for (state, editor) in Self.textEditors() {
            for (board, pasteboard) in Self.pasteboards() {
                for command in Self.commands {
                    var copy = editor
                    let says = copy.canPerform(command, pasteboard: pasteboard)
                    let before = (copy.text, copy.selection)
                    var threw = false
                    do { try copy.perform(command, pasteboard: pasteboard) } catch { threw = true }
                    // Select All with nothing more to select is offered by no menu and, performed
                    // anyway (Ctrl+A twice), does nothing silently (EDIT-MENU.md §3).
                    if command == .selectAll, !says {
                        #expect(!threw && copy.text == before.0 && copy.selection == before.1, "selectAll in \(state)")
                        continue
                    }
                    #expect(
                        says == !threw,
                        "\(command) in \(state) with \(board): canPerform \(says), perform threw \(threw)")
                    if threw {
                        #expect(
                            copy.text == before.0 && copy.selection == before.1,
                            "\(command) in \(state) changed the text")
                    }
                }
            }
        }
    }

    @Test("Objects: every command, every state, every pasteboard")
    func objects() {
        let png = EditableObject.image(png: Data([0x89, 0x50, 0x4E, 0x47]))
        var selected = ObjectEditor(objects: [png], accepting: [.image])
        selected.select(0..<1)
        let states: [(String, ObjectEditor)] = [
            ("selected", selected),
            ("nothing selected", ObjectEditor(objects: [png], accepting: [.image])),
            ("empty", ObjectEditor(objects: [], accepting: [.image])),
            ("read-only", ObjectEditor(objects: [png], accepting: [.image], isEditable: false)),
        ]
        for (state, editor) in states {
            for (board, pasteboard) in Self.pasteboards() {
                for command in Self.commands {
                    var copy = editor
                    let says = copy.canPerform(command, pasteboard: pasteboard)
                    let before = (copy.objects, copy.selection)
                    var threw = false
                    do { try copy.perform(command, pasteboard: pasteboard) } catch { threw = true }
                    if command == .selectAll, !says {
                        #expect(
                            !threw && copy.objects == before.0 && copy.selection == before.1, "selectAll on \(state)")
                        continue
                    }
                    #expect(
                        says == !threw,
                        "\(command) on \(state) objects with \(board): canPerform \(says), threw \(threw)")
                    if threw { #expect(copy.objects == before.0 && copy.selection == before.1) }
                }
            }
        }
    }
}
