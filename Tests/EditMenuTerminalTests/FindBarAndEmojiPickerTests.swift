@_spi(Testing) import EditMenuKit
import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuDemo
@_spi(Testing) @testable import EditMenuTerminal

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
        #expect(bar.handleKey(.character("a"), .option) == .ignored) // no replace field yet
        #expect(bar.handleKey(.tab, []) == .handled)
        #expect(bar.showsReplace && bar.focus == .replace && bar.height == 2)
        #expect(bar.insert("pin") == .handled)
        #expect(bar.handleKey(.enter, []) == .action(.replace("nee", with: "pin")))
        #expect(bar.handleKey(.character("a"), .option) == .action(.replaceAll("nee", with: "pin")))
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
        var picker = TerminalEmojiPicker(caret: CGRect(x: 10, y: 3, width: 0, height: 1), columns: 80, rows: 24)
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
        #expect(screen.plainText.contains("⌕ thumbs"))
        #expect(screen.plainText.contains("thumbs down"))
        let click = MouseEvent(
            button: .left, action: .press, column: picker.frame.column + 2, row: picker.frame.row + 2)
        #expect(picker.handle(click) == .choose("👍"))
        #expect(picker.handleKey(.escape, []) == .close)
        for _ in 0..<6 { _ = picker.handleKey(.backspace, []) }
        _ = picker.insert("zzzzqq")
        #expect(picker.current == nil)
        #expect(picker.handleKey(.enter, []) == .handled)
        var empty = Screen(columns: 80, rows: 24)
        picker.draw(into: &empty)
        #expect(empty.plainText.contains("Not found"))
    }

    @Test("Under a German menu the picker searches and names emoji in German")
    func germanPicker() {
        var picker = TerminalEmojiPicker(
            catalog: .catalog(for: MenuLocale("de")), caret: CGRect(x: 10, y: 3, width: 0, height: 1), columns: 80,
            rows: 24)
        picker.strings = MenuStrings(locale: MenuLocale("de"))
        _ = picker.insert("Katze")
        #expect(picker.current?.character == "🐈")
        var screen = Screen(columns: 80, rows: 24)
        picker.draw(into: &screen)
        #expect(screen.plainText.contains(" Katze "))
        #expect(!screen.plainText.contains("Animals"), "no English group name under a German menu")
        #expect(picker.handleKey(.enter, []) == .choose("🐈"))
        _ = picker.insert("qqq")
        var empty = Screen(columns: 80, rows: 24)
        picker.draw(into: &empty)
        #expect(empty.plainText.contains("Nicht gefunden"))
    }
}

@Suite("Terminal demo: Share, Find and Substitutions end to end, headless")
struct DemoDocumentCommandTests {
    func makeApp(documents: String) throws -> DemoApp {
        var options = DemoOptions()
        options.documentsFolder = documents
        return try DemoApp(
            options: options, columns: 100, rows: 32, pasteboard: InMemoryPasteboard(), clock: ManualClock(),
            openURL: { _ in true })
    }

    @Test("Share… shows the targets; Save to File writes the selection into the documents folder")
    func shareSave() throws {
        let scratch = try ScratchFolder("editmenu-demo-share")
        defer { scratch.remove() }
        let documents = scratch.path
        let app = try makeApp(documents: documents)
        let view = try #require(app.fields[0].textView)
        view.editor.select(5..<9) // "Jane"
        #expect(app.editMenu.controller.perform(.share).failure == nil)
        let panel = try #require(app.editMenu.panelView?.panel)
        #expect(panel.kind == .share)
        let save = try #require(panel.actions.firstIndex { $0.id.rawValue == "share.saveToFile" })
        app.editMenu.pressPanelButton(save)
        #expect(try String(contentsOfFile: documents + "/Jane.txt", encoding: .utf8) == "Jane")
        #expect(app.status.contains("Jane.txt"), "\(app.status)")
    }

    @Test("Find and Replace… from the menu bar opens the bar with the replace field; Replace All is one undo step")
    func findAndReplace() throws {
        let app = try makeApp(documents: NSTemporaryDirectory())
        app.editMenu.focus(0)
        #expect(app.editMenu.controller.perform(.findAndReplace).failure == nil)
        #expect(app.editMenu.findBar?.showsReplace == true)
        for c in "Jane" { _ = app.handle(.text(String(c))) }
        _ = app.handle(.key(.tab, []))
        for c in "Anna" { _ = app.handle(.text(String(c))) }
        _ = app.handle(.key(.character("a"), .option))
        let text = try #require(app.fields[0].textEditor?.text)
        #expect(!text.contains("Jane") && text.contains("Meet Anna at"))
        #expect(app.fields[0].textEditor?.history.undoAction == .replaceAll)
        #expect(app.render().plainText.contains("Replaced"))
        _ = app.handle(.key(.escape, []))
        #expect(app.editMenu.findBar == nil)
        _ = app.handle(.key(.character("z"), .control))
        #expect(app.fields[0].textEditor?.text.contains("Meet Jane at") == true)
    }
}
