import EditMenuKit
import Testing

@testable import EditMenuTerminal

@Suite("Terminal find bar and emoji picker")
struct FindBarAndEmojiPickerTests {
    @Test("The find bar edits its fields and asks for finds, replaces and closing")
    func findBar() {
        var bar = TerminalFindBar()
        #expect(bar.insert("ne") == .action(.incremental("ne")))
        #expect(bar.insert("e\u{1B}d") == .action(.incremental("need"))) // control characters dropped
        #expect(bar.handleKey(.backspace, []) == .action(.incremental("nee")))
        #expect(bar.handleKey(.enter, []) == .action(.find("nee", .forward)))
        #expect(bar.handleKey(.down, []) == .action(.find("nee", .forward)))
        #expect(bar.handleKey(.up, []) == .action(.find("nee", .backward)))
        #expect(bar.handleKey(.character("a"), .alt) == .ignored) // no replace field yet
        #expect(bar.handleKey(.tab, []) == .handled)
        #expect(bar.showsReplace && bar.focus == .replace && bar.height == 2)
        #expect(bar.insert("pin") == .handled)
        #expect(bar.handleKey(.enter, []) == .action(.replace("nee", with: "pin")))
        #expect(bar.handleKey(.character("a"), .alt) == .action(.replaceAll("nee", with: "pin")))
        #expect(bar.handleKey(.escape, []) == .action(.close))
        var screen = Screen(columns: 80, rows: 10)
        bar.status = "2 of 5"
        bar.draw(into: &screen)
        let lines = screen.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[8].hasPrefix(" Find: nee"))
        #expect(lines[8].contains("2 of 5"))
        #expect(lines[9].hasPrefix(" Replace: pin"))
        #expect(screen.cursor == Screen.Position(column: 13, row: 9))
    }

    @Test("The emoji picker searches, moves, and reports what is chosen")
    func picker() {
        var picker = TerminalEmojiPicker(caret: Rect(x: 10, y: 3, width: 0, height: 1), columns: 80, rows: 24)
        #expect(picker.frame.row == 4)
        #expect(picker.current?.character == "😀")
        #expect(picker.handleKey(.right, []) == .handled)
        #expect(picker.current?.character == "😃")
        for c in "thumbs" { _ = picker.insert(String(c)) }
        #expect(picker.current?.character == "👍")
        #expect(picker.handleKey(.right, []) == .handled)
        #expect(picker.handleKey(.enter, []) == .choose("👎"))
        var screen = Screen(columns: 80, rows: 24)
        picker.draw(into: &screen)
        #expect(screen.plainText.contains("Search: thumbs"))
        #expect(screen.plainText.contains("thumbs down"))
        let click = MouseEvent(
            button: .left, action: .press, column: picker.frame.column + 2, row: picker.frame.row + 2)
        #expect(picker.handle(click) == .choose("👍"))
        #expect(picker.handleKey(.escape, []) == .close)
        for _ in 0..<6 { _ = picker.handleKey(.backspace, []) }
        _ = picker.insert("zzzzqq")
        #expect(picker.current == nil)
        #expect(picker.handleKey(.enter, []) == .handled)
    }
}
