import Foundation
import Testing
@testable import EditMenuKit

/// Keyboard use of an open menu, and its accessibility description.
@Suite("Interaction: keyboard navigation and accessibility")
struct InteractionKeyboardNavigationTests {
    static func command(_ id: EditCommand.ID, enabled: Bool = true, submenu: Bool = false) -> EditCommand {
        EditCommand(
            id: id, title: id.rawValue.capitalized, kind: .standard, isEnabled: enabled,
            children: submenu ? [EditCommand(id: .toggleBoldface, title: "Bold", kind: .standard)] : [])
    }

    static func menu(_ style: EditMenuStyle, _ commands: [EditCommand]) -> EditMenu {
        EditMenu(style: style, sections: [EditMenuSection(id: .standardEdit, commands: commands)])
    }

    let compact = menu(.compact, [command(.cut), command(.copy), command(.paste), command(.lookUp), command(.share)])

    @Test func arrowsMoveAcrossACompactMenuAndTurnItsPages() {
        var nav = MenuKeyboardNavigation(
            menu: compact, pages: [[.cut, .copy, .paste], [.lookUp, .share]], isRightToLeft: false)
        #expect(nav.handle(KeyPress(.right)) == .focus(.cut))
        #expect(nav.handle(KeyPress(.right)) == .focus(.copy))
        #expect(nav.handle(KeyPress(.right)) == .focus(.paste))
        #expect(nav.handle(KeyPress(.right)) == .showPage(1, focus: .lookUp))
        #expect(nav.handle(KeyPress(.right)) == .focus(.share))
        #expect(nav.handle(KeyPress(.right)) == .none)
        #expect(nav.handle(KeyPress(.left)) == .focus(.lookUp))
        #expect(nav.handle(KeyPress(.left)) == .showPage(0, focus: .paste))
        #expect(nav.handle(KeyPress(.down)) == .none)
    }

    @Test func rightToLeftSwapsTheArrows() {
        var nav = MenuKeyboardNavigation(
            menu: compact, pages: [[.cut, .copy, .paste, .lookUp, .share]], isRightToLeft: true)
        #expect(nav.handle(KeyPress(.left)) == .focus(.cut))
        #expect(nav.handle(KeyPress(.left)) == .focus(.copy))
        #expect(nav.handle(KeyPress(.right)) == .focus(.cut))
    }

    @Test func tabMovesShiftTabGoesBackPageKeysTurnPages() {
        var nav = MenuKeyboardNavigation(
            menu: compact, pages: [[.cut, .copy, .paste], [.lookUp, .share]], isRightToLeft: false)
        #expect(nav.handle(KeyPress(.tab)) == .focus(.cut))
        #expect(nav.handle(KeyPress(.tab, modifiers: .shift)) == .none)
        #expect(nav.handle(KeyPress(.pageDown)) == .showPage(1, focus: .lookUp))
        #expect(nav.handle(KeyPress(.pageDown)) == .none)
        #expect(nav.handle(KeyPress(.pageUp)) == .showPage(0, focus: .cut))
        #expect(nav.handle(KeyPress(.end)) == .showPage(1, focus: .share))
        #expect(nav.handle(KeyPress(.home)) == .showPage(0, focus: .cut))
    }

    @Test func returnPerformsSpaceTooEscapeDismisses() {
        var nav = MenuKeyboardNavigation(
            menu: compact, pages: [[.cut, .copy, .paste, .lookUp, .share]], isRightToLeft: false)
        #expect(nav.handle(KeyPress(.enter)) == .none)
        nav.handle(KeyPress(.right))
        nav.handle(KeyPress(.right))
        #expect(nav.handle(KeyPress(.enter)) == .perform(.copy))
        #expect(nav.handle(KeyPress(.space)) == .perform(.copy))
        #expect(nav.handle(KeyPress(.escape)) == .dismiss)
    }

    @Test func listsSkipDimmedItemsWrapAndOpenSubmenus() {
        let menu = Self.menu(
            .contextMenu,
            [
                Self.command(.cut, enabled: false), Self.command(.copy),
                Self.command(.paste, enabled: false), Self.command(.format, submenu: true),
            ])
        var nav = MenuKeyboardNavigation(menu: menu, pages: [menu.commands.map(\.id)], isRightToLeft: false)
        #expect(nav.handle(KeyPress(.down)) == .focus(.copy))
        #expect(nav.handle(KeyPress(.down)) == .focus(.format))
        #expect(nav.handle(KeyPress(.right)) == .openSubmenu(.format))
        #expect(nav.handle(KeyPress(.enter)) == .openSubmenu(.format))
        #expect(nav.handle(KeyPress(.down)) == .focus(.copy))
        #expect(nav.handle(KeyPress(.up)) == .focus(.format))
        #expect(nav.handle(KeyPress(.left)) == .none)
    }

    @Test func theVerticalStyleMovesAlongItsTopRowAndDownIntoTheList() {
        let menu = Self.menu(
            .vertical,
            [
                Self.command(.cut), Self.command(.copy), Self.command(.paste),
                Self.command(.selectAll), Self.command(.lookUp),
            ])
        var nav = MenuKeyboardNavigation(menu: menu, pages: [menu.commands.map(\.id)], isRightToLeft: false)
        #expect(nav.handle(KeyPress(.right)) == .focus(.cut))
        #expect(nav.handle(KeyPress(.right)) == .focus(.copy))
        #expect(nav.handle(KeyPress(.down)) == .focus(.selectAll))
        #expect(nav.handle(KeyPress(.down)) == .focus(.lookUp))
        #expect(nav.handle(KeyPress(.down)) == .none)
        #expect(nav.handle(KeyPress(.up)) == .focus(.selectAll))
        #expect(nav.handle(KeyPress(.up)) == .focus(.cut))
    }

    @Test func theAccessibilityDescriptionGivesRolesLabelsStatesAndPositions() {
        let menu = Self.menu(
            .compact,
            [
                Self.command(.cut), Self.command(.copy, enabled: false), Self.command(.paste),
                Self.command(.lookUp), Self.command(.share),
            ])
        let geometry = PresentationGeometry(
            bounds: CGRect(x: 0, y: 0, width: 220, height: 600),
            target: [CGRect(x: 40, y: 300, width: 60, height: 20)])
        let layout = EditMenuLayoutEngine().layout(
            menu, geometry: geometry, idiom: .phone, isRightToLeft: false, page: 1)
        let a11y = MenuAccessibility(layout: layout, locale: .english)
        #expect(a11y.menu.role == .menu)
        #expect(a11y.menu.label == "Edit Menu")
        #expect(a11y.menu.frame == layout.placement.frame)
        let items = a11y.items.filter { $0.role == .menuItem }
        #expect(items.allSatisfy { $0.setSize == 5 })
        #expect(
            items.map(\.positionInSet)
                == layout.items.map { id in
                    menu.commands.firstIndex { $0.id == id.id }! + 1
                })
        let buttons = a11y.items.filter { $0.role == .button }
        #expect(buttons.map(\.label) == ["Previous", "Next"])
        let full = MenuAccessibility(
            layout: EditMenuLayoutEngine().layout(
                menu, geometry: geometry, idiom: .phone,
                isRightToLeft: false), locale: MenuLocale("ru"))
        #expect(full.items.first { $0.identifier == "copy" }?.isEnabled == false)
        #expect(full.menu.label == "Меню правки")
    }
}
