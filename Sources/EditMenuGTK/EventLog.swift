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
package final class EventLog {
    private let handle: FileHandle?

    /// Logs to the file at `path` (created or truncated), or nowhere when `path` is `nil` or cannot be opened.
    package init(path: String?) {
        if let path, FileManager.default.createFile(atPath: path, contents: nil) {
            handle = FileHandle(forWritingAtPath: path)
        } else {
            handle = nil
        }
    }

    /// Whether events are written anywhere: without a log, callers skip work done only for it.
    package var isEnabled: Bool { handle != nil }

    /// Appends one event with its fields (strings, numbers, booleans, arrays, dictionaries); the fields
    /// are evaluated only when there is a log. A value JSON has no form for (a `Substring`, which
    /// Foundation on Linux does not serialize, an enum) is written as its description, so no event is
    /// dropped.
    package func record(_ event: String, _ fields: @autoclosure () -> [String: Any] = [:]) {
        guard let handle else { return }
        var object = fields().mapValues(Self.jsonValue)
        object["event"] = event
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        handle.write(data + Data("\n".utf8))
    }

    /// `value` as a value `JSONSerialization` writes on every platform.
    static func jsonValue(_ value: Any) -> Any {
        switch value {
        case let string as String: return string
        case let bool as Bool: return bool
        case let int as Int: return int
        case let integer as any BinaryInteger: return Int(truncatingIfNeeded: integer)
        case let double as Double: return double.isFinite ? double : String(describing: double)
        case let number as any BinaryFloatingPoint: return jsonValue(Double(number))
        case let array as [Any]: return array.map(jsonValue)
        case let object as [String: Any]: return object.mapValues(jsonValue)
        default: return String(describing: value)
        }
    }
}
#endif
