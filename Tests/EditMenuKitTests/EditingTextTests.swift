import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuText

@Suite("Editing text")
struct EditingTextTests {
    let pasteboard = InMemoryPasteboard()

    @Test("Cut puts the selection on the pasteboard, removes it, and undoes as Undo Cut")
    func cut() throws {
        var editor = TextEditor(text: "Hello world", selection: 5..<11)
        try editor.perform(.cut, pasteboard: pasteboard)
        #expect(editor.text == "Hello" && editor.selection == 5..<5)
        #expect(pasteboard.items().first?.string(for: .plainText) == " world")
        #expect(editor.history.undoTitle(strings: MenuStrings(locale: .english), idiom: .mac) == "Undo Cut")
        try editor.perform(.undo, pasteboard: pasteboard)
        #expect(editor.text == "Hello world" && editor.selection == 5..<11)
        #expect(editor.history.redoTitle(strings: MenuStrings(locale: .english), idiom: .mac) == "Redo Cut")
        try editor.perform(.redo, pasteboard: pasteboard)
        #expect(editor.text == "Hello")
    }

    @Test("Copying more than a MiB promises the text from a snapshot: later edits do not change what pastes")
    func largeCopyIsPromised() throws {
        let line = "the quick café 日本語 👩‍👩‍👧 jumps\n"
        let text = String(repeating: line, count: (2 << 20) / line.utf8.count)
        var editor = TextEditor(text: text)
        try editor.perform(.selectAll, pasteboard: pasteboard)
        try editor.perform(.cut, pasteboard: pasteboard)
        #expect(editor.text.isEmpty)
        try editor.type("typed after the cut")
        var other = TextEditor(text: "<>", selection: 1..<1)
        try other.perform(.paste, pasteboard: pasteboard)
        #expect(other.text == "<" + text + ">")
        #expect(pasteboard.items().first?.string(for: .plainText) == text)
        try other.undo()
        #expect(other.text == "<>")
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.text == "typed after the cut" + text)
    }

    @Test("Copy writes plain text and changes nothing")
    func copy() throws {
        var editor = TextEditor(text: "日本語のテキスト", selection: 0..<9)
        try editor.perform(.copy, pasteboard: pasteboard)
        #expect(pasteboard.items().first?.string(for: .plainText) == "日本語")
        #expect(pasteboard.changeCount == 1)
        #expect(editor.text == "日本語のテキスト" && !editor.history.canUndo)
    }

    @Test("Paste replaces the selection, puts the caret after, and undoes as Undo Paste")
    func paste() throws {
        pasteboard.write([.text("brave new")])
        var editor = TextEditor(text: "Hello world", selection: 6..<11)
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.text == "Hello brave new" && editor.selection == 15..<15)
        #expect(editor.history.undoAction == .paste)
        try editor.undo()
        #expect(editor.text == "Hello world" && editor.selection == 6..<11)
    }

    @Test("Paste and Match Style inserts the plain text of styled content")
    func pasteAndMatchStyle() throws {
        pasteboard.write([
            PasteboardItem([
                PasteboardRepresentation(
                    type: .html, data: Data("<p>Tom &amp; <b>Jerry</b></p><script>x()</script>".utf8))
            ])
        ])
        var editor = TextEditor(text: "")
        try editor.perform(.pasteAndMatchStyle, pasteboard: pasteboard)
        #expect(editor.text == "Tom & Jerry")
        #expect(editor.history.undoAction == .pasteAndMatchStyle)
    }

    @Test("Several items paste as lines; a URL pastes as its text")
    func pasteItems() throws {
        pasteboard.write([.text("one"), .url(URL(string: "https://example.com")!)])
        var editor = TextEditor(text: "")
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.text == "one\nhttps://example.com")
    }

    @Test("Pasting invalid UTF-8 inserts U+FFFD instead of crashing")
    func pasteInvalid() throws {
        pasteboard.write([PasteboardItem([PasteboardRepresentation(type: .plainText, data: Data([0x61, 0xFF, 0x62]))])])
        var editor = TextEditor(text: "")
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.text == "a\u{FFFD}b")
    }

    @Test("Paste with nothing textual says what the pasteboard has and what the text accepts")
    func pasteNothing() {
        pasteboard.write([.png(Data([1]))])
        var editor = TextEditor(text: "x")
        #expect(throws: EditingError.nothingToPaste(accepted: [.plainText, .url, .richText], found: [.png])) {
            try editor.perform(.paste, pasteboard: pasteboard)
        }
        #expect(
            EditingError.nothingToPaste(accepted: [.plainText], found: [.png]).description
                == "paste: the pasteboard has image/png; this content accepts text")
        #expect(!editor.canPerform(.paste, pasteboard: pasteboard))
    }

    @Test("Delete removes the selection without touching the pasteboard")
    func delete() throws {
        var editor = TextEditor(text: "Hello world", selection: 0..<6)
        try editor.perform(.delete, pasteboard: pasteboard)
        #expect(editor.text == "world" && pasteboard.changeCount == 0)
        #expect(editor.history.undoAction == .delete)
        #expect(throws: EditingError.nothingSelected(.delete)) { try editor.perform(.delete, pasteboard: pasteboard) }
    }

    @Test("Select selects the word at the caret; Select All everything")
    func select() throws {
        var editor = TextEditor(text: "Hello wonderful world", selection: 9..<9)
        try editor.perform(.select, pasteboard: pasteboard)
        #expect(editor.selectedText == "wonderful")
        try editor.perform(.selectAll, pasteboard: pasteboard)
        #expect(editor.selection == 0..<21)
        #expect(!editor.canPerform(.selectAll, pasteboard: pasteboard))
        var blank = TextEditor(text: "   ", selection: 1..<1)
        #expect(throws: EditingError.noWordAtCaret) { try blank.perform(.select, pasteboard: pasteboard) }
    }

    @Test(
        "Select at a caret touching a word selects the word, not the punctuation beside it",
        arguments: [
            ("Hello world.", 11, "world"), ("Hi, you", 2, "Hi"), ("Hello world", 5, "Hello"),
            ("Hello world", 6, "world"), ("Hello   world", 6, "Hello"), ("«Bonjour»", 8, "Bonjour"),
            ("(Hello) world", 1, "Hello"), ("Привет, мир", 6, "Привет"), ("e\u{301}t\u{e9}!", 3, "e\u{301}t\u{e9}"),
        ])
    func selectTouchingWord(text: String, caret: Int, word: String) throws {
        let offset = String(text.prefix(caret)).utf8.count // the caret after `caret` Characters
        var editor = TextEditor(text: text, selection: offset..<offset)
        #expect(editor.canPerform(.select, pasteboard: pasteboard))
        try editor.perform(.select, pasteboard: pasteboard)
        #expect(editor.selectedText == word)
    }

    @Test("Copying a web address alone puts a URL on the pasteboard as well as its text; other text is text")
    func copyLinkAsURL() throws {
        let board = InMemoryPasteboard()
        var editor = TextEditor(text: "See https://www.apple.com/mac now", selection: 4..<29)
        try editor.perform(.copy, pasteboard: board)
        #expect(board.items().first?.representations.map(\.type) == [.plainText, .url])
        #expect(board.items().first?.string(for: .url) == "https://www.apple.com/mac")
        editor.select(0..<3)
        try editor.perform(.copy, pasteboard: board)
        #expect(board.items().first?.representations.map(\.type) == [.plainText])
        editor.select(0..<29)
        try editor.perform(.copy, pasteboard: board)
        #expect(board.items().first?.representations.map(\.type) == [.plainText])
    }

    @Test("Select All with everything selected does nothing and reports nothing, as on Apple's platforms")
    func selectAllTwice() throws {
        var editor = TextEditor(text: "Hello world", selection: 0..<0)
        try editor.perform(.selectAll, pasteboard: pasteboard)
        try editor.perform(.selectAll, pasteboard: pasteboard)
        #expect(editor.selection == 0..<11 && editor.text == "Hello world")
        #expect(editor.history.undoAction == nil)
        var empty = TextEditor(text: "", selection: 0..<0)
        try empty.perform(.selectAll, pasteboard: pasteboard)
        #expect(empty.selection == 0..<0)
        var files = ObjectEditor(objects: [.file(URL(fileURLWithPath: "/tmp/a.txt"))], accepting: [.file])
        try files.perform(.selectAll, pasteboard: pasteboard)
        try files.perform(.selectAll, pasteboard: pasteboard)
        #expect(files.selection == 0..<1)
    }

    @Test("Replace puts a suggestion in place of the word at the caret, as Undo Replace")
    func replace() throws {
        var editor = TextEditor(text: "Teh cat", selection: 1..<1)
        try editor.replace(with: "The")
        #expect(editor.text == "The cat" && editor.selection == 3..<3)
        #expect(editor.history.undoAction == .replace)
        try editor.undo()
        #expect(editor.text == "Teh cat")
    }

    @Test("Secure text cannot be cut, copied or word-selected; gestures select the whole field")
    func secure() throws {
        var editor = TextEditor(text: "hunter22", selection: 0..<8, isSecure: true)
        #expect(throws: EditingError.secureText(.copy)) { try editor.perform(.copy, pasteboard: pasteboard) }
        #expect(throws: EditingError.secureText(.cut)) { try editor.perform(.cut, pasteboard: pasteboard) }
        #expect(editor.text == "hunter22" && pasteboard.changeCount == 0)
        editor.select(3..<3)
        #expect(!editor.canPerform(.select, pasteboard: pasteboard))
        #expect(throws: EditingError.secureText(.select)) { try editor.perform(.select, pasteboard: pasteboard) }
        #expect(editor.apply(.doubleTap, atByte: 3) && editor.selection == 0..<8) // gestures select the whole field
    }

    @Test("Read-only text copies but refuses to change")
    func readOnly() throws {
        var editor = TextEditor(text: "fixed", selection: 0..<5, isEditable: false)
        try editor.perform(.copy, pasteboard: pasteboard)
        #expect(throws: EditingError.notEditable(.cut)) { try editor.perform(.cut, pasteboard: pasteboard) }
        #expect(throws: EditingError.notEditable(.paste)) { try editor.perform(.paste, pasteboard: pasteboard) }
        #expect(throws: EditingError.unsupported(.lookUp)) { try editor.perform(.lookUp, pasteboard: pasteboard) }
    }

    @Test("Typing coalesces into one Undo Typing; moving the caret starts a new one")
    func typing() throws {
        var editor = TextEditor(text: "")
        for c in "hello" { try editor.type(String(c)) }
        try editor.deleteBackward()
        #expect(editor.text == "hell")
        #expect(editor.history.undoStack.count == 1 && editor.history.undoAction == .typing)
        editor.select(0..<0)
        try editor.type("¡")
        #expect(editor.history.undoStack.count == 2)
        try editor.undo()
        try editor.undo()
        #expect(editor.text == "")
    }

    @Test("A selection given inside a cluster is widened to the whole cluster")
    func graphemeSafeSelection() throws {
        var editor = TextEditor(text: "a👩‍👩‍👧b")
        editor.select(3..<5)
        #expect(editor.selection == 1..<19)
        try editor.perform(.cut, pasteboard: pasteboard)
        #expect(editor.text == "ab")
    }

    @Test("Gestures on the editor select through the storage")
    func gestures() {
        var editor = TextEditor(text: "Hello world")
        let doubleTapShows = editor.apply(.doubleTap, atByte: 8)
        #expect(doubleTapShows)
        #expect(editor.selectedText == "world")
        let tapShows = editor.apply(.tap, atByte: 2)
        #expect(!tapShows)
        #expect(editor.selection == 2..<2)
    }

    @Test("The selection's facts for the menu come from the storage")
    func selectionState() {
        var editor = TextEditor(text: "Hello   world")
        editor.select(0..<5)
        #expect(
            editor.selectionState()
                == .range(TextRangeFacts(characterCount: 5, coversAll: false, isBlank: false, isWithinOneWord: true)))
        editor.select(5..<8)
        #expect(
            editor.selectionState()
                == .range(TextRangeFacts(characterCount: 3, coversAll: false, isBlank: true, isWithinOneWord: false)))
        editor.select(0..<13)
        #expect(
            editor.selectionState()
                == .range(TextRangeFacts(characterCount: 13, coversAll: true, isBlank: false, isWithinOneWord: false)))
        editor.select(6..<6)
        #expect(editor.selectionState() == .caret(hasWordToSelect: true))
        #expect(TextEditor(text: "   ", selection: 1..<1).selectionState() == .caret(hasWordToSelect: false))
        for (text, blank) in [
            (" \u{200B}\t\u{3000}\n", true), (" \u{301}", false), ("\u{A0}é", false), ("\u{2060}\u{FEFF}", true),
        ] {
            var editor = TextEditor(text: text)
            editor.select(0..<text.utf8.count)
            guard case .range(let facts) = editor.selectionState() else {
                Issue.record("no range")
                continue
            }
            #expect(facts.isBlank == blank, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(facts.isBlank == text.allSatisfy(\.isBlankForSelection))
        }
    }
}
