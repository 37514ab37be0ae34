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

/// Runs `executable` with `arguments` (not through a shell), standard output and error captured in
/// temporary files, and waits for it with `wait4` so the peak RSS is the child's alone.
func runChild(_ executable: String, _ arguments: [String], environment: [String: String]) throws(BenchError)
    -> ChildResult
{
    let directory = FileManager.default.temporaryDirectory.path
    let outPath = "\(directory)/editmenu-bench-\(getpid())-out.txt"
    let errPath = "\(directory)/editmenu-bench-\(getpid())-err.txt"
    defer {
        unlink(outPath)
        unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = (argv + [nil]).withUnsafeBufferPointer { args in
        (envp + [nil]).withUnsafeBufferPointer { env in
            posix_spawn(&pid, executable, &actions, nil, args.baseAddress!, env.baseAddress!)
        }
    }
    guard spawned == 0 else {
        throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { throw BenchError("waiting for \(executable): \(String(cString: strerror(errno)))") }
    }
    let termination = status & 0x7F
    return ChildResult(
        exitCode: (status >> 8) & 0xFF, signal: termination == 0 ? nil : termination,
        standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
        peakRSSMiB: Double(usage.ru_maxrss) / 1024)
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
