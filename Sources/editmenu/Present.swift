import EditMenuKit
import EditMenuScenario
import Foundation
#if canImport(Glibc)
import Glibc
#endif

func present(_ arguments: ArraySlice<String>) -> Exit {
    let (lines, file) = scenarioArguments(arguments, command: "present")
    let presenter = ScenarioPresenter(defaultLocale: MenuLocale.fromEnvironment(ProcessInfo.processInfo.environment))
    return runScenarios(lines: lines, file: file) { presenter.present(json: $0) }
}

/// `[FILE]` and `--lines` of `present` and `perform`.
func scenarioArguments(_ arguments: ArraySlice<String>, command: String) -> (lines: Bool, file: String?) {
    var lines = false
    var file: String?
    for argument in arguments {
        switch argument {
        case "--lines": lines = true
        case "-h", "--help":
            print(usage)
            exit(Exit.ok.rawValue)
        case "-": file = "-"
        default:
            if argument.hasPrefix("-") { fail("unknown option '\(argument)' for '\(command)'; see 'editmenu help'") }
            if file != nil { fail("'\(command)' takes one FILE; got '\(file!)' and '\(argument)'") }
            file = argument
        }
    }
    return (lines, file)
}

/// Runs `body` on one scenario from `file` (or standard input), or on each line with `lines`: the output
/// JSON on standard output; an invalid scenario is one line on standard error and exit 2, or with
/// `lines` an `{"error": …}` line and exit 1 at the end.
func runScenarios(lines: Bool, file: String?, _ body: (String) -> Result<JSONValue, ScenarioError>) -> Exit {
    if !lines {
        switch body(readAll(file)) {
        case .success(let output):
            writeLine(output.serialized)
            return .ok
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
            result = body(line)
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
