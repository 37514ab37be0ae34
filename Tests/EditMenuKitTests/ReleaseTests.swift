import Foundation
import Testing

@_spi(Testing) @testable import EditMenuKit

/// The two releases (EDIT-MENU.md §13): an expanding compact bar, the iPad's context menu, the HIG's
/// standard icons and `keepsMenuPresented` in `current`; shortcuts only in the menu bar in both.
@Suite("Releases: 2023 and current")
struct ReleaseTests {
    let clock = ManualClock()
    let text = "Visit 1 Infinite Loop, Cupertino, CA 95014 or call +1 (408) 555-0123"

    func context(_ release: EditMenuRelease, idiom: Idiom = .phone, input: InputMethod? = nil) -> EditMenuContext {
        var context = textContext(text, 6..<42, idiom: idiom, input: input, pasteboard: [.plainText])
        context.release = release
        return context
    }

    func layout(_ menu: EditMenu, release: EditMenuRelease, width: Double = 320) -> EditMenuLayout {
        EditMenuLayoutEngine(release: release).layout(
            menu,
            geometry: PresentationGeometry(
                bounds: CGRect(x: 0, y: 0, width: width, height: 600),
                target: [CGRect(x: 40, y: 300, width: 200, height: 20)]),
            idiom: .phone, isRightToLeft: false)
    }

    @Test("current: a bar too wide shows what fits and a trailing chevron; one page of every item")
    func expandableBar() throws {
        let menu = try #require(EditMenuRules.presentation(for: context(.current)).menu)
        let bar = layout(menu, release: .current)
        #expect(bar.isExpandable)
        #expect(bar.pages == [menu.commands.map(\.id)], "one page, no paging")
        #expect(bar.chevrons.map(\.direction) == [.expand])
        #expect(bar.items.count < menu.commands.count)
        #expect(bar.items.map(\.id) == Array(menu.commands.map(\.id).prefix(bar.items.count)))
        let chevron = try #require(bar.chevrons.first)
        #expect(chevron.frame.maxX == bar.placement.frame.maxX, "trailing")
        #expect(bar.items.allSatisfy { $0.frame.maxX <= chevron.frame.minX })
        let paged = layout(menu, release: .release2023)
        #expect(!paged.isExpandable)
        #expect(paged.pages.count > 1)
        #expect(paged.chevrons.map(\.direction) == [.next])
        let wide = layout(menu, release: .current, width: 2000)
        #expect(!wide.isExpandable && wide.chevrons.isEmpty, "a bar that fits has no chevron")
    }

    @Test("The expanded list: every item, same order and sections, a context menu with icons")
    func expandedList() throws {
        let menu = try #require(EditMenuRules.presentation(for: context(.current)).menu)
        let list = EditMenuRules.expandedList(of: menu)
        #expect(list.style == .contextMenu)
        #expect(list.commands.map(\.id) == menu.commands.map(\.id))
        #expect(list.sections.map(\.id) == menu.sections.map(\.id))
        #expect(list.command(.cut)?.icon == .scissors)
        #expect(list.command(.lookUp)?.icon == nil)
        #expect(menu.commands.allSatisfy { $0.icon == nil }, "the bar shows titles")
        let laidOut = layout(list, release: .current)
        #expect(laidOut.iconColumnWidth > 0)
        #expect(laidOut.dividers.count == list.sections.count - 1, "sections divided")
    }

    @Test("A host that draws no icons (iconSize 0, as the terminal's cells) keeps no column for them")
    func noIconColumnWithoutIcons() throws {
        let menu = try #require(EditMenuRules.presentation(for: context(.current)).menu)
        // Cut, which has an icon, is the widest row, so the icon column shows in the list's width.
        let list = EditMenuRules.expandedList(of: menu).mapCommands {
            var command = $0
            if command.id == .cut { command.title = "Cut the selected text to the pasteboard" }
            return command
        }
        func laidOut(_ menu: EditMenu, _ metrics: LayoutMetrics) -> EditMenuLayout {
            EditMenuLayoutEngine(release: .current).layout(
                menu,
                geometry: PresentationGeometry(
                    bounds: CGRect(x: 0, y: 0, width: 800, height: 600),
                    target: [CGRect(x: 40, y: 300, width: 200, height: 20)], metrics: metrics),
                idiom: .phone, isRightToLeft: false)
        }
        let withIcons = laidOut(list, .standard)
        let noIcons = laidOut(list, LayoutMetrics(iconSize: 0))
        let iconless = laidOut(
            list.mapCommands {
                var command = $0
                command.icon = nil
                return command
            }, .standard)
        #expect(withIcons.iconColumnWidth == 18 + 6)
        #expect(noIcons.iconColumnWidth == 0)
        #expect(noIcons.placement.frame.width == iconless.placement.frame.width)
        #expect(noIcons.placement.frame.width < withIcons.placement.frame.width)
        #expect(noIcons.items.map(\.icon) == withIcons.items.map(\.icon), "the items still name their icons")

        // The default follows the item height, also when it is set after the metrics are made.
        var metrics = LayoutMetrics.standard
        metrics.itemHeight = 20
        #expect(metrics.iconSize == 10)
    }

    @Test("The keyboard reaches the chevron after the last item shown; Return expands")
    func keyboardReachesTheChevron() throws {
        let menu = try #require(EditMenuRules.presentation(for: context(.current)).menu)
        let bar = layout(menu, release: .current)
        var navigation = MenuKeyboardNavigation(menu: menu, layout: bar)
        var outcome = MenuKeyboardNavigation.Outcome.none
        for _ in 0...bar.items.count { outcome = navigation.handle(KeyPress(.tab)) }
        #expect(outcome == .focus(MenuKeyboardNavigation.chevronID))
        #expect(navigation.handle(KeyPress(.enter)) == .expand)
        let chevron = try #require(
            MenuAccessibility(layout: bar, locale: MenuLocale("de")).items.first {
                $0.identifier == MenuAccessibility.expandIdentifier
            })
        #expect(chevron.label == "Mehr anzeigen")
        #expect(chevron.role == .button)
    }

    @Test("current iPad with a pointer or keyboard: a context menu of the edit menu's items")
    func padContextMenu() throws {
        for input in [InputMethod.pointer, .keyboard] {
            let current = try #require(
                EditMenuRules.presentation(for: context(.current, idiom: .pad, input: input)).menu)
            #expect(current.style == .contextMenu)
            #expect(current.command(.speech) == nil, "not the Mac's text menu")
            #expect(current.command(.copy)?.icon == .documentOnDocument)
            let old = try #require(
                EditMenuRules.presentation(for: context(.release2023, idiom: .pad, input: input)).menu)
            #expect(old.style == .vertical)
            #expect(old.command(.copy)?.icon == .documentOnDocument, "the 2023 top row's icon")
            #expect(old.command(.lookUp)?.icon == nil)
        }
    }

    @Test("Shortcuts only in the menu bar, in every release; icons only in current")
    func shortcutsAndIcons() throws {
        for release in EditMenuRelease.allCases {
            for (idiom, input) in [
                (Idiom.mac, InputMethod.pointer), (.pad, .keyboard), (.vision, .pointer), (.phone, .touch),
            ] {
                let menu = try #require(
                    EditMenuRules.presentation(for: context(release, idiom: idiom, input: input)).menu)
                #expect(menu.commands.allSatisfy { $0.keyEquivalent == nil }, "\(release) \(idiom)")
            }
            var bar = context(release, idiom: .mac)
            bar.surface = .menuBar
            let menuBar = try #require(EditMenuRules.presentation(for: bar).menu)
            #expect(menuBar.command(.copy)?.keyEquivalent == KeyEquivalent("c"))
            #expect(menuBar.command(.undo)?.icon == (release == .current ? .arrowUturnBackward : nil))
            #expect(menuBar.command(.selectAll)?.icon == nil)
        }
    }

    /// A delegate that counts custom commands performed.
    final class Performer: EditMenuControllerDelegate {
        var performed: [EditCommand.ID] = []
        func editMenuController(_ controller: EditMenuController, performCustomCommand id: EditCommand.ID) -> Bool {
            performed.append(id)
            return true
        }
    }

    func controller(_ host: HeadlessHost, release: EditMenuRelease, custom: [CustomCommand] = []) -> EditMenuController
    {
        var configuration = EditMenuConfiguration(idiom: .phone, customCommands: custom)
        configuration.release = release
        configuration.dataDetector = nil
        return EditMenuController(host: host, configuration: configuration, clock: clock)
    }

    @Test("The controller expands the bar in place, and an item of the list performs")
    func controllerExpands() throws {
        let host = HeadlessHost(
            .text(TextEditor(text: "Hello world again", selection: 6..<11)),
            container: MenuContainer(bounds: CGRect(x: 0, y: 0, width: 150, height: 600)))
        let controller = controller(host, release: .current)
        controller.present(input: .touch)
        let bar = try #require(host.shownMenu)
        #expect(bar.layout.isExpandable)
        let anchor = bar.layout.placement.arrowX
        controller.turnPage(.expand)
        let list = try #require(host.shownMenu)
        #expect(list.layout.style == .contextMenu)
        #expect(list.commands.map(\.id) == bar.menu.commands.map(\.id))
        #expect(list.layout.placement.arrowX == anchor, "at the same anchor")
        controller.choose(.selectAll)
        #expect(host.editor?.selection == 0..<17)
    }

    @Test("keepsMenuPresented: after performing, the menu is presented again for the new state")
    func keepsMenuPresented() throws {
        let performer = Performer()
        for keeps in [true, false] {
            let host = HeadlessHost(.text(TextEditor(text: "Hello world", selection: 0..<5)))
            let controller = controller(
                host, release: .release2023,
                custom: [CustomCommand(id: "highlight", title: "Highlight", keepsMenuPresented: keeps)])
            controller.delegate = performer
            controller.present(input: .touch)
            #expect(host.shownMenu?.menu.command("highlight")?.keepsMenuPresented == keeps)
            controller.choose("highlight")
            #expect(controller.isMenuVisible == keeps)
        }
        #expect(performer.performed == ["highlight", "highlight"])
    }
}
