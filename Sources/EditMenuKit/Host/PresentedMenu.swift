import Foundation

/// A menu as the controller hands it to its host to draw: the commands, where everything goes, which
/// item has keyboard focus, and what assistive technologies read.
///
/// Everything is computed; the host draws it as it is (``EditMenuHost/showMenu(_:)``) and reports
/// clicks on items and chevrons back with ``EditMenuController/choose(_:)`` and
/// ``EditMenuController/turnPage(_:)``, or finds what is under a point with
/// ``hitTest(_:)``.
public struct PresentedMenu: Hashable, Sendable {
    /// The whole menu as the rules (and the delegate) made it.
    public var menu: EditMenu
    /// The innermost open submenu (Replace… suggestions, Format ▸, Find ▸ …), if one is open. The
    /// compact style shows it in the menu's place: ``layout`` lays out its commands. The list styles
    /// (vertical, contextMenu, menuBar) open it beside its parent item: ``layout`` stays the menu's and
    /// ``submenus`` says what to draw beside it.
    public var submenu: EditCommand.ID?
    /// Where the menu, its items, dividers, chevrons and arrow go, in the host's coordinates.
    public var layout: EditMenuLayout
    /// The item with keyboard focus (a menu revealed from the keyboard focuses its first item). While
    /// a submenu is open beside it, the item that opened it (drawn highlighted).
    public var focusedItem: EditCommand.ID?
    /// The menu for assistive technologies: its role and label, each item's role, label, state and
    /// position in the set, the chevrons' labels.
    public var accessibility: MenuAccessibility
    /// How the menu was revealed.
    public var input: InputMethod
    /// The edit menu over content, or the app's Edit menu.
    public var surface: Surface
    /// The submenus open beside the menu (list styles only), outermost first: each is drawn beside the
    /// item that opened it, over the menu, which stays on screen. The keyboard acts on the last one.
    public var submenus: [PresentedSubmenu]

    /// The commands at the level the keyboard acts on: the innermost open submenu's, else the menu's.
    public var commands: [EditCommand] {
        guard let submenu, let parent = menu.command(submenu) else { return menu.commands }
        return parent.children
    }

    /// The item with keyboard focus at the level the keyboard acts on (the innermost open submenu's
    /// focused item, else ``focusedItem``).
    public var keyboardFocus: EditCommand.ID? {
        submenus.isEmpty ? focusedItem : submenus[submenus.count - 1].focusedItem
    }

    /// What is at `point` (the host's coordinates): an item, a paging chevron, the menu's body (a
    /// border, padding: nothing to do) or nothing (outside: a click there dismisses the menu). Open
    /// submenus are drawn over the menu and are tested first, innermost first.
    public func hitTest(_ point: CGPoint) -> MenuHit {
        for submenu in submenus.reversed() {
            let hit = Self.hitTest(point, in: submenu.layout)
            if hit != .outside { return hit }
        }
        return Self.hitTest(point, in: layout)
    }

    private static func hitTest(_ point: CGPoint, in layout: EditMenuLayout) -> MenuHit {
        func contains(_ r: CGRect) -> Bool {
            point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY
        }
        if let item = layout.items.first(where: { contains($0.frame) }) { return .item(item.id) }
        if let chevron = layout.chevrons.first(where: { contains($0.frame) }) { return .chevron(chevron.direction) }
        let body = layout.placement.frame
        let arrow = layout.placement.arrowRect(metrics: layout.metrics)
        if contains(body) || arrow.map(contains) == true { return .body }
        return .outside
    }
}

/// A submenu open beside its parent item (list styles): what a host draws for it, as for the menu.
public struct PresentedSubmenu: Hashable, Sendable {
    /// The item that opened it (in the menu, or in the submenu before it).
    public var parent: EditCommand.ID
    /// Its commands.
    public var commands: [EditCommand]
    /// Where it and its items go, in the host's coordinates (``MenuPlacement/Side/beside``).
    public var layout: EditMenuLayout
    /// The item with keyboard focus in it, if any (opened from the keyboard, its first item).
    public var focusedItem: EditCommand.ID?
    /// It for assistive technologies: a menu labelled with its parent's title, and its items.
    public var accessibility: MenuAccessibility

    /// Describes a submenu.
    package init(
        parent: EditCommand.ID, commands: [EditCommand], layout: EditMenuLayout, focusedItem: EditCommand.ID?,
        accessibility: MenuAccessibility
    ) {
        self.parent = parent
        self.commands = commands
        self.layout = layout
        self.focusedItem = focusedItem
        self.accessibility = accessibility
    }
}

/// What a point of the screen is, for a presented menu.
public enum MenuHit: Hashable, Sendable {
    /// A command (or a submenu's title).
    case item(EditCommand.ID)
    /// A paging chevron of the compact style.
    case chevron(EditMenuLayout.Chevron.Direction)
    /// The menu, between items (a border, a divider, padding).
    case body
    /// Outside the menu.
    case outside
}

/// The result of a service, shown beside the selection: a dictionary definition, a translation …
public struct EditMenuPanel: Hashable, Sendable {
    /// What the panel shows.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A dictionary definition (Look Up).
        case definition
        /// A translation (Translate).
        case translation
        /// The find bar (Find…).
        case find
        /// The emoji and symbols picker.
        case emoji
        /// The share targets (Share…).
        case share
        /// Spelling suggestions and the spelling panel.
        case spelling
        /// The Substitutions panel (Show Substitutions): the toggles and the text replacements.
        case substitutions
    }

    /// What the panel shows.
    public var kind: Kind
    /// Its title (the word looked up, the languages translated between …).
    public var title: String
    /// Its text: untrusted output of an outside tool, to be shown through the host's safe-text path.
    public var text: String
    /// More, under the text and apart from it (a translated word's dictionary entries); untrusted, as
    /// ``text``. Actions never use it.
    public var detail: String
    /// The buttons under the text (a translation's Copy and Replace, the spelling panel's suggestions,
    /// Ignore, Learn and Find Next), performed with
    /// ``EditMenuController/performPanelAction(_:in:editedText:)``. Empty: the panel only shows.
    public var actions: [Action]
    /// Whether people may edit the text before an action uses it (a translation before it replaces the
    /// selection).
    public var isTextEditable: Bool
    /// The dictionaries (or other sources) the text comes from, in the order it shows them
    /// (`["WordNet", "FreeDict German-English"]`); empty when the panel has no sources to name.
    public var sources: [String] = []

    /// Creates a panel.
    public init(
        kind: Kind, title: String, text: String, detail: String = "", actions: [Action] = [],
        isTextEditable: Bool = false
    ) {
        self.kind = kind
        self.title = title
        self.text = text
        self.detail = detail
        self.actions = actions
        self.isTextEditable = isTextEditable
    }

    /// A button of a panel.
    ///
    /// ```swift
    /// EditMenuPanel.Action(.copy, title: "Copy")
    /// EditMenuPanel.Action(.replace, title: "receive", text: "receive")    // a spelling suggestion
    /// ```
    public struct Action: Hashable, Sendable {
        /// What the button does: an edit command (``EditCommand/ID/copy``, ``EditCommand/ID/replace``,
        /// ``EditCommand/ID/learnSpelling``, ``EditCommand/ID/replaceAll`` …), or a service's own
        /// identifier (a Share target).
        public var id: EditCommand.ID
        /// Its title, localized.
        public var title: String
        /// The text it uses (a suggestion); `nil`: the panel's text (as edited).
        public var text: String?

        /// Creates a button.
        public init(_ id: EditCommand.ID, title: String, text: String? = nil) {
            self.id = id
            self.title = title
            self.text = text
        }
    }
}
