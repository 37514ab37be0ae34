/// What kind of thing the menu is about.
public enum ContentKind: String, Hashable, Sendable, CaseIterable {
    /// Text, editable or static.
    case text
    /// An image.
    case image
    /// An object such as a contact card, a chart or a map location.
    case object
    /// A file.
    case file
    /// A button: never selectable, never shows an edit menu.
    case button
    /// A control label (tab title, screen title): not selectable.
    case label

    /// Whether people can select this kind of content at all ("don't make button titles selectable").
    package var isSelectable: Bool { self != .button && self != .label }

    /// Whether the content is a whole thing (image, object, file) rather than text.
    package var isObject: Bool { self == .image || self == .object || self == .file }

    /// Whether content of this kind is editable when nothing says otherwise.
    package var isEditableByDefault: Bool { self == .text }
}

/// What is selected, reduced to the facts the menu rules need.
///
/// Computing these facts is the text system's job (see `TextSelectionFacts/init(storage:selection:isSecure:segmenter:characterCountLimit:)`),
/// done on a small window around the selection, so choosing a menu never scans a whole document.
public enum SelectionState: Hashable, Sendable {
    /// Nothing is selected and there is no insertion point.
    case none
    /// An insertion point in text. `hasWordToSelect` tells whether Select has a word to act on.
    case caret(hasWordToSelect: Bool)
    /// A non-empty text range.
    case range(TextRangeFacts)
    /// The whole image, object or file is selected.
    case object

    /// Whether something (a range or an object) is selected.
    package var hasSelection: Bool {
        switch self {
        case .range, .object: return true
        case .none, .caret: return false
        }
    }

    /// Whether there is an insertion point or a selection to paste into.
    package var acceptsInsertion: Bool {
        switch self {
        case .caret, .range, .object: return true
        case .none: return false
        }
    }
}

/// Facts about a selected, non-empty range of text.
public struct TextRangeFacts: Hashable, Sendable {
    /// The number of Characters (extended grapheme clusters) selected, counted up to the host's limit
    /// (at least 201: Look Up asks whether it is 1…200).
    public var characterCount: Int
    /// Whether the range covers the whole text.
    public var coversAll: Bool
    /// Whether the selected text is only whitespace and invisible characters.
    public var isBlank: Bool
    /// Whether the range lies within a single word (Replace… applies).
    public var isWithinOneWord: Bool
    /// Whether the range holds right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko …: a character
    /// whose bidirectional class is R or AL), so Writing Direction ▸ is offered. Hosts look at a
    /// bounded prefix of the range (`TextSelectionFacts` looks at its first 4 KiB).
    public var containsRightToLeftScript: Bool

    /// Creates range facts.
    package init(
        characterCount: Int, coversAll: Bool, isBlank: Bool, isWithinOneWord: Bool,
        containsRightToLeftScript: Bool = false
    ) {
        self.characterCount = characterCount
        self.coversAll = coversAll
        self.isBlank = isBlank
        self.isWithinOneWord = isWithinOneWord
        self.containsRightToLeftScript = containsRightToLeftScript
    }
}

/// The content the menu acts on: its kind, what people may do with it, and what is selected.
public struct SelectableContent: Hashable, Sendable {
    /// The kind of content.
    public var kind: ContentKind
    /// Whether the content can be changed (Cut, Paste, Delete, Format, Replace need this).
    public var isEditable: Bool
    /// Whether this is secure (password) text: no Cut, Copy, Select, Look Up, Share.
    public var isSecure: Bool
    /// Whether the text takes styles (Format ▸, Paste and Match Style).
    public var isRich: Bool
    /// Whether the host opts in to Delete for text (objects always offer it when editable).
    public var allowsDelete: Bool
    /// Whether the content has no text (text kinds) — Select All has nothing to select.
    public var isEmpty: Bool
    /// What is selected.
    public var selection: SelectionState
    /// The pasteboard types this content accepts. `nil` means the kind's defaults
    /// (`SelectableContent.defaultAcceptedTypes(kind:isRich:)`).
    public var acceptedPasteboardTypes: Set<PasteboardType>?

    /// Creates a description of selectable content.
    public init(
        kind: ContentKind, isEditable: Bool? = nil, isSecure: Bool = false, isRich: Bool = false,
        allowsDelete: Bool = false, isEmpty: Bool = false, selection: SelectionState,
        acceptedPasteboardTypes: Set<PasteboardType>? = nil
    ) {
        self.kind = kind
        self.isEditable = isEditable ?? kind.isEditableByDefault
        self.isSecure = isSecure
        self.isRich = isRich
        self.allowsDelete = allowsDelete
        self.isEmpty = isEmpty
        self.selection = selection
        self.acceptedPasteboardTypes = acceptedPasteboardTypes
    }

    /// What each kind of content accepts from the pasteboard when the host does not say:
    /// text takes text, rich text and URLs (rich text also images); images take images; files take
    /// files and URLs; objects take contact cards.
    package static func defaultAcceptedTypes(kind: ContentKind, isRich: Bool) -> Set<PasteboardType> {
        switch kind {
        case .text: return isRich ? [.plainText, .richText, .url, .image] : [.plainText, .richText, .url]
        case .image: return [.image]
        case .file: return [.file, .url]
        case .object: return [.vCard]
        case .button, .label: return []
        }
    }

    /// Whether any of `types` can be pasted into this content; decided from the types' families alone.
    package func accepts(anyOf types: Set<PasteboardType>) -> Bool {
        let accepted = acceptedPasteboardTypes ?? Self.defaultAcceptedTypes(kind: kind, isRich: isRich)
        return types.contains { accepted.contains($0) || accepted.contains($0.family) }
    }
}
