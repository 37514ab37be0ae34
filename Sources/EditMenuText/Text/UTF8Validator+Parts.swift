import Dispatch
import Foundation

/// Checking a large buffer as UTF-8 in parts, one on each of the machine's processors: what a load of a
/// large mapped file costs is almost all this check, and one core checks several times slower than the
/// page cache reads.
extension UTF8Validator {
    /// The smallest part worth a processor of its own: 4 MiB is about a millisecond of checking, far
    /// more than what starting the work on another thread costs.
    package static let minimumPartSize = 4 << 20

    /// How many parts a buffer of `count` bytes is checked in: one per online processor, each at least
    /// ``minimumPartSize`` bytes, at most eight. (Asked of the C library: `ProcessInfo` would first
    /// set itself up, which grows a small process by more than a MiB.)
    package static func partCount(forByteCount count: Int) -> Int {
        max(1, min(sysconf(Int32(_SC_NPROCESSORS_ONLN)), count / minimumPartSize, 8))
    }

    /// The offset of the first invalid byte, or `nil` when all of `p` is valid UTF-8 — the same answer as
    /// ``firstInvalidOffset(_:)``, with the buffer checked in `parts` parts at once.
    ///
    /// Each part but the first starts at the start of a sequence, so a part is checked exactly as if
    /// everything before it were valid: the answer is the first part's that finds a bad byte, and a part
    /// that finds none leaves nothing for the next (a sequence cut by the part's end is cut in the text
    /// too, since the next part starts with a byte that is not a continuation). Where no sequence starts
    /// within four bytes of a cut, the bytes there are not UTF-8 and the buffer is checked in one part.
    package static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>, parts: Int) -> Int? {
        guard parts > 1, p.count >= parts * 64, let base = p.baseAddress else { return firstInvalidOffset(p) }
        var starts = [0]
        for part in 1..<parts {
            var start = p.count / parts * part
            let limit = start + 4
            while start < limit, !isScalarStart(p[start]) { start += 1 }
            guard start < limit else { return firstInvalidOffset(p) }
            starts.append(start)
        }
        starts.append(p.count)
        let found = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts)
        defer { found.deallocate() }
        let shared = SharedParts(base: base, starts: starts, found: found)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            // The text up to the part's end; the bytes before the part's start are another part's.
            let text = UnsafeBufferPointer(start: shared.base, count: shared.starts[part + 1])
            shared.found[part] = firstInvalidOffset(text, vectorizedFrom: shared.starts[part]) ?? -1
        }
        return found.first { $0 >= 0 }
    }
}

/// What the parts of one check share: the bytes, read only, and a slot for each part's answer, written
/// by that part alone and read once they all have finished.
private struct SharedParts: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let starts: [Int]
    let found: UnsafeMutableBufferPointer<Int>
}
