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

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(Exit.invalid.rawValue)
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
    var finished = false

    init(handle: FileHandle) { self.handle = handle }

    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                if start > 1 << 16 {
                    buffer.removeFirst(start)
                    start = 0
                }
                return line
            }
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
