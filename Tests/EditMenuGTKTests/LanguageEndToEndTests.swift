#if GTK
import Foundation
import XCTest

/// The language services in the GTK host end to end: the real `editmenu-gtk` on Xvfb with the real
/// tools (`scripts/setup.sh` installs wordnet and Enchant with hunspell-en-us), real X input from
/// xdotool, checked from the host's event log and from screenshots.
final class LanguageEndToEndTests: GTKEndToEndTestCase {

    /// The demo with a personal word list of its own, once the language tools are found.
    private func launchWithLanguageTools() throws -> DemoApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("editmenu-gtk-words-\(getpid())")
        let app = try launch(["XDG_DATA_HOME": folder.path])
        let services = (try app.waitFor("services")["found"] as? [String]) ?? []
        for needed in ["Look Up: WordNet", "Spelling: Enchant"]
        where !services.contains(where: { $0.hasPrefix(needed) }) {
            throw HarnessError(description: "\(needed) is not installed (scripts/setup.sh installs it): \(services)")
        }
        return app
    }

    func testLookUpShowsThePopoverWithTheWordNetDefinition() throws {
        let app = try launchWithLanguageTools()
        try app.click(at: app.center(try app.word("Infinite")), button: 3)
        let menu = try app.waitForMenu()
        let count = app.events().count
        try app.click(at: app.center(try frame(menu, of: "lookUp")))
        let panel = try app.waitFor("panel", after: count, timeout: 10)
        XCTAssertEqual(panel["kind"] as? String, "definition")
        XCTAssertEqual(panel["title"] as? String, "Infinite")
        XCTAssertTrue((panel["text"] as? String)?.contains("having no limits or boundaries") == true, "\(panel)")
        let shown = try app.waitFor("panelShown", after: count)
        let f = shown["frame"] as? [Double] ?? [0, 0, 0, 0]
        XCTAssertGreaterThan(f[2], 200, "the popover is wide enough to read: \(f)")
        let word = try app.word("Infinite")
        XCTAssertGreaterThanOrEqual(f[1] + 2, word[1] + word[3], "the popover hangs below the word: \(f), \(word)")
        try app.xdotool(["mousemove", "1010", "760"])
        usleep(200_000)
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        let (x, y) = app.screen(f[0], f[1])
        try shot.savePNG(
            to: Self.screenshots.appendingPathComponent("lookup-popover.png"), x: x - 16, y: y - 40,
            width: Int(f[2]) + 32, height: Int(f[3]) + 56)
        try app.key("Escape")
        try app.waitFor("panelClosed", after: count)
        usleep(300_000)
        let closed = try Screenshot(display: app.display)
        defer { closed.discard() }
        XCTAssertGreaterThan(
            shot.changedPixels(from: closed, x: x, y: y, width: Int(f[2]), height: Int(f[3])),
            Int(f[2] * f[3]) / 10, "the popover was drawn where GTK placed it, and Escape took it away")
    }

    func testAMisspelledWordHasTheRedUnderlineAndReplaceFixesIt() throws {
        let app = try launchWithLanguageTools()
        let marked = try app.waitFor("misspellings", timeout: 10) {
            ($0["words"] as? [String])?.contains("wrod") == true
        }
        XCTAssertFalse((marked["words"] as? [String] ?? []).contains("misspelled"), "\(marked)")
        usleep(300_000)
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        func redPixels(under rect: [Double]) -> Int {
            let (x, y) = app.screen(rect[0], rect[1] + rect[3] - 5)
            var count = 0
            for yy in y..<(y + 8) {
                for xx in x..<(x + Int(rect[2])) {
                    let p = shot.pixel(xx, yy)
                    if p.0 > 150, p.1 < 100, p.2 < 100 { count += 1 }
                }
            }
            return count
        }
        let wrod = try app.word("wrod")
        XCTAssertGreaterThan(redPixels(under: wrod), 6, "the red error underline under \"wrod\"")
        XCTAssertEqual(redPixels(under: try app.word("misspelled")), 0, "no underline under a correct word")
        let (x, y) = app.screen(wrod[0], wrod[1])
        try shot.savePNG(
            to: Self.screenshots.appendingPathComponent("misspelling-underline.png"), x: x - 120, y: y - 8,
            width: Int(wrod[2]) + 360, height: Int(wrod[3]) + 16)

        // Right click: Replace… lists Enchant's suggestions; choosing one is one undo step. The menu
        // never waits for them: found in the background, they appear in it when they are (a reload).
        try app.click(at: app.center(wrod), button: 3)
        let menu = try app.waitForMenu(timeout: 30) { (try? frame($0, of: "replace")) != nil }
        var count = app.events().count
        try app.click(at: app.center(try frame(menu, of: "replace")))
        // The vertical style opens Replace… beside its item.
        let opened = try app.waitForMenu(after: count) { menu in
            ((menu["submenus"] as? [[String: Any]])?.first?["items"] as? [[String: Any]] ?? []).contains {
                $0["id"] as? String == "replace.0"
            }
        }
        let suggestions = (opened["submenus"] as? [[String: Any]])?.first ?? [:]
        let first = (suggestions["items"] as? [[String: Any]])?.first
        XCTAssertEqual(first?["title"] as? String, "word", "\(suggestions)")
        count = app.events().count
        try app.click(at: app.center(try frame(suggestions, of: "replace.0")))
        let replaced = try app.waitFor("performed", after: count) { $0["command"] as? String == "replace" }
        XCTAssertTrue((replaced["text"] as? String)?.contains("A misspelled word is underlined") == true, "\(replaced)")
        count = app.events().count
        try app.key("ctrl+z")
        let undone = try app.waitFor("performed", after: count) { $0["command"] as? String == "undo" }
        XCTAssertTrue((undone["text"] as? String)?.contains("A misspelled wrod is underlined") == true, "\(undone)")
    }
}
#endif
