import EditMenuKit
import Foundation

/// Share… on Linux, which has no share sheet: a panel of the targets this desktop really has, each
/// performed here.
///
/// - **Mail** (`share.mail`), when `xdg-email` is installed: a `mailto:` with the selection's first
///   line as the subject and the text as the body, opened through the `OpeningPolicy` by the host's
///   opener (``SystemOpener`` hands `mailto:` to `xdg-email`). Objects — and text too long for an
///   address — go as attachments, written first into the policy's private folder (mode 0600).
/// - **Save to File** (`share.saveToFile`), when the documents folder is writable: the text as
///   `.txt`, an image as `.png`, a contact card as `.vcf`, a file copied — under a new name, never
///   over an existing file.
/// - **Copy Link** for a selected address or file, and **Copy as Plain Text** for rich text: panel
///   buttons that put the text on the host's pasteboard.
///
/// ```swift
/// let share = ShareService(environment: ProcessInfo.processInfo.environment)
/// share.targets(for: .text("Hello"), isRich: false).map(\.id)   // [.shareMail, .shareSaveToFile]
/// ```
package struct ShareService: EditMenuService {
    /// Where Save to File writes.
    package var documentsFolder: String
    /// `xdg-email`, `nil` when it is not installed (no Mail target).
    package var mailer: String?
    /// The folder attachments are written into (private to the user) and what may be opened.
    package var policy: OpeningPolicy

    /// A share service writing into `documentsFolder`, mailing with `mailer`.
    package init(documentsFolder: String, mailer: String?, policy: OpeningPolicy = OpeningPolicy()) {
        self.documentsFolder = documentsFolder
        self.mailer = mailer
        self.policy = policy
    }

    /// The targets of this machine: `xdg-email` from `PATH`, the documents folder of the XDG user
    /// directories (`XDG_DOCUMENTS_DIR` in `user-dirs.dirs`, else `~/Documents`, else the home folder).
    package init(environment: [String: String], policy: OpeningPolicy = OpeningPolicy()) {
        self.init(
            documentsFolder: Self.documentsFolder(environment: environment),
            mailer: ProcessRunner.find(
                "xdg-email", in: environment["PATH"].map { $0.split(separator: ":").map(String.init) }),
            policy: policy)
    }

    /// One target of the Share panel.
    package struct Target: Hashable, Sendable {
        /// The command performing it (`share.mail`, `share.saveToFile`), or `copy` for a copy button.
        package var id: EditCommand.ID
        /// Its title, localized.
        package var title: String
        /// For a copy button: what it copies.
        package var text: String?
    }

    package var commands: Set<EditCommand.ID> { Self.handledCommands }
    /// Made once: a menu asks every service for its commands several times.
    private static let handledCommands: Set<EditCommand.ID> = [.share, .shareMail, .shareSaveToFile]

    package func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
        guard let content = request.sharedContent else { return false }
        let targets = self.targets(for: content, isRich: request.content.isRich, locale: request.locale)
        switch command {
        case .share: return !targets.isEmpty
        case .shareMail, .shareSaveToFile: return targets.contains { $0.id == command }
        default: return false
        }
    }

    package func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        guard let content = request.sharedContent else { throw ServiceError("Share: nothing is selected to share") }
        let strings = MenuStrings(locale: request.locale)
        switch command {
        case .share:
            let targets = self.targets(for: content, isRich: request.content.isRich, locale: request.locale)
            guard !targets.isEmpty else { throw ServiceError("Share: this desktop has nothing to share with") }
            var title = strings.title(for: .share, idiom: .pad)
            while title.hasSuffix("…") || title.hasSuffix(" ") { title.removeLast() }
            return .panel(
                EditMenuPanel(
                    kind: .share, title: title, text: content.subject,
                    actions: targets.map { EditMenuPanel.Action($0.id, title: $0.title, text: $0.text) }))
        case .shareMail:
            return .open(try mailURI(for: content))
        case .shareSaveToFile:
            let path = try save(content)
            return .panel(
                EditMenuPanel(kind: .share, title: strings.title("shareSaveToFile", idiom: .pad), text: path))
        default:
            throw ServiceError("Share: \(command.rawValue) is not a share target")
        }
    }

    /// The targets for `content`, in the panel's order: Mail, Save to File, Copy Link, Copy as Plain
    /// Text — each only where it applies and the desktop has it.
    package func targets(for content: SharedContent, isRich: Bool, locale: MenuLocale = .english) -> [Target] {
        let strings = MenuStrings(locale: locale)
        var targets: [Target] = []
        if mailer != nil {
            targets.append(Target(id: .shareMail, title: strings.title("shareMail", idiom: .pad)))
        }
        if isWritableFolder(documentsFolder) {
            targets.append(Target(id: .shareSaveToFile, title: strings.title("shareSaveToFile", idiom: .pad)))
        }
        if let link = content.link {
            targets.append(Target(id: .copy, title: strings.title("shareCopyLink", idiom: .pad), text: link))
        }
        if isRich, case .text(let text) = content {
            targets.append(Target(id: .copy, title: strings.title("shareCopyPlainText", idiom: .pad), text: text))
        }
        return targets
    }

    // MARK: Mail

    /// The longest `mailto:` carrying the text as its body; longer text goes as an attachment.
    static let maximumBodyURI = 1800

    /// The `mailto:` for `content`, attachments written first.
    func mailURI(for content: SharedContent) throws(ServiceError) -> String {
        guard mailer != nil else { throw ServiceError("Mail: xdg-email is not installed (Debian's xdg-utils)") }
        switch content {
        case .text:
            let uri = content.mailtoURI()
            if uri.utf8.count <= Self.maximumBodyURI { return uri }
            return content.mailtoURI(attachments: [try attachment(content)])
        case .objects(let objects):
            var paths: [String] = []
            for object in objects { paths.append(try attachment(.objects([object]))) }
            return content.mailtoURI(attachments: paths)
        }
    }

    /// The largest file attached (or saved) from a selected file object.
    static let maximumFileBytes = 256 << 20

    /// Writes `content` (a copy of a selected file too) into the policy's private folder for attaching.
    private func attachment(_ content: SharedContent) throws(ServiceError) -> String {
        let data = try bytes(of: content, for: "Mail")
        do {
            return try policy.export(data, named: content.fileName)
        } catch {
            throw ServiceError("Mail: \(error.description)")
        }
    }

    // MARK: Save to File

    /// Saves `content` into `documentsFolder` under its `SharedContent.fileName` (or "Name 2.txt",
    /// "Name 3.txt" … when taken), never replacing a file; returns the path.
    ///
    /// - Throws: `ServiceError` naming the folder or file and the system's reason.
    package func save(_ content: SharedContent) throws(ServiceError) -> String {
        let name = content.fileName
        let ext = (name as NSString).pathExtension
        let base = (name as NSString).deletingPathExtension
        let data = try bytes(of: content, for: "Save to File")
        for n in 1...1000 {
            let candidate = documentsFolder + "/" + (n == 1 ? base : "\(base) \(n)") + (ext.isEmpty ? "" : "." + ext)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw ServiceError(
                    "Save to File: cannot create \(candidate): \(String(cString: strerror(errno)))")
            }
            var failure: String?
            data.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let written = write(fd, raw.baseAddress! + done, raw.count - done)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = String(cString: strerror(errno))
                        return
                    }
                    done += written
                }
            }
            close(fd)
            if let failure {
                unlink(candidate)
                throw ServiceError("Save to File: cannot write \(candidate): \(failure)")
            }
            return candidate
        }
        throw ServiceError("Save to File: \(documentsFolder) already has 1000 files called \(base)")
    }

    /// The bytes a file sharing `content` holds: the text, PNG or vCard, or a selected file's contents.
    private func bytes(of content: SharedContent, for target: String) throws(ServiceError) -> Data {
        if let data = content.fileData { return data }
        guard let file = content.file else { throw ServiceError("\(target): there is nothing to write") }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileBytes else {
            throw ServiceError("\(target): \(file.path) is larger than 256 MiB")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw ServiceError("\(target): cannot read \(file.path): \(error.localizedDescription)")
        }
    }

    private func isWritableFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && access(path, W_OK) == 0
    }

    /// The user's documents folder: `XDG_DOCUMENTS_DIR` from the environment or from
    /// `$XDG_CONFIG_HOME/user-dirs.dirs` (`$HOME` expanded), else `~/Documents` when it exists, else
    /// the home folder.
    package static func documentsFolder(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func expand(_ value: String) -> String {
            value.hasPrefix("$HOME") ? home + value.dropFirst("$HOME".count) : value
        }
        if let value = environment["XDG_DOCUMENTS_DIR"], expand(value).hasPrefix("/") { return expand(value) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_DOCUMENTS_DIR=") {
                var value = String(line.dropFirst("XDG_DOCUMENTS_DIR=".count))
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = String(value.dropFirst().dropLast())
                }
                let path = expand(value)
                if path.hasPrefix("/"), path != home + "/" { return path }
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: home + "/Documents", isDirectory: &isDirectory), isDirectory.boolValue
        {
            return home + "/Documents"
        }
        return home
    }
}
