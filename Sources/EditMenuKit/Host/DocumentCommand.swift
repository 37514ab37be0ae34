/// A command the core performs on a host's text with what the controller knows — the find query,
/// the menu's language, the chosen emoji: Find ▸, Transformations ▸, Emoji & Symbols (EDIT-MENU.md §11:
/// "performed by the host on the document").
///
/// The controller turns menu items into these and hands them to ``EditMenuHost/perform(_:)-(DocumentCommand)``;
/// a host whose content is a ``TextEditor`` performs them with ``TextEditor/perform(_:)`` and then shows
/// the selection (scrolls to it).
public enum DocumentCommand: Hashable, Sendable {
    /// Find Next / Find Previous: select the next (previous) match, wrapping around the end.
    case find(FindQuery, FindDirection)
    /// Replace: when the selection is a match, replace it; then find the next match.
    case replace(FindQuery, with: String)
    /// Replace All: replace every match, as one undo step.
    case replaceAll(FindQuery, with: String)
    /// Jump to Selection: scroll the selection into view.
    case jumpToSelection
    /// Make Upper Case, Make Lower Case, Capitalize in the menu's language, as one undo step; the
    /// selection covers the result.
    case transform(TextTransformation, MenuLocale)
    /// Insert text at the caret (over the selection) as one undo step: an emoji or symbol chosen in
    /// Emoji & Symbols.
    case insert(String)

    /// What a host must be able to do to perform it.
    package var capability: HostCapabilities {
        switch self {
        case .find, .jumpToSelection: .find
        case .replace, .replaceAll: .replace
        case .transform: .transform
        case .insert: .insert
        }
    }
}

/// What performing a ``DocumentCommand`` did.
public enum DocumentOutcome: Hashable, Sendable {
    /// It did its work.
    case done
    /// Find selected this match.
    case found(FindMatch)
    /// Find found no match (the selection stays).
    case notFound
    /// Replace or Replace All replaced this many matches (0: none), and Replace then found this match.
    case replaced(Int, next: FindMatch?)
}
