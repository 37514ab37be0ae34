#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EditMenuKit
import Synchronization

/// Rows a `TextViewport` laid out, found again by their text: a row is a function of the bytes it
/// is laid out from (its chunk), whether a paragraph starts there, and the viewport's width, wrapping
/// and masking — so a row whose chunk reads the same is the same row, moved by however many bytes an
/// edit before it inserted or removed. A keystroke then lays out only the rows whose text it changed
/// (the edited paragraph's); drawing, revealing the caret and the arrows reuse the rest. Entries are
/// checked byte for byte before use (a hash only finds them), and the cache forgets everything past
/// ``limit`` rows (a long scroll), so it never holds more than a few screens.
final class RowLayoutCache: Sendable {
    /// What besides its chunk's bytes a row depends on.
    struct Key: Hashable {
        var width: Int
        var wraps: Bool
        var masked: Bool
        /// Whether the byte before the row is a line feed (or there is none).
        var paragraphStart: Bool
        /// Whether the chunk runs to the end of the text.
        var endsText: Bool
    }

    private struct Entry {
        var key: Key
        var row: VisualRow
        var bytes: [UInt8]
    }

    /// How many rows are kept at most.
    static let limit = 1024

    private let entries = Mutex<[Int: Entry]>([:])

    /// The row laid out before from the same bytes as `chunk` with `key`, moved to start at `chunk`'s
    /// start; `nil` if there is none.
    func row(for key: Key, at chunk: Range<Int>, in storage: TextStorage) -> VisualRow? {
        let hash = Self.hash(key, chunk, storage)
        guard let entry = entries.withLock({ $0[hash] }), entry.key == key, entry.bytes.count == chunk.count else {
            return nil
        }
        var position = 0
        var same = true
        entry.bytes.withUnsafeBufferPointer { stored in
            storage.forEachRun(in: chunk) { run in
                guard same else { return }
                same = memcmp(stored.baseAddress! + position, run.baseAddress!, run.count) == 0
                position += run.count
            }
        }
        guard same else { return nil }
        var row = entry.row
        let shift = chunk.lowerBound - row.start
        if shift != 0 {
            row.start += shift
            row.end += shift
            row.next += shift
            for i in row.glyphs.indices { row.glyphs[i].offset += shift }
        }
        return row
    }

    /// Remembers `row`, laid out from the bytes of `chunk` with `key`.
    func store(_ row: VisualRow, for key: Key, at chunk: Range<Int>, in storage: TextStorage) {
        let hash = Self.hash(key, chunk, storage)
        let entry = Entry(key: key, row: row, bytes: storage.bytes(in: chunk))
        entries.withLock { entries in
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[hash] = entry
        }
    }

    private static func hash(_ key: Key, _ chunk: Range<Int>, _ storage: TextStorage) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(chunk.count)
        storage.forEachRun(in: chunk) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}
