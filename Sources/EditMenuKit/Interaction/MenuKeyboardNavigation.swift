/// Keyboard use of an open menu: arrow keys and Tab move the focus over enabled items (dimmed ones are
/// skipped, as on macOS), Return or Space performs the focused command (or opens its submenu), Escape
/// dismisses, and moving past the end of a compact page turns to the next page.
///
/// - `compact`: the trailing arrow (→, or ← in right-to-left languages) and Tab go forward, the
///   leading arrow and Shift-Tab back, across pages; Page Up/Down turn pages; the ends do not wrap.
/// - `vertical`: ←/→ move in the top row, ↓ leaves it for the list, ↑ from the list's first row goes back.
/// - `contextMenu`, `menuBar`: ↑/↓ move and wrap around; the trailing arrow opens a submenu.
/// - Home/End go to the first/last enabled item. Nothing is focused until the first arrow or Tab.
///
/// ```swift
/// var navigation = MenuKeyboardNavigation(menu: menu, pages: layout.pages, isRightToLeft: false)
/// navigation.handle(KeyPress(.right))   // .focus("cut")
/// navigation.handle(KeyPress(.right))   // .focus("copy")
/// navigation.handle(KeyPress(.enter))   // .perform("copy")
/// ```
package struct MenuKeyboardNavigation: Hashable, Sendable {
    /// What the host does after a key.
    package enum Outcome: Hashable, Sendable {
        /// Nothing (the key means nothing here).
        case none
        /// Highlight this item.
        case focus(EditCommand.ID)
        /// Show this page and highlight the item (`nil`: no item to highlight there).
        case showPage(Int, focus: EditCommand.ID?)
        /// Perform this command and dismiss the menu.
        case perform(EditCommand.ID)
        /// Open this item's submenu.
        case openSubmenu(EditCommand.ID)
        /// Expand the `current` compact bar into the list of every item (its trailing chevron was
        /// focused, ``chevronID``, and chosen).
        case expand
        /// Dismiss the menu.
        case dismiss
    }

    private struct Entry: Hashable, Sendable {
        var id: EditCommand.ID
        var isEnabled: Bool
        var hasSubmenu: Bool
        var page: Int
        var inTopRow: Bool
    }

    /// The style navigated.
    package let style: EditMenuStyle
    /// Whether the menu is mirrored (which arrow is "forward").
    package let isRightToLeft: Bool
    private var entries: [Entry]
    /// The page shown.
    package private(set) var page = 0
    /// The focused item, if any.
    package private(set) var focused: EditCommand.ID?

    /// Navigation over `menu`, split into `pages` as laid out (``EditMenuLayout/pages``); items missing
    /// from `pages` go on the last page.
    package init(menu: EditMenu, pages: [[EditCommand.ID]], isRightToLeft: Bool) {
        style = menu.style
        self.isRightToLeft = isRightToLeft
        let topRow = Set(menu.style == .vertical ? VerticalMenu.topRow(of: menu) : [])
        // One page (most menus): every item is on it, and nothing needs looking up.
        let pageOf: [EditCommand.ID: Int] =
            pages.count > 1
            ? Dictionary(
                pages.enumerated().flatMap { n, ids in ids.map { ($0, n) } }, uniquingKeysWith: { first, _ in first })
            : [:]
        let lastPage = max(pages.count - 1, 0)
        var list: [Entry] = []
        list.reserveCapacity(menu.sections.reduce(0) { $0 + $1.commands.count })
        for section in menu.sections {
            // Each command read in place (a command is a large value, and copying it costs more than
            // the entry made from it).
            let commands = section.commands
            for index in commands.indices {
                let id = commands[index].id
                list.append(
                    Entry(
                        id: id, isEnabled: commands[index].isEnabled, hasSubmenu: !commands[index].children.isEmpty,
                        page: pages.count > 1 ? pageOf[id] ?? lastPage : 0,
                        inTopRow: !topRow.isEmpty && topRow.contains(id)))
            }
        }
        // The vertical style shows its top row first, whatever the commands' order.
        if !topRow.isEmpty { list = list.filter(\.inTopRow) + list.filter { !$0.inTopRow } }
        entries = list
    }

    /// Navigation over `menu` as `layout` laid it out. An expandable bar (``EditMenuLayout/isExpandable``)
    /// is navigated over the items it shows, then its chevron (focused as ``chevronID``).
    package init(menu: EditMenu, layout: EditMenuLayout) {
        self.init(menu: menu, pages: layout.pages, isRightToLeft: layout.isMirrored)
        page = layout.page
        if layout.isExpandable {
            let shown = Set(layout.items.map(\.id))
            entries =
                entries.filter { shown.contains($0.id) }
                + [Entry(id: Self.chevronID, isEnabled: true, hasSubmenu: false, page: 0, inTopRow: false)]
        }
    }

    /// What ``focused`` is while the `current` compact bar's expanding chevron has the focus (the same
    /// as its accessible identifier, ``MenuAccessibility/expandIdentifier``).
    package static let chevronID = EditCommand.ID(MenuAccessibility.expandIdentifier)

    /// Navigation over `menu` as `layout` laid it out, with the item `id` focused; `nil` when `id` is
    /// not an enabled item of the menu.
    package static func focusing(_ id: EditCommand.ID, in menu: EditMenu, layout: EditMenuLayout) -> Self? {
        var navigation = Self(menu: menu, layout: layout)
        guard let entry = navigation.entries.first(where: { $0.id == id && $0.isEnabled }) else { return nil }
        navigation.focused = id
        navigation.page = entry.page
        return navigation
    }

    /// Handles one key press.
    @discardableResult
    package mutating func handle(_ press: KeyPress) -> Outcome {
        let forwardArrow: Key = isRightToLeft ? .left : .right
        let backwardArrow: Key = isRightToLeft ? .right : .left
        switch press.key {
        case .escape:
            return .dismiss
        case .enter, .space:
            guard let id = focused, let entry = entries.first(where: { $0.id == id }), entry.isEnabled else {
                return .none
            }
            if id == Self.chevronID { return .expand }
            return entry.hasSubmenu ? .openSubmenu(id) : .perform(id)
        case .tab:
            return move(press.modifiers.contains(.shift) ? -1 : 1, wrap: style != .compact, within: nil)
        case .home:
            return focus(entries.indices.first { entries[$0].isEnabled })
        case .end:
            return focus(entries.indices.last { entries[$0].isEnabled })
        case .pageDown where style == .compact:
            return turn(to: page + 1)
        case .pageUp where style == .compact:
            return turn(to: page - 1)
        case forwardArrow, backwardArrow:
            let step = press.key == forwardArrow ? 1 : -1
            switch style {
            case .compact:
                return move(step, wrap: false, within: nil)
            case .vertical where current.map({ entries[$0].inTopRow }) ?? true:
                return move(step, wrap: false, within: true)
            default:
                if step == 1, let i = current, entries[i].hasSubmenu, entries[i].isEnabled {
                    return .openSubmenu(entries[i].id)
                }
                return .none
            }
        case .down, .up:
            guard style != .compact else { return .none }
            let step = press.key == .down ? 1 : -1
            if style == .vertical, let i = current {
                if entries[i].inTopRow {
                    return step == 1
                        ? focus(entries.indices.first { !entries[$0].inTopRow && entries[$0].isEnabled }) : .none
                }
                let firstListRow = entries.indices.first { !entries[$0].inTopRow && entries[$0].isEnabled }
                if step == -1, i == firstListRow {
                    return focus(entries.indices.first { entries[$0].inTopRow && entries[$0].isEnabled })
                }
                return move(step, wrap: false, within: false)
            }
            return move(step, wrap: true, within: style == .vertical ? false : nil)
        default:
            return .none
        }
    }

    private var current: Int? { focused.flatMap { id in entries.firstIndex { $0.id == id } } }

    /// Moves the focus `step` enabled items, optionally wrapping, optionally only within (or outside)
    /// the vertical style's top row.
    private mutating func move(_ step: Int, wrap: Bool, within topRow: Bool?) -> Outcome {
        let candidates = entries.indices.filter {
            entries[$0].isEnabled && (topRow == nil || entries[$0].inTopRow == topRow!)
        }
        guard !candidates.isEmpty else { return .none }
        guard let i = current, let position = candidates.firstIndex(of: i) else {
            // Nothing focused yet: start at the current page's first (or last) enabled item.
            let onPage = candidates.filter { entries[$0].page == page }
            let pool = onPage.isEmpty ? candidates : onPage
            return focus(step > 0 ? pool.first : pool.last)
        }
        var next = position + step
        if next < 0 || next >= candidates.count {
            guard wrap else { return .none }
            next = (next + candidates.count) % candidates.count
        }
        return focus(candidates[next])
    }

    private mutating func focus(_ index: Int?) -> Outcome {
        guard let index else { return .none }
        let entry = entries[index]
        focused = entry.id
        if entry.page != page {
            page = entry.page
            return .showPage(page, focus: entry.id)
        }
        return .focus(entry.id)
    }

    private mutating func turn(to newPage: Int) -> Outcome {
        guard newPage >= 0, newPage <= entries.map(\.page).max() ?? 0 else { return .none }
        page = newPage
        let first = entries.first { $0.page == newPage && $0.isEnabled }
        focused = first?.id
        return .showPage(newPage, focus: first?.id)
    }
}
