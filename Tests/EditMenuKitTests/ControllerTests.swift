import EditMenuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import EditMenuKit

/// `EditMenuController` over a headless host: what every host gets from it, tested once.
@Suite("Host SDK: EditMenuController")
struct ControllerTests {
    let clock = ManualClock()

    /// A host whose text starts at x = 0, one unit per byte, on one line at y = 300.
    func makeHost(_ text: String, selection: Range<Int> = 0..<0, editable: Bool = true) -> HeadlessHost {
        let host = HeadlessHost(.text(TextEditor(text: text, selection: selection, isEditable: editable)))
        host.byteOffsetAtPoint = { point in Int(point.x) }
        return host
    }

    func makeController(
        _ host: HeadlessHost, idiom: Idiom = .phone, services: [any EditMenuService] = [],
        custom: [CustomCommand] = []
    ) -> EditMenuController {
        EditMenuController(
            host: host,
            configuration: EditMenuConfiguration(
                idiom: idiom, customCommands: custom, services: services,
                currentDate: { Date(timeIntervalSince1970: 1_780_000_000) }),
            clock: clock)
    }

    func tap(_ controller: EditMenuController, at x: Double, touch: Bool = true) {
        let point = CGPoint(x: x, y: 305)
        controller.handle(InputEvent(touch ? .touchDown : .pointerDown(.primary), at: point, time: clock.now))
        controller.handle(InputEvent(touch ? .touchUp : .pointerUp(.primary), at: point, time: clock.now))
    }

    @Test("Touch and hold selects the word when it matures and shows the compact menu on release")
    func longPress() throws {
        let host = makeHost("Hello world")
        let controller = makeController(host)
        controller.handle(InputEvent(.touchDown, at: CGPoint(x: 7, y: 305), time: clock.now))
        #expect(controller.nextDeadline == 0.5)
        clock.advance(by: 0.5)
        controller.poll()
        #expect(host.editor?.selectedText == "world")
        #expect(host.shownMenu == nil, "the menu waits for the release")
        controller.handle(InputEvent(.touchUp, at: CGPoint(x: 7, y: 305), time: clock.now))
        let menu = try #require(host.shownMenu)
        #expect(menu.layout.style == .compact)
        #expect(menu.commands.map(\.id) == [.cut, .copy, .selectAll])
        controller.contentDidChange()
        #expect(host.shownMenu == nil, "typing dismisses the menu")
        #expect(!controller.isMenuVisible)
    }

    @Test("Double tap selects and shows; a tap on the selection toggles; a tap elsewhere dismisses")
    func tapsToggle() {
        let host = makeHost("Hello world again")
        let controller = makeController(host)
        tap(controller, at: 7)
        clock.advance(by: 0.1)
        tap(controller, at: 7)
        #expect(host.editor?.selectedText == "world")
        #expect(controller.isMenuVisible)
        clock.advance(by: 1)
        tap(controller, at: 8)
        #expect(!controller.isMenuVisible, "a tap on the selection hides the menu")
        clock.advance(by: 1)
        tap(controller, at: 8)
        #expect(controller.isMenuVisible, "and shows it again")
        clock.advance(by: 1)
        tap(controller, at: 14)
        #expect(!controller.isMenuVisible)
        #expect(host.editor?.selection == 14..<14)
    }

    @Test("A secondary click shows the pointer style, pointing at the pointer")
    func secondaryClick() throws {
        let host = makeHost("Hello world")
        let controller = makeController(host, idiom: .pad)
        #expect(controller.handle(InputEvent(.pointerDown(.secondary), at: CGPoint(x: 2, y: 305), time: clock.now)))
        let menu = try #require(host.shownMenu)
        #expect(menu.layout.style == .vertical)
        #expect(menu.input == .pointer)
        #expect(host.editor?.selectedText == "Hello")
    }

    @Test("The Menu key focuses the first item; arrows move; Return performs; list menus keep every key")
    func keyboard() throws {
        let host = makeHost("Hello world", selection: 0..<5)
        let controller = makeController(host, idiom: .pad)
        #expect(controller.handleKey(KeyPress(.menu)))
        let menu = try #require(host.shownMenu)
        #expect(menu.input == .keyboard)
        #expect(menu.focusedItem == .cut)
        #expect(controller.handleKey(KeyPress(.right)))
        #expect(host.shownMenu?.focusedItem == .copy)
        #expect(controller.handleKey(KeyPress(.character("x"))), "a letter never reaches the text under a list menu")
        #expect(host.editor?.text == "Hello world")
        #expect(controller.handleKey(KeyPress(.enter)))
        #expect(!controller.isMenuVisible)
        #expect(host.pasteboard.items().first?.string(for: .plainText) == "Hello")
        #expect(!controller.handleKey(KeyPress(.character("x"))), "without a menu, keys are the host's")
    }

    @Test("Escape closes a submenu, then the menu")
    func escapeClosesOneLevel() throws {
        let host = makeHost("recieve it", selection: 0..<7)
        host.spellingSuggestions = ["receive", "relieve"]
        let controller = makeController(host, idiom: .pad)
        controller.present(input: .keyboard)
        controller.choose(.replace)
        #expect(host.shownMenu?.submenu == .replace)
        #expect(host.shownMenu?.commands.map(\.title) == ["receive", "relieve"])
        #expect(host.shownMenu?.submenus.map(\.parent) == [.replace], "beside its item, the menu staying")
        #expect(host.shownMenu?.focusedItem == .replace)
        #expect(host.shownMenu?.keyboardFocus == .replacement(0))
        controller.handleKey(KeyPress(.escape))
        #expect(controller.isMenuVisible)
        #expect(host.shownMenu?.submenu == nil)
        #expect(host.shownMenu?.submenus == [])
        #expect(host.shownMenu?.keyboardFocus == .replace, "the focus goes back to the item that opened it")
        controller.handleKey(KeyPress(.escape))
        #expect(!controller.isMenuVisible)
    }

    @Test("Choosing a spelling suggestion replaces the word as one undo step named Replace")
    func replaceSuggestion() throws {
        let host = makeHost("recieve it", selection: 0..<7)
        host.spellingSuggestions = ["receive"]
        let controller = makeController(host)
        controller.present(input: .touch)
        controller.choose(.replace)
        controller.choose(.replacement(0))
        #expect(host.editor?.text == "receive it")
        #expect(host.editor?.selectedText == "receive")
        #expect(host.editor?.history.undoAction == .replace)
        #expect(!controller.isMenuVisible)
    }

    @Test("Data actions carry their targets: Call opens tel:, Create Event opens a private .ics")
    func dataActions() throws {
        let host = makeHost("Call +1 (408) 555-0123 on December 5, 2026 at 3:00 PM", selection: 5..<22)
        let controller = makeController(host)
        var outcomes: [PerformOutcome] = []
        let delegate = RecordingDelegate { outcomes.append($0) }
        controller.delegate = delegate
        controller.present(input: .touch)
        #expect(host.shownMenu?.commands.map(\.id).contains(.call) == true)
        controller.choose(.call)
        #expect(host.opened == ["tel:+14085550123"])
        #expect(outcomes == [.opened("tel:+14085550123")])

        host.editor?.select(26..<54)
        controller.present(input: .touch)
        controller.choose(.createEvent)
        let path = try #require(host.opened.last)
        #expect(path.hasSuffix(".ics") && controller.configuration.openingPolicy.isSafeToOpen(path))
        let ics = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ics.contains("BEGIN:VEVENT") && ics.contains("DTSTART:20261205T150000"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("The delegate changes the menu, its target and side, performs its commands and hears the lifecycle")
    func delegateShapesTheMenu() throws {
        let host = makeHost("Hello world", selection: 0..<5)
        let controller = makeController(host, custom: [CustomCommand(id: "highlight", title: "Highlight")])
        let delegate = RecordingDelegate { _ in }
        delegate.edit = { menu in
            var edited = menu.removing(.copy)
                .replacing(.selectAll, with: EditCommand(id: "selectLine", title: "Select Line", kind: .custom))
            edited.append(EditCommand(id: "define", title: "Define", kind: .custom), after: .standardEdit)
            return edited
        }
        delegate.target = CGRect(x: 100, y: 500, width: 10, height: 10)
        delegate.arrow = .up
        controller.delegate = delegate
        controller.present(input: .touch)
        let menu = try #require(host.shownMenu)
        #expect(menu.commands.map(\.id) == [.cut, "selectLine", "define", "highlight"])
        #expect(menu.layout.placement.side == .below, "the preferred arrow points up: the menu goes below")
        #expect(menu.layout.placement.frame.minY > 500, "at the delegate's target")
        #expect(delegate.events == ["willPresent"])
        controller.choose("highlight")
        #expect(delegate.custom == ["highlight"])
        #expect(delegate.events == ["willPresent", "didDismiss"])
    }

    @Test("An item nobody performs is reported, not silently dropped")
    func unperformedCustom() {
        let host = makeHost("Hello world", selection: 0..<5)
        let controller = makeController(host, custom: [CustomCommand(id: "highlight", title: "Highlight")])
        #expect(controller.perform("highlight") == .failed("highlight: nothing performs this command"))
    }

    @Test("A compact menu too wide for its container pages; the chevrons turn pages; reload keeps the page")
    func paging() throws {
        let host = makeHost("Hello world and more", selection: 6..<11)
        host.container = MenuContainer(bounds: CGRect(x: 0, y: 0, width: 240, height: 844))
        host.pasteboard.write([.text("x")])
        let controller = makeController(host, services: [WebSearchService()])
        controller.present(input: .touch)
        let first = try #require(host.shownMenu)
        #expect(first.layout.pages.count > 1)
        controller.turnPage(.next)
        #expect(host.shownMenu?.layout.page == 1)
        controller.reload()
        #expect(host.shownMenu?.layout.page == 1)
        controller.turnPage(.previous)
        #expect(host.shownMenu?.layout.page == 0)
    }

    @Test("Scrolling hides the menu and brings it back while the selection is visible")
    func scrolling() {
        let host = makeHost("Hello world", selection: 0..<5)
        let controller = makeController(host)
        controller.present(input: .touch)
        controller.scrollBegan()
        #expect(!controller.isMenuVisible)
        controller.scrollEnded()
        #expect(controller.isMenuVisible)
        controller.scrollBegan()
        host.targetRects = []
        controller.scrollEnded()
        #expect(!controller.isMenuVisible, "the selection scrolled out of view")
    }

    @Test("Select shows the menu again for the new selection; Select All too")
    func selectRepresents() throws {
        let host = makeHost("Hello world", selection: 2..<2)
        let controller = makeController(host)
        controller.present(input: .touch)
        #expect(host.shownMenu?.commands.map(\.id).contains(.select) == true)
        controller.choose(.select)
        #expect(host.editor?.selectedText == "Hello")
        #expect(controller.isMenuVisible)
        #expect(host.shownMenu?.commands.map(\.id).contains(.select) == false)
    }

    @Test("Services: Search opens the engine's address with the text percent-encoded; without it, no item")
    func webSearch() throws {
        let host = makeHost("edit menu & more", selection: 0..<9)
        let with = makeController(host, services: [WebSearchService(engine: .duckDuckGo)])
        with.present(input: .touch)
        #expect(host.shownMenu?.commands.map(\.id).contains(.searchWeb) == true)
        with.choose(.searchWeb)
        #expect(host.opened == ["https://duckduckgo.com/?q=edit%20menu"])
        let without = makeController(host)
        without.present(input: .touch)
        #expect(host.shownMenu?.commands.map(\.id).contains(.searchWeb) == false)
        #expect(host.shownMenu?.commands.map(\.id).contains(.lookUp) == false, "no dictionary, no Look Up")
    }

    @Test("Nothing is shown over a button; the delegate hears why")
    func notSelectable() {
        let host = HeadlessHost(.unselectable(.button))
        let controller = makeController(host)
        let delegate = RecordingDelegate { _ in }
        controller.delegate = delegate
        controller.present(input: .touch)
        #expect(host.shownMenu == nil)
        #expect(delegate.events == ["notPresented notSelectable"])
    }

    @Test(
        "A standard command performs without a menu built for it (a shortcut, perform(_:)); Find's goes to the document"
    )
    func shortcutsBuildNoMenu() throws {
        let host = makeHost("Hello world", selection: 6..<11)
        let controller = makeController(host)
        var outcomes: [PerformOutcome] = []
        let delegate = RecordingDelegate { outcomes.append($0) }
        var menusAsked = 0
        delegate.edit = { menu in
            menusAsked += 1
            return menu
        }
        controller.delegate = delegate
        #expect(controller.handleShortcut(KeyPress(.character("c"), modifiers: .control)))
        #expect(host.pasteboard.items().first?.string(for: .plainText) == "world")
        #expect(controller.handleShortcut(KeyPress(.character("x"), modifiers: .control)))
        #expect(host.editor?.storage.string == "Hello ")
        #expect(controller.handleShortcut(KeyPress(.character("z"), modifiers: .control)))
        #expect(host.editor?.storage.string == "Hello world")
        #expect(controller.perform(.selectAll) == .done, "the app's Edit menu: perform(_:) with no menu on screen")
        #expect(host.editor?.selection == 0..<11)
        #expect(outcomes == [.done, .done, .done, .done])
        #expect(menusAsked == 0, "no menu was built for a shortcut or a standard command performed without one")
        // Use Selection for Find (Ctrl+E) is a document command: it still goes through perform(_:).
        #expect(controller.handleShortcut(KeyPress(.character("e"), modifiers: .control)))
        #expect(controller.findQuery.needle == "Hello world", "the selection Select All made")
        #expect(outcomes.count == 5 && outcomes.last == .done)
    }

    @Test("The opening policy: safe schemes and its own exports only")
    func openingPolicy() throws {
        let scratch = try ScratchFolder("editmenu-policy-test")
        defer { scratch.remove() }
        let policy = OpeningPolicy(exportDirectory: scratch.path + "/exports")
        for uri in [
            "https://example.com/a?b=c", "mailto:a@example.com", "tel:+14085550123", "sms:+14085550123",
            "geo:0,0?q=Cupertino",
        ] {
            #expect(policy.isSafeToOpen(uri), "\(uri)")
        }
        for uri in [
            "javascript:alert(1)", "file:///etc/passwd", "http://example.com", "ftp://example.com/f", "--help", "-x",
            "data:text/html,x", "https://a b",
            "https://a\u{7}b", String(repeating: "a", count: 3000), "", "/etc/passwd.ics",
            policy.exportDirectory + "/../x.ics", policy.exportDirectory + "/x.sh",
        ] {
            #expect(!policy.isSafeToOpen(uri), "\(uri.prefix(40))")
        }
        let path = try policy.uri(for: .contact("BEGIN:VCARD\r\nEND:VCARD\r\n"))
        #expect(path.hasPrefix(policy.exportDirectory + "/") && path.hasSuffix(".vcf") && policy.isSafeToOpen(path))
        #expect(throws: OpeningError.refused("javascript:alert(1)")) {
            try policy.uri(for: .uri("javascript:alert(1)"))
        }
    }

    @Test("Exports older than a day are removed by the next export; anything the policy did not write stays")
    func expiredExportsAreRemoved() throws {
        let scratch = try ScratchFolder("editmenu-policy-expiry")
        defer { scratch.remove() }
        let policy = OpeningPolicy(exportDirectory: scratch.path + "/exports")
        let manager = FileManager.default
        let old = try policy.uri(for: .calendarEvent("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"))
        let attachment = try policy.export(Data("x".utf8), named: "notes.txt")
        let oldFolder = (attachment as NSString).deletingLastPathComponent
        let recent = try policy.uri(for: .contact("BEGIN:VCARD\r\nEND:VCARD\r\n"))
        let someoneElses = policy.exportDirectory + "/keep.ics"
        #expect(manager.createFile(atPath: someoneElses, contents: Data()))
        let twoDaysAgo = Date().addingTimeInterval(-2 * OpeningPolicy.exportLifetime)
        for path in [old, oldFolder, someoneElses] {
            try manager.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: path)
        }
        let newest = try policy.uri(for: .contact("BEGIN:VCARD\r\nEND:VCARD\r\n"))
        #expect(!manager.fileExists(atPath: old), "a two-day-old event is removed")
        #expect(!manager.fileExists(atPath: oldFolder), "a two-day-old attachment folder is removed")
        #expect(manager.fileExists(atPath: recent) && manager.fileExists(atPath: newest))
        #expect(manager.fileExists(atPath: someoneElses), "a name the policy never writes is left alone")
    }
}

/// A delegate that records what it hears and can change the menu.
final class RecordingDelegate: EditMenuControllerDelegate {
    var events: [String] = []
    var custom: [EditCommand.ID] = []
    var edit: ((EditMenu) -> EditMenu)?
    var target: CGRect?
    var arrow: MenuPlacement.ArrowDirection?
    let performed: (PerformOutcome) -> Void

    init(performed: @escaping (PerformOutcome) -> Void) { self.performed = performed }

    func editMenuController(_ controller: EditMenuController, menuFor context: EditMenuContext, suggestedMenu: EditMenu)
        -> EditMenu
    { edit?(suggestedMenu) ?? suggestedMenu }

    func editMenuController(_ controller: EditMenuController, targetRectFor context: EditMenuContext) -> CGRect? {
        target
    }

    func editMenuControllerPreferredArrowDirection(_ controller: EditMenuController) -> MenuPlacement.ArrowDirection? {
        arrow
    }

    func editMenuController(_ controller: EditMenuController, willPresent menu: PresentedMenu) {
        events.append("willPresent")
    }

    func editMenuController(_ controller: EditMenuController, didDismiss menu: PresentedMenu) {
        events.append("didDismiss")
    }

    func editMenuController(_ controller: EditMenuController, performCustomCommand id: EditCommand.ID) -> Bool {
        custom.append(id)
        return true
    }

    func editMenuController(_ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome) {
        performed(outcome)
    }

    func editMenuController(_ controller: EditMenuController, didNotPresentFor reason: NotPresentedReason) {
        events.append("notPresented \(reason.rawValue)")
    }
}
