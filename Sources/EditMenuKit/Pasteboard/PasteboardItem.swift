import Foundation

/// One representation of a pasteboard item: its type, and its bytes — given now, or promised and
/// produced only when a paste reads them.
///
/// ```swift
/// let html = PasteboardRepresentation(type: PasteboardType("text/html")!, data: Data("<b>Hi</b>".utf8))
/// let png = PasteboardRepresentation(type: .png) { renderThumbnail() }   // produced on paste only
/// ```
public struct PasteboardRepresentation: Sendable {
    /// The kind of data.
    public let type: PasteboardType
    private let provider: @Sendable () -> Data

    /// A representation holding `data`.
    public init(type: PasteboardType, data: Data) {
        self.type = type
        self.provider = { data }
        self.textSource = nil
    }

    /// A promised representation: `provider` runs each time the data is read, never for type
    /// queries.
    public init(type: PasteboardType, provider: @escaping @Sendable () -> Data) {
        self.type = type
        self.provider = provider
        self.textSource = nil
    }

    /// Reads the data (runs the provider of a promised representation).
    public func data() -> Data { provider() }

    /// For text copied from a ``TextStorage`` in this process: the storage snapshot and byte range,
    /// so a paste can copy straight from it (no intermediate `Data`, no re-validation).
    let textSource: (storage: TextStorage, range: Range<Int>)?

    /// A plain-text representation promised from a snapshot of a storage.
    init(plainTextOf storage: TextStorage, range: Range<Int>) {
        self.type = .plainText
        self.provider = { storage.data(in: range) }
        self.textSource = (storage, range)
    }
}

/// Well-known representation types beyond the short names.
extension PasteboardType {
    /// PNG image data (`image/png`, family ``image``).
    public static let png = PasteboardType("image/png")!
    /// HTML (`text/html`, family ``richText``).
    public static let html = PasteboardType("text/html")!
    /// RTF (`text/rtf`, family ``richText``).
    public static let rtf = PasteboardType("text/rtf")!
}

/// One thing on the pasteboard, in several representations, most faithful first (a styled
/// paragraph as HTML and as plain text; a contact as a vCard and as its name).
///
/// ```swift
/// let item = PasteboardItem.text("Hello")
/// item.types                    // [text]
/// item.string(for: .plainText)  // "Hello"
/// ```
public struct PasteboardItem: Sendable {
    /// The representations, most faithful first; at most one per type.
    public private(set) var representations: [PasteboardRepresentation]

    /// Creates an item; a later representation of a type already present is dropped.
    public init(_ representations: [PasteboardRepresentation]) {
        var seen = Set<PasteboardType>()
        self.representations = representations.filter { seen.insert($0.type).inserted }
    }

    /// The item's types, in order. Reads no data.
    public var types: [PasteboardType] { representations.map(\.type) }

    /// Whether the item has a representation of `type` or of its family (`image/png` answers
    /// `.image`). Reads no data.
    package func conforms(to type: PasteboardType) -> Bool {
        representations.contains { $0.type == type || $0.type.family == type }
    }

    /// The data of the first representation of `type` (or, failing that, of its family).
    public func data(for type: PasteboardType) -> Data? {
        (representations.first { $0.type == type } ?? representations.first { $0.type.family == type })?.data()
    }

    /// The data of `type` decoded as UTF-8 text (invalid bytes become U+FFFD).
    public func string(for type: PasteboardType) -> String? {
        data(for: type).map { String(decoding: $0, as: Unicode.UTF8.self) }
    }

    /// Plain text.
    public static func text(_ text: String) -> PasteboardItem {
        PasteboardItem([PasteboardRepresentation(type: .plainText, data: Data(text.utf8))])
    }

    /// Styled text: HTML first, then its plain text.
    public static func richText(html: String, plainText: String) -> PasteboardItem {
        PasteboardItem([
            PasteboardRepresentation(type: .html, data: Data(html.utf8)),
            PasteboardRepresentation(type: .plainText, data: Data(plainText.utf8)),
        ])
    }

    /// A URL, also as plain text.
    public static func url(_ url: URL) -> PasteboardItem {
        PasteboardItem([
            PasteboardRepresentation(type: .url, data: Data(url.absoluteString.utf8)),
            PasteboardRepresentation(type: .plainText, data: Data(url.absoluteString.utf8)),
        ])
    }

    /// A PNG image.
    public static func png(_ data: Data) -> PasteboardItem {
        PasteboardItem([PasteboardRepresentation(type: .png, data: data)])
    }

    /// A contact card (vCard text), also as plain text (`name`).
    public static func vCard(_ vCard: String, name: String) -> PasteboardItem {
        PasteboardItem([
            PasteboardRepresentation(type: .vCard, data: Data(vCard.utf8)),
            PasteboardRepresentation(type: .plainText, data: Data(name.utf8)),
        ])
    }

    /// A file reference, as a file URL and its path as plain text.
    public static func file(_ url: URL) -> PasteboardItem {
        PasteboardItem([
            PasteboardRepresentation(type: .file, data: Data(url.absoluteString.utf8)),
            PasteboardRepresentation(type: .plainText, data: Data(url.path.utf8)),
        ])
    }
}
