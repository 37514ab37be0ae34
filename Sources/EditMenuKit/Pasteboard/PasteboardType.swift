/// A kind of data a pasteboard item can hold, named without reading the data itself.
///
/// Menus decide whether Paste applies from the pasteboard's *types* alone, so presenting a menu
/// never reads the clipboard's contents (and never triggers a paste-privacy prompt).
/// The common kinds have short names; anything else is a MIME type.
///
/// ```swift
/// let types: Set<PasteboardType> = [.plainText, PasteboardType("text/html")!]
/// ```
public struct PasteboardType: Hashable, Sendable, CustomStringConvertible {
    /// The type's name: one of the short names (`text`, `richText`, `url`, `image`, `file`,
    /// `vcard`) or a lowercase MIME type (`text/html`).
    public let rawValue: String

    /// Creates a type from a short name or a MIME type; `nil` when `name` is neither.
    public init?(_ name: String) {
        if Self.shortNames.contains(name) {
            rawValue = name
        } else if Self.isMIMEType(name) {
            rawValue = name.lowercased()
        } else {
            return nil
        }
    }

    private init(known: String) { rawValue = known }

    public var description: String { rawValue }

    /// Plain text.
    public static let plainText = PasteboardType(known: "text")
    /// Styled text (RTF, HTML, attributed text).
    public static let richText = PasteboardType(known: "richText")
    /// A URL.
    public static let url = PasteboardType(known: "url")
    /// An image (PNG, JPEG …).
    public static let image = PasteboardType(known: "image")
    /// A file reference (a file URL).
    public static let file = PasteboardType(known: "file")
    /// A contact card.
    public static let vCard = PasteboardType(known: "vcard")

    /// The short names, in documentation order.
    package static let shortNames: [String] = ["text", "richText", "url", "image", "file", "vcard"]

    /// Whether this type is a MIME type rather than a short name.
    @_spi(Testing) public var isMIMEType: Bool { rawValue.contains("/") }

    /// The MIME top-level type (`text` for `text/html`), or `nil` for short names.
    @_spi(Testing) public var mimeTopLevel: Substring? {
        guard let slash = rawValue.firstIndex(of: "/") else { return nil }
        return rawValue[..<slash]
    }

    /// The short-name type this type belongs to, for matching MIME types against what content accepts:
    /// `text/plain` → `text`, `text/html` and `text/rtf` → `richText`, `image/png` → `image`,
    /// `text/vcard` → `vcard`, `text/uri-list` → `url`. Other MIME types map to themselves.
    public var family: PasteboardType {
        guard isMIMEType else { return self }
        switch rawValue {
        case "text/plain", "text/plain;charset=utf-8", "utf8_string", "string": return .plainText
        case "text/html", "text/rtf", "application/rtf", "text/richtext", "application/x-attributed-string":
            return .richText
        case "text/uri-list", "text/x-moz-url", "application/x-url": return .url
        case "text/vcard", "text/x-vcard", "text/directory": return .vCard
        default:
            if mimeTopLevel == "image" { return .image }
            if rawValue.hasPrefix("text/plain") { return .plainText }
            return self
        }
    }

    /// `type/subtype` with RFC 6838 token characters, optionally followed by `;parameters`.
    static func isMIMEType(_ s: String) -> Bool {
        let main = s.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = main.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        func token(_ t: Substring) -> Bool {
            !t.isEmpty && t.count <= 127
                && t.unicodeScalars.allSatisfy { c in
                    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9")
                        || "!#$&-^_.+".unicodeScalars.contains(c)
                }
        }
        return token(parts[0]) && token(parts[1])
    }
}
