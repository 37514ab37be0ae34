import EditMenuKit
import EditMenuScenario
import Foundation
#if canImport(Glibc)
import Glibc
#endif

func present(_ arguments: ArraySlice<String>) -> Exit {
    var lines = false
    var file: String?
    for argument in arguments {
        switch argument {
        case "--lines": lines = true
        case "-h", "--help":
            print(usage)
            return .ok
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
