/// Find ▸ on a ``TextEditor``: Find Next and Find Previous select the match, Replace and Replace All
/// change the text as one undo step each.
///
/// ```swift
/// var editor = TextEditor(text: "one two one")
/// editor.find(FindQuery("ONE"))                          // selects 0..<3
/// editor.find(FindQuery("ONE"))                          // selects 8..<11
/// try editor.replaceAll(FindQuery("one"), with: "1")     // 2 — "1 two 1", "Undo Replace All"
/// ```
extension TextEditor {
    /// Find Next (`.forward`) or Find Previous (`.backward`) from the selection: selects the match
    /// and returns it (``FindMatch/wrapped`` when the search went round the end); `nil` when the text
    /// has no match, and the selection stays.
    @discardableResult
    public mutating func find(_ query: FindQuery, direction: FindDirection = .forward, wraps: Bool = true)
        -> FindMatch?
    {
        guard let match = TextFinder(query).match(in: storage, after: selection, direction: direction, wraps: wraps)
        else { return nil }
        select(match.range)
        return match
    }

    /// Replace (Find and Replace…): when the selection is a match of `query`, replaces it with
    /// `replacement` as one undo step "Replace" and selects the new text; returns whether it did.
    /// (A find bar then finds the next match.)
    ///
    /// - Throws: ``EditingError/notEditable(_:)`` for read-only text.
    @discardableResult
    public mutating func replaceMatch(_ query: FindQuery, with replacement: String) throws(EditingError) -> Bool {
        guard isEditable else { throw .notEditable(.findAndReplace) }
        guard TextFinder(query).isMatch(selection, in: storage) else { return false }
        try change(selection, to: .string(replacement), action: .replace, selectingInserted: true)
        return true
    }

    /// Replace All: replaces every match of `query` in `range` (default: the whole text) with
    /// `replacement` as one undo step "Replace All", and returns how many it replaced; the caret goes
    /// after the last replacement. Undo restores the exact bytes.
    ///
    /// - Throws: ``EditingError/notEditable(_:)`` for read-only text.
    @discardableResult
    public mutating func replaceAll(_ query: FindQuery, with replacement: String, in range: Range<Int>? = nil)
        throws(EditingError) -> Int
    {
        guard isEditable else { throw .notEditable(.findAndReplace) }
        let matches = TextFinder(query).allMatches(in: storage, within: range)
        guard !matches.isEmpty else { return 0 }
        let added = replacement.utf8.count
        // Where the last replacement ends once every earlier match has changed length.
        let shift = matches.reduce(0) { $0 + added - $1.count }
        let end = matches[matches.count - 1].upperBound + shift
        try recordEdit(.replaceAll, selecting: { _ in end..<end }) {
            (storage: inout TextStorage) throws(TextStorageError) in
            try storage.replace(matches, with: replacement)
        }
        return matches.count
    }

    /// Use Selection for Find: the selected text as a query (with `isCaseSensitive`); `nil` for a
    /// caret, secure text, or a selection longer than ``SelectedText/maximumSelectionBytes``.
    public func queryFromSelection(isCaseSensitive: Bool = false) -> FindQuery? {
        guard !selection.isEmpty, !isSecure, selection.count <= SelectedText.maximumSelectionBytes else { return nil }
        return FindQuery(selectedText, isCaseSensitive: isCaseSensitive)
    }
}
