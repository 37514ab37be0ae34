import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// The two releases (EDIT-MENU.md §13) in a real terminal, each tested in both: the `current` compact bar
/// expands with its chevron into a list whose items work (the 2023 bar pages instead), the keyboard
/// reaches that chevron, an iPad with a pointer opens a context menu (`current`) or the vertical menu
/// (2023), and no menu but the menu bar shows shortcuts (EDIT-MENU.md §10).
final class ReleaseTmuxTests: TmuxTestCase {
    /// Starts `editmenu demo` on a document holding `text`, in `release`, in a `columns`×32 pane.
    func start(_ text: String, release: String, columns: Int = 100, _ arguments: [String] = []) throws {
        let file = workDir.appendingPathComponent("doc.txt")
        try Data(text.utf8).write(to: file)
        let command = ([BuiltTool.url.path, "demo", file.path, "--release", release, "--log", logPath] + arguments)
            .map { "'\($0)'" }.joined(separator: " ")
        tmux(
            [
                "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "32",
                "LANG=C.UTF-8 LC_ALL= \(command); echo EXITED $?; sleep 60",
            ], environment: ["LANG": "C.UTF-8"], capture: false)
        try waitFor("the demo's first frame") { self.screen().contains("EditMenuKit") }
    }

    /// Named keys through tmux (`Tab`, `Enter`, `F10` …), one at a time.
    func keys(_ names: String...) {
        for name in names {
            tmux(["send-keys", "-t", "t", name])
            usleep(40_000)
        }
    }

    /// The texts drawn on the focus colour (xterm 256-colour index 25).
    func focusedTexts() -> [String] {
        let styled = tmux(["capture-pane", "-p", "-e", "-t", "t"])
        return styled.components(separatedBy: "48;5;25m").dropFirst().map {
            $0.prefix { $0 != "\u{1B}" }.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    func doubleClick(_ text: String) throws {
        let word = try XCTUnwrap(locate(text), screen())
        click(word.column + 1, word.row)
        click(word.column + 1, word.row)
    }

    func rightClick(_ text: String) throws {
        let word = try XCTUnwrap(locate(text), screen())
        send("\u{1B}[<2;\(word.column + 2);\(word.row + 1)M\u{1B}[<2;\(word.column + 2);\(word.row + 1)m")
    }

    /// The screen without its status line (which names the demo's own keys, Ctrl+S …): the menus.
    func menus() -> String {
        var lines = screen().split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.dropLast().joined(separator: "\n")
    }

    /// The last presentation the demo logged.
    func lastMenu() -> String {
        log().split(separator: "\n").last { $0.contains("menu ") && !$0.contains("not presented") }.map(String.init)
            ?? ""
    }

    private let text = "alpha beta gamma delta\nsecond line\n"

    // MARK: The compact bar

    func testCurrentBarExpandsWithItsChevronThenAnItemOfTheListIsChosen() throws {
        try start(text, release: "current", columns: 28)
        try doubleClick("gamma")
        try waitFor("the bar with its chevron") {
            self.lastMenu().contains("menu compact") && self.screen().contains("▶")
        }
        XCTAssertTrue(lastMenu().contains("page 1/1"), "one page, no paging: \(lastMenu())")
        XCTAssertFalse(screen().contains("◀"), screen())
        XCTAssertFalse(screen().contains("Select All"), "Select All waits behind the chevron: \(screen())")
        let chevron = try XCTUnwrap(locate("▶"))
        click(chevron.column, chevron.row)
        try waitFor("the list of every item") { self.lastMenu().contains("menu contextMenu") }
        XCTAssertTrue(lastMenu().contains("cut,copy"), lastMenu())
        XCTAssertTrue(lastMenu().contains("selectAll"), lastMenu())
        XCTAssertFalse(screen().contains("▶"), "the bar became the list: \(screen())")
        let selectAll = try XCTUnwrap(locate("Select All"), screen())
        click(selectAll.column + 1, selectAll.row)
        try waitFor("Select All performed") { self.log().contains("perform selectAll") }
    }

    func testCurrentChevronIsReachedFromTheKeyboard() throws {
        try start(text, release: "current", columns: 28)
        try doubleClick("gamma")
        try waitFor("the bar with its chevron") { self.screen().contains("▶") }
        for _ in 0..<8 where !focusedTexts().contains("▶") { keys("Tab") }
        try waitFor("the chevron focused") { self.focusedTexts().contains("▶") }
        keys("Enter")
        try waitFor("the list") { self.lastMenu().contains("menu contextMenu") }
        try waitFor("its first item focused") { self.focusedTexts().first?.hasPrefix("Cut") == true }
        keys("Escape")
        try waitFor("closed") { !self.screen().contains("Cut") }
    }

    func test2023BarPagesWithChevronsInstead() throws {
        try start(text, release: "2023", columns: 28)
        try doubleClick("gamma")
        try waitFor("the first page") { self.lastMenu().contains("menu compact") && self.screen().contains("▶") }
        XCTAssertFalse(lastMenu().contains("page 1/1"), lastMenu())
        let next = try XCTUnwrap(locate("▶"))
        click(next.column, next.row)
        try waitFor("the second page") { self.lastMenu().contains("page 2/") }
        XCTAssertTrue(screen().contains("◀"), screen())
        XCTAssertFalse(log().contains("menu contextMenu"), log())
    }

    // MARK: The iPad with a pointer

    func testCurrentPadPointerOpensAContextMenuAtThePointer() throws {
        try start(text, release: "current")
        try rightClick("gamma")
        try waitFor("the context menu") { self.lastMenu().contains("menu contextMenu pointer") }
        XCTAssertTrue(screen().contains("Select All"), screen())
        XCTAssertFalse(menus().contains("Ctrl+"), "no shortcuts outside the menu bar: \(screen())")
        let selectAll = try XCTUnwrap(locate("Select All"))
        click(selectAll.column + 1, selectAll.row)
        try waitFor("Select All performed") { self.log().contains("perform selectAll") }
    }

    func test2023PadPointerOpensTheVerticalMenuWithoutShortcuts() throws {
        try start(text, release: "2023")
        try rightClick("gamma")
        try waitFor("the vertical menu") { self.lastMenu().contains("menu vertical pointer") }
        XCTAssertTrue(screen().contains("Select All"), screen())
        XCTAssertFalse(menus().contains("Ctrl+"), "no shortcuts outside the menu bar: \(screen())")
    }

    // MARK: The mac text menu and the menu bar

    private func checkMacTextMenuHasNoShortcutsButTheMenuBarHas(release: String) throws {
        try start(text, release: release, ["--idiom", "mac"])
        try rightClick("gamma")
        try waitFor("the mac text menu") { self.lastMenu().contains("menu contextMenu pointer") }
        try waitFor("drawn") { self.screen().contains("Copy") }
        XCTAssertFalse(menus().contains("Ctrl+"), screen())
        XCTAssertFalse(menus().contains("⌘"), screen())
        keys("Escape")
        try waitFor("closed") { !self.screen().contains("Copy") }
        keys("F10")
        try waitFor("the menu bar's Edit menu") { self.lastMenu().contains("menu menuBar") }
        try waitFor("its shortcuts") { self.screen().contains("Ctrl+C") }
    }

    func testCurrentMacTextMenuShowsNoShortcuts() throws {
        try checkMacTextMenuHasNoShortcutsButTheMenuBarHas(release: "current")
    }

    func test2023MacTextMenuShowsNoShortcuts() throws {
        try checkMacTextMenuHasNoShortcutsButTheMenuBarHas(release: "2023")
    }
}
