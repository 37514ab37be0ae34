import Foundation

/// A host's text as the core edits it: a few primitives in UTF-8 bytes — read, replace as one undo
/// step, select, where a range is drawn, what is under a point — on which every document behaviour is
/// written once (``TextDocument`` extensions): Find and Replace, Transformations, Writing Direction,
/// substitutions while typing, Check Document Now, gestures and the selection's facts.
///
/// ``TextEditor`` is one (the core's own text); a toolkit's text widget is another — GTK's text view
/// adapts its scalar offsets with ``TextExcerpt``; a custom-drawn view implements the primitives over
/// its own storage. A host hands its document to the controller as ``EditMenuHost/textDocument``.
///
/// ```swift
/// final class Notes: TextDocument {
///     var storage = TextStorage("one two one")
///     var selection = 0..<0
///     var isEditable: Bool { true }
///     var isSecure: Bool { false }
///     func select(_ range: Range<Int>) { selection = range }
///     func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>)
///         throws(EditingError) { /* apply, last first; record one undo step */ }
/// }
/// var notes: some TextDocument = Notes()
/// try notes.replaceAll(FindQuery("one"), with: "1")      // the core's Replace All, one undo step
/// ```
///
/// Units: every offset is a UTF-8 byte offset of the text, on Character boundaries.
public protocol TextDocument {
    /// The whole text, read in ranges (``TextStorage/string(in:)``). A document that keeps its text
    /// elsewhere makes one per change (GTK's text view: its buffer's text, once per change).
    var storage: TextStorage { get }

    /// The selection (empty: the caret).
    var selection: Range<Int> { get }

    /// Selects `range` (clamped to the text); the document shows it as its selection.
    mutating func select(_ range: Range<Int>)

    /// Whether the text can be changed.
    var isEditable: Bool { get }

    /// Whether the text is hidden (a password): never read for the menu's services or searched.
    var isSecure: Bool { get }

    /// Replaces every range of `changes` (ascending, not overlapping, in offsets of the text
    /// before the change) with its text as **one** undo step named `actionName`, then selects
    /// `selecting` (offsets of the text after the change).
    ///
    /// - Throws: ``EditingError`` when the document cannot (read-only, a range out of bounds); then
    ///   nothing changed.
    mutating func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>)
        throws(EditingError)

    /// How the text breaks into words and sentences (gestures, Select). `TextSegmenter()` by default.
    var segmenter: TextSegmenter { get }

    /// One rect per line `range` covers (a caret: a zero-width rect), in the host's coordinates; empty
    /// when it is out of view. None by default (a document without geometry).
    func rects(for range: Range<Int>) -> [CGRect]

    /// The offset under `point` (host coordinates), `nil` when there is no text there. `nil` by
    /// default.
    func byteOffset(at point: CGPoint) -> Int?

    /// Scrolls so that `range` shows (its start, then as much as fits). Does nothing by default.
    mutating func scrollRangeToVisible(_ range: Range<Int>)

    /// The document commands the host offers on this text (``HostCapabilities``; with
    /// `checksSpelling`, the controller has a spell checker with a dictionary). By default everything
    /// the core performs on editable text (``TextDocument/documentCapabilities(checksSpelling:)``); a
    /// host whose widget lacks a part (no emoji picker, no substitutions while typing) says less.
    func documentCapabilities(checksSpelling: Bool) -> HostCapabilities
}

/// One change of a ``TextDocument``: `range` (UTF-8 bytes of the text before the change) becomes
/// `text`.
public struct TextChange: Hashable, Sendable {
    /// What is replaced (empty: an insertion).
    public var range: Range<Int>
    /// What replaces it (empty: a deletion).
    public var text: String

    /// Creates a replacement.
    public init(_ range: Range<Int>, with text: String) {
        self.range = range
        self.text = text
    }

    /// Checks that `changes` are ascending, do not overlap and fit in a text of `byteCount` bytes.
    ///
    /// - Throws: ``EditingError/storage(_:)`` naming the first range that does not.
    static func validate(_ changes: [TextChange], byteCount: Int) throws(EditingError) {
        var previousEnd = 0
        for change in changes {
            guard change.range.lowerBound >= previousEnd, change.range.upperBound <= byteCount else {
                throw .storage(.rangeOutOfBounds(change.range, byteCount: byteCount))
            }
            previousEnd = change.range.upperBound
        }
    }
}

extension TextDocument {
    /// The word-segmenting rules of ICU for the text's language.
    public var segmenter: TextSegmenter { TextSegmenter() }

    /// None.
    public func rects(for range: Range<Int>) -> [CGRect] { [] }

    /// None.
    public func byteOffset(at point: CGPoint) -> Int? { nil }

    /// Nothing scrolls.
    public mutating func scrollRangeToVisible(_ range: Range<Int>) {}

    /// The text's length in UTF-8 bytes.
    public var byteCount: Int { storage.byteCount }

    /// The text of `range` (UTF-8 bytes, clamped to the text).
    public func text(in range: Range<Int>) -> String {
        let storage = storage
        let lower = min(max(0, range.lowerBound), storage.byteCount)
        return storage.string(in: lower..<min(max(lower, range.upperBound), storage.byteCount))
    }

    /// The paragraph holding `offset`: from the byte after the line feed before it (or the start) to
    /// its line feed (excluded) or the end. Searched 64 KiB at a time.
    package func paragraphRange(containing offset: Int) -> Range<Int> {
        let storage = storage
        let at = min(max(0, offset), storage.byteCount)
        return paragraphStart(atOrBefore: at, in: storage)..<paragraphEnd(atOrAfter: at, in: storage)
    }

    func paragraphStart(atOrBefore offset: Int, in storage: TextStorage) -> Int {
        var upper = min(max(0, offset), storage.byteCount)
        while upper > 0 {
            let lower = max(0, upper - (1 << 16))
            var position = lower
            var last: Int?
            storage.forEachRun(in: lower..<upper) { run in
                if let i = run.lastIndex(of: UInt8(ascii: "\n")) { last = position + i }
                position += run.count
            }
            if let last { return last + 1 }
            upper = lower
        }
        return 0
    }

    func paragraphEnd(atOrAfter offset: Int, in storage: TextStorage) -> Int {
        var lower = min(max(0, offset), storage.byteCount)
        while lower < storage.byteCount {
            let upper = min(storage.byteCount, lower + (1 << 16))
            var position = lower
            var first: Int?
            storage.forEachRun(in: lower..<upper) { run in
                if first == nil, let i = run.firstIndex(of: UInt8(ascii: "\n")) { first = position + i }
                position += run.count
            }
            if let first { return first }
            lower = upper
        }
        return storage.byteCount
    }

    /// Replaces the selection with `text` as one undo step named `actionName` and selects the new
    /// text (a spelling suggestion, a translation).
    ///
    /// - Throws: ``EditingError/notEditable(_:)`` for read-only text, ``EditingError/nothingSelected(_:)``
    ///   with only a caret.
    public mutating func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        guard isEditable else { throw .notEditable(.replace) }
        let range = selection
        guard !range.isEmpty else { throw .nothingSelected(.replace) }
        let lower = range.lowerBound
        try replace(
            [TextChange(range, with: text)], actionName: actionName,
            selecting: lower..<(lower + text.utf8.count))
    }
}
