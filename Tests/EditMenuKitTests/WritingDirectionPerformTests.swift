import Testing

@_spi(Testing) @testable import EditMenuKit
@testable import EditMenuText

/// Performing Writing Direction ▸ on plain text, and the bidirectional algorithm hosts draw with.
@Suite("Writing direction performed, and the bidi algorithm")
struct WritingDirectionPerformTests {
    let rlm = "\u{200F}"
    let lrm = "\u{200E}"

    @Test("Right to Left puts a right-to-left mark at the caret's paragraph's start, as one undo step")
    func rightToLeftAtCaret() throws {
        let text = "first\nשלום abc\nlast"
        let caret = "first\nשלום".utf8.count
        var editor = TextEditor(text: text, selection: caret..<caret)
        #expect(editor.canPerform(.makeTextWritingDirectionRightToLeft, pasteboard: InMemoryPasteboard()))
        try editor.perform(.makeTextWritingDirectionRightToLeft, pasteboard: InMemoryPasteboard())
        #expect(editor.text == "first\n\(rlm)שלום abc\nlast")
        #expect(editor.selection == (caret + 3)..<(caret + 3), "the caret stays in its word")
        #expect(editor.history.undoAction == .writingDirection)
        #expect(editor.history.undoStack.count == 1)
        let paragraph = editor.text.split(separator: "\n")[1]
        #expect(Bidi.paragraphDirection(of: paragraph.unicodeScalars) == .rightToLeft)
        try editor.perform(.makeTextWritingDirectionLeftToRight, pasteboard: InMemoryPasteboard())
        #expect(editor.text == "first\n\(lrm)שלום abc\nlast", "the mark is replaced, not added")
        #expect(editor.selection == (caret + 3)..<(caret + 3))
        #expect(Bidi.paragraphDirection(of: editor.text.split(separator: "\n")[1].unicodeScalars) == .leftToRight)
        try editor.perform(.makeTextWritingDirectionLeftToRight, pasteboard: InMemoryPasteboard())
        #expect(editor.history.undoStack.count == 2, "the same direction again changes nothing")
        try editor.undo()
        try editor.undo()
        #expect(editor.text == text, "undo restores the bytes exactly")
        #expect(editor.selection == caret..<caret)
        try editor.redo()
        #expect(editor.text == "first\n\(rlm)שלום abc\nlast")
        #expect(
            UndoAction.writingDirection.title(strings: MenuStrings(locale: .english), idiom: .mac)
                == "Writing Direction")
    }

    @Test("A selection across paragraphs sets each of them and keeps its text selected, marks and all")
    func acrossParagraphs() throws {
        let text = "one\ntwo\n\(lrm)three\nfour"
        let start = 1
        let end = "one\ntwo\n\(lrm)th".utf8.count
        var editor = TextEditor(text: text, selection: start..<end)
        try editor.setWritingDirection(.rightToLeft)
        #expect(editor.text == "\(rlm)one\n\(rlm)two\n\(rlm)three\nfour")
        #expect(editor.selectedText == "ne\n\(rlm)two\n\(rlm)th")
        #expect(editor.history.undoStack.count == 1)
        try editor.undo()
        #expect(editor.text == text)
    }

    @Test("Read-only and secure text refuse; a selection past the limit is refused whole")
    func refusals() {
        var readOnly = TextEditor(text: "abc", isEditable: false)
        #expect(throws: EditingError.notEditable(.makeTextWritingDirectionRightToLeft)) {
            try readOnly.setWritingDirection(.rightToLeft)
        }
        var secure = TextEditor(text: "abc", isSecure: true)
        #expect(!secure.canPerform(.makeTextWritingDirectionLeftToRight, pasteboard: InMemoryPasteboard()))
        #expect(throws: EditingError.secureText(.makeTextWritingDirectionLeftToRight)) {
            try secure.setWritingDirection(.leftToRight)
        }
        let big = String(repeating: "a\n", count: TextEditor.writingDirectionLimit / 2 + 1)
        var huge = TextEditor(text: big, selection: 0..<big.utf8.count)
        #expect(throws: EditingError.self) { try huge.setWritingDirection(.rightToLeft) }
        #expect(huge.text == big)
    }

    @Test("The controller performs Writing Direction ▸ on a headless host")
    func throughTheController() throws {
        let host = HeadlessHost(.text(TextEditor(text: "שלום", selection: 0..<4)))
        let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .pad))
        #expect(controller.perform(.makeTextWritingDirectionRightToLeft) == .done)
        #expect(host.editor?.text == "\(rlm)שלום")
    }

    @Test("Rules P2 and P3: the first strong character, isolates skipped, a mark counts")
    func paragraphDirection() {
        #expect(Bidi.paragraphDirection(of: "abc שלום".unicodeScalars) == .leftToRight)
        #expect(Bidi.paragraphDirection(of: "123, שלום abc".unicodeScalars) == .rightToLeft)
        #expect(Bidi.paragraphDirection(of: "\(rlm)abc".unicodeScalars) == .rightToLeft)
        #expect(Bidi.paragraphDirection(of: "\u{2067}שלום\u{2069} abc".unicodeScalars) == .leftToRight)
        #expect(Bidi.paragraphDirection(of: "123 ...".unicodeScalars) == nil)
        #expect(Bidi.paragraphDirection(of: "123\nשלום".unicodeScalars) == nil, "a paragraph ends at its line break")
        #expect(Bidi.paragraphDirection(of: "مرحبا".unicodeScalars) == .rightToLeft)
    }

    @Test("The mirroring pre-filter never hides a mirrored character from ICU")
    func mirrorPreFilter() {
        var missed: [UInt32] = []
        for value in UInt32(0)...0x10FFFF where ICU.mirrored(value) != value && !Bidi.mayHaveMirror(value) {
            missed.append(value)
        }
        #expect(missed.isEmpty, "mirrored outside the pre-filter: \(missed.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("Levels, visual order and mirroring through ICU")
    func levelsAndOrder() {
        let line = Array("abc שלום (x)".utf16)
        let levels = Bidi.levels(ofParagraph: line, base: .leftToRight)
        #expect(levels == [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0])
        #expect(Bidi.visualOrder(of: levels) == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11])
        let rtl = Bidi.levels(ofParagraph: Array("שלום abc".utf16), base: .rightToLeft)
        #expect(rtl == [1, 1, 1, 1, 1, 2, 2, 2])
        #expect(Bidi.visualOrder(of: rtl) == [5, 6, 7, 4, 3, 2, 1, 0])
        #expect(Bidi.mirrored("(") == ")")
        #expect(Bidi.mirrored("«") == "»")
        #expect(Bidi.mirrored("a") == nil)
        // "abc אב גד" broken after "אב ": L1 puts the line's trailing space back at the base level.
        let paragraph = Bidi.levels(ofParagraph: Array("abc אב גד".utf16), base: .leftToRight)
        #expect(paragraph[6] == 1, "inside the paragraph the space between two R is R (rule N1)")
        let firstLine = Array(paragraph[0..<7])
        let whitespace = "abc אב ".map { $0 == " " }
        #expect(Bidi.lineLevels(firstLine, isWhitespace: whitespace, base: .leftToRight) == [0, 0, 0, 0, 1, 1, 0])
    }
}
