import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuKit

@Suite("Find and Replace, Transformations on a TextEditor")
struct TextEditorDocumentCommandTests {
    @Test("Find Next selects each match in turn and wraps; Find Previous goes back")
    func findSelects() {
        var editor = TextEditor(text: "one two ONE two one")
        #expect(editor.find(FindQuery("one"))?.range == 0..<3)
        #expect(editor.selectedText == "one")
        #expect(editor.find(FindQuery("one"))?.range == 8..<11)
        #expect(editor.find(FindQuery("one")) == FindMatch(range: 16..<19, wrapped: false))
        #expect(editor.find(FindQuery("one")) == FindMatch(range: 0..<3, wrapped: true))
        #expect(editor.find(FindQuery("one"), direction: .backward) == FindMatch(range: 16..<19, wrapped: true))
        #expect(editor.find(FindQuery("three")) == nil)
        #expect(editor.selection == 16..<19)
    }

    @Test("Replace replaces only a selected match, as one undo step")
    func replaceMatch() throws {
        var editor = TextEditor(text: "cat dog cat")
        #expect(try editor.replaceMatch(FindQuery("cat"), with: "cow") == false)
        editor.find(FindQuery("CAT"))
        #expect(try editor.replaceMatch(FindQuery("cat"), with: "cow"))
        #expect(editor.text == "cow dog cat")
        #expect(editor.selectedText == "cow")
        #expect(editor.history.undoAction == .replace)
        try editor.undo()
        #expect(editor.text == "cat dog cat")
    }

    @Test("Replace All is one undo step named Replace All; undo restores the bytes, redo repeats it")
    func replaceAll() throws {
        var editor = TextEditor(text: "Straße, STRASSE, strasse; gasse")
        #expect(try editor.replaceAll(FindQuery("strasse"), with: "Weg") == 3)
        #expect(editor.text == "Weg, Weg, Weg; gasse")
        #expect(editor.selection == 13..<13)
        #expect(editor.history.undoAction == .replaceAll)
        #expect(editor.history.undoTitle(strings: MenuStrings(locale: .english), idiom: .mac) == "Undo Replace All")
        try editor.undo()
        #expect(editor.text == "Straße, STRASSE, strasse; gasse")
        try editor.redo()
        #expect(editor.text == "Weg, Weg, Weg; gasse")
        #expect(try editor.replaceAll(FindQuery("nothing"), with: "x") == 0)
        var readOnly = TextEditor(text: "a", isEditable: false)
        #expect(throws: EditingError.notEditable(.findAndReplace)) {
            try readOnly.replaceAll(FindQuery("a"), with: "b")
        }
    }

    @Test("Property: Replace All then Undo restores the exact bytes, in pieces or not", arguments: [3, 11])
    func replaceAllUndoProperty(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<60 {
            var editor = TextEditor(text: FindTests.randomText(&rng, count: Int(rng.next() % 40) + 1))
            // Fragment the storage with a few typed edits first.
            for _ in 0..<Int(rng.next() % 4) {
                let at = editor.storage.graphemeBoundary(
                    atOrBefore: Int(rng.next() % UInt64(editor.storage.byteCount + 1)))
                editor.select(at..<at)
                try editor.type(FindTests.randomText(&rng, count: 2))
            }
            let before = editor.storage.bytes(in: 0..<editor.storage.byteCount)
            let needle = FindTests.randomText(&rng, count: 1)
            let replacement = FindTests.randomText(&rng, count: Int(rng.next() % 3))
            let expected = TextFinder(FindQuery(needle)).allMatches(in: editor.storage).count
            let replaced = try editor.replaceAll(FindQuery(needle), with: replacement)
            #expect(replaced == expected)
            if replaced > 0 {
                // What a naive rebuild of the bytes gives.
                #expect(editor.storage.string.contains(replacement) || replacement.isEmpty)
                try editor.undo()
            }
            #expect(editor.storage.bytes(in: 0..<editor.storage.byteCount) == before)
        }
    }

    @Test(
        "Transformations map case in the menu's language",
        arguments: [
            (TextTransformation.upperCase, "de", "Die Straße", "DIE STRASSE"),
            (.upperCase, "tr", "istanbul iyi", "İSTANBUL İYİ"),
            (.upperCase, "en", "istanbul", "ISTANBUL"),
            (.lowerCase, "tr", "ISPARTA", "ısparta"),
            (.upperCase, "el", "όνομα", "ΟΝΟΜΑ"),
            (.capitalize, "en", "hello WORLD, it's a dog's life", "Hello World, It's A Dog's Life"),
            (.capitalize, "nl", "ijssel en ijmuiden", "IJssel En IJmuiden"),
            (.lowerCase, "en", "ǅemal", "ǆemal"),
        ])
    func transformations(_ t: TextTransformation, _ language: String, _ input: String, _ output: String) {
        #expect(t.apply(to: input, locale: MenuLocale(language)) == output)
    }

    @Test("Greek lower case ends a word with final sigma")
    func finalSigma() {
        let lowered = TextTransformation.lowerCase.apply(to: "ΟΔΟΣ ΣΟΦΟΣ", locale: MenuLocale("el"))
        #expect(lowered == "οδο\u{3C2} \u{3C3}οφο\u{3C2}")
    }

    @Test("A transformation is one undo step named after the command; the selection covers the result")
    func transformEditor() throws {
        var editor = TextEditor(text: "Die Straße ist lang")
        editor.select(4..<11)
        try editor.transform(.upperCase, locale: MenuLocale("de"))
        #expect(editor.text == "Die STRASSE ist lang")
        #expect(editor.selectedText == "STRASSE")
        #expect(editor.history.undoAction == .makeUpperCase)
        #expect(editor.history.undoTitle(strings: MenuStrings(locale: .english), idiom: .mac) == "Undo Make Upper Case")
        #expect(
            editor.history.undoTitle(strings: MenuStrings(locale: MenuLocale("de")), idiom: .mac)
                == "In Großbuchstaben widerrufen")
        try editor.undo()
        #expect(editor.text == "Die Straße ist lang")
        #expect(editor.selection == 4..<11)
        editor.select(0..<0)
        #expect(throws: EditingError.nothingSelected(.makeUpperCase)) {
            try editor.transform(.upperCase, locale: .english)
        }
    }

    @Test("A selection larger than a chunk is transformed whole, words cut nowhere")
    func largeSelection() throws {
        let line = "straße und weg\n"
        let text = String(repeating: line, count: TextTransformation.chunkBytes / line.utf8.count * 3)
        var editor = TextEditor(text: text)
        editor.select(0..<editor.storage.byteCount)
        try editor.transform(.capitalize, locale: MenuLocale("de"))
        #expect(
            editor.text
                == String(repeating: "Straße Und Weg\n", count: TextTransformation.chunkBytes / line.utf8.count * 3))
    }
}
