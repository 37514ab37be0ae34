import Foundation

/// A description of a laid-out menu for assistive technologies (VoiceOver, Orca through AT-SPI), which
/// hosts expose through their platform's accessibility API: the menu, then each item with its role,
/// label, state and position in the set ("Copy, menu item, 2 of 7").
///
/// ```swift
/// let description = MenuAccessibility(layout: layout, locale: .english)
/// description.menu.label                                   // "Edit Menu"
/// description.items.map { "\($0.label) \($0.positionInSet!)/\($0.setSize!)" }
/// // ["Cut 1/7", "Copy 2/7", "Paste 3/7"] (the first page of a paged compact menu), then "Next"
/// ```
public struct MenuAccessibility: Hashable, Sendable {
    /// One accessible element.
    public struct Element: Hashable, Sendable {
        /// What kind of element it is (ARIA and AT-SPI names).
        public enum Role: String, Hashable, Sendable {
            /// The menu itself (`menu`; the menu bar's Edit menu too).
            case menu
            /// A command (`menuitem`).
            case menuItem
            /// A paging chevron (`button`).
            case button
        }

        /// The role.
        public var role: Role
        /// A stable identifier: the command id, `"previousPage"`, `"nextPage"`, `"showMore"` (the `current`
        /// bar's expanding chevron) or `"editMenu"`.
        public var identifier: String
        /// What is read out: the localized title.
        public var label: String
        /// Whether it can be activated (dimmed items cannot).
        public var isEnabled: Bool
        /// 1-based position among all the menu's items (across pages); `nil` for the menu and chevrons.
        public var positionInSet: Int?
        /// How many items the menu has (across pages); `nil` for the menu and chevrons.
        public var setSize: Int?
        /// The keyboard shortcut, as shown.
        public var shortcut: String?
        /// Whether activating it opens a submenu (`aria-haspopup`).
        public var hasPopup: Bool
        /// Where it is on screen, in container coordinates.
        public var frame: CGRect
    }

    /// The identifier of a `current` compact bar's expanding chevron (``EditMenuLayout/Chevron/Direction/expand``).
    public static let expandIdentifier = "showMore"

    /// The menu element.
    public var menu: Element
    /// The elements shown, in reading order: the page's items, then the chevrons ("previous", "next").
    public var items: [Element]

    /// Describes `layout` with labels in `locale` (for the menu and the chevrons; items carry their own
    /// localized titles).
    package init(layout: EditMenuLayout, locale: MenuLocale, idiom: Idiom = .phone) {
        let strings = MenuStrings(locale: locale)
        let all = layout.pages.flatMap { $0 }
        let setSize = all.count
        menu = Element(
            role: .menu, identifier: "editMenu",
            label: strings.title(layout.style == .menuBar ? "edit" : "menuLabel", idiom: idiom),
            isEnabled: true, positionInSet: nil, setSize: nil, shortcut: nil, hasPopup: false,
            frame: layout.placement.frame)
        // An item's place among all the menu's items: the items come in that order, so each is looked
        // for from where the one before it was found (once round, for an order that differs).
        var next = 0
        func position(of id: EditCommand.ID) -> Int {
            for step in 0..<all.count {
                let index = (next + step) % all.count
                if all[index] == id {
                    next = index + 1
                    return index + 1
                }
            }
            return 1
        }
        var elements = layout.items.map { item in
            Element(
                role: .menuItem, identifier: item.id.rawValue, label: item.title, isEnabled: item.isEnabled,
                positionInSet: position(of: item.id), setSize: setSize,
                shortcut: item.shortcut, hasPopup: item.hasSubmenu, frame: item.frame)
        }
        for chevron in layout.chevrons.sorted(by: { $0.direction == .previous && $1.direction != .previous }) {
            let (identifier, key): (String, String)
            switch chevron.direction {
            case .previous: (identifier, key) = ("previousPage", "menuPrevious")
            case .next: (identifier, key) = ("nextPage", "menuNext")
            case .expand: (identifier, key) = (Self.expandIdentifier, "menuShowMore")
            }
            elements.append(
                Element(
                    role: .button, identifier: identifier, label: strings.title(key, idiom: idiom),
                    isEnabled: chevron.isEnabled, positionInSet: nil, setSize: nil, shortcut: nil,
                    hasPopup: chevron.direction == .expand, frame: chevron.frame))
        }
        items = elements
    }
}
