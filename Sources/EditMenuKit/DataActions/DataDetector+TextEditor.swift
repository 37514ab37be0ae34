extension DataDetector {
    /// Selections longer than this many bytes are not examined (a detected item is never that long).
    package static let maximumSelectionBytes = 16 << 10

    /// Detection for a text editor's selection, as a host runs it on every reveal: on a window of the
    /// storage reaching `contextBytes` around the selection (so the cost never depends on the document),
    /// and nothing for secure text, a caret or an over-long selection.
    ///
    /// Ranges: each item's ``DetectedItem/byteRange`` is in UTF-8 bytes of the storage (like
    /// `editor.selection`); its ``DetectedItem/characterRange`` counts Characters from the storage byte
    /// `SelectionDetection.characterRangeOriginByte`, the start of the examined window.
    ///
    /// ```swift
    /// let editor = TextEditor(text: "Call +1 (408) 555-0123 now", selection: 5..<22)
    /// DataDetector().detect(inSelectionOf: editor).actions.map(\.id)   // [.call, .sendMessage]
    /// ```
    public func detect(inSelectionOf editor: TextEditor, contextBytes: Int = 256) -> SelectionDetection {
        let selection = editor.selection
        guard !editor.isSecure, !selection.isEmpty, selection.count <= Self.maximumSelectionBytes else { return .none }
        let storage = editor.storage
        let lower = storage.graphemeBoundary(atOrBefore: max(0, selection.lowerBound - contextBytes))
        let upper = storage.graphemeBoundary(atOrAfter: min(storage.byteCount, selection.upperBound + contextBytes))
        let window = storage.string(in: lower..<upper)
        let before = storage.string(in: lower..<selection.lowerBound).count
        let selected = storage.string(in: selection).count
        var result = detect(inCharacterRange: before..<(before + selected), of: window)
        func shifted(_ item: DetectedItem) -> DetectedItem {
            var item = item
            item.byteRange = (item.byteRange.lowerBound + lower)..<(item.byteRange.upperBound + lower)
            return item
        }
        result.items = result.items.map(shifted)
        result.actionable = result.actionable.map(shifted)
        result.characterRangeOriginByte = lower
        return result
    }
}
