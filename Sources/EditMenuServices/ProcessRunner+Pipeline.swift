import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessRunner {
    /// One program of a `Pipeline`: its path and its arguments, as data.
    package struct Command: Hashable, Sendable, CustomStringConvertible {
        /// The program's path.
        package var executable: String
        /// Its arguments (no shell ever parses them).
        package var arguments: [String]

        /// The program at `executable` with `arguments`.
        package init(_ executable: String, _ arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }

        package var description: String { ([executable] + arguments).joined(separator: " ") }
    }

    /// A chain of long-lived tools, each one's standard output the next one's standard input, that
    /// answers requests one at a time: a request is written to the first tool's input followed by a
    /// terminator byte (NUL for Apertium's `-z` null-flush mode), and the answer is what the last tool
    /// writes up to the same byte. Tools that load large data once (Apertium's stages) then answer in
    /// milliseconds instead of starting for every request.
    ///
    /// The same rules as `ProcessRunner/run(_:_:input:environment:timeout:captureOutput:)`: programs by
    /// path, arguments as data, signals at their defaults, a timeout per request, output capped at
    /// `ProcessRunner/outputLimit` and untrusted. Standard error goes to `/dev/null`. A request that
    /// times out, a tool that ends, or an answer over the limit leaves the pipeline out of step: it is
    /// terminated, and every later request throws (the owner starts a new one).
    ///
    /// The tools end when ``terminate(grace:)`` is called or the pipeline is deallocated; when this
    /// process ends, however it ends, the first tool reads the end of its input and the others follow.
    ///
    /// ```swift
    /// let pipeline = try ProcessRunner.Pipeline([.init("/usr/bin/tr", ["a-z", "A-Z"])])
    /// try pipeline.exchange(Data("hello".utf8), timeout: 1)   // "HELLO" (the tool passes the NUL on)
    /// ```
    package final class Pipeline: Sendable {
        /// The chain's programs, first to last.
        package let commands: [Command]

        private struct State {
            var pids: [pid_t]
            /// The first tool's standard input (written) and the last one's standard output (read).
            var input: Int32
            var output: Int32
            /// Bytes read after the last answer's terminator.
            var pending: [UInt8] = []
            var ended = false
        }

        private let state: Mutex<State>

        /// Starts every command of `commands` (at least one), connected by pipes.
        ///
        /// - Throws: ``Failure/cannotStart(_:_:)`` when a pipe cannot be made or a program cannot be
        ///   started (those already started are stopped).
        package init(_ commands: [Command], environment: [String: String]? = nil) throws(Failure) {
            guard let first = commands.first else { throw .cannotStart("(an empty pipeline)", EINVAL) }
            self.commands = commands
            var pids: [pid_t] = []
            var ends: [Int32] = [-1, -1]
            guard ProcessRunner.makePipe(&ends) else { throw .cannotStart(first.executable, errno) }
            let input = ends[1]
            var previous = ends[0]
            var failure: Failure?
            for command in commands {
                guard ProcessRunner.makePipe(&ends) else {
                    failure = .cannotStart(command.executable, errno)
                    break
                }
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                // Every descriptor of this process is close-on-exec: the tool gets these three only,
                // so no other tool holds a pipe open and an end of input reaches each in turn.
                posix_spawn_file_actions_adddup2(&actions, previous, 0)
                posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                var pid: pid_t = 0
                let code = ProcessRunner.spawn(
                    &pid, command.executable, command.arguments, environment: environment, actions: &actions)
                posix_spawn_file_actions_destroy(&actions)
                close(previous)
                close(ends[1])
                previous = ends[0]
                guard code == 0 else {
                    failure = .cannotStart(command.executable, code)
                    break
                }
                pids.append(pid)
            }
            var state = State(pids: pids, input: input, output: previous)
            if let failure {
                Self.end(&state, grace: 0)
                throw failure
            }
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            _ = fcntl(previous, F_SETFL, fcntl(previous, F_GETFL) | O_NONBLOCK)
            self.state = Mutex(state)
        }

        deinit {
            state.withLock { Self.end(&$0, grace: 0.2) }
        }

        /// Whether the tools still run (as far as the last request showed).
        package var isRunning: Bool { state.withLock { !$0.ended } }

        /// The processes, first to last (for tests).
        var processIdentifiers: [pid_t] { state.withLock { $0.pids } }

        /// Writes `request` and `terminator` to the first tool and returns what the last one writes up
        /// to `terminator` (without it). `request` must not contain `terminator`. One request at a time:
        /// a request while another is answered throws ``Failure/busy(_:)`` at once.
        ///
        /// - Throws: ``Failure/timedOut(_:seconds:)`` after `timeout` seconds, ``Failure/ended(_:_:)``
        ///   when a tool ended or the answer went over `ProcessRunner/outputLimit` — in both cases the
        ///   pipeline is terminated — and ``Failure/busy(_:)``.
        package func exchange(_ request: Data, terminator: UInt8 = 0, timeout: Double) throws(Failure) -> Data {
            let name = commands[0].executable
            let answer: Swift.Result<Data, Failure>? = state.withLockIfAvailable { state in
                guard !state.ended else { return .failure(.ended(name, "it was stopped after an earlier failure")) }
                // A tool that ended leaves the others answering, wrongly (the empty answer a stage
                // flushes at the end of its input): checked before and after each request.
                var result: Swift.Result<Data, Failure> = .failure(.ended(name, "a tool of it had ended"))
                if Self.allRunning(&state) {
                    result = Self.exchange(&state, request, terminator, timeout: timeout, name: name)
                    if case .success = result, !Self.allRunning(&state) {
                        result = .failure(.ended(name, "a tool of it ended while answering"))
                    }
                }
                if case .failure = result { Self.end(&state, grace: 0.1) }
                return result
            }
            guard let answer else { throw .busy(name) }
            return try answer.get()
        }

        /// Stops the tools: closes their input, then SIGTERM and, after `grace` seconds, SIGKILL, and
        /// waits for each.
        package func terminate(grace: Double = 0.2) {
            state.withLock { Self.end(&$0, grace: grace) }
        }

        private static func exchange(
            _ state: inout State, _ request: Data, _ terminator: UInt8, timeout: Double, name: String
        ) -> Swift.Result<Data, Failure> {
            let deadline = Date().addingTimeInterval(timeout)
            var pending = [UInt8](request)
            pending.append(terminator)
            var written = 0
            var output = state.pending
            state.pending = []
            var searched = 0
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                if let end = output[searched...].firstIndex(of: terminator) {
                    state.pending = Array(output[(end + 1)...])
                    return .success(Data(output[..<end]))
                }
                searched = output.count
                guard output.count <= ProcessRunner.outputLimit else {
                    return .failure(.ended(name, "its answer went over \(ProcessRunner.outputLimit >> 20) MiB"))
                }
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return .failure(.timedOut(name, seconds: timeout)) }
                var fds = [pollfd(fd: state.output, events: Int16(POLLIN), revents: 0)]
                if written < pending.count { fds.append(pollfd(fd: state.input, events: Int16(POLLOUT), revents: 0)) }
                let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .failure(.ended(name, String(cString: strerror(errno))))
                }
                if fds.count > 1, fds[1].revents != 0 {
                    let count = pending[written...].withUnsafeBytes {
                        write(state.input, $0.baseAddress, min($0.count, 65536))
                    }
                    if count > 0 {
                        written += count
                    } else if count < 0, errno != EINTR, errno != EAGAIN {
                        return .failure(.ended(name, "it stopped reading (\(String(cString: strerror(errno))))"))
                    }
                }
                if fds[0].revents != 0 {
                    let count = read(state.output, &buffer, buffer.count)
                    if count > 0 {
                        output.append(contentsOf: buffer[0..<count])
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        return .failure(.ended(name, "it ended before answering"))
                    }
                }
            }
        }

        /// Whether every tool still runs (one that ended is reaped).
        private static func allRunning(_ state: inout State) -> Bool {
            var running = true
            state.pids.removeAll { pid in
                var status: Int32 = 0
                guard waitpid(pid, &status, WNOHANG) == pid else { return false }
                running = false
                return true
            }
            return running
        }

        /// Closes the pipes, signals the tools and reaps them.
        private static func end(_ state: inout State, grace: Double) {
            if state.input >= 0 { close(state.input) }
            if state.output >= 0 { close(state.output) }
            state.input = -1
            state.output = -1
            state.ended = true
            // Signals go only to unreaped processes (reaped here and nowhere else): never another's pid.
            for pid in state.pids { kill(pid, SIGTERM) }
            let deadline = Date().addingTimeInterval(grace)
            for pid in state.pids where ProcessRunner.wait(pid, until: deadline) == nil {
                kill(pid, SIGKILL)
                _ = ProcessRunner.wait(pid)
            }
            state.pids = []
        }
    }
}
