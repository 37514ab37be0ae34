import Foundation

/// Why a command could not be performed. The menu normally hides or dims such commands; a host
/// that performs one anyway (a keyboard shortcut, a script) gets this instead of a crash.
public enum EditingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The content is read-only and the command changes it.
    case notEditable(EditCommand.ID)
    /// The command needs a selection and there is none (or only a caret).
    case nothingSelected(EditCommand.ID)
    /// Secure text cannot be cut, copied or selected word by word.
    case secureText(EditCommand.ID)
    /// The pasteboard has nothing this content accepts.
    case nothingToPaste(accepted: [PasteboardType], found: [PasteboardType])
    /// There is no word at the caret for Select or Replace.
    case noWordAtCaret
    /// What Select would select is already selected (Select with a range). Select All with
    /// everything selected is not an error: it does nothing, as on Apple's platforms.
    case alreadySelected(EditCommand.ID)
    /// Undo or Redo with an empty stack.
    case nothingToUndo(EditCommand.ID)
    /// The content does not perform this command (Look Up, Share … are the host's).
    case unsupported(EditCommand.ID)
    /// A storage operation failed.
    case storage(TextStorageError)
    /// The text to insert is larger than the editor accepts (``TextEditor/maximumPasteBytes``);
    /// nothing was changed.
    case tooLarge(EditCommand.ID, bytes: Int, limit: Int)
    /// The command looked for something and found none (Check Document Now: no misspelled word).
    case nothingFound(EditCommand.ID, String)

    /// The error in one line, starting with the command it concerns.
    public var description: String {
        switch self {
        case .notEditable(let id): return "\(id.rawValue): the content is not editable"
        case .nothingSelected(let id): return "\(id.rawValue): nothing is selected"
        case .secureText(let id): return "\(id.rawValue): not available in secure text"
        case .nothingToPaste(let accepted, let found):
            let has =
                found.isEmpty
                ? "the pasteboard is empty" : "the pasteboard has \(found.map(\.rawValue).joined(separator: ", "))"
            return "paste: \(has); this content accepts \(accepted.map(\.rawValue).joined(separator: ", "))"
        case .noWordAtCaret: return "there is no word at the caret"
        case .alreadySelected(let id):
            return id == .select
                ? "select: something is already selected" : "\(id.rawValue): what it selects is already selected"
        case .nothingToUndo(let id): return "\(id.rawValue): there is nothing to \(id.rawValue)"
        case .unsupported(let id): return "\(id.rawValue): this content does not perform it; the host does"
        case .storage(let error): return error.description
        case .nothingFound(let id, let what): return "\(id.rawValue): \(what)"
        case .tooLarge(let id, let bytes, let limit):
            return
                "\(id.rawValue): the pasteboard holds \(Self.size(bytes)) of text, more than the \(Self.size(limit)) "
                + "a paste may copy; nothing was pasted"
        }
    }

    /// A byte count for people: `1.0 GiB`, `256 MiB`, `12 KiB`, `80 bytes`.
    static func size(_ bytes: Int) -> String {
        let units: [(Int, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (unit, name) in units where bytes >= unit {
            return bytes % unit == 0
                ? "\(bytes / unit) \(name)" : String(format: "%.1f", Double(bytes) / Double(unit)) + " \(name)"
        }
        return "\(bytes) bytes"
    }
}
