/// Which standard commands apply to a context, before any style decides to remove or dim them
/// (spec section 3). One property per rule, so each rule reads as the spec states it.
public struct CommandAvailability: Hashable, Sendable {
    private let context: EditMenuContext

    /// Evaluates the rules for `context`.
    public init(_ context: EditMenuContext) { self.context = context }

    private var content: SelectableContent { context.content }
    private var isText: Bool { content.kind == .text }
    private var isSecureText: Bool { isText && content.isSecure }
    private var textRange: TextRangeFacts? {
        if case .range(let facts) = content.selection { return facts }
        return nil
    }
    /// A text range that services can act on: selected, not secure, not blank.
    private var serviceableText: TextRangeFacts? {
        guard let range = textRange, isText, !content.isSecure, !range.isBlank else { return nil }
        return range
    }

    /// Cut: a selection in editable, non-secure content.
    public var cut: Bool { content.selection.hasSelection && content.isEditable && !isSecureText }
    /// Copy: a selection in non-secure content.
    public var copy: Bool { content.selection.hasSelection && !isSecureText }
    /// Paste: editable content with a caret or selection, and a pasteboard type it accepts.
    public var paste: Bool {
        content.isEditable && content.selection.acceptsInsertion && content.accepts(anyOf: context.pasteboardTypes)
    }
    /// Paste and Match Style: as Paste, for rich text with styled data on the pasteboard.
    public var pasteAndMatchStyle: Bool {
        paste && isText && content.isRich && context.pasteboardTypes.contains { $0.family == .richText }
    }
    /// Delete: a selection in editable content; for text only when the host opts in.
    public var delete: Bool {
        content.selection.hasSelection && content.isEditable && (content.kind.isObject || content.allowsDelete)
    }
    /// Select: a caret in text with a word to select; never with a selection, never in secure text.
    public var select: Bool {
        guard isText, !content.isSecure, case .caret(let hasWord) = content.selection else { return false }
        return hasWord
    }
    /// Select All: text that is not empty and not already wholly selected.
    public var selectAll: Bool {
        isText && !content.isEmpty && !(textRange?.coversAll ?? false)
    }
    /// Replace…: a range within one word of editable text, and the host has suggestions.
    public var replace: Bool {
        guard let range = textRange, isText, content.isEditable, !content.isSecure else { return false }
        return range.isWithinOneWord && !range.isBlank && !context.spellingSuggestions.isEmpty
    }
    /// Format ▸: a range in editable rich text.
    public var format: Bool { textRange != nil && isText && content.isRich && content.isEditable && !content.isSecure }
    /// Look Up: 1–200 characters of non-secure, non-blank text, when the host can look up.
    public var lookUp: Bool {
        guard let range = serviceableText else { return false }
        return context.services.contains(.lookUp) && (1...200).contains(range.characterCount)
    }
    /// Translate: non-secure, non-blank selected text, when the host can translate.
    public var translate: Bool { serviceableText != nil && context.services.contains(.translate) }
    /// Search Web: non-secure, non-blank selected text, when the host can search.
    public var searchWeb: Bool { serviceableText != nil && context.services.contains(.searchWeb) }
    /// Share…: any selected content (a serviceable text range or a selected object), when the host shares.
    public var share: Bool {
        guard context.services.contains(.share) else { return false }
        return serviceableText != nil || (content.kind.isObject && content.selection == .object)
    }
    /// Undo (menu bar): there is an action to undo.
    public var undo: Bool { context.undo.isAvailable }
    /// Redo (menu bar): there is an action to redo.
    public var redo: Bool { context.redo.isAvailable }
    /// Data-type actions: only for a non-secure text selection.
    public var dataActions: Bool { serviceableText != nil }

    /// Whether a custom command's requirement holds.
    public func custom(_ command: CustomCommand) -> Bool {
        switch command.requirement {
        case .selection: return content.selection.hasSelection
        case .editable: return content.isEditable
        case .none: return true
        }
    }

    // MARK: Menu-bar submenus (macOS Edit menu)

    private var editableText: Bool { isText && content.isEditable && !content.isSecure }
    private var hasText: Bool { isText && !content.isEmpty }

    /// Whether a menu-bar command applies; standard commands defer to the properties above.
    public func menuBar(_ id: EditCommand.ID) -> Bool {
        switch id {
        case .findEllipsis, .findNext, .findPrevious: return hasText
        case .findAndReplace: return hasText && content.isEditable
        case .useSelectionForFind: return textRange != nil && !isSecureText
        case .jumpToSelection: return content.selection.hasSelection
        case .showSpellingAndGrammar, .checkDocumentNow, .checkSpellingWhileTyping:
            return editableText && context.services.contains(.spelling)
        case .checkGrammarWithSpelling, .correctSpellingAutomatically:
            // No grammar checker and no autocorrection on Linux: shown dimmed, never a dead item.
            return false
        case .showSubstitutions, .smartCopyPaste, .smartQuotes, .smartDashes,
            .smartLinks, .dataDetectors, .textReplacement:
            return editableText
        case .makeUpperCase, .makeLowerCase, .capitalize: return editableText && textRange != nil
        case .startSpeaking: return serviceableText != nil && context.services.contains(.speech)
        case .stopSpeaking: return context.isSpeaking
        case .startDictation, .emojiAndSymbols: return isText && content.isEditable
        default: return false
        }
    }
}
