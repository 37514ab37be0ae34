#if GTK
import Foundation
import XCTest

/// The two releases (EDIT-MENU.md §13) in the GTK host on Xvfb, each in both: the `current` compact bar
/// expands with its chevron — the same menu growing in the window, not a second one — and an item of the
/// list works (the 2023 bar pages instead); an iPad with a pointer opens a context menu (`current`) or the
/// vertical menu (2023); the mac text menu shows no shortcuts; list items draw the theme's icons.
final class ReleaseEndToEndTests: GTKEndToEndTestCase {
    private func chevron(_ menu: [String: Any], _ direction: String) -> [Double]? {
        (menu["chevrons"] as? [[String: Any]] ?? []).first { $0["direction"] as? String == direction }?["frame"]
            as? [Double]
    }

    private func events(_ app: DemoApp) -> Int { app.events().count }

    /// The demo with touch, German titles and text on the clipboard — a compact menu wider than the
    /// window (about 530 px at its narrowest) — and a press and hold on "Call".
    private func barApp(release: String) throws -> DemoApp {
        let app = try launch([
            "EDITMENU_GTK_RELEASE": release, "EDITMENU_GTK_TOUCH": "1", "LANG": "de_DE.UTF-8",
            "EDITMENU_GTK_SIZE": "300x600",
        ])
        try Tools.run("xclip", ["-i", "-selection", "clipboard"], environment: ["DISPLAY": app.display], input: "Text")
        try app.waitFor("clipboard") { ($0["types"] as? [String])?.contains("text") == true }
        try app.longPress(at: app.center(try app.word("Call")))
        return app
    }

    func testCurrentBarExpandsInPlaceThenAnItemOfTheListIsChosen() throws {
        let app = try barApp(release: "current")
        let bar = try app.waitForMenu { $0["style"] as? String == "compact" }
        XCTAssertEqual(bar["pages"] as? Int, 1, "no paging")
        let expand = try XCTUnwrap(chevron(bar, "expand"), "a trailing chevron: \(bar)")
        XCTAssertNil(chevron(bar, "next"))
        let barItems = ids(bar)
        let before = events(app)
        try app.click(at: app.center(expand))
        let list = try app.waitFor("menu", after: before) { $0["style"] as? String == "contextMenu" }
        XCTAssertEqual(list["popup"] as? Bool, false, "the menu grows in the window: no second window")
        XCTAssertEqual(Array(ids(list).prefix(barItems.count)), barItems, "the bar's items first, same order")
        XCTAssertGreaterThan(ids(list).count, barItems.count, "and every item behind the chevron")
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        let box = try XCTUnwrap(list["frame"] as? [Double])
        try shot.savePNG(
            to: EndToEndTests.screenshots.appendingPathComponent("expanded-list-current.png"),
            x: Int(app.origin.x + box[0]) - 16, y: Int(app.origin.y + box[1]) - 16, width: Int(box[2]) + 32,
            height: Int(box[3]) + 32)
        try app.click(at: app.center(try frame(list, of: "copy")))
        XCTAssertEqual(try app.clipboard(expecting: "Call"), "Call")
    }

    func test2023BarPagesInstead() throws {
        let app = try barApp(release: "2023")
        let bar = try app.waitForMenu { $0["style"] as? String == "compact" }
        XCTAssertGreaterThan(bar["pages"] as? Int ?? 0, 1)
        XCTAssertNil(chevron(bar, "expand"))
        let next = try XCTUnwrap(chevron(bar, "next"))
        let before = events(app)
        try app.click(at: app.center(next))
        try app.waitFor("menu", after: before) { $0["page"] as? Int == 1 && $0["style"] as? String == "compact" }
    }

    private func padPointerMenu(release: String) throws -> (DemoApp, [String: Any]) {
        let app = try launch(["EDITMENU_GTK_RELEASE": release, "EDITMENU_GTK_IDIOM": "pad"])
        try app.click(at: app.center(try app.word("December")), button: 3)
        return (app, try app.waitFor("menu") { $0["side"] as? String == "pointer" })
    }

    func testCurrentPadPointerOpensAContextMenuAndItsIconsAreTheThemes() throws {
        let (app, menu) = try padPointerMenu(release: "current")
        XCTAssertEqual(menu["style"] as? String, "contextMenu")
        XCTAssertEqual(menu["arrow"] as? String, "none")
        XCTAssertTrue(ids(menu).contains("selectAll"), "the edit menu's items: \(ids(menu))")
        XCTAssertFalse(ids(menu).contains("speech"), "not the Mac's text menu: \(ids(menu))")
        // The row of Copy draws an icon before its title: ink in the leading part of the row.
        try app.xdotool(["mousemove", "1010", "760"])
        usleep(600_000)
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        let copy = try frame(menu, of: "copy")
        let lead = app.screen(copy[0], copy[1])
        XCTAssertGreaterThan(
            shot.inkCount(x: lead.0 + 8, y: lead.1 + 4, width: 24, height: Int(copy[3]) - 8, background: Self.light), 8,
            "the edit-copy icon from the theme")
        let box = try XCTUnwrap(menu["frame"] as? [Double])
        try shot.savePNG(
            to: EndToEndTests.screenshots.appendingPathComponent("context-menu-pad-pointer-current.png"),
            x: Int(app.origin.x + box[0]) - 16, y: Int(app.origin.y + box[1]) - 16, width: Int(box[2]) + 32,
            height: Int(box[3]) + 32)
        try app.click(at: app.center(copy))
        XCTAssertEqual(try app.clipboard(expecting: "December"), "December")
    }

    func test2023PadPointerOpensTheVerticalMenu() throws {
        let (_, menu) = try padPointerMenu(release: "2023")
        XCTAssertEqual(menu["style"] as? String, "vertical")
    }

    private func checkMacTextMenuHasNoShortcuts(release: String) throws {
        let app = try launch(["EDITMENU_GTK_RELEASE": release, "EDITMENU_GTK_IDIOM": "mac"])
        try app.click(at: app.center(try app.word("December")), button: 3)
        let menu = try app.waitFor("menu") { $0["style"] as? String == "contextMenu" }
        XCTAssertTrue(ids(menu).contains("copy"))
        let shortcuts = items(menu).compactMap { $0["shortcut"] as? String }
        XCTAssertEqual(shortcuts.count, items(menu).count, "the host logs each item's shortcut")
        XCTAssertEqual(shortcuts.filter { !$0.isEmpty }, [], "no shortcut drawn: \(menu)")
        XCTAssertEqual(
            items(menu).first { $0["id"] as? String == "copy" }?["icon"] as? String,
            release == "current" ? "edit-copy" : "",
            "icons in current only")
    }

    func testCurrentMacTextMenuShowsNoShortcuts() throws { try checkMacTextMenuHasNoShortcuts(release: "current") }

    func test2023MacTextMenuShowsNoShortcuts() throws { try checkMacTextMenuHasNoShortcuts(release: "2023") }
}
#endif
