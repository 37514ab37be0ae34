import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A serial queue on a thread of its own, at a lower priority than the host's (`nice` 10 on Linux), for
/// work a host does off its input path — checking the spelling of the text on screen, loading a
/// dictionary: when it competes with input for a core, input wins.
///
/// ```swift
/// BackgroundQueue.shared.async { let marks = checker.misspellings(in: visible, locale: locale) … }
/// ```
package final class BackgroundQueue: Sendable {
    private final class Jobs: Sendable {
        let pending = Mutex<[@Sendable () -> Void]>([])
        let signal = DispatchSemaphore(value: 0)
    }

    private let jobs = Jobs()

    /// The queue the package's own background work shares (one thread for the process).
    package static let shared = BackgroundQueue(name: "EditMenuKit.background")

    /// A queue whose thread is named `name` (as debuggers show it). The thread lives as long as the
    /// process.
    package init(name: String) {
        let jobs = jobs
        let thread = Thread {
            Self.lowerPriority()
            while true {
                jobs.signal.wait()
                guard let job = jobs.pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                job()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Runs `job` after the jobs queued before it.
    package func async(_ job: @escaping @Sendable () -> Void) {
        jobs.pending.withLock { $0.append(job) }
        jobs.signal.signal()
    }

    /// Lowers the calling thread's priority to `nice` 10 (Linux: the thread's own id from
    /// `/proc/thread-self`); does nothing where that is not possible.
    private static func lowerPriority() {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return }
        let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let tid = link.split(separator: "/").last.flatMap({ id_t($0) }) else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 10)
        #endif
    }
}
