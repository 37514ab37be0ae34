#if GTK
import EditMenuTestSupport
import Foundation
import XCTest

/// Look Up in the text's language in the GTK host: the real `editmenu-gtk` on Xvfb, real X input from
/// xdotool, reading the tests' own dictd (``TestDictServer``, named by `DICT_SERVER`): a German menu's
/// Look Up shows the FreeDict German-English entry in its popover; a word no dictionary has gets the
/// no-entry popover, whose Search Web button opens the search.
final class LanguagesEndToEndTests: GTKEndToEndTestCase {
    private func launch(language: String, text: String) throws -> DemoApp {
        let server = try TestDictServer.client().server
        let app = try launch([
            "LANG": language, "LC_ALL": "", "DICT_SERVER": "\(server)", "EDITMENU_GTK_TEXT": text,
            "EDITMENU_OPENER": "/bin/true",
        ])
        let services = (try app.waitFor("services")["found"] as? [String]) ?? []
        guard services.contains(where: { $0.hasPrefix("Look Up:") && $0.contains("DICT server \(server)") }) else {
            throw HarnessError(description: "the demo does not read the tests' dictd: \(services)")
        }
        return app
    }

    private func lookUp(_ word: String, in app: DemoApp) throws -> (panel: [String: Any], count: Int) {
        try app.click(at: app.center(try app.word(word)), button: 3)
        let menu = try app.waitForMenu()
        let count = app.events().count
        try app.click(at: app.center(try frame(menu, of: "lookUp")))
        return (try app.waitFor("panel", after: count, timeout: 10), count)
    }

    func testAGermanLookUpShowsTheFreeDictEntry() throws {
        let app = try launch(language: "de_DE.UTF-8", text: "Die Katze schläft auf dem Sofa.")
        let (panel, _) = try lookUp("Katze", in: app)
        XCTAssertEqual(panel["kind"] as? String, "definition")
        let text = panel["text"] as? String ?? ""
        XCTAssertTrue(text.hasPrefix("FreeDict German-English\nKatze (noun)"), text)
        XCTAssertTrue(text.contains("cat"), text)
    }

    func testTheNoEntryPopoverSaysSoAndSearchWebOpensTheSearch() throws {
        let app = try launch(language: "C.UTF-8", text: "Please look up zqxjvk today.")
        let (panel, count) = try lookUp("zqxjvk", in: app)
        XCTAssertEqual(panel["text"] as? String, "No entries found")
        XCTAssertEqual(panel["actions"] as? [String], ["Search Web"])
        let shown = try app.waitFor("panelShown", after: count)
        let buttons = shown["buttons"] as? [[String: Any]] ?? []
        let search = try XCTUnwrap(
            buttons.first { $0["title"] as? String == "Search Web" }?["frame"] as? [Double], "\(buttons)")
        try app.click(at: app.center(search))
        let opened = try app.waitFor("opened", after: count)
        let uri = opened["uri"] as? String ?? ""
        XCTAssertTrue(uri.hasPrefix("https://") && uri.hasSuffix("zqxjvk"), "the engine's search for the word: \(uri)")
    }
}
#endif
