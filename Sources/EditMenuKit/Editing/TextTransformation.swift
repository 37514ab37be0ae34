import Foundation

/// Transformations ▸: Make Upper Case, Make Lower Case, Capitalize — ICU's case mapping in the menu's
/// language, which knows what a plain `uppercased()` does not: German ß becomes SS, Turkish and
/// Azerbaijani i becomes İ (and I becomes ı), Greek drops accents in capitals and ends a lower-case
/// word with ς, Dutch capitalizes "ij" as "IJ". Capitalize finds words with ICU's word break iterator
/// and titlecases each word's first letter, lowercasing the rest (as macOS's Capitalize does).
///
/// ```swift
/// TextTransformation.upperCase.apply(to: "straße", locale: MenuLocale("de"))     // "STRASSE"
/// TextTransformation.upperCase.apply(to: "istanbul", locale: MenuLocale("tr"))   // "İSTANBUL"
/// TextTransformation.lowerCase.apply(to: "ΟΔΟΣ", locale: MenuLocale("el"))       // "οδος", ending in ς
/// TextTransformation.capitalize.apply(to: "hello WORLD", locale: .english)        // "Hello World"
/// ```
public enum TextTransformation: String, Hashable, Sendable, CaseIterable {
    /// Make Upper Case.
    case upperCase
    /// Make Lower Case.
    case lowerCase
    /// Capitalize: every word's first letter in title case, the rest in lower case.
    case capitalize

    /// The transformation a Transformations ▸ command performs (`nil` for any other command).
    package init?(command: EditCommand.ID) {
        switch command {
        case .makeUpperCase: self = .upperCase
        case .makeLowerCase: self = .lowerCase
        case .capitalize: self = .capitalize
        default: return nil
        }
    }

    /// The command that performs it.
    public var command: EditCommand.ID {
        switch self {
        case .upperCase: .makeUpperCase
        case .lowerCase: .makeLowerCase
        case .capitalize: .capitalize
        }
    }

    /// The undo step it records, named after the command ("Undo Make Upper Case").
    package var undoAction: UndoAction {
        switch self {
        case .upperCase: .makeUpperCase
        case .lowerCase: .makeLowerCase
        case .capitalize: .capitalize
        }
    }

    private var mapping: ICUCaseMapping {
        switch self {
        case .upperCase: .upper
        case .lowerCase: .lower
        case .capitalize: .title
        }
    }

    /// `text` transformed in `locale`'s rules.
    public func apply(to text: String, locale: MenuLocale) -> String {
        var text = text
        text.makeContiguousUTF8()
        let bytes = text.utf8.withContiguousStorageIfAvailable { apply(toUTF8: $0, locale: locale) } ?? Array(text.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The locale ICU maps case in: the language people asked for (an `az` user reading English
    /// menus still gets Azerbaijani casing), else the menu's.
    static func icuLocale(_ locale: MenuLocale) -> String {
        var requested = Substring(locale.requested)
        if let cut = requested.firstIndex(where: { $0 == "." || $0 == "@" }) { requested = requested[..<cut] }
        let tag = MenuLocale.isWellFormed(String(requested)) ? String(requested) : locale.identifier
        let lower = tag.lowercased()
        return lower == "c" || lower == "posix" ? locale.identifier : String(tag.map { $0 == "-" ? "_" : $0 })
    }

    /// Text longer than this is mapped a piece at a time, cut at a line feed or space (where no
    /// casing context reaches across), so memory stays near the text's own size.
    static let chunkBytes = 1 << 20

    /// UTF-8 `bytes` transformed (ICU failing — it does not on valid UTF-8 — leaves them unchanged).
    func apply(toUTF8 bytes: UnsafeBufferPointer<UInt8>, locale: MenuLocale) -> [UInt8] {
        let icu = Self.icuLocale(locale)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + Self.chunkBytes)
            if end < bytes.count {
                // Cut after a line feed or space; failing that (one 1 MiB word), at a scalar start.
                var cut = end
                while cut > start, bytes[cut - 1] != 0x0A, bytes[cut - 1] != 0x20 { cut -= 1 }
                if cut == start {
                    cut = end
                    while cut > start, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
                }
                end = cut
            }
            let chunk = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let mapped = ICU.mapCase(chunk, mapping, locale: icu) {
                result.append(contentsOf: mapped)
            } else {
                result.append(contentsOf: chunk)
            }
            start = end
        }
        return result
    }
}
