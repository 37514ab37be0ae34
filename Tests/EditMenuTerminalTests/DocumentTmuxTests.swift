import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// Find ▸, Transformations ▸, Substitutions and Emoji & Symbols in `editmenu demo`, in a real terminal.
final class DocumentTmuxTests: TmuxTestCase {
    /// Starts the demo (on `file`, if given) in a 100×32 pane, its settings and documents in the work folder.
    func start(_ arguments: [String] = []) throws {
        let command = ([BuiltTool.url.path, "demo", "--release", "2023", "--log", logPath] + arguments).map {
            "'\($0)'"
        }.joined(
            separator: " ")
        let folders =
            "XDG_CONFIG_HOME='\(workDir.path)/config' XDG_DATA_HOME='\(workDir.path)/data' XDG_DOCUMENTS_DIR='\(workDir.path)'"
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "100", "-y", "32",
                "LANG=C.UTF-8 LC_ALL= \(folders) \(command); sleep 60",
            ],
            capture: false)
        try waitFor("the demo's first frame") { self.screen().contains("EditMenuKit demo") }
    }

    /// Opens the menu bar's Edit menu (F10) and clicks `titles` in turn (a submenu, then its item).
    func chooseInMenuBar(_ titles: [String]) throws {
        send("\u{1B}[21~") // F10
        for title in titles {
            try waitFor("“\(title)” in the menu") { self.locate(title) != nil }
            let item = try XCTUnwrap(locate(title))
            click(item.column + 1, item.row)
        }
    }

    func testFindNextMovesTheSelectionAndScrollsToIt() throws {
        let file = workDir.appendingPathComponent("long.txt")
        var text = (1...300).map { "line \($0) of the haystack" }.joined(separator: "\n")
        text = text.replacingOccurrences(of: "line 250 of", with: "line 250 has a Zebra, of")
        text = text.replacingOccurrences(of: "line 280 of", with: "line 280 has a ZEBRA, of")
        try Data(text.utf8).write(to: file)
        try start([file.path])
        XCTAssertNil(locate("Zebra"), "the match starts off screen")
        send("\u{06}") // Ctrl+F: the find bar
        try waitFor("the find bar") { self.screen().contains(" Find: ") }
        send("zebra")
        try waitFor("the first match, selected and scrolled into view") {
            self.locate("line 250 has a Zebra") != nil && self.log().contains("\"Zebra\"")
        }
        let first = try XCTUnwrap(log().components(separatedBy: "\n").last { $0.hasPrefix("selection") })
        send("\r") // Find Next
        try waitFor("the second match") {
            self.locate("line 280 has a ZEBRA") != nil && self.log().contains("\"ZEBRA\"")
        }
        let second = try XCTUnwrap(log().components(separatedBy: "\n").last { $0.hasPrefix("selection") })
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(second.contains("\"ZEBRA\""), second)
        send("\r") // wraps round to the first
        try waitFor("the wrap") { self.screen().contains("Wrapped") }
        XCTAssertNotNil(locate("line 250 has a Zebra"), screen())
        send("\u{1B}") // Escape closes the bar
        try waitFor("the bar to close") { !self.screen().contains(" Find: ") }
    }

    func testMakeUpperCaseThenUndoRestores() throws {
        try start()
        let word = try XCTUnwrap(locate("Infinite"))
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
        try waitFor("the word selected") { self.log().contains("\"Infinite\"") }
        send("\u{1B}") // the compact menu goes
        try chooseInMenuBar(["Transformations", "Make Upper Case"])
        try waitFor("the upper case") { self.screen().contains("1 INFINITE Loop") }
        try waitForLog("perform makeUpperCase")
        send("\u{1A}") // Ctrl+Z
        try waitFor("the undo") { self.screen().contains("1 Infinite Loop") }
        XCTAssertFalse(screen().contains("INFINITE"), screen())
    }

    func testTypingQuotesGivesSmartQuotesAndUndoLeavesWhatWasTyped() throws {
        try start()
        let end = try XCTUnwrap(locate("as people expect."))
        click(end.column + "as people expect.".count, end.row)
        send(" \"quote\"")
        try waitFor("smart quotes") { self.screen().contains("expect. \u{201C}quote\u{201D}") }
        send("\u{1A}") // Ctrl+Z: only the last substitution
        try waitFor("the straight quote back") { self.screen().contains("expect. \u{201C}quote\"") }
    }

    func testEmojiPickerInsertsAsOneUndoStep() throws {
        try start()
        let end = try XCTUnwrap(locate("as people expect."))
        click(end.column + "as people expect.".count, end.row)
        try chooseInMenuBar(["Emoji & Symbols"])
        try waitFor("the picker") { self.screen().contains("⌕ ") }
        send("pizza")
        try waitFor("the pizza") { self.screen().contains(" pizza ") && self.screen().contains("🍕") }
        send("\r")
        try waitFor("the pizza inserted") { self.screen().contains("as people expect.🍕") }
        send("\u{1A}")
        try waitFor("the undo") { !self.screen().contains("expect.🍕") }
    }
}
