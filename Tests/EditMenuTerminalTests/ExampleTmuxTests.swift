import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// `Examples/TerminalNotes`, the smallest terminal program with the edit menu, in a real terminal: the
/// proof that a terminal host is a few lines on top of `TerminalEditMenu`.
final class ExampleTmuxTests: TmuxTestCase {
    func start(environment: [String: String] = [:]) throws {
        let binary = BuiltTool.url(named: "terminal-notes").path
        let settings = environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "90", "-y", "20",
                "LANG=C.UTF-8 NOTES_LOG='\(logPath)' \(settings) '\(binary)'; echo EXITED $?; sleep 60",
            ], capture: false)
        try waitFor("the example's first frame") { self.screen().contains("terminal-notes") }
    }

    func testPressAndHoldShowsTheMenuAndCutThenUndoRestoresTheWord() throws {
        try start()
        let word = try XCTUnwrap(locate("meeting"))
        send("\u{1B}[<0;\(word.column + 3);\(word.row + 1)M")
        usleep(700_000)
        send("\u{1B}[<0;\(word.column + 3);\(word.row + 1)m")
        try waitFor("the compact menu") { self.screen().contains("│ Cut │ Copy │") }
        XCTAssertTrue(log().contains("selection") && log().contains("\"meeting\""), log())
        let cut = try XCTUnwrap(locate("Cut │"))
        click(cut.column, cut.row)
        try waitFor("the cut") { !self.screen().contains("meeting") }
        XCTAssertFalse(screen().contains("│ Cut │"), "choosing an item dismisses the menu")
        send("\u{1A}") // Ctrl+Z
        try waitFor("the undo") { self.screen().contains("meeting") }
        send("\u{11}") // Ctrl+Q
        try waitFor("the exit") { self.screen().contains("EXITED 0") }
    }

    func testOnTheMacIdiomTheRightButtonRevealsTheContextMenuAtTheWord() throws {
        try start(environment: ["EDITMENU_IDIOM": "mac"])
        let word = try XCTUnwrap(locate("meeting"))
        send("\u{1B}[<2;\(word.column + 3);\(word.row + 1)M\u{1B}[<2;\(word.column + 3);\(word.row + 1)m")
        try waitFor("the context menu") { self.screen().contains("Copy") && self.screen().contains("╭") }
        try waitForLog("gesture secondaryClick")
        send("\u{1B}") // Escape closes it
        try waitFor("the menu to go") { !self.screen().contains("╭") }
    }
}
