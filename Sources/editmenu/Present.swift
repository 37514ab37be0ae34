import EditMenuKit
import EditMenuScenario
import EditMenuServices
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

func present(_ arguments: ArraySlice<String>) -> Exit {
    let (lines, file) = scenarioArguments(arguments, command: "present")
    let environment = ProcessInfo.processInfo.environment
    let locale = MenuLocale.fromEnvironment(environment)
    var presenter = ScenarioPresenter(defaultLocale: locale)
    // "spelling": "system" asks the machine's spell checker, loaded only when a scenario needs it.
    presenter.spellChecker = LazySpellChecker { EnchantSpellChecker.system(locale: locale, environment: environment) }
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
        case .failure(let error):
            // Returned, not `fail`ed: the caller's deferred clean-up (perform's scratch folder) still runs.
            report(error.description)
            return .invalid
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

/// A spell checker loaded on first use (`present` needs one only for `"spelling": "system"`).
final class LazySpellChecker: SpellChecker {
    private let load: @Sendable () -> (any SpellChecker)?
    private let loaded = Mutex<(any SpellChecker)??>(nil)

    init(_ load: @escaping @Sendable () -> (any SpellChecker)?) { self.load = load }

    private var checker: (any SpellChecker)? {
        loaded.withLock { loaded in
            if let checker = loaded { return checker }
            let checker = load()
            loaded = .some(checker)
            return checker
        }
    }

    var languages: [String] { checker?.languages ?? [] }
    var generation: Int { checker?.generation ?? 0 }
    func isMisspelled(_ word: String, language: String) -> Bool {
        checker?.isMisspelled(word, language: language) ?? false
    }
    func suggestions(for word: String, language: String) -> [String] {
        checker?.suggestions(for: word, language: language) ?? []
    }
    func spellingWithoutWaiting(of word: String, language: String) -> SpellingAnswer {
        checker?.spellingWithoutWaiting(of: word, language: language) ?? .correct
    }
    func prepare(language: String) { checker?.prepare(language: language) }
    func ignore(_ word: String) { checker?.ignore(word) }
    func learn(_ word: String, language: String) throws(ServiceError) {
        guard let checker else { throw ServiceError("Learn Spelling: no spell checker is installed") }
        try checker.learn(word, language: language)
    }
}
