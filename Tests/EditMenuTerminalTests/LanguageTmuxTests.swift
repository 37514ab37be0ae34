import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// End-to-end tests of the language services in `editmenu demo`, in tmux with the real tools
/// (`scripts/setup.sh` installs wordnet, apertium-eng-spa, libenchant-2-2 and hunspell-en-us): Look Up
/// shows WordNet's definition in a panel, a misspelled word is underlined and Replace… fixes it as one
/// undoable step, Translate's panel replaces the selection.
final class LanguageTmuxTests: TmuxTestCase {
    func start(_ arguments: [String] = [], columns: Int = 100, rows: Int = 32) throws {
        let command = ([BuiltTool.url.path, "demo", "--release", "2023", "--log", logPath] + arguments).map {
            "'\($0)'"
        }.joined(
            separator: " ")
        // Learned words go to this test's folder, never to the person's own word list.
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)",
                "LANG=C.UTF-8 LC_ALL= XDG_DATA_HOME='\(workDir.path)' \(command); echo EXITED $?; sleep 60",
            ], capture: false)
        try waitFor("the demo's first frame") { self.screen().contains("EditMenuKit demo") }
    }

    func doubleClick(_ column: Int, _ row: Int) {
        click(column, row)
        click(column, row)
    }

    /// The screen with its SGR sequences (underline, colours).
    func styledScreen() -> String { tmux(["capture-pane", "-e", "-p", "-t", "t"]) }

    func services() throws {
        try waitFor("the services report") { self.log().contains("services: Spelling") }
        for service in ["Look Up: WordNet", "Translate: Apertium", "Spelling: Enchant"] {
            guard log().contains("services: \(service)") else {
                XCTFail("\(service) is not installed (scripts/setup.sh installs it)\n\(log())")
                throw XCTSkip("missing tool")
            }
        }
    }

    // MARK: Tests

    func testLookUpShowsTheWordNetDefinitionInAPanelAndEscapeClosesIt() throws {
        try start()
        try services()
        let word = try XCTUnwrap(locate("Infinite"))
        doubleClick(word.column + 1, word.row)
        try waitFor("the menu with Look Up") { self.screen().contains("│ Look Up │") }
        let lookUp = try XCTUnwrap(locate("Look Up"))
        click(lookUp.column + 1, lookUp.row)
        try waitFor("the definition panel") { self.screen().contains("╭─ Infinite ─") }
        XCTAssertTrue(screen().contains("infinite (adjective)"), screen())
        XCTAssertTrue(screen().contains("having no limits or boundaries"), screen())
        try waitForLog("panel definition \"Infinite\"")
        send("\u{1B}")
        try waitFor("the panel to close") { !self.screen().contains("╭─ Infinite ─") }
        XCTAssertTrue(screen().contains("Meet Jane at 1 Infinite Loop"), "the text is back, unchanged")
    }

    func testAMisspelledWordIsUnderlinedAndReplaceThenUndoRestoresIt() throws {
        let file = workDir.appendingPathComponent("letter.txt")
        try Data("I recieve your letter today.\n".utf8).write(to: file)
        try start([file.path])
        try services()
        try waitFor("the misspelling underlined") {
            self.styledScreen().contains("\u{1B}[4m\u{1B}[38;5;196mrecieve")
        }
        XCTAssertFalse(styledScreen().contains("\u{1B}[4m\u{1B}[38;5;196mletter"), "a correct word is not marked")
        let word = try XCTUnwrap(locate("recieve"))
        doubleClick(word.column + 2, word.row)
        try waitFor("Replace… in the menu") { self.screen().contains("Replace…") }
        let replace = try XCTUnwrap(locate("Replace…"))
        click(replace.column + 1, replace.row)
        try waitFor("the suggestions") { self.screen().contains("│ receive │") }
        let suggestion = try XCTUnwrap(locate(" receive "))
        click(suggestion.column + 2, suggestion.row)
        try waitFor("the replacement") { self.screen().contains("I receive your letter today.") }
        try waitForLog("perform replace.0")
        XCTAssertFalse(styledScreen().contains("\u{1B}[38;5;196mreceive"), "the corrected word is not marked")
        send("\u{1A}") // Ctrl+Z
        try waitFor("the undo") { self.screen().contains("I recieve your letter today.") }
        send("\u{19}") // Ctrl+Y
        try waitFor("the redo") { self.screen().contains("I receive your letter today.") }
    }

    func testTheMacContextMenuOffersSuggestionsInlineAndUndoSaysChangeSpelling() throws {
        let file = workDir.appendingPathComponent("mac.txt")
        try Data("I recieve mail.\n".utf8).write(to: file)
        try start([file.path, "--idiom", "mac"])
        try services()
        let word = try XCTUnwrap(locate("recieve"))
        send("\u{1B}[<2;\(word.column + 3);\(word.row + 1)M\u{1B}[<2;\(word.column + 3);\(word.row + 1)m")
        // The menu opens at once; suggestions still being found appear in it when they are.
        try waitFor("the context menu with the suggestions") {
            self.screen().contains("Learn Spelling") && self.screen().contains(" receive ")
        }
        XCTAssertTrue(screen().contains("Ignore Spelling"), screen())
        let suggestion = try XCTUnwrap(locate(" receive "))
        click(suggestion.column + 2, suggestion.row)
        try waitFor("the replacement") { self.screen().contains("I receive mail.") }
        send("\u{1B}[21~") // F10: the menu bar's Edit menu
        try waitFor("the Edit menu") { self.screen().contains("Undo Change Spelling") }
    }

    func testTranslatePanelReplacesTheSelectionAsOneUndoStep() throws {
        let file = workDir.appendingPathComponent("cat.txt")
        try Data("The cat is sleeping.".utf8).write(to: file)
        try start([file.path, "--translate-to", "es"])
        try services()
        send("\u{01}") // Ctrl+A
        let text = try XCTUnwrap(locate("The cat"))
        send("\u{1B}[<2;\(text.column + 3);\(text.row + 1)M\u{1B}[<2;\(text.column + 3);\(text.row + 1)m")
        try waitFor("the menu with Translate") { self.screen().contains("Translate") }
        let translate = try XCTUnwrap(locate("Translate"))
        click(translate.column + 1, translate.row)
        try waitFor("the translation panel") { self.screen().contains("El gato está durmiendo.") }
        XCTAssertTrue(screen().contains("English → Spanish"), screen())
        XCTAssertTrue(screen().contains("[ Copy ]") && screen().contains("[ Replace ]"), screen())
        let replace = try XCTUnwrap(locate("[ Replace ]"))
        click(replace.column + 2, replace.row)
        try waitFor("the replaced text") { !self.screen().contains("The cat is sleeping.") }
        XCTAssertFalse(screen().contains("[ Replace ]"), "the panel closed")
        send("\u{1A}") // Ctrl+Z
        try waitFor("the undo") { self.screen().contains("The cat is sleeping.") }
    }
}
