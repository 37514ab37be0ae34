import EditMenuServices
import Foundation

/// Runs a program and waits for it, for the end-to-end tests (tmux, xdotool, xclip …): the project's
/// one process runner (``ProcessRunner``: `posix_spawn`, no shell, signals unblocked in the child, exit
/// waited for with `wait4`), so a tool that forks a daemon (tmux's server) never leaves a test hung.
public enum Spawn {
    /// Runs `arguments[0]` (a path) with `environment`; returns its exit status and, when `capture`,
    /// its standard output. Standard input is empty (or `input`); without `capture` the output goes to
    /// `/dev/null` and only the program's own exit is waited for. `-1` when it could not start.
    @discardableResult
    public static func run(
        _ arguments: [String], environment: [String: String], capture: Bool, input: String? = nil,
        timeout: Double? = 60
    ) -> (status: Int32, output: String) {
        do {
            let result = try ProcessRunner.run(
                arguments[0], Array(arguments.dropFirst()), input: Data((input ?? "").utf8), environment: environment,
                timeout: timeout, captureOutput: capture)
            return (result.status, result.output)
        } catch {
            return (-1, "")
        }
    }
}
