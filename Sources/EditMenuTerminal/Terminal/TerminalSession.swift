#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal session reports besides input: the window changed size, the program was resumed
/// after a suspension, or someone asked it to stop.
public enum TerminalSignal: Hashable, Sendable {
    /// SIGWINCH: the window has a new size; redraw.
    case resized
    /// SIGCONT after Ctrl+Z: the terminal was given back; redraw everything.
    case resumed
    /// SIGINT, SIGTERM or SIGHUP: the program should save what it must and end.
    case terminate(Int32)
}

/// A full-screen terminal session: raw mode, the alternate screen, SGR mouse reporting, bracketed paste
/// and focus events — and the terminal *always* given back as it was.
///
/// The terminal is restored on ``leave()``, at normal process exit, on SIGINT/SIGTERM/SIGHUP (reported
/// as ``TerminalSignal/terminate(_:)`` so the host can save first, and restored again if the host does
/// nothing), on Ctrl+Z (restored before stopping, raw mode re-entered on resume) and on crashes
/// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP: restored from the signal handler with
/// async-signal-safe calls only, then the signal is re-raised so the crash is still reported).
///
/// Only one session exists at a time (the terminal is one per process).
public final class TerminalSession {
    /// The input file descriptor (a terminal).
    package let inputFD: Int32
    /// The output file descriptor (a terminal).
    package let outputFD: Int32
    /// Writes to ``outputFD`` from any thread.
    package let writer: TerminalWriter
    private var parser = TerminalInputParser()
    private var entered = false

    /// Errors opening a session.
    public enum Failure: Error, CustomStringConvertible {
        case notATerminal(fd: Int32)
        case system(String, Int32)
        /// What failed, for a message.
        public var description: String {
            switch self {
            case .notATerminal(let fd): return "file descriptor \(fd) is not a terminal; run the demo in a terminal"
            case .system(let call, let e): return "\(call) failed: \(String(cString: strerror(e)))"
            }
        }
    }

    /// Prepares a session on a terminal (standard input and output by default). Nothing changes until
    /// ``enter()``.
    public init(inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO) throws(Failure) {
        guard isatty(inputFD) == 1 else { throw .notATerminal(fd: inputFD) }
        guard isatty(outputFD) == 1 else { throw .notATerminal(fd: outputFD) }
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.writer = TerminalWriter(fd: outputFD)
    }

    deinit { leave() }

    /// The window size in cells.
    public var size: (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// Enters raw mode and the alternate screen, and turns on mouse, paste and focus reporting.
    public func enter() throws(Failure) {
        guard !entered else { return }
        var original = termios()
        guard tcgetattr(inputFD, &original) == 0 else { throw .system("tcgetattr", errno) }
        TerminalRestore.install(fd: inputFD, outputFD: outputFD, original: original)
        // A parent may have left these blocked (test runners do); they must reach our handlers.
        var set = sigset_t()
        sigemptyset(&set)
        for s in TerminalRestore.stopSignals + TerminalRestore.crashSignals + [SIGWINCH, SIGCONT, SIGTSTP] {
            sigaddset(&set, s)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        try applyRawMode()
        write(TerminalRestore.enterSequence)
        entered = true
    }

    /// Restores the terminal exactly as it was. Safe to call more than once.
    public func leave() {
        guard entered else { return }
        entered = false
        TerminalRestore.restoreNow()
        TerminalRestore.uninstall()
    }

    /// Suspends the program the way Ctrl+Z does in a shell (raw mode delivers Ctrl+Z as a key): the
    /// terminal is restored, the process stops, and after `fg` the next ``next(timeout:escapeDelay:)``
    /// reports ``TerminalSignal/resumed``.
    package func suspend() {
        guard entered else { return }
        kill(getpid(), SIGTSTP)
    }

    /// Writes bytes to the terminal, retrying short writes and interruptions.
    public func write(_ text: String) { writer.write(text) }

    /// Waits up to `timeout` milliseconds for input or a signal, then returns what arrived. A lone ESC
    /// is held for `escapeDelay` milliseconds to tell the Escape key from a sequence split across reads.
    public func next(timeout: Int32, escapeDelay: Int32 = 40) -> (events: [TerminalEvent], signals: [TerminalSignal]) {
        var fds = [
            pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalRestore.signalPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        let wait = parser.hasPendingInput ? min(timeout, escapeDelay) : timeout
        let ready = poll(&fds, nfds_t(fds.count), wait)
        var events: [TerminalEvent] = []
        var signals: [TerminalSignal] = []
        if ready > 0, fds[1].revents & Int16(POLLIN) != 0 {
            signals = TerminalRestore.drainSignals()
            for s in signals where s == .resumed {
                try? applyRawMode()
                write(TerminalRestore.enterSequence)
            }
        }
        if ready > 0, fds[0].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
            if n > 0 { events = parser.feed(buffer[0..<n]) }
        } else if parser.hasPendingInput {
            events = parser.flush()
        }
        return (events, signals)
    }

    private func applyRawMode() throws(Failure) {
        var raw = TerminalRestore.original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(inputFD, TCSAFLUSH, &raw) == 0 else { throw .system("tcsetattr", errno) }
    }
}
