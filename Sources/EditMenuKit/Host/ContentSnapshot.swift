import Foundation

/// A snapshot of the host's content and selection, taken before each presentation: what a host tells
/// the controller (``EditMenuHost/menuContent()``). The controller adds the pasteboard's types, the
/// detected data, the services and the host's capabilities, and hands the rules the ``EditMenuContext``
/// they decide from.
///
/// ```swift
/// ContentSnapshot(content: SelectableContent(kind: .image, selection: .object))
/// editor.editMenuContent(locale: .english)      // a TextEditor's, with its text and undo state
/// ```
public struct ContentSnapshot: Hashable, Sendable {
    /// The kind of content, its traits and the selection facts the rules decide from.
    public var content: SelectableContent
    /// What Undo would undo.
    public var undo: UndoState
    /// What Redo would redo.
    public var redo: UndoState
    /// The selected text with some context, for data detection and the services (Look Up, Translate,
    /// Search); `nil` for objects, secure text, a caret, or a selection too long to examine.
    public var selectedText: SelectedText?
    /// The host's spelling suggestions for the selected word (Replace… appears when there are some).
    public var spellingSuggestions: [String]
    /// The selected objects (for Share…); empty for text.
    public var selectedObjects: [EditableObject]

    /// Creates content facts.
    public init(
        content: SelectableContent, undo: UndoState = .unavailable, redo: UndoState = .unavailable,
        selectedText: SelectedText? = nil, spellingSuggestions: [String] = [], selectedObjects: [EditableObject] = []
    ) {
        self.content = content
        self.undo = undo
        self.redo = redo
        self.selectedText = selectedText
        self.spellingSuggestions = spellingSuggestions
        self.selectedObjects = selectedObjects
    }
}

/// A selection inside a piece of text: the text around it and which of its Characters are selected.
///
/// A host never hands over a whole document: at most ``maximumSelectionBytes`` of selection and
/// ``contextBytes`` on each side.
///
/// ```swift
/// let selected = SelectedText(text: "Call +1 (408) 555-0123 now", characterRange: 5..<22)
/// // Characters 5..<22 of the text are selected: "+1 (408) 555-0123".
/// ```
public struct SelectedText: Hashable, Sendable {
    /// The selected text and what surrounds it.
    public var text: String {
        didSet { selectedUTF8Range = Self.utf8Range(of: characterRange, in: text) }
    }
    /// The selection, in Characters (extended grapheme clusters) of ``text``.
    public var characterRange: Range<Int> {
        didSet { selectedUTF8Range = Self.utf8Range(of: characterRange, in: text) }
    }
    /// The selection in UTF-8 bytes of ``text``, found once when the text or the range changes: every
    /// menu reads the selected string several times (services, the quoted title, spelling); data
    /// detection walks only its margins' Characters with it. Empty when ``characterRange`` lies outside
    /// the text.
    package private(set) var selectedUTF8Range: Range<Int>

    /// Creates a selection of `characterRange` (Characters of `text`).
    public init(text: String, characterRange: Range<Int>) {
        self.text = text
        self.characterRange = characterRange
        self.selectedUTF8Range = Self.utf8Range(of: characterRange, in: text)
    }

    private init(text: String, characterRange: Range<Int>, selectedUTF8Range: Range<Int>) {
        self.text = text
        self.characterRange = characterRange
        self.selectedUTF8Range = selectedUTF8Range
    }

    /// The selected Characters.
    package var selectedString: String { string(inUTF8: selectedUTF8Range) }

    /// The Characters of ``text`` at `range` (its UTF-8 bytes, on Character boundaries).
    private func string(inUTF8 range: Range<Int>) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(text[lower..<utf8.index(lower, offsetBy: range.count)])
    }

    /// The selection widened to the whole word it lies in, in UTF-8 bytes of ``text``: over the letters,
    /// marks and digits touching it (and an apostrophe between two letters: "don't"), so that a spelling
    /// suggestion for the word replaces the word, never a fragment of it ("eci" of "recieve"). The
    /// selection itself when no word Character touches it.
    package var selectedWordUTF8Range: Range<Int> {
        let utf8 = text.utf8
        guard !selectedUTF8Range.isEmpty, selectedUTF8Range.upperBound <= utf8.count else { return selectedUTF8Range }
        func isWordCharacter(_ character: Character) -> Bool {
            character.unicodeScalars.first.map { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            } ?? false
        }
        func isApostrophe(_ character: Character) -> Bool { character == "'" || character == "\u{2019}" }
        var lower = utf8.index(utf8.startIndex, offsetBy: selectedUTF8Range.lowerBound)
        var upper = utf8.index(utf8.startIndex, offsetBy: selectedUTF8Range.upperBound)
        // Only an edge that is itself inside a word widens (" word" does not reach the word before).
        let widensBack = isWordCharacter(text[lower])
        let widensForward = isWordCharacter(text[text.index(before: upper)])
        while widensBack, lower > text.startIndex {
            let before = text.index(before: lower)
            if isWordCharacter(text[before]) {
                lower = before
            } else if isApostrophe(text[before]), before > text.startIndex,
                isWordCharacter(text[text.index(before: before)]), isWordCharacter(text[lower])
            {
                lower = before
            } else {
                break
            }
        }
        while widensForward, upper < text.endIndex {
            if isWordCharacter(text[upper]) {
                upper = text.index(after: upper)
            } else if isApostrophe(text[upper]), upper > text.startIndex,
                isWordCharacter(text[text.index(before: upper)]),
                text.index(after: upper) < text.endIndex, isWordCharacter(text[text.index(after: upper)])
            {
                upper = text.index(after: upper)
            } else {
                break
            }
        }
        return utf8.distance(from: utf8.startIndex, to: lower)..<utf8.distance(from: utf8.startIndex, to: upper)
    }

    /// The selected word, widened as ``selectedWordUTF8Range`` says.
    package var selectedWord: String { string(inUTF8: selectedWordUTF8Range) }

    /// The UTF-8 bytes of `text` that Characters `range` cover; empty when the range lies outside it.
    private static func utf8Range(of range: Range<Int>, in text: String) -> Range<Int> {
        guard range.lowerBound >= 0,
            let lower = text.index(text.startIndex, offsetBy: range.lowerBound, limitedBy: text.endIndex),
            let upper = text.index(lower, offsetBy: range.count, limitedBy: text.endIndex)
        else { return 0..<0 }
        let start = text.utf8.distance(from: text.startIndex, to: lower)
        return start..<(start + text.utf8.distance(from: lower, to: upper))
    }

    /// The longest selection (UTF-8 bytes) whose text is examined: 64 KiB. Longer selections get no
    /// data actions and no text services.
    public static let maximumSelectionBytes = 64 << 10

    /// The context examined on each side of the selection (UTF-8 bytes): enough for any detected item
    /// the selection lies inside.
    public static let contextBytes = 256

    /// The selection `range` (UTF-8 bytes of `storage`, on Character boundaries) with up to
    /// ``contextBytes`` around it; `nil` when it is empty or longer than ``maximumSelectionBytes``.
    public init?(storage: TextStorage, selection range: Range<Int>) {
        self.init(storage: storage, selection: range, selectedCharacterCount: nil)
    }

    /// ``init(storage:selection:)`` for a selection whose Characters the caller has counted already
    /// (`selectedCharacterCount`, as `TextStorage.characterCount(in:)` gives; `nil`: count them here).
    package init?(storage: TextStorage, selection range: Range<Int>, selectedCharacterCount: Int?) {
        guard !range.isEmpty, range.count <= Self.maximumSelectionBytes, range.upperBound <= storage.byteCount else {
            return nil
        }
        let lower = storage.graphemeBoundary(atOrBefore: max(0, range.lowerBound - Self.contextBytes))
        let upper = storage.graphemeBoundary(atOrAfter: min(storage.byteCount, range.upperBound + Self.contextBytes))
        let text = storage.string(in: lower..<upper)
        guard text.utf8.count == upper - lower else {
            // Bytes that are not UTF-8 were decoded as U+FFFD, so the storage's offsets do not apply.
            let before = storage.string(in: lower..<range.lowerBound).count
            let characterRange = before..<(before + storage.string(in: range).count)
            self.init(text: text, characterRange: characterRange)
            return
        }
        let selected = (range.lowerBound - lower)..<(range.upperBound - lower)
        // The Characters before the selection, counted over the text's own bytes.
        let before =
            text.utf8.withContiguousStorageIfAvailable {
                CharacterBoundaries.characterCount(inUTF8: UnsafeBufferPointer(rebasing: $0[..<selected.lowerBound]))
            } ?? storage.characterCount(in: lower..<range.lowerBound)
        let count = selectedCharacterCount ?? storage.characterCount(in: range)
        self.init(text: text, characterRange: before..<(before + count), selectedUTF8Range: selected)
    }
}
