#if GTK
import Foundation

/// The host's own record of what happened — menus shown (style, items, frames in window coordinates),
/// selections made, commands performed — one JSON object per line, for end-to-end tests and debugging.
///
/// ```swift
/// let log = EventLog(path: ProcessInfo.processInfo.environment["EDITMENU_GTK_LOG"])
/// log.record("menu", ["style": "compact", "items": ["Copy"]])
/// // {"event":"menu","items":["Copy"],"style":"compact"}
/// ```
@MainActor
public final class EventLog {
    private let handle: FileHandle?

    /// Logs to the file at `path` (created or truncated), or nowhere when `path` is `nil` or cannot be opened.
    public init(path: String?) {
        if let path, FileManager.default.createFile(atPath: path, contents: nil) {
            handle = FileHandle(forWritingAtPath: path)
        } else {
            handle = nil
        }
    }

    /// Whether events are written anywhere: without a log, callers skip work done only for it.
    public var isEnabled: Bool { handle != nil }

    /// Appends one event with its fields (JSON-serializable values: strings, numbers, arrays, dictionaries);
    /// the fields are evaluated only when there is a log.
    public func record(_ event: String, _ fields: @autoclosure () -> [String: Any] = [:]) {
        guard let handle else { return }
        var object = fields()
        object["event"] = event
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else { return }
        handle.write(data + Data("\n".utf8))
    }
}
#endif
