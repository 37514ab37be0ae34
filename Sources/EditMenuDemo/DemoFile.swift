import EditMenuKit
@_spi(Testing) import EditMenuTerminal
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
            return DemoFile(
                path: path, storage: TextStorage(), stamp: nil, repairNote: "New file \(path) — Ctrl+S creates it")
        }
        let storage = try TextStorage(contentsOfFile: path, invalid: .replace)
        let repaired = storage.loadRepair.invalidByteOffsets
        let note =
            repaired.isEmpty
            ? nil
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

    /// How bytes reach a file descriptor: `write(2)` normally; tests inject a writer that fails (a full
    /// disk, an I/O error) to check that a failed save leaves the document and the file as they were.
    struct Writer: Sendable {
        /// Writes some of the bytes; returns how many, or -1 with `errno` set.
        var write: @Sendable (Int32, UnsafeRawBufferPointer) -> Int
        /// The system's `write(2)`.
        static let system = Writer { fd, bytes in Glibc.write(fd, bytes.baseAddress, bytes.count) }
    }

    /// Writes `storage` to a temporary file beside the document, flushes it to disk, gives it the
    /// document's permissions and renames it over the document: a crash or a full disk leaves either
    /// the old file or the new one, never a mix. A successful save removes the recovery file.
    mutating func save(_ storage: TextStorage, writer: Writer = .system) throws(SaveError) {
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        try Self.writeAtomically(storage, to: path, mode: mode, writer: writer)
        stamp = FileStamp.of(path)
        unlink(Self.recoveryPath(for: path))
    }

    /// The temporary-file, fsync, chmod, rename sequence shared by Save and the recovery file.
    static func writeAtomically(_ storage: TextStorage, to path: String, mode: mode_t, writer: Writer) throws(SaveError)
    {
        let directory =
            (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let temporary = "\(directory)/.\((path as NSString).lastPathComponent).editmenu-\(getpid()).tmp"
        unlink(temporary) // a leftover of this process's own earlier attempt
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .system("cannot create \(temporary)", String(cString: strerror(errno))) }
        var failure: String?
        storage.forEachRun(in: 0..<storage.byteCount) { run in
            guard failure == nil, var base = run.baseAddress else { return }
            var left = run.count
            while left > 0 {
                let n = writer.write(fd, UnsafeRawBufferPointer(start: base, count: left))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                if n == 0 {
                    failure = "the disk accepted no more bytes"
                    return
                }
                left -= n
                base += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        // The umask narrowed open(2)'s mode: set the document's permissions exactly.
        if failure == nil, fchmod(fd, mode) != 0 { failure = String(cString: strerror(errno)) }
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
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    // MARK: Recovery

    /// Where the unsaved changes of the document at `path` are kept when the demo is stopped (SIGTERM,
    /// SIGHUP) with changes not saved: a hidden file beside it, `.<name>.editmenu-recovery`.
    static func recoveryPath(for path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).editmenu-recovery"
        return directory.isEmpty ? name : "\(directory)/\(name)"
    }

    /// Writes `storage` as the recovery file of the document at `path`, readable by the owner only
    /// (the document may be private; the recovery file never widens who can read it).
    static func writeRecovery(_ storage: TextStorage, for path: String, writer: Writer = .system) throws(SaveError) {
        try writeAtomically(storage, to: recoveryPath(for: path), mode: 0o600, writer: writer)
    }

    /// The recovery file of the document at `path`, if one is there and readable.
    static func recovery(for path: String) -> TextStorage? {
        let recoveryPath = recoveryPath(for: path)
        guard FileManager.default.fileExists(atPath: recoveryPath) else { return nil }
        return try? TextStorage(contentsOfFile: recoveryPath, invalid: .replace)
    }
}

extension DemoApp {
    /// Ctrl+S: saves the file (file mode), refusing once when another program changed it on disk.
    func save() {
        guard var current = file, let view = fields[0].textView else {
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
            try current.save(view.editor.storage, writer: saveWriter)
            file = current
            isModified = false
            savedChangeCount = view.changeCount
            setStatus("Saved \(current.path) (\(view.editor.storage.byteCount) bytes)")
            record("saved \(current.path)")
            offeredRecovery = nil
        } catch {
            setStatus("Not saved — \(error.description); the document is unchanged")
            record("save failed: \(error.description)")
        }
    }

    /// Called when the demo is told to stop (SIGTERM, SIGHUP): a file with unsaved changes gets a
    /// recovery file, which the next `editmenu demo FILE` offers. Returns the recovery file's path, or
    /// `nil` when nothing needed keeping (no file, no changes) or it could not be written (the reason
    /// is in the log).
    package func preserveUnsavedChanges() -> String? {
        guard isModified, let file, let editor = fields[0].textEditor else { return nil }
        do {
            try DemoFile.writeRecovery(editor.storage, for: file.path, writer: saveWriter)
        } catch {
            record("recovery not written: \(error.description)")
            return nil
        }
        let path = DemoFile.recoveryPath(for: file.path)
        record("recovery written \(path) (\(editor.storage.byteCount) bytes)")
        return path
    }

    /// Ctrl+R: replaces the document's text with the recovery file's, as one step Undo takes back. The
    /// recovery file stays until the document is saved.
    func restoreRecovery() {
        guard let recovered = offeredRecovery, file != nil else {
            setStatus("There is nothing to recover")
            return
        }
        editMenu.focus(0)
        editMenu.controller.dismiss()
        guard let view = fields[0].textView else { return }
        let source = InMemoryPasteboard()
        source.write([
            PasteboardItem([
                PasteboardRepresentation(type: .plainText, data: recovered.data(in: 0..<recovered.byteCount))
            ])
        ])
        view.editor.select(0..<view.editor.storage.byteCount)
        do {
            if recovered.isEmpty {
                if !view.editor.selection.isEmpty { try view.perform(.delete, pasteboard: source) }
            } else {
                try view.perform(.paste, pasteboard: source)
            }
        } catch {
            setStatus(error.description)
            return
        }
        offeredRecovery = nil
        isModified = true
        setStatus(
            "Recovered the unsaved changes (\(recovered.byteCount) bytes) — Ctrl+S saves them, Ctrl+Z takes them back")
        record("recovery restored (\(recovered.byteCount) bytes)")
    }
}
