import Foundation

/// The presentation the controller keeps while a menu is up: the menu as built, its compact submenu
/// or the list submenus open beside it, their layouts, keyboard navigation and focus.
extension EditMenuController {
    /// A presentation: the menu as built, and how it is shown now.
    struct Presentation {
        var context: EditMenuContext
        var content: ContentSnapshot
        var menu: EditMenu
        /// The compact style's submenu, shown in the menu's place.
        var submenu: EditCommand.ID?
        var input: InputMethod
        var surface: Surface
        var source: PlacementSource
        /// What the spell checker knew of the selected word when the menu was built.
        var spelling: SelectionSpelling?
        var layout: EditMenuLayout?
        var navigation: MenuKeyboardNavigation?
        var focused: EditCommand.ID?
        /// The list styles' submenus, open beside the menu, outermost first.
        var opened: [Level] = []
        /// Whether a `current` compact bar was expanded into the list of every item (EDIT-MENU.md §13).
        var expanded = false

        /// A submenu open beside its parent item.
        struct Level {
            var id: EditCommand.ID
            var title: String
            var commands: [EditCommand]
            var layout: EditMenuLayout?
            var navigation: MenuKeyboardNavigation?
            var focused: EditCommand.ID?

            /// Its commands as a list menu of their own.
            var menu: EditMenu {
                EditMenu(style: .contextMenu, sections: [EditMenuSection(id: .standardEdit, commands: commands)])
            }
        }

        /// Whether submenus open beside their parent item (list styles) rather than in its place.
        var opensBeside: Bool { menu.style != .compact || expanded }

        /// The commands of the menu's own level, as a menu (the compact style's open submenu in its
        /// place).
        var displayed: EditMenu {
            if expanded { return EditMenuRules.expandedList(of: menu) }
            guard let submenu, let parent = menu.command(submenu), parent.isSubmenu else { return menu }
            return EditMenu(
                style: menu.style, sections: [EditMenuSection(id: .standardEdit, commands: parent.children)])
        }

        /// The menu shown at `level` (0: the menu's own level; n: the n-th submenu open beside it).
        func menu(at level: Int) -> EditMenu {
            level == 0 ? displayed : opened[level - 1].menu
        }

        /// The top-level commands at `level`.
        func commands(at level: Int) -> [EditCommand] {
            level == 0 ? displayed.commands : opened[level - 1].commands
        }

        /// The innermost level (0 when no submenu is open beside the menu).
        var deepest: Int { opened.count }

        func navigation(at level: Int) -> MenuKeyboardNavigation? {
            level == 0 ? navigation : opened[level - 1].navigation
        }

        mutating func setNavigation(_ navigation: MenuKeyboardNavigation?, at level: Int) {
            if level == 0 { self.navigation = navigation } else { opened[level - 1].navigation = navigation }
        }

        mutating func setFocused(_ id: EditCommand.ID?, at level: Int) {
            if level == 0 { focused = id } else { opened[level - 1].focused = id }
        }

        func layout(at level: Int) -> EditMenuLayout? {
            level == 0 ? layout : opened[level - 1].layout
        }
    }
}
