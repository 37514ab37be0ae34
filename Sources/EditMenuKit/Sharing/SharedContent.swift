import Foundation

/// What Share… shares: the selected text, or the selected objects (an image, a contact card, a file).
///
/// Linux has no share sheet: the reference hosts offer the targets the desktop has (see
/// `ShareService` in EditMenuServices) — Mail with `xdg-email`, Save to File, Copy Link and Copy as
/// Plain Text — each made from this content.
///
/// ```swift
/// let text = SharedContent.text("Meet at 1 Infinite Loop tomorrow.\nBring the slides.")
/// text.subject                  // "Meet at 1 Infinite Loop tomorrow."
/// text.fileName                 // "Meet at 1 Infinite Loop tomorrow.txt"
/// SharedContent.objects([.contact(vCard: card, name: "Jane Appleseed")]).fileName   // "Jane Appleseed.vcf"
/// ```
public enum SharedContent: Hashable, Sendable {
    /// Selected text.
    case text(String)
    /// Selected objects.
    case objects([EditableObject])

    /// The subject of an e-mail sharing it: the text's first line (at most 60 Characters, cut at a
    /// word and ended with …), or the object's name.
    public var subject: String {
        switch self {
        case .text(let text):
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return Self.shortened(line.trimmingCharacters(in: .whitespaces), to: 60)
        case .objects(let objects):
            return objects.first.map(Self.name(of:)) ?? ""
        }
    }

    /// The name a saved file gets: the subject made safe for a file name (no `/`, no control
    /// characters, no leading dot, at most 60 Characters), and the content's extension — `.txt`
    /// for text, `.png` for an image, `.vcf` for a contact card, the file's own for a file.
    public var fileName: String {
        var base = Self.shortened(subject, to: 60, ellipsis: false)
        base = String(
            base.unicodeScalars.map {
                $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F || $0 == ":" ? "-" : Character($0)
            })
        while base.hasPrefix(".") || base.hasPrefix("-") { base.removeFirst() }
        base = base.trimmingCharacters(in: .whitespaces)
        if base.isEmpty { base = defaultBaseName }
        return base + "." + fileExtension
    }

    /// `txt`, `png`, `vcf`, or the shared file's extension.
    package var fileExtension: String {
        switch self {
        case .text: return "txt"
        case .objects(let objects):
            switch objects.first {
            case .image?: return "png"
            case .contact?: return "vcf"
            case .file(let url)?: return url.pathExtension.isEmpty ? "bin" : url.pathExtension
            case nil: return "txt"
            }
        }
    }

    private var defaultBaseName: String {
        switch self {
        case .text: return "Text"
        case .objects(let objects):
            switch objects.first {
            case .image?: return "Image"
            case .contact?: return "Contact"
            default: return "File"
            }
        }
    }

    /// The bytes a saved file holds: the text as UTF-8, the PNG, the vCard, or `nil` for a shared file
    /// (it is copied instead).
    public var fileData: Data? {
        switch self {
        case .text(let text): return Data(text.utf8)
        case .objects(let objects):
            switch objects.first {
            case .image(let png)?: return png
            case .contact(let vCard, _)?: return Data(vCard.utf8)
            default: return nil
            }
        }
    }

    /// A link to share as one (Copy Link): the text when it is a single `http(s)` address, a shared
    /// file's `file://` URL; `nil` otherwise.
    public var link: String? {
        switch self {
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.contains(where: { $0.isWhitespace }), trimmed.count <= 2048,
                let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
                scheme == "https" || scheme == "http", url.host?.isEmpty == false
            else { return nil }
            return trimmed
        case .objects(let objects):
            if case .file(let url)? = objects.first, objects.count == 1 { return url.absoluteString }
            return nil
        }
    }

    /// The shared file, for a file object.
    public var file: URL? {
        if case .objects(let objects) = self, case .file(let url)? = objects.first { return url }
        return nil
    }

    static func name(of object: EditableObject) -> String {
        switch object {
        case .image: return "Image"
        case .contact(_, let name): return name.isEmpty ? "Contact" : name
        case .file(let url): return url.deletingPathExtension().lastPathComponent
        }
    }

    static func shortened(_ text: String, to limit: Int, ellipsis: Bool = true) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return ellipsis ? cut + "…" : cut
    }

    // MARK: Mail

    /// The `mailto:` address of an e-mail sharing the content (RFC 6068: everything but unreserved
    /// characters percent-encoded): the subject, the text as the body, and the given attachments as
    /// `attach` fields (which `SystemOpener` hands to `xdg-email --attach`); with attachments the text
    /// is not repeated as the body.
    package func mailtoURI(attachments: [String] = []) -> String {
        var fields = ["subject=" + SafeURI.escape(subject)]
        if case .text(let text) = self, attachments.isEmpty { fields.append("body=" + SafeURI.escape(text)) }
        for path in attachments { fields.append("attach=" + SafeURI.escape(path)) }
        return "mailto:?" + fields.joined(separator: "&")
    }
}

extension EditCommand.ID {
    /// Share… ▸ Mail: an e-mail with the selection (through `xdg-email` on Linux).
    public static let shareMail: Self = "share.mail"
    /// Share… ▸ Save to File: the selection saved as a text, PNG or vCard file.
    public static let shareSaveToFile: Self = "share.saveToFile"
}
