#if GTK
import Foundation
import XCTest

/// The GTK host's pointer platforms end to end on Xvfb: menus at the pointer are popups that may reach
/// past a small window, submenus open beside their item (keys in them never reach the text), and
/// Writing Direction ▸ sets a paragraph's direction as one undo step.
final class PointerEndToEndTests: GTKEndToEndTestCase {

    /// The window's width on the screen: the text view and the 16-pixel margins either side of it
    /// (the window sits at the screen's origin: Xvfb has no window manager).
    private func windowWidth(_ app: DemoApp) throws -> Int {
        let view = try app.widget("textView")
        return Int(app.origin.x + 2 * view[0] + view[2])
    }

    /// A screenshot taken once every point (screen pixels) shows the menu's background — popups paint
    /// a moment after they map — or after 3 s, as it is then.
    private func screenshot(_ app: DemoApp, showing points: [(Int, Int)]) throws -> Screenshot {
        try app.xdotool(["mousemove", "1010", "760"]) // no hover tint
        let deadline = Date().addingTimeInterval(3)
        while true {
            usleep(200_000)
            let shot = try Screenshot(display: app.display)
            if points.allSatisfy({ shot.matches($0.0, $0.1, Self.light) }) || Date() > deadline { return shot }
            shot.discard()
        }
    }

    /// The left padding of the first item of `frames`' first frame, on the screen.
    private func padding(_ app: DemoApp, _ frame: [Double]) -> (Int, Int) {
        app.screen(frame[0] + 4, frame[1] + frame[3] / 2)
    }

    private func item(_ menu: [String: Any], _ id: String) throws -> [Double] {
        guard let frame = items(menu).first(where: { $0["id"] as? String == id })?["frame"] as? [Double] else {
            throw HarnessError(description: "no \"\(id)\" in \(items(menu).compactMap { $0["id"] })")
        }
        return frame
    }

    func testAPointerMenuIsAPopupThatReachesPastASmallWindowAndItsItemsThereWork() throws {
        let app = try launch(["EDITMENU_GTK_IDIOM": "mac", "EDITMENU_GTK_SIZE": "300x200"])
        let windowRight = try windowWidth(app)
        let word = try app.word("December")
        let click = app.center(word)
        try app.click(at: click, button: 3)
        let menu = try app.waitFor("menu") { $0["style"] as? String == "contextMenu" }
        XCTAssertEqual(menu["popup"] as? Bool, true, "a menu at the pointer is a popup surface")
        XCTAssertEqual(menu["side"] as? String, "pointer")
        XCTAssertEqual(menu["arrow"] as? String, "none")
        let frame = try XCTUnwrap(menu["frame"] as? [Double])
        let pointer = (x: Double(click.0) - app.origin.x, y: Double(click.1) - app.origin.y)
        XCTAssertEqual(frame[0], pointer.x, accuracy: 1, "its leading top corner at the pointer")
        XCTAssertEqual(frame[1], pointer.y, accuracy: 1)
        XCTAssertGreaterThan(app.origin.x + frame[0] + frame[2], Double(windowRight) + 40, "it reaches past the window")
        // The popup's X window is exactly where the core put it.
        let surface = try XCTUnwrap(menu["surfaceOrigin"] as? [Double])
        XCTAssertEqual(surface[0], app.origin.x + frame[0], accuracy: 1)
        XCTAssertEqual(surface[1], app.origin.y + frame[1], accuracy: 1)
        // Drawn outside the window: the menu's background where the window is not.
        let copy = try item(menu, "copy")
        let outside = app.screen(max(copy[0] + 4, Double(windowRight) + 8 - app.origin.x), copy[1] + copy[3] / 2)
        let shot = try screenshot(app, showing: [padding(app, try item(menu, "searchWeb")), outside])
        defer { shot.discard() }
        XCTAssertGreaterThan(outside.0, windowRight)
        XCTAssertTrue(
            shot.matches(outside.0, outside.1, Self.light), "pixel \(outside) is \(shot.pixel(outside.0, outside.1))")
        try shot.savePNG(
            to: EndToEndTests.screenshots.appendingPathComponent("context-menu-mac-pointer.png"),
            x: Int(app.origin.x + frame[0]) - 24, y: Int(app.origin.y + frame[1]) - 24, width: Int(frame[2]) + 48,
            height: Int(frame[3]) + 48)
        // Its Copy, clicked where only the popup is, copies the word.
        let copyPoint = app.screen(copy[0] + copy[2] - 10, copy[1] + copy[3] / 2)
        XCTAssertGreaterThan(copyPoint.0, windowRight, "Copy's trailing part lies outside the window")
        try app.click(at: copyPoint)
        XCTAssertEqual(try app.clipboard(expecting: "December"), "December")
        try app.waitFor("dismissed")
    }

    func testASubmenuOpensBesideItsItemAndTheKeyboardWalksItWithoutTouchingTheText() throws {
        let app = try launch(["EDITMENU_GTK_IDIOM": "mac"])
        try app.click(at: app.center(try app.word("Infinite")), button: 3)
        let menu = try app.waitForMenu { $0["style"] as? String == "contextMenu" }
        let parent = try item(menu, "transformations")
        var count = app.events().count
        try app.click(at: app.center(parent))
        let opened = try app.waitFor("menu", after: count) { ($0["submenus"] as? [Any])?.isEmpty == false }
        let submenu = try XCTUnwrap((opened["submenus"] as? [[String: Any]])?.first)
        XCTAssertEqual(submenu["parent"] as? String, "transformations")
        XCTAssertEqual(submenu["side"] as? String, "beside")
        let subFrame = try XCTUnwrap(submenu["frame"] as? [Double])
        let frame = try XCTUnwrap(opened["frame"] as? [Double])
        XCTAssertEqual(subFrame[0], frame[0] + frame[2], accuracy: 0.5, "at the menu's trailing edge")
        XCTAssertEqual(subFrame[1], parent[1], accuracy: 0.5, "level with its item")
        XCTAssertEqual(opened["frame"] as? [Double], menu["frame"] as? [Double], "the menu stays where it was")
        let first = try XCTUnwrap((submenu["items"] as? [[String: Any]])?.first?["frame"] as? [Double])
        let inside = padding(app, first)
        let shot = try screenshot(app, showing: [padding(app, try item(menu, "searchWeb")), inside])
        defer { shot.discard() }
        XCTAssertTrue(shot.matches(inside.0, inside.1, Self.light), "the submenu is drawn beside its item")
        try shot.savePNG(
            to: EndToEndTests.screenshots.appendingPathComponent("context-menu-mac-submenu.png"),
            x: Int(app.origin.x + frame[0]) - 24, y: Int(app.origin.y + frame[1]) - 24,
            width: Int(frame[2] + subFrame[2]) + 48,
            height: Int(max(frame[3], subFrame[1] + subFrame[3] - frame[1])) + 48)
        // The keyboard: ↓ into the submenu, ← closes it, a letter does nothing, Space opens it again,
        // Escape closes one level at a time.
        count = app.events().count
        try app.key("Down")
        try app.waitFor("menu", after: count) { ($0["keyboardFocus"] as? String)?.isEmpty == false }
        try app.key("Left")
        try app.waitFor("menu", after: count) { ($0["submenus"] as? [Any])?.isEmpty == true }
        try app.key("x", "space")
        try app.waitFor("menu", after: count + 2) { ($0["submenus"] as? [Any])?.isEmpty == false }
        try app.key("Escape")
        try app.waitFor("menu", after: count + 3) { ($0["submenus"] as? [Any])?.isEmpty == true }
        try app.key("Escape")
        try app.waitFor("dismissed", after: count)
        XCTAssertFalse(
            app.events().contains { $0["event"] as? String == "performed" }, "no key reached a command or the text")
    }

    func testAKeyboardMenuStaysInTheWindowAndOpensItsSubmenuBesideItWithTheArrow() throws {
        let app = try launch(["EDITMENU_GTK_IDIOM": "mac"])
        try app.click(at: app.center(try app.word("Infinite")), repeat: 2)
        try app.waitFor("selection") { $0["gesture"] as? String == "doubleTap" }
        var count = app.events().count
        try app.key("shift+F10")
        let menu = try app.waitFor("menu", after: count) { $0["input"] as? String == "keyboard" }
        XCTAssertEqual(menu["popup"] as? Bool, false, "a keyboard menu is drawn in the window")
        XCTAssertEqual(menu["keyboardFocus"] as? String, (items(menu).first?["id"] as? String))
        count = app.events().count
        for _ in 0..<20 {
            let last = app.events().last { $0["event"] as? String == "menu" }
            if last?["keyboardFocus"] as? String == "transformations" { break }
            try app.key("Down")
            usleep(60_000)
        }
        try app.waitFor("menu", after: count) { $0["keyboardFocus"] as? String == "transformations" }
        try app.key("Right")
        let opened = try app.waitFor("menu", after: count) { ($0["submenus"] as? [Any])?.isEmpty == false }
        XCTAssertEqual(opened["popup"] as? Bool, false)
        let submenu = try XCTUnwrap((opened["submenus"] as? [[String: Any]])?.first)
        XCTAssertEqual(submenu["focused"] as? String, "makeUpperCase", "→ opens it with its first item focused")
        let first = try XCTUnwrap((submenu["items"] as? [[String: Any]])?.first?["frame"] as? [Double])
        let shot = try screenshot(app, showing: [padding(app, first)])
        defer { shot.discard() }
        XCTAssertTrue(shot.matches(padding(app, first).0, padding(app, first).1, Self.light), "drawn beside its item")
        try app.key("Escape", "Escape")
        try app.waitFor("dismissed", after: count)
        XCTAssertFalse(app.events().contains { $0["event"] as? String == "performed" })
    }

    func testWritingDirectionSetsTheParagraphsDirectionAsOneUndoStep() throws {
        let text = "שלום עולם\nsecond line"
        let app = try launch(["EDITMENU_GTK_TEXT": text])
        let view = try app.widget("textView")
        let word = try app.word("עולם")
        XCTAssertGreaterThan(word[0], view[0] + view[2] / 2, "a Hebrew paragraph is aligned right")
        try app.click(at: app.center(word), button: 3)
        let menu = try app.waitForMenu()
        var count = app.events().count
        try app.click(at: app.center(try item(menu, "writingDirection")))
        let opened = try app.waitFor("menu", after: count) { ($0["submenus"] as? [Any])?.isEmpty == false }
        let submenu = try XCTUnwrap((opened["submenus"] as? [[String: Any]])?.first)
        let leftToRight = try XCTUnwrap(
            (submenu["items"] as? [[String: Any]])?.first {
                $0["id"] as? String == "makeTextWritingDirectionLeftToRight"
            }?[
                "frame"] as? [Double])
        count = app.events().count
        try app.click(at: app.center(leftToRight))
        let performed = try app.waitFor("performed", after: count)
        XCTAssertEqual(performed["command"] as? String, "makeTextWritingDirectionLeftToRight")
        XCTAssertEqual(performed["text"] as? String, "\u{200E}" + text, "a left-to-right mark starts the paragraph")
        // The view lays the paragraph out left to right now: its first word is at the left.
        usleep(300_000)
        let before = try Screenshot(display: app.display)
        defer { before.discard() }
        let left = app.screen(view[0], view[1] + 8)
        XCTAssertGreaterThan(
            before.inkCount(x: left.0, y: left.1, width: 90, height: 16, background: (255, 255, 255)), 10,
            "the first line's text is on the left")
        count = app.events().count
        try app.key("ctrl+z")
        let undone = try app.waitFor("state", after: count) { $0["text"] as? String == text }
        XCTAssertEqual(undone["text"] as? String, text, "one undo step takes the mark away")
    }
}
#endif
