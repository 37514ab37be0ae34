import EditMenuKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `editmenu`: the EditMenuKit command-line tool.
let usage = """
    usage: editmenu <command> [options]

    commands:
      present [FILE]      read one scenario (JSON) from FILE or standard input, print its presentation
      present --lines     read one scenario per line, print one presentation per line
      help                show this help

    Scenarios and presentations are described in SCENARIO.md. The locale comes from the scenario's
    "locale", else from LC_ALL, LC_MESSAGES or LANG.

    exit status: 0 success; 1 some --lines input was invalid; 2 invalid scenario or usage.
    """

enum Exit: Int32 {
    case ok = 0, someLinesFailed = 1, invalid = 2
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
        guard let d = FileManager.default.contents(atPath: path) else { fail("cannot read \"\(path)\": no such readable file") }
        data = d
    } else {
        data = FileHandle.standardInput.readDataToEndOfFile()
    }
    guard let text = String(validating: data, as: UTF8.self) else {
        fail("\(path ?? "standard input") is not valid UTF-8")
    }
    return text
}

func present(_ arguments: ArraySlice<String>) -> Exit {
    var lines = false
    var file: String?
    for argument in arguments {
        switch argument {
        case "--lines": lines = true
        case "-h", "--help": print(usage); return .ok
        case "-": file = "-"
        default:
            if argument.hasPrefix("-") { fail("unknown option '\(argument)' for 'present'; see 'editmenu help'") }
            if file != nil { fail("'present' takes one FILE; got '\(file!)' and '\(argument)'") }
            file = argument
        }
    }
    let presenter = ScenarioPresenter(defaultLocale: MenuLocale.fromEnvironment(ProcessInfo.processInfo.environment))
    if !lines {
        switch presenter.present(json: readAll(file)) {
        case .success(let output): writeLine(output.serialized); return .ok
        case .failure(let error): fail(error.description)
        }
    }
    var status = Exit.ok
    let handle: FileHandle
    if let file, file != "-" {
        guard let h = FileHandle(forReadingAtPath: file) else { fail("cannot read \"\(file)\": no such readable file") }
        handle = h
    } else {
        handle = FileHandle.standardInput
    }
    var lineNumber = 0
    for rawLine in LineReader(handle: handle) {
        lineNumber += 1
        let result: Result<JSONValue, ScenarioError>
        if let line = String(validating: rawLine, as: UTF8.self) {
            result = presenter.present(json: line)
        } else {
            result = .failure(ScenarioError(path: "", "line \(lineNumber) is not valid UTF-8"))
        }
        switch result {
        case .success(let output): writeLine(output.serialized)
        case .failure(let error):
            status = .someLinesFailed
            writeLine(JSONValue.object([("error", .string(error.description))]).serialized)
        }
    }
    return status
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
                if start > 1 << 16 { buffer.removeFirst(start); start = 0 }
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

var arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.popFirst() else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(Exit.invalid.rawValue)
}
switch command {
case "present":
    exit(present(arguments).rawValue)
case "help", "-h", "--help":
    print(usage)
default:
    var message = "unknown command '\(command)'"
    if ["presnt", "preset", "presen", "prsent"].contains(command) { message += "; did you mean 'present'?" }
    fail(message + "; see 'editmenu help'")
}
