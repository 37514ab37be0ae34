import EditMenuKit

/// Data detection for a text editor's selection, on a small window of the storage around it.
enum DemoDetection {
    /// Selections longer than this are not examined (a detected item is never that long).
    static let maximumSelectionBytes = 16 << 10
    /// Bytes of context on each side of the selection.
    static let contextBytes = 256

    static func actions(for editor: TextEditor, detector: DataDetector = DataDetector()) -> [DataAction] {
        detection(for: editor, detector: detector).actions
    }

    static func detection(for editor: TextEditor, detector: DataDetector = DataDetector()) -> SelectionDetection {
        let selection = editor.selection
        guard !editor.isSecure, !selection.isEmpty, selection.count <= maximumSelectionBytes else { return .none }
        let storage = editor.storage
        let lower = storage.graphemeBoundary(atOrBefore: max(0, selection.lowerBound - contextBytes))
        let upper = storage.graphemeBoundary(atOrAfter: min(storage.byteCount, selection.upperBound + contextBytes))
        let window = storage.string(in: lower..<upper)
        let before = storage.string(in: lower..<selection.lowerBound).count
        let selected = storage.string(in: selection).count
        return detector.detect(inSelection: before..<(before + selected), of: window)
    }
}
