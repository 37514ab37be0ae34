import Testing

@testable import EditMenuKit

/// The word a selection lies in, which spelling suggestions are for and replace whole.
@Suite("The selected word")
struct SelectedWordTests {
    @Test(
        arguments: [
            ("I recieve mail", 3..<6, "recieve"), ("I recieve mail", 2..<9, "recieve"),
            ("I recieve mail", 2..<4, "recieve"),
            ("I recieve mail", 1..<9, " recieve"), ("don't stop", 1..<3, "don't"), ("l’école", 3..<5, "l’école"),
            ("'quoted' word", 2..<4, "quoted"), ("straße 5", 2..<3, "straße"), ("Привет мир", 1..<3, "Привет"),
            ("e\u{301}te\u{301} x", 1..<2, "e\u{301}te\u{301}"), ("abc", 0..<3, "abc"), ("a-b", 0..<1, "a"),
        ])
    func widened(text: String, characters: Range<Int>, word: String) {
        #expect(SelectedText(text: text, characterRange: characters).selectedWord == word)
    }

    @Test("A suggestion for part of a word replaces the whole word, as one undo step")
    func suggestionReplacesTheWord() throws {
        var editor = TextEditor(text: "I recieve mail", selection: 3..<6)
        editor.select(3..<6)
        let host = HeadlessHost(.text(editor))
        host.spellingSuggestions = ["receive"]
        let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .phone))
        controller.present(input: .touch)
        controller.choose("replace")
        controller.choose(.replacement(0))
        #expect(host.editor?.text == "I receive mail")
        #expect(host.editor?.selection == 2..<9)
    }
}
