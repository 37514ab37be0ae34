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

    /// A rectangle as the log writes it: `[x, y, width, height]`.
    nonisolated package static func rect(_ r: CGRect) -> [Double] { [r.minX, r.minY, r.width, r.height] }

    /// Appends one event with its fields (strings, numbers, booleans, arrays, dictionaries); the fields
    /// are evaluated only when there is a log. A value JSON has no form for (a `Substring`, which
    /// Foundation on Linux does not serialize, an enum) is written as its description, so no event is
    /// dropped.
    ///
    /// Written as compact JSON with sorted keys by ``write(_:to:)``, not `JSONSerialization`: the log
    /// is written on the input path of the host it records, and Foundation's serializer on Linux (which
    /// bridges every value to an `NSObject`) cost a right click's menu about a millisecond.
    package func record(_ event: String, _ fields: @autoclosure () -> [String: Any] = [:]) {
        guard let handle else { return }
        var object = fields()
        object["event"] = event
        var line: [UInt8] = []
        line.reserveCapacity(256)
        Self.write(object, to: &line)
        line.append(0x0A)
        handle.write(Data(line))
    }

    /// `value` as JSON: what ``jsonValue(_:)`` makes of it, objects with their keys sorted.
    static func write(_ value: Any, to out: inout [UInt8]) {
        switch jsonValue(value) {
        case let string as String:
            writeString(string, to: &out)
        case let bool as Bool:
            out.append(contentsOf: (bool ? "true" : "false").utf8)
        case let int as Int:
            out.append(contentsOf: String(int).utf8)
        case let double as Double:
            // Whole numbers as integers, as JSONSerialization writes them (`5`, not `5.0`).
            if double == double.rounded(), abs(double) < 1e15 {
                out.append(contentsOf: String(Int(double)).utf8)
            } else {
                out.append(contentsOf: String(double).utf8)
            }
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(object[key]!, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let other:
            writeString(String(describing: other), to: &out)
        }
    }

    /// `string` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func writeString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
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
