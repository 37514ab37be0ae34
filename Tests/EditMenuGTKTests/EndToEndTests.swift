#if GTK
import Foundation
import XCTest

/// The GTK host end to end: the real `editmenu-gtk` on Xvfb, driven by xdotool's real X input, checked
/// from the host's own event log and from screenshots (the menu's pixels are where the layout says).
/// Screenshots of each style are saved to a temporary folder (``screenshots``);
/// `scripts/update-gtk-screenshots.sh` copies them into `docs/gtk/`.
final class EndToEndTests: GTKEndToEndTestCase {

    /// The demo with the primary button standing for a finger (press and hold and double tap reveal
    /// the compact menu, as on a touch screen).
    static let touch = ["EDITMENU_GTK_TOUCH": "1"]

    /// Checks the screenshot against the logged layout: every item's padding shows the menu's background
    /// and its title's ink lies inside its frame; saves the menu (with a margin) as `name`.png.
    private func assertMenuDrawn(
        _ menu: [String: Any], in app: DemoApp, background: (Int, Int, Int), saveAs name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try app.xdotool(["mousemove", "1010", "760"]) // no hover tint on the items
        usleep(250_000)
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        XCTAssertFalse(items(menu).isEmpty, "the logged menu has no items", file: file, line: line)
        for item in items(menu) {
            guard let f = item["frame"] as? [Double], let id = item["id"] as? String else {
                XCTFail("an item without a frame or id: \(item)", file: file, line: line)
                continue
            }
            let (x, y) = app.screen(f[0] + 4, f[1] + f[3] / 2)
            XCTAssertTrue(
                shot.matches(x, y, background),
                "\(id): pixel (\(x), \(y)) is \(shot.pixel(x, y)), not the menu's \(background)",
                file: file, line: line)
            let (ix, iy) = app.screen(f[0], f[1])
            XCTAssertGreaterThan(
                shot.inkCount(x: ix, y: iy, width: Int(f[2]), height: Int(f[3]), background: background), 4,
                "\(id): no title drawn inside its frame \(f)", file: file, line: line)
        }
        let f = menu["frame"] as? [Double] ?? [0, 0, 0, 0]
        let (x, y) = app.screen(f[0] - 24, f[1] - 24)
        try shot.savePNG(
            to: Self.screenshots.appendingPathComponent("\(name).png"), x: x, y: y,
            width: Int(f[2]) + 48, height: Int(f[3]) + 48)
    }

    func testPressAndHoldOnAWordShowsTheCompactMenuAboveIt() throws {
        let app = try launch(Self.touch)
        let word = try app.word("Call")
        try app.longPress(at: app.center(word))
        let selection = try app.waitFor("selection") { $0["gesture"] as? String == "longPress" }
        XCTAssertEqual(selection["selected"] as? String, "Call")
        let menu = try app.waitForMenu()
        XCTAssertEqual(menu["style"] as? String, "compact")
        XCTAssertEqual(menu["side"] as? String, "above")
        let f = menu["frame"] as? [Double] ?? []
        XCTAssertLessThanOrEqual(f[1] + f[3], word[1], "the menu's bottom edge is below the word's top")
        XCTAssertEqual(Array(ids(menu).prefix(2)), ["cut", "copy"])
        try assertMenuDrawn(menu, in: app, background: Self.light, saveAs: "compact-light")
        let shot = try Screenshot(display: app.display)
        defer { shot.discard() }
        try shot.savePNG(
            to: Self.screenshots.appendingPathComponent("demo-window.png"), x: 0, y: 0, width: 760, height: 600)
    }

    func testDoubleClickSelectsAWord() throws {
        let app = try launch()
        try app.click(at: app.center(try app.word("Infinite")), repeat: 2)
        let selection = try app.waitFor("selection") { $0["gesture"] as? String == "doubleTap" }
        XCTAssertEqual(selection["selected"] as? String, "Infinite")
        XCTAssertFalse(
            app.events().contains { $0["event"] as? String == "menu" }, "a pointer double click shows no menu")
    }

    func testRightClickShowsTheVerticalMenu() throws {
        let app = try launch()
        try app.click(at: app.center(try app.word("read")), button: 3)
        let menu = try app.waitForMenu()
        XCTAssertEqual(menu["style"] as? String, "vertical")
        XCTAssertEqual(items(menu).first?["id"] as? String, "cut", "the top row starts with Cut")
        try assertMenuDrawn(menu, in: app, background: Self.light, saveAs: "vertical-light")
    }

    func testCopyPutsTheTextOnTheRealXClipboard() throws {
        let app = try launch()
        try app.click(at: app.center(try app.word("Anna")), button: 3)
        let menu = try app.waitForMenu()
        try app.click(at: app.center(try frame(menu, of: "copy")))
        try app.waitFor("performed") { $0["command"] as? String == "copy" && $0["done"] as? Bool == true }
        XCTAssertEqual(try app.clipboard(expecting: "Anna"), "Anna")
    }

    func testPasteInsertsWhatXclipPutThere() throws {
        let app = try launch(Self.touch)
        try Tools.run(
            "xclip", ["-i", "-selection", "clipboard"], environment: ["DISPLAY": app.display], input: "pasted words")
        try app.waitFor("clipboard") { ($0["types"] as? [String])?.contains("text") == true }
        try app.longPress(at: app.center(try app.word("Call")))
        let menu = try app.waitForMenu()
        XCTAssertTrue(ids(menu).contains("paste"), "Paste is offered from the clipboard's formats: \(ids(menu))")
        let count = app.events().count
        try app.click(at: app.center(try frame(menu, of: "paste")))
        let state = try app.waitFor("state", after: count) { ($0["text"] as? String)?.contains("pasted words") == true }
        XCTAssertTrue((state["text"] as? String)?.contains("\npasted words +1 (408)") == true, "\(state["text"] ?? "")")
    }

    func testThePasswordEntryOffersNoCopy() throws {
        let app = try launch(Self.touch)
        try app.longPress(at: app.center(try app.widget("password")))
        let menu = try app.waitForMenu { $0["widget"] as? String == "password" }
        XCTAssertFalse(ids(menu).contains("copy"), "\(ids(menu))")
        XCTAssertFalse(ids(menu).contains("cut"), "\(ids(menu))")
        XCTAssertFalse(ids(menu).isEmpty)
    }

    func testTheButtonShowsNoMenu() throws {
        let app = try launch(Self.touch)
        let button = app.center(try app.widget("button"))
        try app.longPress(at: button)
        try app.waitFor("notPresented") {
            $0["widget"] as? String == "button" && $0["gesture"] as? String == "longPress"
        }
        try app.click(at: button, button: 3)
        try app.waitFor("notPresented") {
            $0["widget"] as? String == "button" && $0["gesture"] as? String == "secondaryClick"
        }
        XCTAssertFalse(app.events().contains { $0["event"] as? String == "menu" })
    }

    func testUndoAfterCutRestoresTheText() throws {
        let app = try launch()
        try app.click(at: app.center(try app.word("Infinite")), button: 3)
        let menu = try app.waitForMenu()
        let original = try app.waitFor("selection")["text"] as? String ?? ""
        try app.click(at: app.center(try frame(menu, of: "cut")))
        let cut = try app.waitFor("performed") { $0["command"] as? String == "cut" }
        XCTAssertEqual(cut["text"] as? String, original.replacingOccurrences(of: "Infinite", with: ""))
        let count = app.events().count
        try app.key("ctrl+z")
        let undone = try app.waitFor("performed", after: count) { $0["command"] as? String == "undo" }
        XCTAssertEqual(undone["text"] as? String, original)
    }

    func testShiftF10ShowsTheKeyboardStyleAtTheSelection() throws {
        let app = try launch()
        try app.click(at: app.center(try app.word("Infinite")), repeat: 2)
        try app.waitFor("selection") { $0["gesture"] as? String == "doubleTap" }
        try app.key("shift+F10")
        let menu = try app.waitForMenu()
        XCTAssertEqual(menu["style"] as? String, "vertical")
        let targets = menu["targets"] as? [[Double]] ?? []
        XCTAssertEqual(
            targets.first?[2] ?? 0, try app.word("Infinite")[2], accuracy: 1, "the menu points at the selected word")
    }

    func testTheMacIdiomRightClickShowsTheContextMenuStyle() throws {
        let app = try launch(["EDITMENU_GTK_IDIOM": "mac"])
        try app.click(at: app.center(try app.word("Anna")), button: 3)
        let menu = try app.waitForMenu()
        XCTAssertEqual(menu["style"] as? String, "contextMenu")
        try assertMenuDrawn(menu, in: app, background: Self.light, saveAs: "contextMenu-light")
    }

    func testArabicDarkMenuIsMirroredAndDrawnDark() throws {
        let app = try launch(Self.touch.merging(["LANG": "ar_EG.UTF-8", "EDITMENU_GTK_THEME": "dark"]) { $1 })
        try app.longPress(at: app.center(try app.word("Call")))
        let menu = try app.waitForMenu()
        XCTAssertEqual(menu["mirrored"] as? Bool, true)
        let frames = items(menu).compactMap { $0["frame"] as? [Double] }
        XCTAssertGreaterThan(frames.first?[0] ?? 0, frames.last?[0] ?? 0, "the first item is on the right")
        XCTAssertEqual(items(menu).first?["title"] as? String, "قص")
        try assertMenuDrawn(menu, in: app, background: Self.dark, saveAs: "compact-dark-rtl")
    }

    func testACompactMenuWiderThanTheWindowPagesWithChevrons() throws {
        // The window's narrowest (its content's minimum) is about 530 px; German titles with Paste need more.
        let app = try launch(Self.touch.merging(["LANG": "de_DE.UTF-8", "EDITMENU_GTK_SIZE": "300x600"]) { $1 })
        try Tools.run("xclip", ["-i", "-selection", "clipboard"], environment: ["DISPLAY": app.display], input: "Text")
        try app.waitFor("clipboard") { ($0["types"] as? [String])?.contains("text") == true }
        try app.longPress(at: app.center(try app.word("Call")))
        let first = try app.waitForMenu()
        XCTAssertEqual(first["style"] as? String, "compact")
        let pages = first["pages"] as? Int ?? 1
        XCTAssertGreaterThan(pages, 1, "the German menu does not fit the window: \(ids(first))")
        let chevrons = first["chevrons"] as? [[String: Any]] ?? []
        XCTAssertEqual(chevrons.map { $0["direction"] as? String }, ["next"])
        try assertMenuDrawn(first, in: app, background: Self.light, saveAs: "compact-paged")
        let count = app.events().count
        let next = try XCTUnwrap(chevrons.first?["frame"] as? [Double])
        try app.click(at: app.center(next))
        let second = try app.waitForMenu(after: count)
        XCTAssertEqual(second["page"] as? Int, 1)
        XCTAssertTrue(Set(ids(second)).isDisjoint(with: ids(first)), "page 2 shows the next items")
        XCTAssertEqual((second["chevrons"] as? [[String: Any]] ?? []).first?["direction"] as? String, "previous")
    }

    func testCopyingTheContactCardOffersVCardAndPlainText() throws {
        let app = try launch(Self.touch)
        try app.longPress(at: app.center(try app.widget("contact")))
        let menu = try app.waitForMenu { $0["widget"] as? String == "contact" }
        try app.click(at: app.center(try frame(menu, of: "copy")))
        try app.waitFor("performed") { $0["command"] as? String == "copy" && $0["done"] as? Bool == true }
        let env = ["DISPLAY": app.display]
        _ = try app.clipboard(expecting: "Anna Haro\n+1 (555) 522-8243\nanna-haro@mac.com")
        let targets = try Tools.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], environment: env)
            .output
        XCTAssertTrue(targets.contains("text/vcard"), targets)
        XCTAssertTrue(targets.contains("text/plain;charset=utf-8"), targets)
        let vcard = try Tools.run("xclip", ["-o", "-selection", "clipboard", "-t", "text/vcard"], environment: env)
            .output
        XCTAssertTrue(vcard.hasPrefix("BEGIN:VCARD") && vcard.contains("FN:Anna Haro"), vcard)
    }

    func testTheSelectableLabelCopiesTheWordUnderTheSecondaryClick() throws {
        let app = try launch()
        let label = try app.widget("label")
        try app.click(at: app.screen(label[0] + 30, label[1] + label[3] / 2), button: 3)
        let menu = try app.waitForMenu { $0["widget"] as? String == "label" }
        XCTAssertFalse(ids(menu).contains("cut"), "static text cannot be cut: \(ids(menu))")
        try app.click(at: app.center(try frame(menu, of: "copy")))
        let copied = try app.waitFor("performed") { $0["command"] as? String == "copy" }
        XCTAssertEqual(copied["done"] as? Bool, true, "\(copied)")
        XCTAssertEqual(try app.clipboard(expecting: "static"), "static", "\(app.events().suffix(5))")
    }

    func testTheAppEditMenuFollowsTheSelection() throws {
        let app = try launch()
        try app.waitFor("editMenu") { ($0["enabled"] as? [String])?.contains("copy") == false }
        try app.click(at: app.center(try app.word("Anna")), repeat: 2)
        try app.waitFor("editMenu") { ($0["enabled"] as? [String])?.contains("copy") == true }
        try app.xdotool(["mousemove", "1010", "760"])
        usleep(250_000)
        let before = try Screenshot(display: app.display)
        defer { before.discard() }
        try app.click(at: (24, 12)) // the menu bar's Edit
        usleep(400_000)
        let open = try Screenshot(display: app.display)
        defer { open.discard() }
        // The Edit menu's popover is drawn under its title: many pixels there changed.
        let changed = open.changedPixels(from: before, x: 0, y: 30, width: 300, height: 380)
        XCTAssertGreaterThan(changed, 2000, "the Edit menu did not open (\(changed) pixels changed)")
        try open.savePNG(
            to: Self.screenshots.appendingPathComponent("menubar-edit.png"), x: 0, y: 0, width: 300, height: 420)
        try app.key("Escape")
        usleep(300_000)
        let closed = try Screenshot(display: app.display)
        defer { closed.discard() }
        XCTAssertLessThan(
            closed.changedPixels(from: before, x: 0, y: 30, width: 300, height: 380), changed / 10,
            "Escape closes the Edit menu")
    }

    /// An opener that records what it is handed (and the file's contents), for data actions.
    private func recordingOpener() throws -> (script: String, record: URL) {
        let folder = try scratchFolder("editmenu-opener")
        let record = folder.appendingPathComponent("opened.txt")
        let script = folder.appendingPathComponent("opener").path
        try
            "#!/bin/sh\nprintf 'ARG %s\\n' \"$1\" >> '\(record.path)'\n[ -f \"$1\" ] && cat \"$1\" >> '\(record.path)'\nexit 0\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        _ = chmod(script, 0o755)
        return (script, record)
    }

    private func waitForRecord(_ record: URL, containing text: String) throws -> String {
        let deadline = Date().addingTimeInterval(5)
        var contents = ""
        repeat {
            contents = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if contents.contains(text) { return contents }
            usleep(100_000)
        } while Date() < deadline
        return contents
    }

    func testCreateEventAndAddToContactsHandTheirFilesToTheOpener() throws {
        let opener = try recordingOpener()
        let app = try launch(["EDITMENU_OPENER": opener.script])
        try app.click(at: app.center(try app.word("December")), button: 3)
        let menu = try app.waitForMenu()
        XCTAssertTrue(ids(menu).contains("createEvent"), "\(ids(menu))")
        try app.click(at: app.center(try frame(menu, of: "createEvent")))
        let opened = try app.waitFor("opened") { ($0["uri"] as? String)?.hasSuffix(".ics") == true }
        XCTAssertEqual(opened["done"] as? Bool, true)
        let event = try waitForRecord(opener.record, containing: "END:VCALENDAR")
        XCTAssertTrue(event.contains("ARG /") && event.contains(".ics\n"), event)
        XCTAssertTrue(event.contains("BEGIN:VEVENT") && event.contains("DTSTART:20261205T150000"), event)

        let count = app.events().count
        try app.click(at: app.center(try app.word("Infinite")), button: 3)
        let second = try app.waitForMenu(after: count)
        XCTAssertTrue(ids(second).contains("addToContacts"), "\(ids(second))")
        try app.click(at: app.center(try frame(second, of: "addToContacts")))
        try app.waitFor("opened", after: count) { ($0["uri"] as? String)?.hasSuffix(".vcf") == true }
        let card = try waitForRecord(opener.record, containing: "END:VCARD")
        XCTAssertTrue(card.contains("BEGIN:VCARD") && card.contains("ADR"), card)
        XCTAssertTrue(card.contains("Cupertino"), card)
    }
}
#endif
