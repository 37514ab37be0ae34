/// What a host whose content is a ``TextEditor`` hands its ``EditMenuController`` — each a line in the
/// host's ``EditMenuHost`` conformance.
extension TextEditor {
    /// The editor's facts for the controller: the selection facts, undo state named in `locale`, and
    /// the selected text with its context (never for secure text, never more than
    /// ``SelectedText/maximumSelectionBytes``).
    ///
    /// ```swift
    /// func menuContent() -> ContentSnapshot { editor.editMenuContent(locale: controller.configuration.locale) }
    /// ```
    public func editMenuContent(
        locale: MenuLocale, idiom: Idiom = .pad, isRich: Bool = false, allowsDelete: Bool = false,
        spellingSuggestions: [String] = []
    ) -> ContentSnapshot {
        let strings = MenuStrings(locale: locale)
        var snapshot = editMenuContent(
            undo: isEditable ? history.undoState(strings: strings, idiom: idiom) : .unavailable,
            redo: isEditable ? history.redoState(strings: strings, idiom: idiom) : .unavailable,
            isRich: isRich, allowsDelete: allowsDelete, spellingSuggestions: spellingSuggestions)
        // What this editor's Paste inserts (text, a URL, rich text as text): Paste is not offered for an
        // image it could not paste, rich or not.
        snapshot.content.acceptedPasteboardTypes = Self.pasteableTypes
        return snapshot
    }
}

extension TextDocument {
    /// The document's facts for the controller (``EditMenuHost/menuContent()``): the selection facts,
    /// the host's undo state, and the selected text with its context (never for secure text, never
    /// more than ``SelectedText/maximumSelectionBytes``).
    public func editMenuContent(
        undo: UndoState, redo: UndoState, isRich: Bool = false, allowsDelete: Bool = false,
        spellingSuggestions: [String] = []
    ) -> ContentSnapshot {
        let content = selectableContent(isRich: isRich, allowsDelete: allowsDelete)
        // The selection facts counted its Characters, up to their limit: under it, the count is exact,
        // and the selected text does not count them again.
        var counted: Int?
        if case .range(let facts) = content.selection, facts.characterCount < TextSelectionFacts.characterCountLimit {
            counted = facts.characterCount
        }
        return ContentSnapshot(
            content: content, undo: undo, redo: redo,
            selectedText: isSecure
                ? nil : SelectedText(storage: storage, selection: selection, selectedCharacterCount: counted),
            spellingSuggestions: spellingSuggestions)
    }
}

extension ObjectEditor {
    /// The list's facts for the controller: `kind` (`.image`, `.file` or `.object`), selected when
    /// objects are selected, and undo state named in `locale`.
    public func editMenuContent(kind: ContentKind, locale: MenuLocale, idiom: Idiom = .pad) -> ContentSnapshot {
        let strings = MenuStrings(locale: locale)
        return ContentSnapshot(
            content: selectableContent(kind: kind),
            undo: isEditable ? history.undoState(strings: strings, idiom: idiom) : .unavailable,
            redo: isEditable ? history.redoState(strings: strings, idiom: idiom) : .unavailable,
            selectedObjects: Array(objects[selection]))
    }
}
