#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide state that signal handlers need to give the terminal back. Signal handlers cannot
/// capture context, so this is global; it is written only while no handler can run (before
/// installing them) and read from handlers with async-signal-safe calls (`tcsetattr`, `write`).
enum TerminalRestore {
    /// Alternate screen, SGR mouse with button-event tracking, bracketed paste, focus events.
    static let enterSequence =
        "\u{1B}[?1049h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?25l"
    /// Everything turned off again, the main screen back, the cursor shown, colours reset.
    static let leaveSequence =
        "\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// The terminal's settings before raw mode, in memory allocated once and never freed (signal
    /// handlers read it). Not a `termios` global: with AddressSanitizer this toolchain registers such a
    /// global as 57 bytes while the struct is 60, and storing into it is reported as a
    /// global-buffer-overflow (found by `scripts/sanitizers.sh`; test: "The saved terminal settings
    /// round-trip whole").
    nonisolated(unsafe) static let savedSettings: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    /// The terminal's settings before raw mode.
    static var original: termios {
        get { savedSettings.pointee }
        set { savedSettings.pointee = newValue }
    }
    nonisolated(unsafe) static var inputFD: Int32 = -1
    nonisolated(unsafe) static var outputFD: Int32 = -1
    nonisolated(unsafe) static var active = false
    nonisolated(unsafe) static var leaveBytes: [UInt8] = Array(leaveSequence.utf8)
    nonisolated(unsafe) static var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) static var atexitInstalled = false

    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static func install(fd: Int32, outputFD out: Int32, original saved: termios) {
        original = saved
        inputFD = fd
        outputFD = out
        if signalPipe.read < 0 {
            var fds: [Int32] = [0, 0]
            if pipe(&fds) == 0 {
                for f in fds {
                    _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(f, F_SETFD, FD_CLOEXEC)
                }
                signalPipe = (fds[0], fds[1])
            }
        }
        active = true
        if !atexitInstalled {
            atexitInstalled = true
            atexit { TerminalRestore.restoreNow() }
        }
        for s in crashSignals { handle(s, crashHandler, flags: Int32(bitPattern: UInt32(SA_RESETHAND))) }
        for s in stopSignals + [SIGWINCH, SIGCONT] { handle(s, notifyHandler, flags: SA_RESTART) }
        handle(SIGTSTP, suspendHandler, flags: SA_RESTART)
    }

    static func uninstall() {
        for s in crashSignals + stopSignals + [SIGWINCH, SIGCONT, SIGTSTP] { signal(s, SIG_DFL) }
    }

    /// Restores the terminal: async-signal-safe (only `write` and `tcsetattr` on saved values).
    static func restoreNow() {
        guard active else { return }
        active = false
        leaveBytes.withUnsafeBytes { _ = write(outputFD, $0.baseAddress, $0.count) }
        _ = tcsetattr(inputFD, TCSAFLUSH, savedSettings)
    }

    private static func handle(_ sig: Int32, _ handler: @convention(c) (Int32) -> Void, flags: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        sigaction(sig, &action, nil)
    }

    /// Reads the signals recorded since the last call.
    static func drainSignals() -> [TerminalSignal] {
        var result: [TerminalSignal] = []
        var byte: UInt8 = 0
        while read(signalPipe.read, &byte, 1) == 1 {
            let sig = Int32(byte)
            if sig == SIGWINCH {
                if !result.contains(.resized) { result.append(.resized) }
            } else if sig == SIGCONT {
                result.append(.resumed)
            } else {
                result.append(.terminate(sig))
            }
        }
        return result
    }
}

/// Crash: give the terminal back, then let the signal do what it would have done.
private func crashHandler(_ sig: Int32) {
    TerminalRestore.restoreNow()
    raise(sig)
}

/// SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT: tell the main loop through the self-pipe.
private func notifyHandler(_ sig: Int32) {
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(TerminalRestore.signalPipe.write, &byte, 1)
    if sig == SIGCONT, !TerminalRestore.active {
        TerminalRestore.active = true // the main loop re-enters raw mode on `.resumed`
    }
}

/// Ctrl+Z: give the terminal back, stop; on SIGCONT the main loop re-enters raw mode.
private func suspendHandler(_ sig: Int32) {
    TerminalRestore.restoreNow()
    TerminalRestore.active = false
    signal(SIGTSTP, SIG_DFL)
    // SIGTSTP is blocked while its handler runs: unblock it so the default action stops us here.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    // Execution continues here after SIGCONT.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = suspendHandler
    action.sa_flags = SA_RESTART
    sigemptyset(&action.sa_mask)
    sigaction(SIGTSTP, &action, nil)
}
