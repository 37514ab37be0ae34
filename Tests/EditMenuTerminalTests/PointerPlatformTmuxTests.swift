import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// The pointer platforms in a real terminal: the mac idiom's gestures and context menu at the pointer,
/// macOS's keyboard model in the menu bar's Edit menu and the context menu (keys a menu takes never
/// reach the document), and right-to-left text shown in visual order.
final class PointerPlatformTmuxTests: TmuxTestCase {
    /// Starts `editmenu demo` with `arguments` in a 100×32 pane.
    func start(_ arguments: [String]) throws {
        let command = ([BuiltTool.url.path, "demo", "--release", "2023", "--log", logPath] + arguments).map {
            "'\($0)'"
        }.joined(
            separator: " ")
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "100", "-y", "32",
                "LANG=C.UTF-8 LC_ALL= \(command); echo EXITED $?; sleep 60",
            ], environment: ["LANG": "C.UTF-8"], capture: false)
        try waitFor("the demo's first frame") { self.screen().contains("EditMenuKit demo") }
    }

    /// Named keys through tmux (`Down`, `F10`, `Escape` …), one at a time, each drawn before the next.
    func keys(_ names: String...) {
        for name in names {
            tmux(["send-keys", "-t", "t", name])
            usleep(40_000)
        }
    }

    /// The texts drawn in `background` (an xterm 256-colour index) on the screen, in reading order:
    /// the menu item with keyboard focus (25), the item whose submenu is open (242).
    func texts(withBackground background: Int) -> [String] {
        let styled = tmux(["capture-pane", "-p", "-e", "-t", "t"])
        var found: [String] = []
        for part in styled.components(separatedBy: "48;5;\(background)m").dropFirst() {
            let text = part.prefix { $0 != "\u{1B}" }.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { found.append(text) }
        }
        return found
    }

    /// The focused item's title (its row without the shortcut and the submenu chevron).
    func focused() -> String? {
        texts(withBackground: 25).last.map { String($0.split(separator: "  ").first ?? "") }
    }

    /// Waits until the focused item's title starts with `title`.
    func waitForFocus(_ title: String) throws {
        try waitFor("focus on \(title)") { self.focused()?.hasPrefix(title) == true }
    }

    /// Presses `key` until the item `title` has the focus (at most 20 times).
    func moveFocus(to title: String, with key: String) throws {
        for _ in 0..<20 where focused()?.hasPrefix(title) != true { keys(key) }
        try waitForFocus(title)
    }

    func testMacMenusTakeEveryKeyTheyGetAndTheDocumentsBytesStayTheSame() throws {
        let file = workDir.appendingPathComponent("doc.txt")
        let original = Data("first line\nsecond wörd line\nthird line\n".utf8)
        try original.write(to: file)
        try start(["--idiom", "mac", file.path])
        let word = try XCTUnwrap(locate("wörd"))
        // The menu bar's Edit menu: F10, then through Find ▸ and Substitutions ▸ and back.
        keys("F10")
        try waitFor("the Edit menu") { self.screen().contains("Emoji & Symbols") }
        keys("End")
        try waitForFocus("Emoji & Symbols")
        try moveFocus(to: "Find", with: "Up")
        keys("Right")
        try waitFor("Find ▸ beside the Edit menu") {
            self.screen().contains("Find Next") && self.screen().contains("Emoji & Symbols")
        }
        XCTAssertEqual(texts(withBackground: 242).first.map { String($0.prefix(4)) }, "Find", "Find stays highlighted")
        let findRow = try XCTUnwrap(locate("Find   "))
        let nextRow = try XCTUnwrap(locate("Find Next"))
        XCTAssertGreaterThan(nextRow.column, findRow.column + 20, "the submenu opens beside its item")
        keys("Down", "Right", "Right", "Return", "x", "Left")
        try waitFor("Find ▸ to close") { !self.screen().contains("Find Next") }
        try waitForFocus("Find")
        try moveFocus(to: "Substitutions", with: "Down")
        keys("Right")
        try waitFor("Substitutions ▸") { self.screen().contains("Smart Quotes") }
        keys("Up", "Left", "Escape")
        try waitFor("the Edit menu to close") { !self.screen().contains("Emoji & Symbols") }
        try waitForLog("menu menuBar")
        // The context menu at the pointer: nothing focused, Return does nothing; through Transformations ▸.
        send("\u{1B}[<2;\(word.column + 2);\(word.row + 1)M\u{1B}[<2;\(word.column + 2);\(word.row + 1)m")
        try waitFor("the context menu") { self.screen().contains("Transformations") }
        keys("Return", "Left", "Right", "BSpace", "DC", "Space")
        send("ab")
        XCTAssertTrue(screen().contains("Transformations"), "the menu is still there")
        keys("End")
        try waitForFocus("Transformations")
        keys("Right")
        try waitFor("Transformations ▸") { self.screen().contains("Make Upper Case") }
        keys("Escape")
        try waitFor("Transformations ▸ to close") { !self.screen().contains("Make Upper Case") }
        keys("Escape")
        try waitFor("the context menu to close") { !self.screen().contains("Transformations") }
        send("\u{13}") // Ctrl+S
        try waitFor("the save") { self.log().contains("saved") }
        XCTAssertEqual(try Data(contentsOf: file), original, "no key a menu took reached the document")
        XCTAssertFalse(log().contains("perform"), log())
    }

    func testMacDoubleClickShowsNoMenuAndARightClickShowsTheMacTextMenuAtThePointer() throws {
        try start(["--idiom", "mac"])
        let word = try XCTUnwrap(locate("Jane at"))
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
        try waitFor("the double click") { self.log().contains("gesture doubleTap") && self.log().contains("\"Jane\"") }
        XCTAssertTrue(log().hasSuffix("menu not presented: notRevealed\n"), log())
        XCTAssertFalse(screen().contains("│ Cut"), "a double click shows no menu:\n\(screen())")
        XCTAssertFalse(log().contains("menu contextMenu"), log())
        let point = (column: word.column + 2, row: word.row)
        send("\u{1B}[<2;\(point.column + 1);\(point.row + 1)M\u{1B}[<2;\(point.column + 1);\(point.row + 1)m")
        try waitFor("the mac text menu") { self.log().contains("menu contextMenu pointer") }
        // The box's border is drawn around the layout's frame: its top-left corner one cell up and left
        // of the pointer, its first item on the pointer's row.
        let corner = try XCTUnwrap(locate("╭─"))
        XCTAssertEqual(corner.row, point.row - 1, "its first item is on the pointer's row")
        XCTAssertEqual(corner.column, point.column - 1, "its leading edge at the pointer")
        let screen = screen()
        for title in ["Search With Google", "Cut", "Copy", "Paste", "Substitutions", "Transformations"] {
            XCTAssertTrue(screen.contains("│ \(title)"), "\(title) in the mac text menu:\n\(screen)")
        }
        XCTAssertFalse(screen.contains("Select All"), "the mac text menu has no Select All:\n\(screen)")
        XCTAssertFalse(screen.contains("▼") || screen.contains("▲"), "no arrow at the pointer:\n\(screen)")
    }
}

extension PointerPlatformTmuxTests {
    func testHebrewIsShownInVisualOrderAndWritingDirectionSetsTheParagraphAsOneUndoStep() throws {
        let file = workDir.appendingPathComponent("hebrew.txt")
        let original = Data("Hello שלום עולם end\nsecond line\n".utf8)
        try original.write(to: file)
        try start([file.path])
        try waitFor("the Hebrew words in visual order") { self.screen().contains("Hello םלוע םולש end") }
        // A double click on the word shown as "םלוע" selects עולם (hit-testing follows the visual order).
        let shownWord = try XCTUnwrap(locate("םלוע"))
        click(shownWord.column + 1, shownWord.row)
        click(shownWord.column + 1, shownWord.row)
        try waitFor("the word") { self.log().contains("\"עולם\"") }
        keys("Escape")
        // Writing Direction ▸ Right to Left from the right-click menu: the paragraph turns right to left.
        send(
            "\u{1B}[<2;\(shownWord.column + 2);\(shownWord.row + 1)M\u{1B}[<2;\(shownWord.column + 2);\(shownWord.row + 1)m"
        )
        // The compact menu of the double click also lists Writing Direction: wait for the pointer's list.
        try waitFor("the menu at the pointer") { self.log().contains("menu vertical pointer") }
        try waitFor("the menu") { self.screen().contains("│ Writing Direction") }
        let item = try XCTUnwrap(locate("Writing Direction"))
        click(item.column, item.row)
        try waitFor("the submenu beside it") { self.screen().contains("Right to Left") }
        let rightToLeft = try XCTUnwrap(locate("Right to Left"))
        click(rightToLeft.column, rightToLeft.row)
        try waitFor("the paragraph aligned right") {
            self.screen().split(separator: "\n").contains { $0.hasSuffix("end םלוע םולש Hello") }
        }
        try waitForLog("perform makeTextWritingDirectionRightToLeft")
        send("\u{13}") // Ctrl+S
        try waitFor("the save") { self.log().contains("saved") }
        XCTAssertEqual(
            try Data(contentsOf: file), Data("\u{200F}Hello שלום עולם end\nsecond line\n".utf8),
            "a right-to-left mark at the paragraph's start")
        send("\u{1A}") // Ctrl+Z: one step
        try waitFor("the undo") { self.screen().contains("Hello םלוע םולש end") }
        send("\u{13}")
        try waitFor("the second save") { self.log().components(separatedBy: "saved").count == 3 }
        XCTAssertEqual(try Data(contentsOf: file), original)
    }
}
