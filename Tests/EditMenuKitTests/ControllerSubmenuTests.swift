import Foundation
import Testing

@_spi(Testing) @testable import EditMenuKit

/// Submenus of the list styles open beside their parent item, and menus follow macOS's keyboard model.
@Suite("Host SDK: submenus beside their item, and the keyboard model")
struct ControllerSubmenuTests {
    let clock = ManualClock()

    func makeHost(_ text: String = "Hello world", selection: Range<Int> = 0..<5, width: Double = 1024) -> HeadlessHost {
        let host = HeadlessHost(
            .text(TextEditor(text: text, selection: selection)),
            container: MenuContainer(bounds: CGRect(x: 0, y: 0, width: width, height: 768)),
            targetRects: [CGRect(x: 20, y: 300, width: 40, height: 20)])
        host.byteOffsetAtPoint = { point in Int(point.x) }
        return host
    }

    func makeController(_ host: HeadlessHost, idiom: Idiom = .mac, locale: MenuLocale = .english)
        -> EditMenuController
    {
        EditMenuController(
            host: host, configuration: EditMenuConfiguration(idiom: idiom, locale: locale), clock: clock)
    }

    /// Presses `key` until `id` has the keyboard focus (at most 40 times).
    func move(_ controller: EditMenuController, _ host: HeadlessHost, to id: EditCommand.ID, with key: Key = .down) {
        for _ in 0..<40 where host.shownMenu?.keyboardFocus != id { controller.handleKey(KeyPress(key)) }
    }

    @Test("Right on Find ▸ opens it beside the Edit menu, level with its item; Left closes it; the menu stays")
    func menuBarSubmenuBeside() throws {
        let host = makeHost()
        let controller = makeController(host)
        controller.present(
            input: .keyboard, surface: .menuBar, source: .rect(CGRect(x: 60, y: 0, width: 30, height: 20)))
        move(controller, host, to: .find)
        #expect(host.shownMenu?.keyboardFocus == .find)
        let before = try #require(host.shownMenu)
        #expect(controller.handleKey(KeyPress(.right)))
        let menu = try #require(host.shownMenu)
        #expect(menu.layout == before.layout, "the Edit menu stays where it was")
        let submenu = try #require(menu.submenus.first)
        #expect(menu.submenus.count == 1)
        #expect(submenu.parent == .find)
        #expect(menu.submenu == .find)
        let item = try #require(menu.layout.frame(of: .find))
        #expect(submenu.layout.placement.side == .beside)
        #expect(submenu.layout.placement.frame.minX == menu.layout.placement.frame.maxX)
        #expect(submenu.layout.placement.frame.minY == item.minY, "its first row is level with Find")
        #expect(submenu.layout.items.map(\.id) == submenu.commands.map(\.id))
        #expect(menu.focusedItem == .find, "Find stays highlighted")
        #expect(menu.keyboardFocus == submenu.commands.first(where: \.isEnabled)?.id)
        #expect(submenu.accessibility.menu.label == "Find")
        #expect(
            menu.hitTest(CGPoint(x: submenu.layout.items[0].frame.midX, y: submenu.layout.items[0].frame.midY))
                == .item(submenu.layout.items[0].id))
        controller.handleKey(KeyPress(.down))
        #expect(host.shownMenu?.keyboardFocus != menu.keyboardFocus, "↓ moves inside the submenu")
        #expect(controller.handleKey(KeyPress(.left)))
        #expect(host.shownMenu?.submenus == [])
        #expect(host.shownMenu?.keyboardFocus == .find)
        #expect(controller.isMenuVisible)
        #expect(controller.handleKey(KeyPress(.enter)), "Return on Find ▸ opens it too")
        #expect(host.shownMenu?.submenus.map(\.parent) == [.find])
        #expect(controller.handleKey(KeyPress(.escape)))
        #expect(host.shownMenu?.submenus == [], "Escape closes one level")
        #expect(controller.isMenuVisible)
        #expect(controller.handleKey(KeyPress(.escape)))
        #expect(!controller.isMenuVisible)
        #expect(host.editor?.text == "Hello world")
        #expect(host.editor?.selection == 0..<5)
    }

    @Test("Right on a plain menu-bar item asks for the next menu-bar menu; Left at the top for the previous one")
    func menuBarNeighbours() throws {
        let host = makeHost()
        let controller = makeController(host)
        let delegate = MenuBarDelegate()
        controller.delegate = delegate
        controller.present(
            input: .keyboard, surface: .menuBar, source: .rect(CGRect(x: 60, y: 0, width: 30, height: 20)))
        move(controller, host, to: .copy)
        #expect(controller.handleKey(KeyPress(.right)))
        #expect(controller.handleKey(KeyPress(.left)))
        #expect(delegate.asked == [.next, .previous])
        #expect(controller.isMenuVisible, "without another menu the Edit menu stays")
        #expect(host.editor?.selection == 0..<5, "the arrows never reach the text")
        delegate.hasNeighbours = true
        #expect(controller.handleKey(KeyPress(.right)))
        #expect(!controller.isMenuVisible, "the host opened its next menu")
    }

    @Test("Every key a list menu gets stays in it: letters, Return on a dimmed item, arrows at the ends")
    func keysNeverReachTheDocument() throws {
        let host = makeHost()
        let controller = makeController(host)
        controller.present(input: .pointer, at: CGPoint(x: 30, y: 305))
        let menu = try #require(host.shownMenu)
        #expect(menu.layout.style == .contextMenu)
        #expect(menu.layout.placement.side == .pointer)
        let dimmed = try #require(menu.layout.items.first { !$0.isEnabled })
        for key: Key in [.character("x"), .left, .right, .up, .down, .backspace, .delete, .tab, .home, .end] {
            #expect(controller.handleKey(KeyPress(key)), "\(key)")
        }
        controller.choose(dimmed.id)
        #expect(controller.isMenuVisible, "a dimmed item does nothing")
        #expect(host.editor?.text == "Hello world")
        #expect(host.calls.filter { $0.hasPrefix("perform") } == [])
    }

    @Test("A click opens a submenu beside its item without focusing it; another parent replaces it; a child performs")
    func clicks() throws {
        let host = makeHost()
        let controller = makeController(host)
        controller.present(input: .pointer, at: CGPoint(x: 30, y: 305))
        let menu = try #require(host.shownMenu)
        let parents = menu.layout.items.filter(\.hasSubmenu).map(\.id)
        #expect(parents.contains(.transformations))
        controller.choose(.transformations)
        #expect(host.shownMenu?.submenus.map(\.parent) == [.transformations])
        #expect(host.shownMenu?.keyboardFocus == nil, "opened by the pointer: nothing focused inside")
        #expect(host.shownMenu?.focusedItem == .transformations)
        controller.choose(.substitutions)
        #expect(host.shownMenu?.submenus.map(\.parent) == [.substitutions])
        controller.choose(.transformations)
        let child = try #require(host.shownMenu?.submenus.first?.commands.first { $0.isEnabled })
        controller.choose(child.id)
        #expect(!controller.isMenuVisible)
        #expect(child.id == .makeUpperCase)
        #expect(host.editor?.text == "HELLO world", "the submenu's item performed: \(host.calls)")
    }

    @Test("Near the trailing edge a submenu flips to its item's leading side; right to left it opens leftward")
    func flipsAndMirrors() throws {
        let host = makeHost(width: 1024)
        let controller = makeController(host)
        controller.present(input: .pointer, at: CGPoint(x: 1000, y: 305))
        controller.choose(.transformations)
        let flipped = try #require(host.shownMenu)
        let sub = try #require(flipped.submenus.first?.layout.placement.frame)
        #expect(sub.maxX == flipped.layout.placement.frame.minX, "on the leading side")

        let hebrew = makeHost("שלום עולם", selection: 0..<8)
        let rtl = makeController(hebrew, locale: MenuLocale("he"))
        rtl.present(input: .pointer, at: CGPoint(x: 600, y: 305))
        rtl.choose(.transformations)
        let mirrored = try #require(hebrew.shownMenu)
        #expect(mirrored.layout.isMirrored)
        let beside = try #require(mirrored.submenus.first?.layout.placement.frame)
        #expect(beside.maxX == mirrored.layout.placement.frame.minX, "the trailing side is the left one")
        #expect(rtl.handleKey(KeyPress(.right)), "→ is the leading arrow: it closes the submenu")
        #expect(hebrew.shownMenu?.submenus == [])
    }

    @Test("The compact style keeps opening its submenus in the bar's place")
    func compactInPlace() throws {
        let host = makeHost("recieve it", selection: 0..<7)
        host.spellingSuggestions = ["receive", "relieve"]
        let controller = makeController(host, idiom: .phone)
        controller.present(input: .touch)
        controller.choose(.replace)
        let menu = try #require(host.shownMenu)
        #expect(menu.submenus == [])
        #expect(menu.layout.items.map(\.title) == ["receive", "relieve"])
    }

    @Test("Reload keeps a submenu open beside its item")
    func reloadKeepsSubmenus() throws {
        let host = makeHost()
        let controller = makeController(host)
        controller.present(input: .pointer, at: CGPoint(x: 30, y: 305))
        controller.choose(.substitutions)
        controller.reload()
        #expect(host.shownMenu?.submenus.map(\.parent) == [.substitutions])
        controller.updatePosition()
        #expect(host.shownMenu?.submenus.map(\.parent) == [.substitutions])
    }
}

/// A delegate whose host may have other menu-bar menus.
final class MenuBarDelegate: EditMenuControllerDelegate {
    var asked: [MenuBarDirection] = []
    var hasNeighbours = false

    func editMenuController(_ controller: EditMenuController, moveToMenuBarMenu direction: MenuBarDirection) -> Bool {
        asked.append(direction)
        return hasNeighbours
    }
}
