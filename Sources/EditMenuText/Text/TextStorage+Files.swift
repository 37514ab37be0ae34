import Foundation

/// Loading a file into a storage: mapped into memory and read in place where that is safe, else read
/// straight into the original buffer; either way checked as UTF-8 with the vectorized validator (a
/// large mapped file in parts, on every processor).
extension TextStorage {
    /// Loads the file at `path`: a regular file of at least 256 KiB is mapped into
    /// memory (private, read-only) and read in place — no copy, so loading costs the UTF-8 check and
    /// little else (like `Data.ReadingOptions.mappedIfSafe`), and a file of several MiB is checked in
    /// parts at once, one on each processor; other files (small ones, pipes, devices)
    /// are read into memory, checked a chunk at a time.
    ///
    /// A mapped document keeps the file open: saving writes a new file and renames it over the old
    /// one (as `EditMenuDemo`'s Save does), which leaves the mapped bytes alone. A program that
    /// truncates or rewrites the same file in place while it is open changes what the storage reads
    /// (its own edits stay, in the added buffer).
    ///
    /// - Throws: ``TextStorageError/cannotRead(path:reason:)`` naming the file and the system's
    ///   reason, or ``TextStorageError/invalidUTF8(byteOffset:)`` as ``init(utf8:invalid:)``.
    public init(contentsOfFile path: String, invalid: InvalidUTF8Policy = .replace) throws(TextStorageError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        if let file = MappedFile(fd, info: info) {
            let bytes = UnsafeBufferPointer(start: file.bytes, count: file.count)
            let parts = UTF8Validator.partCount(forByteCount: bytes.count)
            guard let firstInvalid = UTF8Validator.firstInvalidOffset(bytes, parts: parts) else {
                self.init(validMappedFile: file)
                return
            }
            // Not UTF-8: refused, or repaired into a copy (the mapping goes with `file`).
            if invalid == .reject { throw .invalidUTF8(byteOffset: firstInvalid) }
            let (fixed, offsets) = UTF8Validator.repaired(bytes, from: firstInvalid)
            self.init(validUTF8: fixed, repair: UTF8Repair(invalidByteOffsets: offsets))
            return
        }
        let (bytes, firstInvalid) = try Self.read(fd, size: Int(info.st_size), path: path)
        try self.init(utf8: bytes, firstInvalid: firstInvalid, invalid: invalid)
    }

    /// The smallest file that is mapped rather than read (smaller ones cost a few page faults at most).
    package static let mappingThreshold = 256 * 1024

    /// How much is read at a time: small enough to still be in the cache when it is checked.
    static let readChunkSize = 1 << 20

    /// The bytes of the open file `fd` (`size` bytes by `fstat`; fewer if it shrinks meanwhile), and the
    /// offset of the first byte that is not UTF-8 (`nil`: all valid), each chunk checked as it arrives.
    static func read(_ fd: Int32, size: Int, path: String) throws(TextStorageError) -> (
        bytes: [UInt8], firstInvalid: Int?
    ) {
        // An empty file makes no array in place: one of capacity 0 writes its count into the storage
        // every empty array shares, which another thread may be reading (a data race).
        guard size > 0 else { return ([], nil) }
        var failure: String?
        var firstInvalid: Int?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            // Where checking resumes: the start of a sequence, everything before it valid.
            var checked = 0
            while done < size {
                let n = Foundation.read(fd, base + done, min(readChunkSize, size - done))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    break
                }
                if n == 0 { break } // the file shrank while being read
                done += n
                if firstInvalid == nil {
                    let result = UTF8Validator.checkBlocks(
                        UnsafeBufferPointer(start: base, count: done), from: checked, to: done)
                    firstInvalid = result.invalid
                    checked = result.resume
                }
            }
            if firstInvalid == nil {
                firstInvalid = UTF8Validator.firstInvalidOffset(
                    UnsafeBufferPointer(start: base, count: done), from: checked)
            }
            initialized = done
        }
        if let failure { throw .cannotRead(path: path, reason: failure) }
        return (bytes, firstInvalid)
    }
}

/// A file mapped into memory, private and read-only, unmapped when the last storage reading it goes.
/// Its bytes are never written, so sharing them between threads is safe.
final class MappedFile: @unchecked Sendable {
    /// The first byte.
    let bytes: UnsafePointer<UInt8>
    /// The number of bytes mapped (the file's size when it was mapped).
    let count: Int

    /// Maps the open file `fd` when it is a regular file of at least ``TextStorage/mappingThreshold``
    /// bytes; `nil` otherwise, or when mapping fails (the caller reads it instead).
    init?(_ fd: Int32, info: stat) {
        let size = Int(info.st_size)
        guard info.st_mode & S_IFMT == S_IFREG, size >= TextStorage.mappingThreshold else {
            return nil
        }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        // The check reads it all at once: a file not in the page cache yet is read ahead.
        _ = madvise(address, size, MADV_WILLNEED)
        bytes = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        count = size
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes), count)
    }
}
