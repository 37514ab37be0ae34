import EditMenuKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A document opened from disk: its storage, what the file was when opened (to notice another program
/// changing it), and an atomic save that keeps the file's permissions.
struct DemoFile {
    let path: String
    let storage: TextStorage
    /// Size and modification time when opened or last saved.
    var stamp: FileStamp?
    /// Set when the file held invalid UTF-8 that was replaced with U+FFFD on load.
    let repairNote: String?

    struct FileStamp: Equatable {
        var size: Int64
        var modified: timespec

        static func == (a: FileStamp, b: FileStamp) -> Bool {
            a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }

        static func of(_ path: String) -> FileStamp? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return FileStamp(size: Int64(info.st_size), modified: info.st_mtim)
        }
    }

    /// Opens `path`; a missing file is a new, empty document that Save creates.
    static func open(_ path: String) throws -> DemoFile {
        if !FileManager.default.fileExists(atPath: path) {
            return DemoFile(path: path, storage: TextStorage(), stamp: nil, repairNote: "New file \(path) — Ctrl+S creates it")
        }
        let storage = try TextStorage(contentsOfFile: path, invalid: .replace)
        let repaired = storage.loadRepair.invalidByteOffsets
        let note = repaired.isEmpty ? nil
            : "\(path): \(repaired.count) invalid UTF-8 sequence\(repaired.count == 1 ? "" : "s") shown as �, the first at byte \(repaired[0]); saving writes them as U+FFFD"
        return DemoFile(path: path, storage: storage, stamp: FileStamp.of(path), repairNote: note)
    }

    /// Whether another program changed the file since it was opened or saved.
    var changedOnDisk: Bool {
        guard let stamp else { return FileManager.default.fileExists(atPath: path) }
        return FileStamp.of(path) != stamp
    }

    enum SaveError: Error, CustomStringConvertible {
        case system(String, String)
        var description: String {
            if case .system(let what, let why) = self { return "\(what): \(why)" }
            return ""
        }
    }

    /// Writes `storage` to a temporary file beside the document, flushes it to disk, gives it the
    /// document's permissions and renames it over the document: a crash or a full disk leaves either
    /// the old file or the new one, never a mix.
    mutating func save(_ storage: TextStorage) throws(SaveError) {
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let temporary = "\(directory)/.\((path as NSString).lastPathComponent).editmenu-\(getpid()).tmp"
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .system("cannot create \(temporary)", String(cString: strerror(errno))) }
        var failure: String?
        storage.forEachRun(in: 0..<storage.byteCount) { run in
            guard failure == nil, var base = run.baseAddress else { return }
            var left = run.count
            while left > 0 {
                let n = write(fd, base, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                left -= n
                base += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        _ = fchmod(fd, mode)
        close(fd)
        if let failure {
            unlink(temporary)
            throw .system("cannot write \(path)", failure)
        }
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw .system("cannot replace \(path)", why)
        }
        // Make the rename itself durable.
        let dirFD = Glibc.open(directory, O_RDONLY | O_DIRECTORY)
        if dirFD >= 0 { fsync(dirFD); close(dirFD) }
        stamp = FileStamp.of(path)
    }
}

extension DemoApp {
    /// Ctrl+S: saves the file (file mode), refusing once when another program changed it on disk.
    func save() {
        guard var current = file, case .text(let editor, _) = fields[0].content else {
            setStatus("The sample is not a file: run `editmenu demo FILE` to edit and save a file")
            return
        }
        if current.changedOnDisk && !saveOverwriteArmed {
            saveOverwriteArmed = true
            setStatus("\(current.path) changed on disk since it was opened — Ctrl+S again overwrites it")
            return
        }
        saveOverwriteArmed = false
        do {
            try current.save(editor.storage)
            file = current
            isModified = false
            setStatus("Saved \(current.path) (\(editor.storage.byteCount) bytes)")
            record("saved \(current.path)")
        } catch {
            setStatus("Not saved — \(error.description); the document is unchanged")
        }
    }
}
