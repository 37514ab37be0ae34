/// A menu ready to present: its style and its commands in sections, in display order.
///
/// Sections are the groups a menu separates with dividers. Their order is fixed by the HIG
/// (see ``EditMenuSection/ID``); custom commands live in sections of their own and are never mixed
/// into a system section.
public struct EditMenu: Hashable, Sendable {
    /// How the menu is drawn.
    public var style: EditMenuStyle
    /// Non-empty sections in display order.
    public var sections: [EditMenuSection]

    /// Creates a menu; empty sections are dropped.
    public init(style: EditMenuStyle, sections: [EditMenuSection]) {
        self.style = style
        // Usually none is empty: then the array itself, uncopied.
        self.sections = sections.contains { $0.commands.isEmpty } ? sections.filter { !$0.commands.isEmpty } : sections
    }

    /// Every top-level command in display order, sections concatenated.
    public var commands: [EditCommand] {
        if sections.count == 1 { return sections[0].commands }
        var commands: [EditCommand] = []
        commands.reserveCapacity(sections.reduce(0) { $0 + $1.commands.count })
        for section in sections { commands += section.commands }
        return commands
    }

    /// Whether the menu has nothing to show (it must then not be presented).
    public var isEmpty: Bool { sections.isEmpty }

    /// The command with `id`, searched through submenus too.
    public func command(_ id: EditCommand.ID) -> EditCommand? {
        func find(_ list: [EditCommand]) -> EditCommand? {
            for c in list {
                if c.id == id { return c }
                if let hit = find(c.children) { return hit }
            }
            return nil
        }
        for section in sections {
            if let hit = find(section.commands) { return hit }
        }
        return nil
    }

    /// The menu with `transform` applied to every command, submenus' items included; sections and order
    /// stay.
    public func mapCommands(_ transform: (EditCommand) -> EditCommand) -> EditMenu {
        func map(_ command: EditCommand) -> EditCommand {
            var mapped = transform(command)
            if !mapped.children.isEmpty { mapped.children = mapped.children.map(map) }
            return mapped
        }
        var copy = self
        for i in copy.sections.indices { copy.sections[i].commands = copy.sections[i].commands.map(map) }
        return copy
    }
}

extension EditCommand {
    /// The command with the HIG's standard icon for its id (``EditMenuIcon/standard(for:)``) when it has
    /// none of its own.
    package func withStandardIcon() -> EditCommand {
        guard icon == nil, let standard = EditMenuIcon.standard(for: id) else { return self }
        var copy = self
        copy.icon = standard
        return copy
    }
}

/// A group of related commands, separated from its neighbours by a divider.
public struct EditMenuSection: Hashable, Sendable {
    /// Which group this is.
    public var id: ID
    /// The commands, in display order.
    public var commands: [EditCommand]

    /// Creates a section.
    public init(id: ID, commands: [EditCommand]) {
        self.id = id
        self.commands = commands
    }

    /// The identifier of a section. Open like ``EditCommand/ID``.
    public struct ID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The raw name (`"standardEdit"` …).
        public var rawValue: String
        /// Creates an identifier from its raw string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }
    }
}

extension EditMenuSection.ID {
    /// Cut, Copy, Paste, Paste and Match Style, Delete, Select, Select All.
    public static let standardEdit: Self = "standardEdit"
    /// Replace….
    public static let replace: Self = "replace"
    /// Actions for detected data (Call, Get Directions …).
    public static let dataActions: Self = "dataActions"
    /// Format ▸ and writing direction.
    public static let format: Self = "format"
    /// Look Up, Translate, Search Web, Share… (the mac text context menu: Look Up “…”, Translate “…”).
    public static let lookup: Self = "lookup"
    /// The mac text context menu: spelling suggestions for a misspelled word, Ignore Spelling, Learn
    /// Spelling.
    public static let spelling: Self = "spelling"
    /// The mac text context menu: Search With <engine>.
    public static let search: Self = "search"
    /// The mac text context menu: Share….
    public static let share: Self = "share"
    /// The mac text context menu: Services ▸, after the custom commands.
    public static let services: Self = "services"
    /// Custom commands placed after all system sections.
    public static let custom: Self = "custom"
    /// Menu bar: Undo, Redo.
    public static let undoRedo: Self = "undoRedo"
    /// Menu bar: Find ▸.
    public static let find: Self = "find"
    /// Menu bar: Spelling and Grammar ▸, Substitutions ▸, Transformations ▸, Speech ▸. The mac text
    /// context menu puts Font ▸ and Writing Direction ▸ first.
    public static let textServices: Self = "textServices"
    /// Menu bar: Start Dictation…, Emoji & Symbols.
    public static let input: Self = "input"

    /// The section that holds custom commands which follow `section`.
    public static func custom(after section: Self) -> Self { Self(rawValue: "custom.after.\(section.rawValue)") }
}

/// How an edit menu is drawn.
public enum EditMenuStyle: String, Hashable, Sendable, CaseIterable {
    /// One horizontal row, paged with chevrons when it does not fit (touch on iPhone, iPad, Vision Pro).
    case compact
    /// A row of up to four important commands on top, the rest as a vertical list (iPad with a
    /// keyboard or pointer).
    case vertical
    /// A vertical context menu in which Cut, Copy and Paste stay, dimmed when unavailable (Mac,
    /// secondary input on Vision Pro).
    case contextMenu
    /// The app's Edit menu in the menu bar (Mac): every standard item stays, dimmed when unavailable.
    case menuBar

    /// Whether unavailable standard commands are removed (`true`) or kept dimmed.
    package var removesUnavailableCommands: Bool { self == .compact || self == .vertical }
}
