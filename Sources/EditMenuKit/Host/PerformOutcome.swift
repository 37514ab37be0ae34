import Foundation

/// What performing a command did.
public enum PerformOutcome: Hashable, Sendable {
    /// The command did its work.
    case done
    /// A URI (or an exported event or contact card) was handed to the host's opener, which took it.
    case opened(String)
    /// A service showed a panel.
    case showedPanel(EditMenuPanel)
    /// A service is working in the background (translating, synthesizing speech); when it is done, the
    /// delegate hears a second time, with what it did (`.showedPanel`, `.spoke` …) or why it failed.
    case started
    /// Text was spoken (or is being spoken) by a speech service.
    case spoke(SpokenText)
    /// The command could not be performed: one sentence saying why.
    case failed(String)

    /// The message of a failed outcome; `nil` for any other.
    public var failure: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
