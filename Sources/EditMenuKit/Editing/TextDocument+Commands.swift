import Foundation

/// The document commands, written once for every ``TextDocument`` (EDIT-MENU.md §11: "performed by
/// the host on the document"): Find ▸, Transformations ▸, Writing Direction ▸, Emoji & Symbols'
/// insertion and substitutions while typing — each change one undo step through
/// ``TextDocument/replace(_:actionName:selecting:)``.
///
/// ```swift
/// var editor = TextEditor(text: "one two one")
/// editor.find(FindQuery("ONE"))                          // selects 0..<3
/// editor.find(FindQuery("ONE"))                          // selects 8..<11
/// try editor.replaceAll(FindQuery("one"), with: "1")     // 2 — "1 two 1", "Undo Replace All"
/// ```
extension TextDocument {
    // MARK: Find ▸

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
    package mutating func replaceMatch(_ query: FindQuery, with replacement: String) throws(EditingError) -> Bool {
        guard isEditable else { throw .notEditable(.findAndReplace) }
        let range = selection
        guard TextFinder(query).isMatch(range, in: storage) else { return false }
        try replace(
            [TextChange(range, with: replacement)], actionName: .replace,
            selecting: range.lowerBound..<(range.lowerBound + replacement.utf8.count))
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
        guard let last = matches.last else { return 0 }
        let added = replacement.utf8.count
        // Where the last replacement ends once every earlier match has changed length.
        let end = last.upperBound + matches.reduce(0) { $0 + added - $1.count }
        try replace(matches.map { TextChange($0, with: replacement) }, actionName: .replaceAll, selecting: end..<end)
        return matches.count
    }

    /// Use Selection for Find: the selected text as a query (with `isCaseSensitive`); `nil` for a
    /// caret, secure text, or a selection longer than ``SelectedText/maximumSelectionBytes``.
    package func queryFromSelection(isCaseSensitive: Bool = false) -> FindQuery? {
        let range = selection
        guard !range.isEmpty, !isSecure, range.count <= SelectedText.maximumSelectionBytes else { return nil }
        return FindQuery(storage.string(in: range), isCaseSensitive: isCaseSensitive)
    }

    // MARK: Transformations ▸

    /// Transformations ▸: replaces the selection with its transformation in `locale` as one undo step
    /// named after the command ("Undo Make Upper Case"), and keeps the transformed text selected.
    ///
    /// - Throws: ``EditingError/notEditable(_:)`` for read-only text, ``EditingError/secureText(_:)``
    ///   for secure text, ``EditingError/nothingSelected(_:)`` with only a caret.
    package mutating func transform(_ transformation: TextTransformation, locale: MenuLocale) throws(EditingError) {
        let command = transformation.command
        guard isEditable else { throw .notEditable(command) }
        guard !isSecure else { throw .secureText(command) }
        let range = selection
        guard !range.isEmpty else { throw .nothingSelected(command) }
        // The selection's pieces joined, so that casing sees the whole text.
        let original = storage.bytes(in: range)
        let mapped = original.withUnsafeBufferPointer { transformation.apply(toUTF8: $0, locale: locale) }
        guard mapped != original else { return }
        let text = String(decoding: mapped, as: UTF8.self)
        try replace(
            [TextChange(range, with: text)], actionName: transformation.undoAction,
            selecting: range.lowerBound..<(range.lowerBound + text.utf8.count))
    }

    // MARK: Writing Direction ▸

    /// The longest selection (UTF-8 bytes) whose paragraphs `setWritingDirection(_:)` sets: 4 MiB.
    package static var writingDirectionLimit: Int { 4 << 20 }

    /// Sets the base direction of every paragraph the selection touches (the caret's paragraph) as one
    /// undo step named Writing Direction. Plain text has no paragraph attributes, so the direction is a
    /// mark at the paragraph's start — U+200E LEFT-TO-RIGHT MARK or U+200F RIGHT-TO-LEFT MARK, the first
    /// strong character rule P2 of the Unicode Bidirectional Algorithm reads — replacing the mark
    /// already there; a paragraph that already starts with the right one is left alone. The selection
    /// keeps the same text.
    ///
    /// - Throws: ``EditingError`` for read-only or secure text, or a selection longer than
    ///   `writingDirectionLimit`.
    package mutating func setWritingDirection(_ direction: TextDirection) throws(EditingError) {
        let command: EditCommand.ID =
            direction == .leftToRight ? .makeTextWritingDirectionLeftToRight : .makeTextWritingDirectionRightToLeft
        guard isEditable else { throw .notEditable(command) }
        guard !isSecure else { throw .secureText(command) }
        let range = selection
        guard range.count <= Self.writingDirectionLimit else {
            throw .tooLarge(command, bytes: range.count, limit: Self.writingDirectionLimit)
        }
        let storage = storage
        // The start of the caret's paragraph, then every paragraph starting inside the selection.
        let newline = UInt8(ascii: "\n")
        var starts = [paragraphStart(atOrBefore: range.lowerBound, in: storage)]
        var position = range.lowerBound
        storage.forEachRun(in: range) { run in
            for (i, byte) in run.enumerated() where byte == newline && position + i + 1 < range.upperBound {
                starts.append(position + i + 1)
            }
            position += run.count
        }
        let mark = String(direction == .leftToRight ? Bidi.leftToRightMark : Bidi.rightToLeftMark)
        let marks = [Bidi.leftToRightMark, Bidi.rightToLeftMark].map { Array(String($0).utf8) }
        let wanted = Array(mark.utf8)
        var replacements: [TextChange] = []
        var lower = range.lowerBound
        var upper = range.upperBound
        for start in starts {
            let head = storage.bytes(in: start..<min(storage.byteCount, start + wanted.count))
            if head == wanted { continue }
            let replaced = marks.contains(head) ? start..<(start + wanted.count) : start..<start
            replacements.append(TextChange(replaced, with: mark))
            guard replaced.isEmpty else { continue }
            if start <= range.lowerBound { lower += wanted.count }
            if start < range.upperBound || (start == range.upperBound && range.isEmpty) { upper += wanted.count }
        }
        guard !replacements.isEmpty else { return }
        try replace(replacements, actionName: .writingDirection, selecting: lower..<upper)
    }

    // MARK: Emoji & Symbols, substitutions

    /// Inserts `text` over the selection as one undo step named as typing is ("Undo Typing", as macOS
    /// names an inserted emoji); the caret goes after it.
    ///
    /// - Throws: ``EditingError`` for read-only or secure text.
    public mutating func insert(_ text: String) throws(EditingError) {
        guard isEditable else { throw .notEditable(.emojiAndSymbols) }
        guard !isSecure else { throw .secureText(.emojiAndSymbols) }
        let range = selection
        let end = range.lowerBound + text.utf8.count
        try replace([TextChange(range, with: text)], actionName: .typing, selecting: end..<end)
    }

    /// After `typed` was typed at the caret: applies the substitution `substitutions` makes of it
    /// (smart quotes, smart dashes, a text replacement) as an undo step of its own — the next Undo takes
    /// back only the substitution — keeping the caret after what was typed. Returns whether it did.
    @discardableResult
    public mutating func substitute(afterTyping typed: String, using substitutions: TextSubstitutions)
        throws(EditingError) -> Bool
    {
        let caret = selection
        guard isEditable, !isSecure, caret.isEmpty, substitutions.mayApply(afterTyping: typed) else { return false }
        let storage = storage
        let end = caret.lowerBound
        let longest = substitutions.replacements.first?.shortcut.utf8.count ?? 0
        let lower = storage.graphemeBoundary(
            atOrBefore: max(
                0, end - max(TextSubstitutions.substitutionContextBytes, longest + 2 * typed.utf8.count + 8)))
        let before = Substring(storage.string(in: lower..<end))
        guard let (count, text, action) = substitutions.substitution(typed: typed, before: before) else {
            return false
        }
        // What is replaced: `count` bytes ending at the caret (quotes, dashes), or, for a text
        // replacement, the shortcut before the typed trigger.
        let replacedEnd = action == .textReplacement ? end - typed.utf8.count : end
        let range = (replacedEnd - count)..<replacedEnd
        guard range.lowerBound >= lower else { return false }
        let after = end - range.count + text.utf8.count
        try replace([TextChange(range, with: text)], actionName: action, selecting: after..<after)
        return true
    }

    // MARK: The controller's document commands

    /// Performs a document command: Find and Replace with ``find(_:direction:wraps:)``,
    /// `replaceMatch(_:with:)` and ``replaceAll(_:with:in:)``, a transformation with
    /// `transform(_:locale:)`, an insertion with ``insert(_:)``; then shows the selection
    /// (``scrollRangeToVisible(_:)``).
    ///
    /// - Throws: ``EditingError`` when the text is read-only (for the commands that change it), secure,
    ///   or has nothing selected to transform.
    @discardableResult
    public mutating func perform(_ command: DocumentCommand) throws(EditingError) -> DocumentOutcome {
        let outcome: DocumentOutcome
        switch command {
        case .find(let query, let direction):
            outcome = find(query, direction: direction).map(DocumentOutcome.found) ?? .notFound
        case .replace(let query, let replacement):
            let replaced = try replaceMatch(query, with: replacement)
            outcome = .replaced(replaced ? 1 : 0, next: find(query, direction: .forward))
        case .replaceAll(let query, let replacement):
            outcome = .replaced(try replaceAll(query, with: replacement), next: nil)
        case .jumpToSelection:
            outcome = .done
        case .transform(let transformation, let locale):
            try transform(transformation, locale: locale)
            outcome = .done
        case .insert(let text):
            try insert(text)
            outcome = .done
        }
        revealSelection()
        return outcome
    }

    /// Scrolls the whole selection into view: its start, then its end.
    package mutating func revealSelection() {
        let range = selection
        scrollRangeToVisible(range.lowerBound..<range.lowerBound)
        scrollRangeToVisible(range)
    }

    /// The document commands this text performs (``HostCapabilities``): Find ▸, Transformations ▸,
    /// Emoji & Symbols and substitutions for editable text (with `checksSpelling`, Check Document Now
    /// too); Find alone for read-only text; nothing for secure text.
    public func documentCapabilities(checksSpelling: Bool) -> HostCapabilities {
        guard !isSecure else { return [] }
        guard isEditable else { return [.find] }
        return checksSpelling ? HostCapabilities.textEditing.union(.checkDocument) : .textEditing
    }

    // MARK: Selection

    /// Applies a gesture at byte `offset` (double tap selects a word, triple tap a paragraph, …) with
    /// `gestures`' semantics, and returns whether the menu shows.
    @discardableResult
    public mutating func apply(
        _ gesture: RevealGesture, atByte offset: Int, input: InputMethod = .touch,
        gestures: SelectionGestures = SelectionGestures()
    ) -> Bool {
        let outcome = gestures.apply(
            gesture, atByte: offset, in: storage, selection: selection, isSecure: isSecure, input: input)
        if let range = outcome.selection { select(range) }
        return outcome.showsMenu
    }

    /// Select: selects what a double tap at the caret would (a word, else a punctuation mark or emoji
    /// next to it, else the word before the spaces).
    ///
    /// - Throws: ``EditingError/secureText(_:)`` for secure text, ``EditingError/alreadySelected(_:)``
    ///   when something is selected, ``EditingError/noWordAtCaret`` in empty text.
    package mutating func selectWordAtCaret() throws(EditingError) {
        guard !isSecure else { throw .secureText(.select) }
        let caret = selection
        guard caret.isEmpty else { throw .alreadySelected(.select) }
        let storage = storage
        guard !storage.isEmpty, let unit = segmenter.wordRange(atCaret: caret.lowerBound, in: storage) else {
            throw .noWordAtCaret
        }
        select(unit)
    }

    /// Select All. Everything already selected (a shortcut pressed twice) or nothing to select: nothing
    /// happens and nothing is reported, as on Apple's platforms (EDIT-MENU.md §3).
    public mutating func selectAll() {
        let all = 0..<storage.byteCount
        guard selection != all else { return }
        select(all)
    }

    /// Performs the standard commands the core writes once for every document: Select, Select All,
    /// Writing Direction ▸'s two items, and (with `checker`) Check Document Now in the text's language
    /// (`hint`: the host's, ``EditMenuConfiguration/textLanguage``). Returns whether
    /// `command` was one of them; the host performs the rest (Cut, Copy, Paste, Undo … through its own
    /// pasteboard and undo).
    ///
    /// - Throws: ``EditingError`` when the command cannot be carried out on this text.
    package mutating func performDocumentBehaviour(
        _ command: EditCommand.ID, checker: (any SpellChecker)?, locale: MenuLocale, hint: String? = nil
    ) throws(EditingError) -> Bool {
        switch command {
        case .select: try selectWordAtCaret()
        case .selectAll: selectAll()
        case .makeTextWritingDirectionLeftToRight: try setWritingDirection(.leftToRight)
        case .makeTextWritingDirectionRightToLeft: try setWritingDirection(.rightToLeft)
        case .checkDocumentNow:
            guard let checker else { return false }
            try selectNextMisspelling(checker: checker, locale: locale, hint: hint)
        default: return false
        }
        return true
    }

    /// The content as the menu rules see it, for ``EditMenuContext``: what is selected, whether the
    /// text is editable, secure, empty. `isRich` and `allowsDelete` are the host's choices.
    package func selectableContent(isRich: Bool = false, allowsDelete: Bool = false) -> SelectableContent {
        SelectableContent(
            kind: .text, isEditable: isEditable, isSecure: isSecure, isRich: isRich,
            allowsDelete: allowsDelete, isEmpty: storage.isEmpty, selection: selectionState())
    }

    /// The facts the menu rules need about the selection, from a window around it (the Character
    /// count is counted up to `characterCountLimit`, 100,000 unless given, so a Select All of a huge
    /// document stays fast).
    public func selectionState(characterCountLimit: Int = TextSelectionFacts.characterCountLimit) -> SelectionState {
        TextSelectionFacts(
            storage: storage, selection: selection, isSecure: isSecure, segmenter: segmenter,
            characterCountLimit: characterCountLimit
        ).state
    }
}
