import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// Look Up in the text's language in `editmenu demo`, in tmux, through the tests' own dictd
/// (``TestDictServer``, named to the demo by `DICT_SERVER`): a German menu's Look Up shows the FreeDict
/// German-English entry; a word no dictionary has gets the no-entry panel, whose Search Web opens the
/// search.
final class LanguagesTmuxTests: TmuxTestCase {
    func start(_ file: URL, language: String) throws {
        let server = try TestDictServer.client().server
        let command = [BuiltTool.url.path, "demo", "--log", logPath, file.path].map { "'\($0)'" }.joined(
            separator: " ")
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "100", "-y", "32",
                "LANG=\(language) LC_ALL= DICT_SERVER='\(server)' EDITMENU_OPENER=/bin/true "
                    + "XDG_DATA_HOME='\(workDir.path)' \(command); echo EXITED $?; sleep 60",
            ], capture: false)
        try waitFor("the demo's first frame") { self.screen().contains("EditMenuKit demo") }
        try waitFor("the services report") { self.log().contains("services: Look Up") }
        XCTAssertTrue(log().contains("DICT server \(server)"), "the demo reads the tests' dictd\n\(log())")
    }

    func lookUp(_ word: String, title: String) throws {
        let found = try XCTUnwrap(locate(word))
        click(found.column + 1, found.row)
        click(found.column + 1, found.row)
        try waitFor("the menu with \(title)") { self.screen().contains("│ \(title) │") }
        let item = try XCTUnwrap(locate(title))
        click(item.column + 1, item.row)
    }

    func testAGermanLookUpShowsTheFreeDictEntry() throws {
        let file = workDir.appendingPathComponent("katze.txt")
        try Data("Die Katze schläft.\n".utf8).write(to: file)
        try start(file, language: "de_DE.UTF-8")
        try lookUp("Katze", title: "Nachschlagen")
        try waitFor("the definition panel") { self.screen().contains("╭─ Katze ─") }
        try waitFor("the FreeDict entry") { self.screen().contains("FreeDict German-English") }
        XCTAssertTrue(screen().contains("Katze (noun)"), screen())
        XCTAssertTrue(screen().contains("cat"), screen())
        send("\u{1B}")
        try waitFor("the panel to close") { !self.screen().contains("╭─ Katze ─") }
    }

    func testTheNoEntryPanelSaysSoAndSearchWebOpensTheSearch() throws {
        let file = workDir.appendingPathComponent("nonsense.txt")
        try Data("Look up zqxjvk now.\n".utf8).write(to: file)
        try start(file, language: "C.UTF-8")
        try lookUp("zqxjvk", title: "Look Up")
        try waitFor("the no-entry panel") { self.screen().contains("No entries found") }
        let button = try XCTUnwrap(locate("[ Search Web ]"), screen())
        click(button.column + 2, button.row)
        try waitFor("the search opened") { self.screen().contains("Opened https://") }
        XCTAssertTrue(screen().contains("zqxjvk"), screen())
    }
}
