import EditMenuKit

/// Data detection for a text editor's selection (on a small window of the storage around it).
enum DemoDetection {
    static func actions(for editor: TextEditor, detector: DataDetector = DataDetector()) -> [DataAction] {
        detector.detect(inSelectionOf: editor).actions
    }
}
