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
    public var capability: HostCapabilities {
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

extension TextEditor {
    /// Performs a document command on this text: Find and Replace with ``find(_:direction:wraps:)``,
    /// ``replaceMatch(_:with:)`` and ``replaceAll(_:with:in:)``, a transformation with
    /// ``transform(_:locale:)``, an insertion as one undo step. Jump to Selection changes nothing here
    /// (the host scrolls).
    ///
    /// - Throws: ``EditingError`` when the text is read-only (for the commands that change it), secure,
    ///   or has nothing selected to transform.
    public mutating func perform(_ command: DocumentCommand) throws(EditingError) -> DocumentOutcome {
        switch command {
        case .find(let query, let direction):
            return find(query, direction: direction).map(DocumentOutcome.found) ?? .notFound
        case .replace(let query, let replacement):
            let replaced = try replaceMatch(query, with: replacement)
            return .replaced(replaced ? 1 : 0, next: find(query, direction: .forward))
        case .replaceAll(let query, let replacement):
            return .replaced(try replaceAll(query, with: replacement), next: nil)
        case .jumpToSelection:
            return .done
        case .transform(let transformation, let locale):
            try transform(transformation, locale: locale)
            return .done
        case .insert(let text):
            guard isEditable else { throw .notEditable(.emojiAndSymbols) }
            guard !isSecure else { throw .secureText(.emojiAndSymbols) }
            // A step of its own, named as typing is ("Undo Typing", as macOS names an inserted emoji).
            try recordEdit(.typing, selecting: { $0.insertedRange.upperBound..<$0.insertedRange.upperBound }) {
                [selection] (storage: inout TextStorage) throws(TextStorageError) in
                try storage.replace(selection, with: text)
            }
            return .done
        }
    }
}
