@_spi(Testing) import EditMenuKit
import EditMenuTestSupport
import Foundation
import Testing
@testable import EditMenuDemo
@testable import EditMenuTerminal

/// The demo without a terminal: events in, screens out, time from a manual clock.
@Suite("Terminal demo, headless")
struct DemoAppTests {
    let clock = ManualClock()
    let pasteboard = InMemoryPasteboard()

    func makeApp(
        columns: Int = 100, rows: Int = 32, idiom: Idiom? = nil, locale: MenuLocale = .english,
        release: EditMenuRelease = .release2023
    ) throws -> DemoApp {
        var options = DemoOptions(idiom: idiom, locale: locale)
        options.release = release
        return try DemoApp(
            options: options, columns: columns, rows: rows, pasteboard: pasteboard, clock: clock,
            openURL: { _ in false })
    }

    /// The screen position of `text` in the first field that shows it.
    func position(of text: String, in app: DemoApp) throws -> (column: Int, row: Int) {
        let screen = app.render()
        for row in 0..<screen.rows {
            var line = ""
            var columns: [Int] = []
            for column in 0..<screen.columns where screen[column, row].width != 0 {
                for _ in screen[column, row].text { columns.append(column) }
                line += screen[column, row].text
            }
            if let range = line.range(of: text) {
                return (columns[line.distance(from: line.startIndex, to: range.lowerBound)], row)
            }
        }
        Issue.record("\(text) is not on screen")
        throw CancellationError()
    }

    func press(_ app: DemoApp, _ button: MouseEvent.Button = .left, at p: (column: Int, row: Int)) {
        _ = app.handle(.mouse(MouseEvent(button: button, action: .press, column: p.column, row: p.row)))
    }

    func release(_ app: DemoApp, _ button: MouseEvent.Button = .left, at p: (column: Int, row: Int)) {
        _ = app.handle(.mouse(MouseEvent(button: button, action: .release, column: p.column, row: p.row)))
    }

    func doubleClick(_ app: DemoApp, at p: (column: Int, row: Int)) {
        press(app, at: p)
        release(app, at: p)
        clock.advance(by: 0.1)
        press(app, at: p)
        release(app, at: p)
    }

    @Test("Touch and hold selects the word and shows the compact menu on release")
    func longPress() throws {
        let app = try makeApp()
        let p = try position(of: "Wörter", in: app)
        press(app, at: (p.column + 2, p.row))
        clock.advance(by: 0.5)
        _ = app.tick()
        #expect(app.fields[0].textEditor?.selectedText == "Wörter")
        #expect(app.menu == nil, "the menu waits for the release")
        release(app, at: (p.column + 2, p.row))
        let menu = try #require(app.menu)
        #expect(menu.layout.style == .compact)
        #expect(menu.layout.placement.side == .above)
        #expect(app.render().plainText.contains("│ Cut │ Copy │"))
    }

    @Test("A press released before half a second is a tap, not a long press")
    func shortPress() throws {
        let app = try makeApp()
        let p = try position(of: "Wörter", in: app)
        press(app, at: p)
        clock.advance(by: 0.2)
        _ = app.tick()
        release(app, at: p)
        #expect(app.fields[0].textEditor?.selection.isEmpty == true)
        #expect(app.menu == nil)
    }

    @Test("Double click selects a word; a click on the selection toggles the menu; a click elsewhere dismisses it")
    func doubleClickAndToggle() throws {
        let app = try makeApp()
        let p = try position(of: "Jane at", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        #expect(app.fields[0].textEditor?.selectedText == "Jane")
        #expect(app.menu != nil)
        clock.advance(by: 1)
        press(app, at: (p.column + 1, p.row))
        release(app, at: (p.column + 1, p.row))
        #expect(app.menu == nil, "a tap on the selection hides the menu")
        clock.advance(by: 1)
        press(app, at: (p.column + 1, p.row))
        release(app, at: (p.column + 1, p.row))
        #expect(app.menu != nil, "and shows it again")
        clock.advance(by: 1)
        let q = try position(of: "Ελληνικά", in: app)
        press(app, at: q)
        release(app, at: q)
        #expect(app.menu == nil)
        #expect(app.fields[0].textEditor?.selection.isEmpty == true)
    }

    @Test("Right click shows the vertical style, and on the mac idiom the context menu")
    func rightClick() throws {
        let pad = try makeApp()
        let p = try position(of: "Ελληνικά", in: pad)
        press(pad, .right, at: (p.column + 1, p.row))
        #expect(pad.menu?.layout.style == .vertical)
        #expect(pad.fields[0].textEditor?.selectedText == "Ελληνικά")
        let mac = try makeApp(idiom: .mac)
        press(mac, .right, at: (p.column + 1, p.row))
        #expect(mac.menu?.layout.style == .contextMenu)
    }

    @Test("Today's mac text menu names its icons, and the terminal, which draws none, keeps no column for them")
    func currentListKeepsNoIconColumn() throws {
        let mac = try makeApp(idiom: .mac, release: .current)
        let p = try position(of: "Ελληνικά", in: mac)
        press(mac, .right, at: (p.column + 1, p.row))
        let menu = try #require(mac.menu)
        #expect(menu.layout.style == .contextMenu)
        #expect(menu.menu.command(.cut)?.icon == .scissors)
        #expect(menu.layout.iconColumnWidth == 0)
        // The widest row is its title and padding (one cell each side) and, for a submenu, its chevron.
        let widest =
            menu.layout.items.map { item in
                2 + Double(item.title.count) + (item.hasSubmenu ? 3 : 0)
            }.max() ?? 0
        #expect(menu.layout.placement.frame.width == CGFloat(max(25, widest)))
    }

    @Test("The Menu key opens the keyboard style with an item focused; arrows move; Return performs")
    func keyboard() throws {
        let app = try makeApp()
        let p = try position(of: "Jane at", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        _ = app.handle(.key(.escape, []))
        #expect(app.menu == nil)
        _ = app.handle(.key(.menu, []))
        let menu = try #require(app.menu)
        #expect(menu.layout.style == .vertical)
        #expect(menu.focusedItem == .cut)
        _ = app.handle(.key(.right, []))
        #expect(app.menu?.focusedItem == .copy)
        _ = app.handle(.key(.enter, []))
        #expect(app.menu == nil)
        #expect(pasteboard.items().first?.string(for: .plainText) == "Jane")
    }

    @Test("Scrolling hides the menu; it comes back when scrolling ends with the selection still visible")
    func scrolling() throws {
        let app = try makeApp()
        let p = try position(of: "Jane at", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        #expect(app.menu != nil)
        _ = app.handle(.mouse(MouseEvent(button: .wheelDown, action: .press, column: p.column, row: p.row)))
        #expect(app.menu == nil)
        _ = app.handle(.mouse(MouseEvent(button: .wheelUp, action: .press, column: p.column, row: p.row)))
        clock.advance(by: 0.3)
        _ = app.tick()
        #expect(app.menu != nil)
    }

    @Test("Typing dismisses the menu and Ctrl+Z undoes it in one step")
    func typingAndUndo() throws {
        let app = try makeApp()
        let original = try #require(app.fields[0].textEditor?.storage.string)
        let p = try position(of: "Jane at", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        _ = app.handle(.text("Joan"))
        _ = app.handle(.text("na"))
        #expect(app.menu == nil)
        #expect(app.fields[0].textEditor?.storage.string.contains("Meet Joanna at") == true)
        _ = app.handle(.key(.character("z"), .control))
        #expect(app.fields[0].textEditor?.storage.string == original)
        _ = app.handle(.key(.character("y"), .control))
        #expect(app.fields[0].textEditor?.storage.string.contains("Meet Joanna at") == true)
    }

    @Test("Cut from the menu then Undo restores the text byte for byte")
    func cutUndo() throws {
        let app = try makeApp()
        let original = try #require(app.fields[0].textEditor?.storage.string)
        let p = try position(of: "Jane at", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        let cut = try #require(app.menu?.layout.items.first { $0.id == .cut })
        let hit = (Int(cut.frame.minX) + 1, Int(cut.frame.minY))
        press(app, at: hit)
        // Smart Copy/Paste (on by default, as on macOS) takes one of the spaces around the word along.
        #expect(app.fields[0].textEditor?.storage.string.contains("Meet at 1 Infinite") == true)
        #expect(pasteboard.items().first?.string(for: .plainText) == "Jane")
        _ = app.handle(.key(.character("z"), .control))
        #expect(app.fields[0].textEditor?.storage.string == original)
    }

    @Test("A narrow terminal pages the compact menu; the chevron shows the next page")
    func paging() throws {
        let app = try makeApp(columns: 34, rows: 32)
        let p = try position(of: "Jane", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        let menu = try #require(app.menu)
        #expect(menu.layout.pages.count >= 2)
        let next = try #require(menu.layout.chevrons.first { $0.direction == .next })
        press(app, at: (Int(next.frame.minX) + 1, Int(next.frame.minY)))
        #expect(app.menu?.layout.page == 1)
    }

    @Test("The password field selects everything on double click and offers Paste only, never Copy")
    func password() throws {
        let app = try makeApp()
        let p = try position(of: "••••", in: app)
        pasteboard.write([.text("x")])
        doubleClick(app, at: p)
        let ids = app.menu?.layout.items.map(\.id) ?? []
        #expect(!ids.contains(.copy) && !ids.contains(.cut))
        #expect(ids.contains(.paste))
        #expect(app.fields[2].textEditor?.selection == 0..<8)
        #expect(!app.log.joined().contains("hunter22"), "secure text never reaches the log")
    }

    @Test("The button never shows a menu")
    func button() throws {
        let app = try makeApp()
        let p = try position(of: "Send", in: app)
        doubleClick(app, at: p)
        press(app, .right, at: p)
        #expect(app.menu == nil)
        #expect(app.log.contains("menu not presented: notSelectable"))
    }

    @Test("Selecting an image offers Copy, and Copy puts a PNG on the pasteboard")
    func image() throws {
        let app = try makeApp()
        let p = try position(of: "sunset.png", in: app)
        press(app, at: p)
        clock.advance(by: 0.6)
        _ = app.tick()
        release(app, at: p)
        let ids = try #require(app.menu?.layout.items.map(\.id))
        #expect(ids.contains(.copy) && ids.contains(.cut) && ids.contains(.delete))
        _ = app.handle(.key(.menu, []))
        app.editMenu.controller.choose(.copy)
        #expect(pasteboard.types.contains(PasteboardType("image/png")!))
    }

    @Test("Bracketed paste inserts text with its control sequences removed")
    func bracketedPaste() throws {
        let app = try makeApp()
        let p = try position(of: "Jane at", in: app)
        press(app, at: p)
        release(app, at: p)
        _ = app.handle(.paste("X\u{1B}[2J\u{1B}]52;c;AAAA\u{7}Y"))
        let text = try #require(app.fields[0].textEditor?.storage.string)
        #expect(text.contains("X[2J]52;c;AAAAY"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test("Russian menus under a Russian locale")
    func russian() throws {
        let app = try makeApp(locale: MenuLocale("ru_RU.UTF-8"))
        let p = try position(of: "Jane at", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        #expect(app.render().plainText.contains("Вырезать"))
    }

    @Test("An address offers Get Directions, opened through the URL opener")
    func address() throws {
        let opened = OpenedURLs()
        let app = try DemoApp(
            options: DemoOptions(), columns: 100, rows: 32, pasteboard: pasteboard, clock: clock,
            openURL: {
                opened.append($0)
                return true
            })
        let p = try position(of: "Infinite", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        #expect(app.menu?.menu.command(.getDirections) != nil)
        app.editMenu.controller.choose(.getDirections)
        #expect(opened.all.first?.hasPrefix("https://") == true)
    }

    @Test("Create Event writes a private .ics file and opens it")
    func createEvent() throws {
        let opened = OpenedURLs()
        let app = try DemoApp(
            options: DemoOptions(), columns: 100, rows: 32, pasteboard: pasteboard, clock: clock,
            openURL: {
                opened.append($0)
                return OpeningPolicy().isSafeToOpen($0)
            })
        let p = try position(of: "December", in: app)
        doubleClick(app, at: (p.column + 1, p.row))
        #expect(app.menu?.menu.command(.createEvent) != nil)
        app.editMenu.controller.choose(.createEvent)
        let path = try #require(opened.all.first)
        #expect(path.hasSuffix(".ics") && OpeningPolicy().isSafeToOpen(path))
        let ics = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ics.contains("BEGIN:VEVENT") && ics.contains("DTSTART"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("Only safe URIs are ever opened")
    func safeURIs() {
        #expect(OpeningPolicy().isSafeToOpen("https://example.com/a?b=c"))
        #expect(OpeningPolicy().isSafeToOpen("tel:+14085550123"))
        #expect(!OpeningPolicy().isSafeToOpen("javascript:alert(1)"))
        #expect(!OpeningPolicy().isSafeToOpen("file:///etc/passwd"))
        #expect(!OpeningPolicy().isSafeToOpen("--help"))
        #expect(!OpeningPolicy().isSafeToOpen("https://a b"))
        #expect(!OpeningPolicy().isSafeToOpen("https://" + String(repeating: "a", count: 3000)))
        #expect(!OpeningPolicy().isSafeToOpen("/etc/passwd.ics"))
        #expect(!OpeningPolicy().isSafeToOpen(OpeningPolicy().exportDirectory + "/../x.ics"))
    }
}

final class OpenedURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [String] = []
    func append(_ url: String) {
        lock.lock()
        urls.append(url)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return urls
    }
}
