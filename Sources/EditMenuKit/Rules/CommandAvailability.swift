/// Which standard commands apply to a context, before any style decides to remove or dim them
/// (EDIT-MENU.md §3). One property per rule, so each rule reads as the spec states it.
package struct CommandAvailability: Hashable, Sendable {
    private let context: EditMenuContext

    /// Evaluates the rules for `context`.
    package init(_ context: EditMenuContext) {
        self.context = context
        menuBarFacts = 0
        menuBarFacts = facts()
    }

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
    package var cut: Bool { content.selection.hasSelection && content.isEditable && !isSecureText }
    /// Copy: a selection in non-secure content.
    package var copy: Bool { content.selection.hasSelection && !isSecureText }
    /// Paste: editable content with a caret or selection, and a pasteboard type it accepts.
    package var paste: Bool {
        content.isEditable && content.selection.acceptsInsertion && content.accepts(anyOf: context.pasteboardTypes)
    }
    /// Paste and Match Style: as Paste, for rich text with styled data on the pasteboard.
    package var pasteAndMatchStyle: Bool {
        paste && isText && content.isRich && context.pasteboardTypes.contains { $0.family == .richText }
    }
    /// Delete: a selection in editable content; for text only when the host opts in.
    package var delete: Bool {
        content.selection.hasSelection && content.isEditable && (content.kind.isObject || content.allowsDelete)
    }
    /// Select: a caret in text with a word to select; never with a selection, never in secure text.
    package var select: Bool {
        guard isText, !content.isSecure, case .caret(let hasWord) = content.selection else { return false }
        return hasWord
    }
    /// Select All: text that is not empty and not already wholly selected.
    package var selectAll: Bool {
        isText && !content.isEmpty && !(textRange?.coversAll ?? false)
    }
    /// Replace…: a range within one word of editable text, and the host has suggestions.
    package var replace: Bool {
        guard let range = textRange, isText, content.isEditable, !content.isSecure else { return false }
        return range.isWithinOneWord && !range.isBlank && !context.spellingSuggestions.isEmpty
    }
    /// Format ▸: a range in editable rich text.
    package var format: Bool { textRange != nil && isText && content.isRich && content.isEditable && !content.isSecure }
    /// Look Up: 1–200 characters of non-secure, non-blank text, when the host can look up.
    package var lookUp: Bool {
        guard let range = serviceableText else { return false }
        return context.services.contains(.lookUp) && (1...200).contains(range.characterCount)
    }
    /// Translate: non-secure, non-blank selected text, when the host can translate.
    package var translate: Bool { serviceableText != nil && context.services.contains(.translate) }
    /// Search Web: non-secure, non-blank selected text, when the host can search.
    package var searchWeb: Bool { serviceableText != nil && context.services.contains(.searchWeb) }
    /// Share…: any selected content (a serviceable text range or a selected object), when the host shares.
    package var share: Bool {
        guard context.services.contains(.share) else { return false }
        return serviceableText != nil || (content.kind.isObject && content.selection == .object)
    }
    /// Writing Direction ▸: editable, non-secure text with a caret or a selection, when the menu's language
    /// is right to left or the selection holds right-to-left script (EDIT-MENU.md §10). With a caret only
    /// the menu's language counts.
    package var writingDirection: Bool {
        guard editableText, content.selection.acceptsInsertion else { return false }
        return context.locale.isRightToLeft || (textRange?.containsRightToLeftScript ?? false)
    }

    // MARK: The mac text context menu

    /// Inline spelling suggestions, Ignore Spelling and Learn Spelling: the host says the selected word
    /// of editable, non-secure text is misspelled.
    package var misspelling: Bool {
        guard let range = textRange, editableText else { return false }
        return context.isMisspelled && range.isWithinOneWord && !range.isBlank
    }
    /// Font ▸: editable, non-secure rich text with a caret or a selection (with a caret its items set
    /// the style of what is typed next).
    package var font: Bool { editableText && content.isRich && content.selection.acceptsInsertion }
    /// Spelling and Grammar ▸, Substitutions ▸, Transformations ▸: editable, non-secure text; Spelling
    /// and Grammar also needs the host's spell checker.
    package func textService(_ id: EditCommand.ID) -> Bool {
        switch id {
        case .spellingAndGrammar: return editableText && context.services.contains(.spelling)
        case .substitutions, .transformations: return editableText
        case .speech: return speech
        default: return false
        }
    }
    /// Speech ▸: text that is not empty and not secure, when the host can speak.
    package var speech: Bool { hasText && !content.isSecure && context.services.contains(.speech) }

    /// Undo (menu bar): there is an action to undo.
    package var undo: Bool { context.undo.isAvailable }
    /// Redo (menu bar): there is an action to redo.
    package var redo: Bool { context.redo.isAvailable }
    /// Data-type actions: only for a non-secure text selection.
    package var dataActions: Bool { serviceableText != nil }

    /// Whether a custom command's requirement holds.
    package func custom(_ command: CustomCommand) -> Bool {
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
    package func menuBar(_ id: EditCommand.ID) -> Bool {
        guard let rule = Self.menuBarRules[id] else { return false }
        return menuBarFacts & 1 << rule.rawValue != 0
    }

    /// The facts the menu-bar rules read, one bit per ``MenuBarRule``, evaluated once: two contexts
    /// with equal bits enable the same menu-bar items (the rules cache submenus by them).
    private(set) var menuBarFacts: UInt16

    private func facts() -> UInt16 {
        var bits: UInt16 = 0
        func set(_ rule: MenuBarRule, _ holds: Bool) { if holds { bits |= 1 << rule.rawValue } }
        set(.hasText, hasText)
        set(.editableHasText, hasText && content.isEditable)
        set(.textRangeNotSecure, textRange != nil && !isSecureText)
        set(.hasSelection, content.selection.hasSelection)
        set(.editableText, editableText)
        set(.editableTextRange, editableText && textRange != nil)
        set(.editableTextKind, isText && content.isEditable)
        set(.spellingText, textService(.spellingAndGrammar))
        set(.speakable, speech)
        set(.speaking, context.isSpeaking)
        return bits
    }

    /// What each menu-bar command needs, looked up once per item (no chain of comparisons).
    enum MenuBarRule: UInt16 {
        case hasText, editableHasText, textRangeNotSecure, hasSelection, editableText, editableTextRange
        case editableTextKind
        /// Editable, non-secure text, and the host has a spell checker.
        case spellingText
        /// Text that is not empty and not secure, and the host can speak it (the selection, or the whole
        /// text with nothing selected).
        case speakable
        /// The host's speech service is speaking.
        case speaking
    }

    private static let menuBarRules: [EditCommand.ID: MenuBarRule] = {
        var rules: [EditCommand.ID: MenuBarRule] = [
            .findEllipsis: .hasText, .findNext: .hasText, .findPrevious: .hasText, .findAndReplace: .editableHasText,
            .useSelectionForFind: .textRangeNotSecure, .jumpToSelection: .hasSelection,
            .makeUpperCase: .editableTextRange, .makeLowerCase: .editableTextRange, .capitalize: .editableTextRange,
            // Start Speaking needs the host's speech; Stop Speaking is enabled while it speaks.
            .startSpeaking: .speakable, .stopSpeaking: .speaking, .startDictation: .editableTextKind,
            .emojiAndSymbols: .editableTextKind,
            // Spelling needs the host's spell checker. The grammar and autocorrection toggles are
            // enabled as on macOS; the Linux hosts leave them out (no grammar checker, no
            // autocorrection: HostCapabilities).
            .showSpellingAndGrammar: .spellingText, .checkDocumentNow: .spellingText,
            .checkSpellingWhileTyping: .spellingText, .checkGrammarWithSpelling: .spellingText,
            .correctSpellingAutomatically: .spellingText,
        ]
        for id: EditCommand.ID in [
            .showSubstitutions, .smartCopyPaste, .smartQuotes, .smartDashes, .smartLinks, .dataDetectors,
            .textReplacement,
        ] {
            rules[id] = .editableText
        }
        return rules
    }()
}
