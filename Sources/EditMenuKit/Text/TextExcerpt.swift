/// A part of a longer text that a host keeps in its own widget — what it reads around a selection or a
/// touch point — held as a ``TextStorage``, with the conversions between the widget's offsets into the
/// whole text, counted in Unicode scalars (as GTK's `GtkTextIter` and `GtkEditable` count "characters"),
/// and the excerpt's UTF-8 bytes.
///
/// A host reads an excerpt instead of its whole text, so the menu costs the same in a long document;
/// every gesture, selection fact and detection runs in the core on the excerpt, and the results come
/// back in the widget's scalars.
///
/// ```swift
/// // The widget's text is "Grüße aus 東京", the selection is scalars 6..<9 ("aus").
/// let excerpt = TextExcerpt(text: "Grüße aus 東京", startScalarOffset: 0, totalScalarCount: 12)
/// excerpt.byteOffset(ofScalarOffset: 6)                        // 8 (ü and ß take two bytes each)
/// let outcome = excerpt.apply(.doubleTap, atScalarOffset: 11, selection: nil, isSecure: false)
/// outcome.scalarSelection                                      // 10..<12 ("東京")
/// ```
public struct TextExcerpt: Sendable {
    /// The excerpt's text.
    public let storage: TextStorage
    /// Where the excerpt starts in the whole text, in Unicode scalars.
    package let startScalarOffset: Int
    /// How long the whole text is, in Unicode scalars.
    package let totalScalarCount: Int
    /// The byte offset of each scalar of the excerpt, and the end.
    private let scalarBytes: [Int]

    /// The scalars examined on each side of a selection or touch point by ``excerpt(around:radius:totalScalarCount:secure:text:)``:
    /// no word or detected item is longer.
    public static let defaultRadius = 1024

    /// An excerpt holding `text`, which starts at scalar `startScalarOffset` of a whole text
    /// `totalScalarCount` scalars long.
    public init(text: String, startScalarOffset: Int, totalScalarCount: Int) {
        storage = TextStorage(text)
        self.startScalarOffset = startScalarOffset
        self.totalScalarCount = totalScalarCount
        var offsets: [Int] = [0]
        offsets.reserveCapacity(text.unicodeScalars.count + 1)
        var byte = 0
        for scalar in text.unicodeScalars {
            byte += UTF8.width(scalar)
            offsets.append(byte)
        }
        scalarBytes = offsets
    }

    /// The excerpt around scalar range `range` of a whole text `totalScalarCount` scalars long:
    /// `radius` scalars on each side (the whole text when `secure`, which is short and selected as
    /// one), read with `text`, which returns the whole text's scalars in a range.
    public static func excerpt(
        around range: Range<Int>, radius: Int = defaultRadius, totalScalarCount: Int, secure: Bool = false,
        text: (Range<Int>) -> String
    ) -> TextExcerpt {
        let lower = secure ? 0 : max(0, range.lowerBound - radius)
        let upper = secure ? totalScalarCount : min(totalScalarCount, range.upperBound + radius)
        return TextExcerpt(text: text(lower..<upper), startScalarOffset: lower, totalScalarCount: totalScalarCount)
    }

    /// The start of a whole text `totalScalarCount` scalars long, at most `limit` UTF-8 bytes and
    /// ending on a Character boundary — ``EditMenuHost/documentText(limit:)`` for a host that counts
    /// scalars. Reads at most `limit + 1` scalars with `text` (a scalar is at least one byte, so that is
    /// past the limit whenever the text is longer, and the cut lands before the Character it splits).
    ///
    /// ```swift
    /// let text = "Grüße"  // 5 scalars, 7 bytes
    /// TextExcerpt.documentStart(limit: 4, totalScalarCount: 5) { range in
    ///     String(String.UnicodeScalarView(text.unicodeScalars.prefix(range.upperBound).dropFirst(range.lowerBound)))
    /// }  // "Grü" (4 bytes)
    /// ```
    package static func documentStart(limit: Int, totalScalarCount: Int, text: (Range<Int>) -> String) -> String {
        let storage = TextStorage(text(0..<min(totalScalarCount, max(0, limit) + 1)))
        guard storage.byteCount > limit else { return storage.string }
        return storage.string(in: 0..<storage.graphemeBoundary(atOrBefore: max(0, limit)))
    }

    /// The excerpt's UTF-8 byte offset of scalar `offset` of the whole text, clamped to the excerpt.
    public func byteOffset(ofScalarOffset offset: Int) -> Int {
        scalarBytes[min(max(offset - startScalarOffset, 0), scalarBytes.count - 1)]
    }

    /// The whole text's scalar offset of byte `offset` of the excerpt (rounded down to a scalar).
    public func scalarOffset(ofByte offset: Int) -> Int {
        var low = 0
        var high = scalarBytes.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if scalarBytes[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return startScalarOffset + low
    }

    /// Byte range of the excerpt for scalar range `range` of the whole text.
    public func byteRange(ofScalarRange range: Range<Int>) -> Range<Int> {
        byteOffset(ofScalarOffset: range.lowerBound)..<byteOffset(ofScalarOffset: range.upperBound)
    }

    /// Scalar range of the whole text for byte range `range` of the excerpt.
    public func scalarRange(ofByteRange range: Range<Int>) -> Range<Int> {
        scalarOffset(ofByte: range.lowerBound)..<scalarOffset(ofByte: range.upperBound)
    }

    /// The selection facts the rules need for `scalarSelection` (scalars of the whole text; `nil`:
    /// nothing selected, empty: a caret).
    public func selectionState(scalarSelection: Range<Int>?, isSecure: Bool, segmenter: TextSegmenter = TextSegmenter())
        -> SelectionState
    {
        let bytes = scalarSelection.map { storage.graphemeAligned(byteRange(ofScalarRange: $0)) }
        var state = TextSelectionFacts(storage: storage, selection: bytes, isSecure: isSecure, segmenter: segmenter)
            .state
        if case .range(var facts) = state, let scalarSelection {
            // The excerpt is not the whole text: only the widget's offsets say whether all is selected.
            facts.coversAll = scalarSelection.lowerBound == 0 && scalarSelection.upperBound == totalScalarCount
            state = .range(facts)
        }
        return state
    }

    /// The selected text with its context, for data detection and the services; `nil` for a caret or
    /// an over-long selection.
    public func selectedText(scalarSelection: Range<Int>) -> SelectedText? {
        SelectedText(storage: storage, selection: storage.graphemeAligned(byteRange(ofScalarRange: scalarSelection)))
    }

    /// What a gesture did, in the whole text's scalars.
    public struct GestureResult: Hashable, Sendable {
        /// Whether the menu shows after the gesture.
        public var showsMenu: Bool
        /// The selection afterwards, in scalars of the whole text; `nil` when the gesture selected
        /// nothing new.
        public var scalarSelection: Range<Int>?
    }

    /// Applies `gesture` at scalar `offset` of the whole text (`nil`: at the selection) with
    /// `gestures`' semantics: the word, paragraph or caret it selects, in the whole text's scalars.
    public func apply(
        _ gesture: RevealGesture, atScalarOffset offset: Int?, selection: Range<Int>?, isSecure: Bool,
        input: InputMethod = .touch, gestures: SelectionGestures = SelectionGestures()
    ) -> GestureResult {
        let at = offset ?? selection?.lowerBound ?? startScalarOffset
        let outcome = gestures.apply(
            gesture, atByte: byteOffset(ofScalarOffset: at), in: storage,
            selection: selection.map { storage.graphemeAligned(byteRange(ofScalarRange: $0)) }, isSecure: isSecure,
            input: input)
        return GestureResult(
            showsMenu: outcome.showsMenu, scalarSelection: outcome.selection.map(scalarRange(ofByteRange:)))
    }
}
