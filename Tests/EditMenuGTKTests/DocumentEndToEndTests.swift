#if GTK
import Foundation
import XCTest

/// Find ▸ and Emoji & Symbols in the GTK host, end to end: the real `editmenu-gtk` on Xvfb, real X input.
final class DocumentEndToEndTests: GTKEndToEndTestCase {

    /// The demo with its settings, data and documents in a folder of its own.
    private func launchInScratchFolders(_ environment: [String: String] = [:]) throws -> DemoApp {
        let folder = try scratchFolder("editmenu-gtk-doc")
        return try launch(
            [
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "XDG_DOCUMENTS_DIR": folder.path,
            ].merging(environment) { $1 })
    }

    /// The text view's text in the last "state" event.
    private func text(_ app: DemoApp) -> String? {
        app.events().last { $0["event"] as? String == "state" && $0["widget"] as? String == "textView" }?["text"]
            as? String
    }

    func testFindBarFindsAsPeopleTypeAndFindNextMoves() throws {
        let app = try launchInScratchFolders()
        try app.click(at: app.center(try app.word("Meet")))
        try app.key("ctrl+f")
        try app.waitFor("findBar")
        usleep(400_000)
        try app.xdotool(["type", "--delay", "40", "in"])
        try app.waitFor("find") { $0["needle"] as? String == "in" }
        try app.waitFor("state") { ($0["selected"] as? String)?.lowercased() == "in" }
        let first = app.events().last { $0["event"] as? String == "state" && $0["widget"] as? String == "textView" }
        let count = app.events().count
        try app.key("Return")
        try app.waitFor("state", after: count) {
            ($0["selected"] as? String)?.lowercased() == "in"
                && ($0["selection"] as? [Int]) != (first?["selection"] as? [Int])
        }
        try app.key("Escape")
        try app.waitFor("findBar") { $0["closed"] as? Bool == true }
    }

    /// Puts the caret before "Meet" and opens Edit ▸ Emoji & Symbols (the menu bar's last item) from the
    /// keyboard; returns the picker's "shown" event.
    private func openEmojiPicker(_ app: DemoApp) throws -> [String: Any] {
        let word = try app.word("Meet")
        try app.click(at: app.screen(word[0] - 3, word[1] + word[3] / 2)) // the caret before "Meet"
        try app.waitFor("state") { ($0["selection"] as? [Int]) == [0, 0] }
        usleep(300_000)
        try app.key("Escape") // the menu a click on the caret toggles
        usleep(200_000)
        try app.key("F10")
        usleep(400_000)
        try app.key("Up")
        try app.key("Return")
        let shown = try app.waitFor("emojiPicker") { $0["shown"] as? Bool == true }
        usleep(400_000)
        return shown
    }

    func testEmojiPickerArrowsMoveReturnInsertsAtTheCaretAndEscapeCloses() throws {
        let app = try launchInScratchFolders()
        let shown = try openEmojiPicker(app)
        XCTAssertEqual(shown["language"] as? String, "en")
        XCTAssertGreaterThan(shown["count"] as? Int ?? 0, 2000, "every emoji and symbol, for an empty search")
        // Down goes from the search field to the grid (😀), Right to 😃; Return inserts it at the caret.
        try app.key("Down")
        usleep(150_000)
        try app.key("Right")
        usleep(150_000)
        try app.key("Return")
        try app.waitFor("emojiPicker") { $0["chosen"] as? String == "😃" }
        try app.waitFor("state") { ($0["text"] as? String)?.hasPrefix("😃Meet Anna at 1 Infinite Loop") == true }
        try app.waitFor("emojiPicker") { $0["closed"] as? Bool == true }
        // Escape closes the picker without inserting.
        let count = app.events().count
        _ = try openEmojiPicker(app)
        let before = text(app)
        try app.key("Escape")
        try app.waitFor("emojiPicker", after: count) { $0["closed"] as? Bool == true }
        usleep(200_000)
        XCTAssertEqual(text(app), before)
        XCTAssertFalse(app.events().dropFirst(count).contains { $0["chosen"] != nil }, "Escape chose nothing")
    }

    func testGermanEmojiSearchFindsKatzeAndReturnInsertsTheCatAsOneUndoStep() throws {
        let app = try launchInScratchFolders(["LANG": "de_DE.UTF-8", "LC_ALL": ""])
        let shown = try openEmojiPicker(app)
        XCTAssertEqual(shown["language"] as? String, "de")
        XCTAssertEqual(shown["title"] as? String, "Emoji & Symbole")
        try app.xdotool(["type", "--delay", "60", "Katze"])
        let found = try app.waitFor("emojiSearch") { $0["query"] as? String == "Katze" }
        let first = (found["results"] as? [[String: Any]])?.first
        XCTAssertEqual(first?["emoji"] as? String, "🐈", "\(found)")
        XCTAssertEqual(first?["name"] as? String, "Katze", "the German CLDR name: \(found)")
        usleep(300_000)
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        let anchor = shown["anchor"] as? [Double] ?? [0, 0, 0, 0]
        let (x, y) = app.screen(anchor[0], anchor[1] + anchor[3])
        try shot.savePNG(
            to: Self.screenshots.appendingPathComponent("emoji-picker-de.png"), x: x - 220, y: y - 4, width: 460,
            height: 340)
        try app.key("Return")
        try app.waitFor("state") { ($0["text"] as? String)?.hasPrefix("🐈Meet Anna at 1 Infinite Loop") == true }
        // One undo step takes it back.
        try app.key("ctrl+z")
        try app.waitFor("state") { ($0["text"] as? String)?.hasPrefix("Meet Anna at 1 Infinite Loop") == true }
    }

    func testTypedQuotesAndDashesAreSubstitutedAndUndoLeavesWhatWasTyped() throws {
        let app = try launchInScratchFolders()
        let word = try app.word("Meet")
        try app.click(at: app.screen(word[0] - 3, word[1] + word[3] / 2))
        try app.waitFor("state") { ($0["selection"] as? [Int]) == [0, 0] }
        usleep(300_000)
        try app.key("Escape")
        usleep(200_000)
        try app.xdotool(["type", "--delay", "80", "\"quote\" a--b "])
        try app.waitFor("state") { ($0["text"] as? String)?.hasPrefix("\u{201C}quote\u{201D} a\u{2014}b Meet") == true }
        try app.key("ctrl+z") // the typing after the dash
        try app.waitFor("state") { ($0["text"] as? String)?.hasPrefix("\u{201C}quote\u{201D} a\u{2014}Meet") == true }
        try app.key("ctrl+z") // the dash alone
        try app.waitFor("state") { ($0["text"] as? String)?.hasPrefix("\u{201C}quote\u{201D} a--Meet") == true }
    }
    func testShareSaveToFileWritesTheSelection() throws {
        let documents = FileManager.default.temporaryDirectory.appendingPathComponent(
            "editmenu-gtk-share-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: documents) }
        let app = try launchInScratchFolders(["XDG_DOCUMENTS_DIR": documents.path])
        // A right click on "Anna" selects it and shows the menu with Share….
        try app.click(at: app.center(try app.word("Anna")), button: 3)
        let menu = try app.waitForMenu {
            ($0["items"] as? [[String: Any]])?.contains { $0["id"] as? String == "share" } == true
        }
        let share = try XCTUnwrap(
            (menu["items"] as? [[String: Any]])?.first { $0["id"] as? String == "share" }?["frame"] as? [Double])
        try app.click(at: app.center(share))
        let shown = try app.waitFor("panelShown")
        let buttons = shown["buttons"] as? [[String: Any]] ?? []
        let save = try XCTUnwrap(
            buttons.first { $0["title"] as? String == "Save to File" }?["frame"] as? [Double], "\(buttons)")
        try app.click(at: app.center(save))
        try app.waitFor("panel") {
            $0["kind"] as? String == "share" && ($0["text"] as? String)?.hasSuffix("Anna.txt") == true
        }
        let saved = documents.appendingPathComponent("Anna.txt")
        XCTAssertEqual(try String(contentsOf: saved, encoding: .utf8), "Anna")
    }
}
#endif
