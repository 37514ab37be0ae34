import Foundation

/// Reading a file into a storage: the file's bytes straight into the original buffer.
extension TextStorage {
    /// Loads the file at `path` (read straight into the original buffer, one copy of the file in
    /// memory).
    ///
    /// - Throws: ``TextStorageError/cannotRead(path:reason:)`` naming the file and the system's
    ///   reason, or ``TextStorageError/invalidUTF8(byteOffset:)`` as ``init(utf8:invalid:)``.
    public init(contentsOfFile path: String, invalid: InvalidUTF8Policy = .replace) throws(TextStorageError) {
        try self.init(utf8: try Self.readFile(path), invalid: invalid)
    }

    static func readFile(_ path: String) throws(TextStorageError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        let size = Int(info.st_size)
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let n = read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    break
                }
                if n == 0 { break } // the file shrank while being read
                done += n
            }
            initialized = done
        }
        if let failure { throw .cannotRead(path: path, reason: failure) }
        return bytes
    }
}
