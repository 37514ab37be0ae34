/// The language an edit menu's titles are shown in, resolved to one the package ships.
///
/// Resolution follows what people expect from their platforms: `pt` means Brazilian Portuguese,
/// `zh-TW` and `zh-HK` mean Traditional Chinese, `no` and `nn` fall back to Bokmål, `iw` is Hebrew,
/// and anything the package does not translate falls back to English.
///
/// ```swift
/// MenuLocale("pt_PT.UTF-8").identifier   // "pt-PT"
/// MenuLocale("zh-TW").identifier         // "zh-Hant"
/// MenuLocale("ar-EG").isRightToLeft      // true
/// MenuLocale("tlh").identifier           // "en"
/// ```
public struct MenuLocale: Hashable, Sendable, CustomStringConvertible {
    /// The supported language whose titles are used (`"en"`, `"pt-BR"`, `"zh-Hant"` …).
    public let identifier: String
    /// The tag this locale was resolved from, as given.
    public let requested: String

    /// Every language the package ships titles for.
    public static let supported: [String] = [
        "en", "ru", "de", "fr", "es", "it", "pt-BR", "pt-PT", "nl", "sv", "da", "nb", "fi", "pl", "cs",
        "uk", "tr", "el", "ja", "ko", "zh-Hans", "zh-Hant", "ar", "he",
    ]

    /// English, the fallback.
    public static let english = MenuLocale(resolved: "en", requested: "en")

    private init(resolved: String, requested: String) {
        self.identifier = resolved
        self.requested = requested
    }

    /// Resolves a BCP 47 tag or a POSIX locale name (`ru_RU.UTF-8`, `de_DE@euro`) to a supported language.
    public init(_ tag: String) {
        self.init(resolved: Self.resolve(tag), requested: tag)
    }

    public var description: String { identifier }

    /// The base language code (`"pt"` for `"pt-BR"`).
    public var languageCode: String {
        String(identifier.split(separator: "-", maxSplits: 1)[0])
    }

    /// Whether the menu is laid out right to left (Arabic, Hebrew): horizontal menus are mirrored.
    public var isRightToLeft: Bool { Self.rightToLeftLanguages.contains(languageCode) }

    /// The menu's layout direction.
    package var layoutDirection: LayoutDirection { isRightToLeft ? .rightToLeft : .leftToRight }

    /// Languages written right to left.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur", "ps", "yi", "ckb", "dv", "sd", "ug"]

    /// The locale named by the environment the POSIX way: `LC_ALL`, then `LC_MESSAGES`, then `LANG`;
    /// English when none is set or the value is `C`/`POSIX`.
    public static func fromEnvironment(_ environment: [String: String]) -> MenuLocale {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return MenuLocale(value) }
        }
        return .english
    }

    /// Whether `tag` looks like a language tag or POSIX locale name at all (letters, digits, `-`,
    /// `_`, `.`, `@`), starting with a letter.
    public static func isWellFormed(_ tag: String) -> Bool {
        guard let first = tag.unicodeScalars.first, first.isASCIILetter, tag.count <= 64 else { return false }
        return tag.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ($0 >= "0" && $0 <= "9") || "-_.@".unicodeScalars.contains($0)
        }
    }

    static func resolve(_ tag: String) -> String {
        var base = Substring(tag)
        if let cut = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<cut] }
        let subtags = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard var language = subtags.first?.lowercased(), language != "c", language != "posix" else { return "en" }
        var script: String?
        var region: String?
        for sub in subtags.dropFirst() {
            if sub.count == 4, sub.allSatisfy(\.isLetter) {
                script = sub.capitalized
            } else if (sub.count == 2 && sub.allSatisfy(\.isLetter)) || (sub.count == 3 && sub.allSatisfy(\.isNumber)) {
                region = sub.uppercased()
            }
        }
        switch language {
        case "iw": language = "he"
        case "no", "nn": language = "nb"
        default: break
        }
        switch language {
        case "zh":
            if script == "Hant" { return "zh-Hant" }
            if script == "Hans" { return "zh-Hans" }
            return ["TW", "HK", "MO"].contains(region ?? "") ? "zh-Hant" : "zh-Hans"
        case "pt":
            let european: Set<String> = ["PT", "AO", "MZ", "CV", "GW", "ST", "TL", "LU", "CH", "GQ"]
            return european.contains(region ?? "") ? "pt-PT" : "pt-BR"
        default:
            return supported.contains(language) ? language : "en"
        }
    }
}

/// The direction a horizontal menu is laid out in.
package enum LayoutDirection: String, Hashable, Sendable {
    /// Items run left to right.
    case leftToRight
    /// Items run right to left (mirrored).
    case rightToLeft
}

extension Unicode.Scalar {
    package var isASCIILetter: Bool { (self >= "a" && self <= "z") || (self >= "A" && self <= "Z") }
}
