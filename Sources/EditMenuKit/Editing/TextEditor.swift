import Foundation

/// Text being edited: a ``TextStorage``, a selection, and undo history — performing the edit menu's
/// commands for real.
///
/// Selections are UTF-8 byte ranges of the storage, always on Character boundaries (a range given
/// to ``select(_:)`` is widened so no grapheme cluster is split). Every change is recorded in
/// `history` as edits, so Undo restores the exact bytes.
///
/// ```swift
/// var editor = TextEditor(text: "Hello world")
/// let pasteboard = InMemoryPasteboard()
/// editor.select(6..<11)
/// try editor.perform(.cut, pasteboard: pasteboard)      // "Hello ", pasteboard: "world"
/// editor.history.undoAction                             // .cut → "Undo Cut"
/// try editor.perform(.undo, pasteboard: pasteboard)     // "Hello world", 6..<11 selected again
/// ```
public struct TextEditor: TextDocument, Sendable {
    /// The text.
    public private(set) var storage: TextStorage
    /// The selection (bytes; empty = caret).
    public private(set) var selection: Range<Int>
    /// Undo and redo.
    package private(set) var history: UndoHistory<TextEdit, Range<Int>>
    /// Whether the text can be changed.
    public var isEditable: Bool
    /// Whether this is secure text (no Cut, no Copy; selecting selects everything).
    public var isSecure: Bool
    /// Finds words for Select and Replace.
    public var segmenter: TextSegmenter
    /// The most bytes Paste copies into the storage (default 256 MiB). A larger paste is refused with
    /// ``EditingError/tooLarge(_:bytes:limit:)`` and changes nothing, so a 1 GB clipboard cannot double
    /// the process's memory. A copy of more than `eagerCopyLimit` bytes made in this process is
    /// pasted by sharing the storage's pieces, not by copying bytes, so it is not limited.
    public var maximumPasteBytes = 256 << 20
    /// What changes text while people type (smart quotes, dashes, text replacements) and how Cut and
    /// Paste adjust spaces (Smart Copy/Paste); `nil` (the default): nothing.
    public var substitutions: TextSubstitutions?

    /// Edits `storage`, with the caret at `selection` (default: the start).
    public init(
        storage: TextStorage, selection: Range<Int> = 0..<0, isEditable: Bool = true,
        isSecure: Bool = false, undoLevels: Int = 100, segmenter: TextSegmenter = TextSegmenter()
    ) {
        self.storage = storage
        self.selection = 0..<0
        self.history = UndoHistory(levelsLimit: undoLevels)
        self.isEditable = isEditable
        self.isSecure = isSecure
        self.segmenter = segmenter
        select(selection)
    }

    /// Edits a new storage holding `text`.
    public init(text: String, selection: Range<Int> = 0..<0, isEditable: Bool = true, isSecure: Bool = false) {
        self.init(storage: TextStorage(text), selection: selection, isEditable: isEditable, isSecure: isSecure)
    }

    /// The whole text (a copy; avoid on large documents).
    public var text: String { storage.string }

    /// The selected text.
    public var selectedText: String { storage.string(in: selection) }

    // MARK: Selecting

    /// Selects `range` (clamped to the text, widened to Character boundaries). Ends a run of typing.
    public mutating func select(_ range: Range<Int>) {
        let lower = min(max(0, range.lowerBound), storage.byteCount)
        let upper = min(max(lower, range.upperBound), storage.byteCount)
        selection = storage.graphemeAligned(lower..<upper)
        history.breakCoalescing()
    }

    // MARK: Typing

    /// Types `text` over the selection. Consecutive typing undoes as one step ("Undo Typing").
    public mutating func type(_ text: String) throws(EditingError) {
        guard isEditable else { throw .notEditable("typing") }
        guard substitutions != nil, !isSecure, text.count > 1 else {
            try change(selection, to: .string(text), action: .typing)
            if substitutions != nil { try substitute(afterTyping: text) }
            return
        }
        // Typed faster than it is read (a terminal delivers a burst at once): each Character is checked
        // for a substitution as if typed alone.
        for character in text { try type(String(character)) }
    }

    /// Deletes the selection, or the Character before the caret (Backspace); coalesces with typing.
    public mutating func deleteBackward() throws(EditingError) {
        guard isEditable else { throw .notEditable("typing") }
        var range = selection
        if range.isEmpty {
            guard range.lowerBound > 0 else { return }
            range = storage.graphemeBoundary(atOrBefore: range.lowerBound - 1)..<range.lowerBound
        }
        try change(range, to: .string(""), action: .typing)
    }

    // MARK: Commands

    /// Whether `command` would do something now.
    public func canPerform(_ command: EditCommand.ID, pasteboard: any Pasteboard) -> Bool {
        let hasRange = !selection.isEmpty
        switch command {
        case .copy: return hasRange && !isSecure
        case .cut: return hasRange && !isSecure && isEditable
        case .delete: return hasRange && isEditable
        case .paste, .pasteAndMatchStyle: return isEditable && Self.textTypes.contains { pasteboard.contains($0) }
        case .select: return selection.isEmpty && !isSecure && unitAtCaret() != nil
        case .selectAll: return !storage.isEmpty && selection != 0..<storage.byteCount
        case .replace: return false // a submenu: its suggestions perform through replaceSelection(with:actionName:)
        case .undo: return isEditable && history.canUndo
        case .redo: return isEditable && history.canRedo
        case .makeTextWritingDirectionLeftToRight, .makeTextWritingDirectionRightToLeft: return isEditable && !isSecure
        default: return false
        }
    }

    /// Performs `command`: Cut, Copy, Paste, Paste and Match Style, Delete, Select, Select All, Undo,
    /// Redo, and Writing Direction ▸'s Left to Right and Right to Left
    /// (`setWritingDirection(_:)`). (Replace needs the suggestion: ``replace(with:)``.)
    ///
    /// - Throws: ``EditingError`` naming the command and what was missing.
    public mutating func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError) {
        switch command {
        case .copy:
            try copy(command, to: pasteboard)
        case .cut:
            guard isEditable else { throw .notEditable(command) }
            try copy(command, to: pasteboard)
            try change(smartCutRange(selection), to: .string(""), action: .cut)
        case .delete:
            guard isEditable else { throw .notEditable(command) }
            guard !selection.isEmpty else { throw .nothingSelected(command) }
            try change(selection, to: .string(""), action: .delete)
        case .paste, .pasteAndMatchStyle:
            guard isEditable else { throw .notEditable(command) }
            var text = try Self.pastedText(from: pasteboard)
            if case .data(let data) = text, data.count > maximumPasteBytes {
                throw .tooLarge(command, bytes: data.count, limit: maximumPasteBytes)
            }
            if substitutions?.settings.smartCopyPaste == true {
                // Smart Paste reads at most 64 KiB (decoding never makes text shorter in bytes).
                let pasted: String?
                switch text {
                case .data(let data) where data.count <= 1 << 16: pasted = String(decoding: data, as: UTF8.self)
                case .storage(let source, let range) where range.count <= 1 << 16: pasted = source.string(in: range)
                default: pasted = nil
                }
                if let pasted, let adjusted = smartPasteText(pasted, replacing: selection) { text = .string(adjusted) }
            }
            try change(selection, to: text, action: command == .paste ? .paste : .pasteAndMatchStyle)
        case .select, .selectAll, .makeTextWritingDirectionLeftToRight, .makeTextWritingDirectionRightToLeft:
            _ = try performDocumentBehaviour(command, checker: nil, locale: .english)
        case .undo:
            try undo()
        case .redo:
            try redo()
        default:
            throw .unsupported(command)
        }
    }

    /// Replace: puts `suggestion` in place of the selection (or of the word at the caret), as one
    /// undo step "Undo Replace"; the caret goes after it.
    public mutating func replace(with suggestion: String) throws(EditingError) {
        guard isEditable else { throw .notEditable(.replace) }
        var range = selection
        if range.isEmpty {
            guard let word = wordAtCaret() else { throw .noWordAtCaret }
            range = word
        }
        try change(range, to: .string(suggestion), action: .replace)
    }

    /// Undoes the last step and restores the selection it had.
    public mutating func undo() throws(EditingError) {
        guard let group = history.popUndo() else { throw .nothingToUndo(.undo) }
        do {
            for edit in group.edits.reversed() { try storage.apply(edit.inverse) }
        } catch {
            throw .storage(error)
        }
        selection = group.selectionBefore
    }

    /// Redoes the last undone step.
    public mutating func redo() throws(EditingError) {
        guard let group = history.popRedo() else { throw .nothingToUndo(.redo) }
        do {
            for edit in group.edits { try storage.apply(edit) }
        } catch {
            throw .storage(error)
        }
        selection = group.selectionAfter
    }

    /// Sets the undo levels limit (0: unlimited).
    public mutating func setUndoLevels(_ levels: Int) {
        history.levelsLimit = max(0, levels)
    }

    /// How many steps Undo can undo, one per step (for property tests and fuzzing, which check the
    /// history against a model of their own).
    @_spi(Testing) public var undoStepCount: Int { history.undoStack.count }

    /// How many steps Redo can redo.
    @_spi(Testing) public var redoStepCount: Int { history.redoStack.count }

    // MARK: Internals

    enum Replacement {
        case string(String)
        case data(Data)
        case storage(TextStorage, Range<Int>)
    }

    private static let textTypes: [PasteboardType] = [.plainText, .url, .richText]
    /// ``textTypes`` as the menu rules ask (``SelectableContent/acceptedPasteboardTypes``).
    static let pasteableTypes = Set(textTypes)

    /// Selections up to this many bytes are copied to the pasteboard at once; larger ones are
    /// promised (produced from a snapshot when pasted or read), as system pasteboards do for large
    /// data.
    package static let eagerCopyLimit = 1 << 20

    /// What Select selects at the caret: what a double tap there would (a word, else a punctuation
    /// mark or emoji next to it, else the word before the spaces).
    private func unitAtCaret() -> Range<Int>? {
        guard !storage.isEmpty else { return nil }
        return segmenter.wordRange(atCaret: selection.lowerBound, in: storage)
    }

    /// The word (letters, digits, ideographs — not punctuation) at the caret, for Replace.
    private func wordAtCaret() -> Range<Int>? {
        unitAtCaret().flatMap { segmenter.wordSegment(atByte: $0.lowerBound, in: storage)?.isWord == true ? $0 : nil }
    }

    private func copy(_ command: EditCommand.ID, to pasteboard: any Pasteboard) throws(EditingError) {
        guard !isSecure else { throw .secureText(command) }
        guard !selection.isEmpty else { throw .nothingSelected(command) }
        let range = selection
        var representations: [PasteboardRepresentation]
        if range.count <= Self.eagerCopyLimit {
            let data = storage.data(in: range)
            representations = [PasteboardRepresentation(type: .plainText, data: data)]
            // A web address copied alone is a URL too (EDIT-MENU.md §9: several representations per
            // item), for what takes links but not text.
            if range.count <= 2048, let link = SharedContent.text(String(decoding: data, as: UTF8.self)).link {
                representations.append(PasteboardRepresentation(type: .url, data: Data(link.utf8)))
            }
        } else {
            // A promise over a copy of the storage: the copy shares the (never overwritten) buffers,
            // so copying 100 MB costs a few piece descriptors and no memory until someone pastes.
            representations = [PasteboardRepresentation(plainTextOf: storage, range: range)]
        }
        pasteboard.write([PasteboardItem(representations)])
    }

    /// Replaces `range` as one undo step named `action`: the caret goes after the new text, or with
    /// `selectingInserted` the new text is selected.
    mutating func change(
        _ range: Range<Int>, to replacement: Replacement, action: UndoAction, selectingInserted: Bool = false
    ) throws(EditingError) {
        let before = selection
        let edit: TextEdit
        do {
            switch replacement {
            case .string(let s): edit = try storage.replace(range, with: s)
            case .data(let d): edit = try storage.replace(range, withUTF8Data: d)
            case .storage(let source, let sourceRange):
                edit = try storage.replace(range, withTextOf: source, in: sourceRange)
            }
        } catch {
            throw .storage(error)
        }
        // The caret goes after the new text — after the whole Character when the text around joins it
        // (an inserted "x" before a combining mark, a deletion that brings a mark next to a letter).
        let end = storage.graphemeBoundary(atOrAfter: edit.insertedRange.upperBound)
        selection =
            selectingInserted ? storage.graphemeBoundary(atOrBefore: edit.insertedRange.lowerBound)..<end : end..<end
        if action != .typing { history.breakCoalescing() }
        history.record(edit, action: action, before: before, after: selection)
        if action != .typing { history.breakCoalescing() }
    }

    /// Makes one edit on the storage with `body` and records it as one undo step named `action`; the
    /// selection afterwards is `selecting(edit)`.
    mutating func recordEdit(
        _ action: UndoAction, selecting: (TextEdit) -> Range<Int>,
        _ body: (inout TextStorage) throws(TextStorageError) -> TextEdit
    ) throws(EditingError) {
        let before = selection
        let edit: TextEdit
        do {
            edit = try body(&storage)
        } catch {
            throw .storage(error)
        }
        selection = selecting(edit)
        history.breakCoalescing()
        history.record(edit, action: action, before: before, after: selection)
        history.breakCoalescing()
    }

    /// The plain text a paste inserts: each item's plain text (else its URL, else its HTML reduced to
    /// text), items joined by line feeds.
    static func pastedText(from pasteboard: any Pasteboard) throws(EditingError) -> Replacement {
        let types = pasteboard.types
        guard textTypes.contains(where: { pasteboard.contains($0) }) else {
            throw .nothingToPaste(accepted: textTypes, found: types)
        }
        let items = pasteboard.items()
        if items.count == 1, let source = items[0].representations.first(where: { $0.type == .plainText })?.textSource {
            return .storage(source.storage, source.range)
        }
        var parts: [Data] = []
        for item in items {
            if let text = item.data(for: .plainText) {
                parts.append(text)
            } else if let url = item.data(for: .url) {
                parts.append(url)
            } else if let html = item.string(for: .richText) {
                parts.append(Data(HTMLText.plainText(html).utf8))
            }
        }
        guard !parts.isEmpty else { throw .nothingToPaste(accepted: textTypes, found: types) }
        if parts.count == 1 { return .data(parts[0]) }
        var joined = Data()
        for (i, part) in parts.enumerated() {
            if i > 0 { joined.append(0x0A) }
            joined.append(part)
        }
        return .data(joined)
    }

    // MARK: TextDocument

    /// Replaces `changes` as one undo step named `actionName` and selects `selecting`
    /// (``TextDocument/replace(_:actionName:selecting:)``); the same text everywhere (Replace All,
    /// Writing Direction's marks) is one edit of the storage, however many ranges.
    ///
    /// - Throws: ``EditingError/notEditable(_:)`` for read-only text, ``EditingError/storage(_:)`` for a
    ///   range that does not fit; nothing changes then.
    public mutating func replace(
        _ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>
    ) throws(EditingError) {
        guard isEditable else { throw .notEditable(.replace) }
        guard let first = changes.first else { return select(selecting) }
        if changes.allSatisfy({ $0.text == first.text }) {
            let ranges = changes.map(\.range)
            try recordEdit(actionName, selecting: { _ in selecting }) {
                (storage: inout TextStorage) throws(TextStorageError) in
                changes.count == 1
                    ? try storage.replace(ranges[0], with: first.text) : try storage.replace(ranges, with: first.text)
            }
            return
        }
        // Different texts: one storage edit each, last first so earlier offsets hold, grouped as one step.
        try TextChange.validate(changes, byteCount: storage.byteCount)
        let before = selection
        history.breakCoalescing()
        history.beginGroup(actionName, selection: before)
        defer {
            history.endGroup(selection: selection)
            history.breakCoalescing()
        }
        for change in changes.reversed() {
            let edit: TextEdit
            do {
                edit = try storage.replace(change.range, with: change.text)
            } catch {
                throw .storage(error)
            }
            history.record(edit, action: actionName, before: before, after: selecting)
        }
        selection = min(selecting.lowerBound, storage.byteCount)..<min(selecting.upperBound, storage.byteCount)
    }

}
