import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// End-to-end tests of `editmenu demo` in a real terminal: tmux runs the binary, the tests send raw
/// mouse and key sequences and read the screen back with `capture-pane`, and the demo's own event log.
final class DemoTmuxTests: TmuxTestCase {
    /// Starts the demo in a 100×32 pane; after it exits the pane shows `EXITED <status>` and whether the
    /// terminal is back in canonical mode.
    func start(_ arguments: [String] = [], language: String = "C.UTF-8") throws {
        let command = ([BuiltTool.url.path, "demo", "--release", "2023", "--log", logPath] + arguments).map {
            "'\($0)'"
        }.joined(
            separator: " ")
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "100", "-y", "32",
                "LANG=\(language) LC_ALL= XDG_CONFIG_HOME='\(workDir.path)/config' XDG_DATA_HOME='\(workDir.path)/data' \(command); echo EXITED $?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; sleep 60",
            ],
            environment: ["LANG": language], capture: false)
        try waitFor("the demo's first frame") { self.screen().contains("EditMenuKit demo") }
    }

    // MARK: Tests

    func testLongPressShowsTheCompactMenuAboveTheSelection() throws {
        try start()
        let word = try XCTUnwrap(locate("Wörter"))
        send("\u{1B}[<0;\(word.column + 3);\(word.row + 1)M")
        usleep(700_000)
        send("\u{1B}[<0;\(word.column + 3);\(word.row + 1)m")
        try waitFor("the compact menu") { self.screen().contains("│ Cut │ Copy │") }
        let lines = screen().split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[word.row - 1].contains("▼"), "the arrow points down at the word from the row above")
        XCTAssertTrue(lines[word.row - 2].contains("│ Cut │"), "the menu is above the selection")
        try waitForLog("gesture longPress")
        try waitForLog("menu compact above")
        XCTAssertTrue(log().contains("selection 0..<7 \"Wörter\"") || log().contains("\"Wörter\""), log())
    }

    func testDoubleClickSelectsAWord() throws {
        try start()
        let word = try XCTUnwrap(locate("Jane at"))
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
        try waitFor("a word selection") { self.log().contains("gesture doubleTap") }
        try waitForLog("\"Jane\"")
        try waitFor("the menu") { self.screen().contains("│ Cut │ Copy │") }
    }

    func testRightClickShowsTheVerticalStyle() throws {
        try start()
        let word = try XCTUnwrap(locate("Ελληνικά"))
        send("\u{1B}[<2;\(word.column + 2);\(word.row + 1)M\u{1B}[<2;\(word.column + 2);\(word.row + 1)m")
        try waitFor("the vertical menu") { self.log().contains("menu vertical") }
        XCTAssertTrue(screen().contains("Select All"), screen())
        try waitForLog("\"Ελληνικά\"")
    }

    func testCutThenUndoRestoresTheFileByteForByte() throws {
        let file = workDir.appendingPathComponent("doc.txt")
        let original = Data("first line\nsecond wörd line 東京都\nthird line\n".utf8)
        try original.write(to: file)
        try start([file.path])
        let word = try XCTUnwrap(locate("wörd"))
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
        try waitFor("the menu") { self.screen().contains("│ Cut │") }
        let cut = try XCTUnwrap(locate("Cut │"))
        click(cut.column, cut.row)
        try waitFor("the cut") { !self.screen().contains("wörd") }
        send("\u{13}") // Ctrl+S
        try waitFor("the save") { self.log().contains("saved") }
        // Smart Copy/Paste (on by default, as on macOS) takes one of the spaces around the word along.
        XCTAssertEqual(try Data(contentsOf: file), Data("first line\nsecond line 東京都\nthird line\n".utf8))
        send("\u{1A}") // Ctrl+Z
        try waitFor("the undo") { self.screen().contains("wörd") }
        send("\u{13}")
        try waitFor("the second save") { self.log().components(separatedBy: "saved").count == 3 }
        XCTAssertEqual(try Data(contentsOf: file), original)
    }

    func testRussianTitlesUnderRussianLocale() throws {
        try start(language: "ru_RU.UTF-8")
        let word = try XCTUnwrap(locate("Jane at"))
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
        try waitFor("Russian titles") { self.screen().contains("Вырезать") }
        XCTAssertTrue(screen().contains("Скопировать"), screen())
    }

    func testAnAddressOffersGetDirections() throws {
        try start()
        let word = try XCTUnwrap(locate("Infinite"))
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
        try waitFor("Get Directions") { self.screen().contains("Get Directions") }
    }

    func testTheButtonNeverShowsAMenu() throws {
        try start()
        let button = try XCTUnwrap(locate("Send"))
        click(button.column, button.row)
        click(button.column, button.row)
        send("\u{1B}[<0;\(button.column + 1);\(button.row + 1)M")
        usleep(700_000)
        send("\u{1B}[<0;\(button.column + 1);\(button.row + 1)m")
        send("\u{1B}[<2;\(button.column + 1);\(button.row + 1)M")
        try waitFor("the presses") { self.log().contains("menu not presented: notSelectable") }
        XCTAssertFalse(log().contains("menu compact"), log())
        XCTAssertFalse(log().contains("menu vertical"), log())
        XCTAssertFalse(screen().contains("│ Cut"), screen())
    }

    func testCtrlCLeavesTheTerminalRestored() throws {
        try start()
        send("\u{3}")
        try waitFor("the exit") { self.screen().contains("EXITED 0") }
        try assertRestored()
    }

    func testKillLeavesTheTerminalRestored() throws {
        try start()
        try waitFor("the pid") { self.log().contains("started pid") }
        let pidText = log().split(separator: "\n").first { $0.hasPrefix("started pid") }?.split(separator: " ")[2]
        let pid = try XCTUnwrap(pidText.flatMap { Int32($0) })
        kill(pid, SIGTERM)
        try waitFor("the exit") { self.screen().contains("EXITED") }
        try assertRestored()
    }

    func assertRestored() throws {
        // `stty -a` prints after `EXITED`: wait for its line rather than read the pane once.
        try waitFor("stty's icanon line") { self.screen().contains("icanon") }
        let flags = tmux([
            "display-message", "-p", "-t", "t",
            "#{alternate_on} #{mouse_any_flag} #{mouse_button_flag} #{mouse_sgr_flag} #{cursor_flag}",
        ])
        XCTAssertEqual(
            flags.trimmingCharacters(in: .whitespacesAndNewlines), "0 0 0 0 1", "alternate screen, mouse modes, cursor")
        XCTAssertTrue(
            screen().contains("\nicanon") || screen().hasPrefix("icanon") || screen().contains("icanon\n"),
            "canonical mode is back:\n\(screen())")
        XCTAssertFalse(screen().contains("-icanon"), screen())
    }
}
