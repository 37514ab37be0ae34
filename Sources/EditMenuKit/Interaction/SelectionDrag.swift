import Foundation

/// A drag across the content, as the controller's gesture recognizer saw it.
public enum SelectionDrag: Hashable, Sendable {
    /// The drag started at this point (where the press went down).
    case began(at: CGPoint)
    /// It moved here.
    case moved(to: CGPoint)
    /// It ended here.
    case ended(at: CGPoint)
}
