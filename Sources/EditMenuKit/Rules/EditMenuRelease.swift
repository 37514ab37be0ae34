/// Which Apple guidance the menus follow (EDIT-MENU.md §13): the seeds' 2023 menus or today's.
///
/// - ``release2023``: iOS/iPadOS 16–17, macOS 13–14, visionOS 1 — a compact bar paged with chevrons, the
///   iPad's `vertical` menu with a row of icons on top for a pointer or keyboard.
/// - ``current``: the current HIG and iOS/iPadOS/macOS 26 — a compact bar that expands in place into a list
///   of every item, a context menu straight away on an iPad with a pointer or keyboard, and the HIG's
///   standard icons on list items.
///
/// Shortcuts are shown only in the menu bar in both (HIG, Context menus: "show keyboard shortcuts in your
/// app's main menus, not in context menus").
public enum EditMenuRelease: String, Hashable, Sendable, CaseIterable {
    /// The seeds' guidance (2023). `editmenu present`'s default.
    case release2023 = "2023"
    /// Today's platforms. The Linux hosts' default.
    case current

    /// Whether a compact bar too wide for its container ends with a chevron that expands it into a list
    /// of every item, rather than paging.
    package var expandsCompactMenus: Bool { self == .current }

    /// Whether list items (context menus, expanded lists, the menu bar) carry the HIG's standard icons.
    package var showsListIcons: Bool { self == .current }
}
