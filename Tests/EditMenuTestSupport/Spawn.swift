import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it, with `posix_spawn` and `waitpid` directly: Foundation's `Process`
/// can miss a child's exit on Linux when the child forks a daemon (tmux's server), leaving a test hung.
public enum Spawn {
    /// Runs `arguments[0]` (a path) with `environment`; returns its exit status and, when `capture`,
    /// its standard output. Standard input is /dev/null; standard error is discarded.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String], capture: Bool) -> (
        status: Int32, output: String
    ) {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var fds: [Int32] = [-1, -1]
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        if capture, pipe(&fds) == 0 {
            posix_spawn_file_actions_adddup2(&fileActions, fds[1], 1)
            posix_spawn_file_actions_addclose(&fileActions, fds[0])
            posix_spawn_file_actions_addclose(&fileActions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        }
        // Children start with no signals blocked, whatever the test runner's thread had blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &fileActions, &attributes, argv, envp) == 0 else {
            if capture {
                close(fds[0])
                close(fds[1])
            }
            return (-1, "")
        }
        var output = Data()
        if capture {
            close(fds[1])
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buffer, buffer.count)
                if n > 0 {
                    output.append(contentsOf: buffer[0..<n])
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
