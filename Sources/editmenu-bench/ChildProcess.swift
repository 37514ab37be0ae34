import EditMenuServices
import Foundation

/// What a finished child process left behind: its exit status, what it printed, its peak RSS.
struct ChildResult {
    var exitCode: Int32
    /// The signal that ended it, if one did.
    var signal: Int32?
    var standardOutput: String
    var standardError: String
    /// The child's own peak resident set size (`wait4`'s `ru_maxrss`), MiB.
    var peakRSSMiB: Double

    var succeeded: Bool { signal == nil && exitCode == 0 }

    /// The exit status in words, for error messages.
    var statusDescription: String {
        signal.map { "killed by signal \($0)" } ?? "exit status \(exitCode)"
    }
}

/// Runs `executable` with `arguments` (not through a shell, with the project's one ``ProcessRunner``),
/// standard output and error captured, and waits for it with `wait4` so the peak RSS is the child's alone.
func runChild(_ executable: String, _ arguments: [String], environment: [String: String]) throws(BenchError)
    -> ChildResult
{
    let result: ProcessRunner.Result
    do {
        result = try ProcessRunner.run(executable, arguments, environment: environment, timeout: nil)
    } catch {
        throw BenchError("cannot start \(executable): \(error)")
    }
    let signal = result.terminatingSignal
    return ChildResult(
        exitCode: signal == nil ? result.status : 0, signal: signal,
        standardOutput: result.output, standardError: String(decoding: result.standardError, as: UTF8.self),
        peakRSSMiB: result.peakResidentMiB)
}

/// The path of this executable (to measure the project in a child process).
func currentExecutablePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return CommandLine.arguments[0]
}

/// The last line of `output` that is a JSON object, parsed.
func lastJSONObject(in output: String) -> [String: Any]? {
    for line in output.split(separator: "\n").reversed() where line.hasPrefix("{") {
        if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { return object }
    }
    return nil
}
