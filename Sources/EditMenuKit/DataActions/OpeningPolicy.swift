import Foundation

/// The one rule for what the edit menu may open, and how a data action's target becomes something
/// to open: every host opens through it (``EditMenuController`` applies it before
/// ``EditMenuHost/open(_:)``), so no host can open what another would refuse.
///
/// - Only `https:`, `mailto:`, `tel:`, `sms:` and `geo:` URIs — the schemes the data detectors and
///   Search build (EDIT-MENU.md §6; a link written with `http:` opens as `https:`) — or a calendar
///   event (`.ics`) or contact card (`.vcf`, Add to Contacts) the policy itself wrote into its private
///   export folder.
/// - Nothing longer than `maximumLength`, nothing with spaces or control characters, nothing that
///   reads as a command-line option (an opener is a program taking the URI as an argument).
///
/// ```swift
/// let policy = OpeningPolicy()
/// policy.isSafeToOpen("tel:+14085550123")        // true
/// policy.isSafeToOpen("javascript:alert(1)")     // false
/// policy.isSafeToOpen("file:///etc/passwd")      // false
/// try policy.uri(for: .calendarEvent(ics))       // "/tmp/editmenu-1000/…ics", mode 0600
/// ```
public struct OpeningPolicy: Hashable, Sendable {
    /// The folder (mode 0700) where events and contact cards are written before they are opened.
    public var exportDirectory: String

    /// A policy exporting into `exportDirectory` (default: a per-user folder in the temporary folder).
    public init(exportDirectory: String = OpeningPolicy.defaultExportDirectory) {
        self.exportDirectory = exportDirectory.hasSuffix("/") ? String(exportDirectory.dropLast()) : exportDirectory
    }

    /// `$TMPDIR/editmenu-<uid>`.
    public static var defaultExportDirectory: String {
        NSTemporaryDirectory() + (NSTemporaryDirectory().hasSuffix("/") ? "" : "/") + "editmenu-\(getuid())"
    }

    /// The schemes a URI may have.
    package static let allowedSchemes: Set<String> = ["https", "mailto", "tel", "sms", "geo"]

    /// The longest URI opened.
    package static let maximumLength = 2048

    /// Whether `uri` may be opened: an allowed scheme, or an event or contact card in the export
    /// folder; never over-long, never with spaces or control characters, never option-like.
    public func isSafeToOpen(_ uri: String) -> Bool {
        guard !uri.isEmpty, uri.utf8.count <= Self.maximumLength, !uri.hasPrefix("-") else { return false }
        guard
            !uri.unicodeScalars.contains(where: {
                $0.value <= 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value)
            })
        else { return false }
        if uri.hasPrefix("/") {
            return uri.hasPrefix(exportDirectory + "/") && !uri.contains("/../") && !uri.contains("/./")
                && (uri.hasSuffix(".ics") || uri.hasSuffix(".vcf"))
                && !uri.dropFirst(exportDirectory.count + 1).contains("/")
        }
        guard let colon = uri.firstIndex(of: ":") else { return false }
        return Self.allowedSchemes.contains(uri[..<colon].lowercased())
    }

    /// What to open for a data action's target: the URI itself, or the path of a private file
    /// (mode 0600, in ``exportDirectory``, mode 0700) holding the event or contact card.
    ///
    /// - Throws: ``OpeningError`` when the URI is refused or the file cannot be written.
    public func uri(for target: DataAction.Target) throws(OpeningError) -> String {
        switch target {
        case .uri(let uri):
            guard isSafeToOpen(uri) else { throw .refused(uri) }
            return uri
        case .calendarEvent(let text):
            return try export(text, extension: "ics")
        case .contact(let text):
            return try export(text, extension: "vcf")
        }
    }

    private func export(_ text: String, extension ext: String) throws(OpeningError) -> String {
        try makePrivateFolder()
        let manager = FileManager.default
        let path = "\(exportDirectory)/\(UUID().uuidString).\(ext)"
        guard manager.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { throw .cannotWrite(path, "the file could not be created") }
        removeExpiredExports(keeping: path)
        return path
    }

    /// How long a written event, contact card or attachment is kept: the next export removes older
    /// ones, which their openers have long read, so the folder does not grow for as long as the
    /// machine runs.
    package static let exportLifetime: TimeInterval = 24 * 60 * 60

    /// Removes what the policy wrote (a UUID-named `.ics` or `.vcf` file, or a UUID-named attachment
    /// folder) more than ``exportLifetime`` before `newest`, the file just written, whose time is the
    /// file system's "now". Anything else in the folder is left alone.
    private func removeExpiredExports(keeping newest: String) {
        let manager = FileManager.default
        guard let now = (try? manager.attributesOfItem(atPath: newest))?[.modificationDate] as? Date,
            let names = try? manager.contentsOfDirectory(atPath: exportDirectory)
        else { return }
        for name in names {
            let stem = name.hasSuffix(".ics") || name.hasSuffix(".vcf") ? String(name.dropLast(4)) : name
            guard UUID(uuidString: stem) != nil else { continue }
            let path = exportDirectory + "/" + name
            guard path != newest, !newest.hasPrefix(path + "/"),
                let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > Self.exportLifetime
            else { continue }
            try? manager.removeItem(atPath: path)
        }
    }

    /// Creates ``exportDirectory`` (mode 0700) if needed and checks that it is this user's alone.
    private func makePrivateFolder() throws(OpeningError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                atPath: exportDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(exportDirectory, error.localizedDescription)
        }
        // A folder someone else made (or made wider) is not private: refuse to write there.
        guard let attributes = try? manager.attributesOfItem(atPath: exportDirectory),
            (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == getuid(),
            ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777) & 0o077 == 0
        else { throw .cannotWrite(exportDirectory, "the folder is not private to this user") }
    }

    /// Writes `data` as a private file called `name` (mode 0600, in a new folder of its own inside
    /// ``exportDirectory``, so the name people see stays theirs) for attaching to an e-mail (Share ▸
    /// Mail); returns its path. `name` loses any `/` and leading dots.
    ///
    /// - Throws: ``OpeningError/cannotWrite(_:_:)`` when the folder is not private or the file
    ///   cannot be written.
    public func export(_ data: Data, named name: String) throws(OpeningError) -> String {
        try makePrivateFolder()
        var safe = name.replacingOccurrences(of: "/", with: "-")
        while safe.hasPrefix(".") { safe.removeFirst() }
        if safe.isEmpty { safe = "attachment" }
        let folder = "\(exportDirectory)/\(UUID().uuidString)"
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(folder, error.localizedDescription)
        }
        let path = folder + "/" + safe
        guard manager.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw .cannotWrite(path, "the file could not be created")
        }
        removeExpiredExports(keeping: path)
        return path
    }

    /// Whether `path` is a file ``export(_:named:)`` wrote: inside ``exportDirectory``, one folder
    /// down, with no `..` or `.` parts.
    package func isExportedAttachment(_ path: String) -> Bool {
        guard path.hasPrefix(exportDirectory + "/") else { return false }
        let parts = path.dropFirst(exportDirectory.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

/// Why a target was not opened.
public enum OpeningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URI is not one the policy opens.
    case refused(String)
    /// The event or contact card could not be written (where, why).
    case cannotWrite(String, String)
    /// The host has nothing that opens it (no browser, no dialer).
    case noOpener(String)

    public var description: String {
        switch self {
        case .refused(let uri): return "refused to open \(uri.prefix(80)): not a URI the edit menu opens"
        case .cannotWrite(let path, let why): return "could not write \(path): \(why)"
        case .noOpener(let uri): return "nothing here opens \(uri.prefix(80))"
        }
    }
}
