import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes to the terminal from any thread: the session's output, and the pasteboard's OSC 52 callback,
/// which a system clipboard tool may call from elsewhere.
package final class TerminalWriter: Sendable {
    /// The terminal's file descriptor.
    package let fd: Int32
    /// A writer to `fd`.
    package init(fd: Int32) { self.fd = fd }
    /// Writes all of `text`, retrying interrupted and partial writes.
    package func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(n)
        }
    }
}
