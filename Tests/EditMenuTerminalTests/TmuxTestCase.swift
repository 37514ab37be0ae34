import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// What the tmux end-to-end tests share: a private tmux server per test, a work folder, the demo's log,
/// and waiting for a condition with the screen and log in the failure message.
///
/// XCTest rather than Swift Testing: Swift Testing runs tests on threads that block signals, and
/// processes started from them (tmux's server, the demo) would inherit that mask. Processes are started
/// with `Spawn` (posix_spawn, empty signal mask), not Foundation's `Process`, which can miss the exit of
/// a client that forked tmux's server.
class TmuxTestCase: XCTestCase {
    var socket = ""
    var logPath = ""
    var workDir = URL(fileURLWithPath: "/tmp")

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed (scripts/setup.sh installs it)")
        }
        socket = "editmenu-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        workDir = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: workDir, withIntermediateDirectories: true)
        logPath = workDir.appendingPathComponent("demo.log").path
    }

    /// Stops the server and removes the work folder once the panes' programs (the shell and what it
    /// runs) have ended: a demo still writing its word lists as it quits would otherwise write the
    /// folder back after its removal.
    override func tearDown() {
        let panes = tmux(["list-panes", "-a", "-F", "#{pane_pid}"]).split(separator: "\n").compactMap { pid_t($0) }
        let programs = panes + panes.flatMap(Self.children(of:))
        tmux(["kill-server"], capture: false)
        let deadline = Date().addingTimeInterval(5)
        while programs.contains(where: Self.isRunning) && Date() < deadline { usleep(20_000) }
        try? FileManager.default.removeItem(at: workDir)
    }

    /// The processes `pid` started, from `/proc`.
    static func children(of pid: pid_t) -> [pid_t] {
        let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return list.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether process `pid` is running: it exists and has not ended. One that has ended stays a
    /// zombie until whoever adopted it reaps it, which may take seconds; it writes nothing more.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    /// Runs a tmux command on this test's server. The command that starts the server must not capture
    /// output: the server inherits the pipe and would hold it open forever.
    @discardableResult
    func tmux(_ arguments: [String], environment: [String: String] = [:], capture: Bool = true) -> String {
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = env["LANG"] ?? "C.UTF-8"
        env.merge(environment) { $1 }
        return Spawn.run(
            ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: env, capture: capture
        ).output
    }

    /// The demo's event log (`--log`).
    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// What a failed wait prints besides the log (the screen, for tests that have one pane "t").
    func failureContext() -> String { "--- screen ---\n\(screen())\n" }

    /// Polls `condition` every 50 ms for `timeout` seconds; on timeout fails with the log and context.
    func waitFor(_ what: String, timeout: Double = 6, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what)\n\(failureContext())--- log ---\n\(log())")
        throw XCTSkip("stopped after a failed wait")
    }

    /// Waits until the demo's log holds `text`. The demo writes its log just after each frame, so a
    /// test that has seen a frame finds that frame's log lines a moment later, not at once.
    func waitForLog(_ text: String, timeout: Double = 6) throws {
        try waitFor("\"\(text)\" in the log", timeout: timeout) { self.log().contains(text) }
    }

    func send(_ bytes: String) {
        tmux(["send-keys", "-t", "t", "-l", bytes])
    }

    /// A left click (press and release) at a 0-based cell.
    func click(_ column: Int, _ row: Int) {
        send("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    func screen() -> String { tmux(["capture-pane", "-p", "-t", "t"]) }

    /// The 0-based (column, row) of `text` on the screen.
    func locate(_ text: String) -> (column: Int, row: Int)? {
        for (row, line) in screen().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return (MonospaceCellMeasurer.cells(in: String(line[..<range.lowerBound])), row)
            }
        }
        return nil
    }
}
