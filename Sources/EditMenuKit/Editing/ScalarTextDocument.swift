/// A ``TextDocument`` whose widget counts in Unicode scalars, as GTK's `GtkTextIter` and `GtkEditable`
/// do: the widget gives scalar primitives, and the core converts them to and from the document's UTF-8
/// bytes through ``scalarText``, a ``TextExcerpt`` of the whole text — so every document behaviour
/// stays the core's one implementation.
///
/// ```swift
/// extension MyEntry: ScalarTextDocument {
///     var scalarText: TextExcerpt { cached ?? remember(TextExcerpt(text: text, startScalarOffset: 0,
///                                                                  totalScalarCount: scalarCount)) }
///     var scalarSelection: Range<Int>? { … }
///     func select(scalars: Range<Int>) { … }
///     func replace(scalarChanges: [TextChange], actionName: UndoAction) throws(EditingError) { … }
/// }
/// ```
public protocol ScalarTextDocument: TextDocument {
    /// The whole text with its scalar ↔ byte conversions; a widget keeps it until its text changes.
    var scalarText: TextExcerpt { get }

    /// The selection in scalars (empty: the caret); `nil` when there is neither.
    var scalarSelection: Range<Int>? { get }

    /// Selects `scalars`.
    mutating func select(scalars: Range<Int>)

    /// Replaces each range of `scalarChanges` (in **Unicode scalars** of the text before the change,
    /// ascending) with its text, as one step of the widget's undo named `actionName`.
    mutating func replace(scalarChanges: [TextChange], actionName: UndoAction) throws(EditingError)
}

extension ScalarTextDocument {
    /// ``scalarText``'s storage.
    public var storage: TextStorage { scalarText.storage }

    /// ``scalarSelection`` in bytes.
    public var selection: Range<Int> {
        guard let scalars = scalarSelection else { return 0..<0 }
        return scalarText.byteRange(ofScalarRange: scalars)
    }

    /// Selects `range` (bytes) as scalars.
    public mutating func select(_ range: Range<Int>) {
        let text = scalarText
        let lower = min(max(0, range.lowerBound), text.storage.byteCount)
        let upper = min(max(lower, range.upperBound), text.storage.byteCount)
        select(scalars: text.scalarRange(ofByteRange: lower..<upper))
    }

    /// Converts `changes` to scalars, replaces them as one step, then selects `selecting` in the new text.
    public mutating func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>)
        throws(EditingError)
    {
        guard isEditable else { throw .notEditable(.replace) }
        let before = scalarText
        try TextChange.validate(changes, byteCount: before.storage.byteCount)
        let scalarChanges = changes.map { TextChange(before.scalarRange(ofByteRange: $0.range), with: $0.text) }
        try replace(scalarChanges: scalarChanges, actionName: actionName)
        select(selecting)
    }
}
