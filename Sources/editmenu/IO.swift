import EditMenuKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum Exit: Int32 {
    case ok = 0
    case someLinesFailed = 1
    case invalid = 2
}

/// Writes `message` on standard error and ends the tool with ``Exit/invalid``. Deferred clean-up does
/// not run: where a folder or process is to be removed, ``report(_:)`` and return ``Exit/invalid``.
func fail(_ message: String) -> Never {
    report(message)
    exit(Exit.invalid.rawValue)
}

/// Writes `message` as one `error:` line on standard error.
func report(_ message: String) {
    FileHandle.standardError.write(Data("error: \(oneLine(message))\n".utf8))
}

/// `message` on one line: control characters a scenario's own strings may carry (a key or value with a
/// newline, a NUL) written as escapes, so that an error stays one line on standard error.
func oneLine(_ message: String) -> String {
    guard message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return message }
    var line = ""
    for scalar in message.unicodeScalars {
        switch scalar {
        case "\n": line += "\\n"
        case "\r": line += "\\r"
        case "\t": line += "\\t"
        case _ where scalar.properties.generalCategory == .control:
            line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}

func writeLine(_ text: String) {
    var line = text
    line += "\n"
    FileHandle.standardOutput.write(Data(line.utf8))
}

func readAll(_ path: String?) -> String {
    let data: Data
    if let path, path != "-" {
        guard let d = FileManager.default.contents(atPath: path) else {
            fail("cannot read \"\(path)\": no such readable file")
        }
        data = d
    } else {
        data = FileHandle.standardInput.readDataToEndOfFile()
    }
    guard let text = String(validating: data, as: UTF8.self) else {
        fail("\(path ?? "standard input") is not valid UTF-8")
    }
    return text
}

/// Reads a file handle line by line (LF or CRLF), in bounded chunks, without loading it all.
struct LineReader: Sequence, IteratorProtocol {
    let handle: FileHandle
    var buffer: [UInt8] = []
    var start = 0
    /// Where the search for the next newline goes on: the bytes before it were searched already, so a
    /// long line read in many chunks is searched once, not once per chunk.
    var searched = 0
    var finished = false

    init(handle: FileHandle) { self.handle = handle }

    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[Swift.max(start, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                searched = start
                if start > 1 << 16 {
                    buffer.removeFirst(start)
                    start = 0
                    searched = 0
                }
                return line
            }
            searched = buffer.count
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { finished = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
