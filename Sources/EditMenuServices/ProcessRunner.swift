import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an outside tool the way every service here must: the program by its path, the arguments as
/// data (no shell ever parses them), input on standard input, a timeout after which it is killed,
/// signals at their defaults and no blocked signal inherited (a child of a thread that blocks SIGTERM
/// would otherwise ignore it), and its output read in full but capped.
///
/// ```swift
/// let result = try ProcessRunner.run("/usr/bin/wn", ["run", "-over"], timeout: 2)
/// result.status          // 0
/// result.standardOutput  // "Overview of verb run …" — untrusted text
/// ```
///
/// `package`: the services' own machinery, not an app's API. `@usableFromInline` because `SystemOpener`'s
/// and `ShareService`'s public initializers find their tools with ``find(_:in:)`` in default arguments.
@usableFromInline package enum ProcessRunner {
    /// What a finished tool did.
    package struct Result: Hashable, Sendable {
        /// The exit status (`128 + signal` when a signal ended it).
        package var status: Int32
        /// The signal that ended it, if one did (then ``status`` is `128 +` it, which a tool exiting
        /// normally with a status over 128 also gives).
        package var terminatingSignal: Int32?
        /// What it wrote to standard output, as bytes (decode as untrusted text).
        package var standardOutput: Data
        /// What it wrote to standard error.
        package var standardError: Data
        /// Its own peak resident set size (`wait4`'s `ru_maxrss`), in MiB.
        package var peakResidentMiB: Double

        /// Standard output decoded as UTF-8 (invalid bytes replaced).
        package var output: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// Why a tool could not be run.
    package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The program could not be started (not installed, not executable).
        case cannotStart(String, Int32)
        /// It ran past its timeout and was killed.
        case timedOut(String, seconds: Double)
        /// A long-lived `Pipeline` stopped answering: the program named ended, or the reason given.
        case ended(String, String)
        /// A `Pipeline` was answering another request.
        case busy(String)

        package var description: String {
            switch self {
            case .cannotStart(let path, let code):
                return "\(path) could not be started: \(String(cString: strerror(code)))"
            case .timedOut(let path, let seconds):
                return "\(path) did not finish within \(seconds) s and was stopped"
            case .ended(let path, let reason):
                return "the pipeline of \(path) stopped: \(reason)"
            case .busy(let path):
                return "the pipeline of \(path) is answering another request"
            }
        }
    }

    /// The most output kept from a tool's standard output or error (the rest is read and dropped).
    package static let outputLimit = 4 << 20

    /// Runs `executable` with `arguments`, writing `input` to its standard input, and waits for it for
    /// at most `timeout` seconds (then kills it and throws ``Failure/timedOut(_:seconds:)``; `nil`: no
    /// limit). With `captureOutput` false its output goes to `/dev/null` and only its exit is waited
    /// for — for a tool that leaves a daemon holding its output open (`xclip -i`, `tmux`).
    package static func run(
        _ executable: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil,
        timeout: Double? = 5, captureOutput: Bool = true
    ) throws(Failure) -> Result {
        let child = try spawn(executable, arguments, environment: environment, pipes: true, capture: captureOutput)
        let limit = timeout ?? .infinity
        let deadline = Date().addingTimeInterval(min(limit, 1e9))
        var output = Data()
        var errors = Data()
        var pending = input
        var inputFD = child.input
        var open = [child.output, child.error].filter { $0 >= 0 }
        if pending.isEmpty {
            close(inputFD)
            inputFD = -1
        }
        var timedOut = false
        while !open.isEmpty || inputFD >= 0 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                timedOut = true
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if inputFD >= 0 { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == inputFD {
                    let written = pending.withUnsafeBytes { write(inputFD, $0.baseAddress, min($0.count, 65536)) }
                    if written > 0 { pending.removeFirst(written) }
                    if written < 0 && errno != EINTR && errno != EAGAIN || pending.isEmpty {
                        close(inputFD)
                        inputFD = -1
                    }
                    continue
                }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    if entry.fd == child.output {
                        if output.count < outputLimit {
                            output.append(contentsOf: buffer[0..<min(count, outputLimit - output.count)])
                        }
                    } else if errors.count < outputLimit {
                        errors.append(contentsOf: buffer[0..<min(count, outputLimit - errors.count)])
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        if inputFD >= 0 { close(inputFD) }
        for fd in open { close(fd) }
        if timedOut { kill(child.pid, SIGKILL) }
        guard let ended = wait(child.pid, until: timedOut ? nil : timeout.map { _ in deadline }) else {
            kill(child.pid, SIGKILL)
            _ = wait(child.pid, until: nil)
            throw .timedOut(executable, seconds: timeout ?? 0)
        }
        if timedOut { throw .timedOut(executable, seconds: timeout ?? 0) }
        return Result(
            status: ended.status, terminatingSignal: ended.signal, standardOutput: output, standardError: errors,
            peakResidentMiB: ended.peakMiB)
    }

    /// Starts `executable` with `arguments` and does not wait for it (an opener handing a URI to the
    /// desktop); its standard streams go to `/dev/null` and it is reaped in the background. Returns
    /// its process id.
    @discardableResult
    package static func launch(_ executable: String, _ arguments: [String], environment: [String: String]? = nil)
        throws(Failure) -> pid_t
    {
        let child = try spawn(executable, arguments, environment: environment, pipes: false, capture: false)
        let pid = child.pid
        DispatchQueue.global(qos: .utility).async { _ = wait(pid) }
        return pid
    }

    /// A tool started with ``start(_:_:input:environment:)`` that runs on while the caller goes on: a
    /// synthesizer speaking. It is reaped in the background; ``terminate(grace:)`` stops it.
    package final class RunningProcess: Sendable {
        /// The process id.
        package let pid: pid_t
        /// Whether it has been reaped.
        private let finished = Mutex(false)

        init(pid: pid_t) {
            self.pid = pid
            DispatchQueue.global(qos: .utility).async { [self] in
                _ = ProcessRunner.wait(pid)
                finished.withLock { $0 = true }
            }
        }

        /// Whether it still runs.
        package var isRunning: Bool { !finished.withLock { $0 } }

        /// Ends it (SIGTERM, then SIGKILL if it is still there after `grace` seconds) and waits for it.
        package func terminate(grace: Double = 0.5) {
            // Signals go only while the process is unreaped, so the pid cannot be another's.
            finished.withLock { if !$0 { kill(pid, SIGTERM) } }
            let deadline = Date().addingTimeInterval(grace)
            while isRunning, Date() < deadline { usleep(5_000) }
            finished.withLock { if !$0 { kill(pid, SIGKILL) } }
            while isRunning { usleep(2_000) }
        }
    }

    /// Starts `executable` with `arguments`, writes `input` to its standard input (from a background
    /// thread, then closes it) and returns at once; its output goes to `/dev/null`.
    package static func start(
        _ executable: String, _ arguments: [String], input: Data, environment: [String: String]? = nil
    ) throws(Failure) -> RunningProcess {
        let child = try spawn(executable, arguments, environment: environment, pipes: true, capture: false)
        let fd = child.input
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        DispatchQueue.global(qos: .userInitiated).async {
            var offset = 0
            input.withUnsafeBytes { bytes in
                while offset < bytes.count {
                    let written = write(fd, bytes.baseAddress! + offset, min(bytes.count - offset, 65536))
                    if written > 0 {
                        offset += written
                    } else if errno != EINTR {
                        break
                    }
                }
            }
            close(fd)
        }
        return RunningProcess(pid: child.pid)
    }

    /// The first executable file called `name` in `PATH` (or the given directories).
    @usableFromInline package static func find(_ name: String, in directories: [String]? = nil) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        // getenv, not ProcessInfo's environment, which copies every variable into a dictionary.
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in directories ?? path.split(separator: ":").map(String.init) {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    // MARK: Spawning

    private struct Child {
        var pid: pid_t
        var input: Int32 = -1
        var output: Int32 = -1
        var error: Int32 = -1
    }

    /// Makes writing to a tool that has already exited an error (EPIPE) instead of a signal that ends
    /// this process: SIGPIPE is ignored from the first tool on. Children get every signal's default
    /// back when they start, so the tools themselves are not affected.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]?, pipes: Bool, capture: Bool
    ) throws(Failure) -> Child {
        _ = ignoreBrokenPipes
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var stdin: [Int32] = [-1, -1]
        var stdout: [Int32] = [-1, -1]
        var stderr: [Int32] = [-1, -1]
        if pipes {
            guard makePipe(&stdin), !capture || (makePipe(&stdout) && makePipe(&stderr)) else {
                let code = errno
                for fd in stdin + stdout + stderr where fd >= 0 { close(fd) }
                throw .cannotStart(executable, code)
            }
            posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
            posix_spawn_file_actions_addclose(&actions, stdin[0])
            if capture {
                posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
                posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
                for fd in [stdout[1], stderr[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
            } else {
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
        } else {
            for fd in Int32(0)...2 {
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var pid: pid_t = 0
        let code = spawn(&pid, executable, arguments, environment: environment, actions: &actions)
        if pipes { for fd in [stdin[0], stdout[1], stderr[1]] where fd >= 0 { close(fd) } }
        guard code == 0 else {
            if pipes { for fd in [stdin[1], stdout[0], stderr[0]] where fd >= 0 { close(fd) } }
            throw .cannotStart(executable, code)
        }
        if pipes { _ = fcntl(stdin[1], F_SETFL, fcntl(stdin[1], F_GETFL) | O_NONBLOCK) }
        return Child(pid: pid, input: stdin[1], output: stdout[0], error: stderr[0])
    }

    /// `posix_spawn` of `executable` with `arguments` and `actions`: no signal blocked, every signal
    /// at its default. Returns `posix_spawn`'s result.
    static func spawn(
        _ pid: inout pid_t, _ executable: String, _ arguments: [String], environment: [String: String]?,
        actions: inout posix_spawn_file_actions_t
    ) -> Int32 {
        _ = ignoreBrokenPipes
        closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in env { free(pointer) } }
        // ETXTBSY: the program file is still open for writing somewhere — typically a script just
        // written while another thread started a tool, which inherited the writer for an instant.
        // It passes as soon as that tool has exec'd, so try again for a little while.
        var pause: useconds_t = 2_000
        while true {
            let code = descriptorLock.withLock { _ in posix_spawn(&pid, executable, &actions, &attributes, argv, env) }
            guard code == ETXTBSY, pause <= 256_000 else { return code }
            usleep(pause)
            pause *= 2
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// does not import; `nil` where the C library has none.
    private static let addCloseFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
            #else
            return nil
            #endif
        }()

    /// Makes a tool start with standard input, output and error only. A descriptor this process opened
    /// without close-on-exec (Foundation's atomic file writes use `mkstemp`) would otherwise stay open in
    /// the tool for as long as it runs: a script being written while a slow tool starts would stay busy
    /// (`ETXTBSY`) until that tool ended, and a file or socket would outlive its closing here.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, 3)
    }

    /// Held while this process makes a pipe and marks its ends close-on-exec, and while it starts a
    /// tool: no tool inherits an end made on another thread between `pipe` and `FD_CLOEXEC` (`pipe2`
    /// is not imported into Swift), which would keep that pipe open after its own tool has ended.
    private static let descriptorLock = Mutex(())

    /// `pipe` into `ends`, both ends close-on-exec; `false` (with `errno` set) when no pipe can be made.
    static func makePipe(_ ends: inout [Int32]) -> Bool {
        descriptorLock.withLock { _ in
            guard pipe(&ends) == 0 else { return false }
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
    }

    /// Waits for `pid` (until `deadline`, if given) and returns its exit status (`128 + signal` for a
    /// signal), the signal that ended it and its peak RSS in MiB; `nil` when the deadline passed first.
    static func wait(_ pid: pid_t, until deadline: Date? = nil)
        -> (status: Int32, signal: Int32?, peakMiB: Double)?
    {
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let reaped = wait4(pid, &status, deadline == nil ? 0 : WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR { return (-1, nil, 0) }
            if let deadline {
                guard deadline.timeIntervalSinceNow > 0 else { return nil }
                usleep(2_000)
            }
        }
        let signal = status & 0x7F
        return (
            signal == 0 ? (status >> 8) & 0xFF : 128 + signal, signal == 0 ? nil : signal,
            Double(usage.ru_maxrss) / 1024
        )
    }
}
