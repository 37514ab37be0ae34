@testable import EditMenuKit

extension DataDetector {
    /// The text of each item of `type` found in `text`, in order: what a detection test compares.
    func matchedTexts(_ type: DataType, in text: String) -> [String] {
        detect(in: text).filter { $0.type == type }.map(\.matchedText)
    }
}
