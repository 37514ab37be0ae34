import Foundation
import Synchronization

/// The localized titles of every standard command, for one language.
///
/// Tables ship as resources (`Localization/Strings/<language>.json`, loaded through `Bundle.module`)
/// with the iOS wording in `titles` and, where the Mac says it differently, overrides in `mac`
/// (Russian Copy is "Скопировать" on iPhone and "Копировать" on the Mac). A key missing from a table
/// falls back to English, then to the key itself, so a menu always has titles.
///
/// ```swift
/// let strings = MenuStrings(locale: MenuLocale("ru"))
/// strings.title(for: .cut, idiom: .phone)               // "Вырезать"
/// strings.undoTitle(.named("Typing"), idiom: .mac)     // "Отменить: ввод"
/// ```
package struct MenuStrings: Sendable {
    /// The language of these titles.
    package let locale: MenuLocale
    private let language: Language
    private var table: Table { language.table }
    private var fallback: Table { language.fallback }

    /// Loads (once per process, then cached) the titles for `locale`.
    package init(locale: MenuLocale) {
        self.locale = locale
        self.language = Self.language(for: locale.identifier)
    }

    /// The title for a string key (`"cut"`, `"undoAction"`, `"actionTyping"` …) on `idiom`: the Mac's
    /// wording, then the language's, then English's (the Mac's, then iOS's), then the key itself.
    package func title(_ key: String, idiom: Idiom) -> String {
        (idiom == .mac ? language.mac : language.ios)[key] ?? key
    }

    /// The title of a system command on `idiom`. Find ▸ Find… uses its own key.
    package func title(for id: EditCommand.ID, idiom: Idiom) -> String {
        title(id.rawValue, idiom: idiom)
    }

    /// "Undo", or "Undo Typing" when the next undo has a name (the menu bar's wording).
    ///
    /// A name that is one of the package's own English action names ("Typing", "Cut", "Paste" …) is
    /// translated too, so a host that names actions in English still gets "Отменить: ввод" in Russian;
    /// any other name is the host's, already localized, and is used as given.
    package func undoTitle(_ state: UndoState, idiom: Idiom) -> String {
        guard let name = state.actionName else { return title("undo", idiom: idiom) }
        return Self.format(title("undoAction", idiom: idiom), localizedActionName(name, idiom: idiom))
    }

    /// "Redo", or "Redo Paste" when the next redo has a name.
    package func redoTitle(_ state: UndoState, idiom: Idiom) -> String {
        guard let name = state.actionName else { return title("redo", idiom: idiom) }
        return Self.format(title("redoAction", idiom: idiom), localizedActionName(name, idiom: idiom))
    }

    /// The localized form of an undo action name given in English ("Typing" → "ввод"), or the name
    /// unchanged when it is not one of the package's action names.
    package func localizedActionName(_ name: String, idiom: Idiom) -> String {
        guard let key = fallback.titles.first(where: { $0.key.hasPrefix("action") && $0.value == name })?.key else {
            return name
        }
        return title(key, idiom: idiom)
    }

    // MARK: Titles that quote the selection (the mac text context menu)

    /// Quoted selections longer than this many Characters are shortened with “…”.
    package static let quotationLimit = 20

    /// `text` in this language's quotation marks (CLDR's, through ICU: “Hello”, „Hallo“, « Bonjour »,
    /// 「こんにちは」), whitespace runs collapsed to one space, shortened to `quotationLimit` Characters
    /// and “…” when longer.
    package func quoted(_ text: String) -> String {
        let marks = Self.quotationMarks(for: locale.identifier)
        return marks.start + Self.excerpt(text) + marks.end
    }

    /// `text` with whitespace runs collapsed to one space, shortened to ``quotationLimit`` Characters
    /// and “…” when longer: what ``quoted(_:)`` puts between the marks.
    package static func excerpt(_ text: String) -> String {
        var text = text
        return text.withUTF8 { asciiExcerpt($0) } ?? characterExcerpt(text)
    }

    /// ``excerpt(_:)`` Character by Character: one pass that stops at the limit.
    static func characterExcerpt(_ text: String) -> String {
        var excerpt = ""
        var count = 0
        var spaceBefore = false
        var shortened = false
        for character in text {
            if character.isWhitespace {
                spaceBefore = count > 0
                continue
            }
            if spaceBefore {
                // A word after a space needs room for the space and at least one Character.
                guard count + 2 <= quotationLimit else {
                    shortened = true
                    break
                }
                excerpt += " "
                count += 1
                spaceBefore = false
            }
            guard count < quotationLimit else {
                shortened = true
                break
            }
            excerpt.append(character)
            count += 1
        }
        if shortened { excerpt += "…" }
        return excerpt
    }

    /// ``excerpt(_:)`` over UTF-8 bytes for text whose excerpt is made of ASCII Characters of one byte
    /// each (most selections); `nil` as soon as a byte is not ASCII or is followed by one that is not,
    /// which may join it into a longer Character — then the Character loop decides. ASCII white space
    /// (space, tab, line feed, vertical tab, form feed, carriage return) is `Character.isWhitespace`'s.
    static func asciiExcerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var excerpt: [UInt8] = []
        excerpt.reserveCapacity(quotationLimit + 3)
        var spaceBefore = false
        var shortened = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80, index + 1 == bytes.count || bytes[index + 1] < 0x80 else { return nil }
            index += 1
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                spaceBefore = !excerpt.isEmpty
                continue
            }
            if spaceBefore {
                guard excerpt.count + 2 <= quotationLimit else {
                    shortened = true
                    break
                }
                excerpt.append(0x20)
                spaceBefore = false
            }
            guard excerpt.count < quotationLimit else {
                shortened = true
                break
            }
            excerpt.append(byte)
        }
        if shortened { excerpt.append(contentsOf: "…".utf8) }
        return String(decoding: excerpt, as: UTF8.self)
    }

    /// A title with a selection quoted by ``quoted(_:)`` in it (a menu quotes it once for Look Up and
    /// Translate): `quoting("lookUpQuoted", quoted: "“Hello”", idiom: .mac)` is “Look Up “Hello””, in
    /// German “„Hello“ nachschlagen”.
    package func quoting(_ key: String, quoted: String, idiom: Idiom) -> String {
        Self.format(title(key, idiom: idiom), quoted)
    }

    /// “Search With Google”, or the engine's name in this language's phrase.
    package func searchWithTitle(_ engine: String, idiom: Idiom) -> String {
        Self.format(title("searchWith", idiom: idiom), engine)
    }

    private static let quotationCache = Mutex<[String: (start: String, end: String)]>([:])

    /// The quotation marks of a shipped language, from CLDR through ICU (cached); French puts a narrow
    /// no-break space inside its guillemets, as French typography (and Apple's French titles) do.
    static func quotationMarks(for identifier: String) -> (start: String, end: String) {
        if let hit = quotationCache.withLock({ $0[identifier] }) { return hit }
        var marks = ICU.quotationMarks(locale: identifier) ?? ("\u{201C}", "\u{201D}")
        if identifier == "fr" { marks = (marks.start + "\u{202F}", "\u{202F}" + marks.end) }
        quotationCache.withLock { $0[identifier] = marks }
        return marks
    }

    /// Whether the shipped table for this language has every key the English one has.
    package var missingKeys: [String] {
        fallback.titles.keys.filter { table.titles[$0] == nil }.sorted()
    }

    /// `pattern` with its first `%@` replaced by `name`. The placeholder is looked for in the UTF-8 bytes
    /// (both characters are ASCII, so where they are is a Character boundary): Foundation's search costs
    /// microseconds on the presentation path, and Swift's generic `firstRange(of:)` thousands of
    /// instructions.
    private static func format(_ pattern: String, _ name: String?) -> String {
        guard let name, !name.isEmpty else { return pattern }
        let utf8 = pattern.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "%"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "@") {
                var result = String()
                result.reserveCapacity(utf8.count - 2 + name.utf8.count)
                result += pattern[..<index]
                result += name
                result += pattern[utf8.index(after: next)...]
                return result
            }
            index = next
        }
        return pattern
    }

    // MARK: Tables

    struct Table: Decodable, Sendable {
        var language: String
        var titles: [String: String]
        var mac: [String: String]
        static let empty = Table(language: "", titles: [:], mac: [:])

        init(language: String, titles: [String: String], mac: [String: String]) {
            self.language = language
            self.titles = titles
            self.mac = mac
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            language = try c.decode(String.self, forKey: .language)
            titles = try c.decode([String: String].self, forKey: .titles)
            mac = try c.decodeIfPresent([String: String].self, forKey: .mac) ?? [:]
        }

        enum CodingKeys: String, CodingKey { case language, titles, mac }
    }

    /// A language's tables and its titles resolved for each platform, so a title is one lookup.
    struct Language: Sendable {
        var table: Table
        var fallback: Table
        /// Every key's iOS title: the language's, else English's.
        var ios: [String: String]
        /// Every key's Mac title: the language's Mac override, its title, English's Mac override, English's.
        var mac: [String: String]

        init(table: Table, fallback: Table) {
            self.table = table
            self.fallback = fallback
            ios = fallback.titles.merging(table.titles) { _, own in own }
            mac = fallback.titles.merging(fallback.mac) { _, own in own }.merging(table.titles) { _, own in own }
                .merging(table.mac) { _, own in own }
        }
    }

    private static let languages = Mutex<[String: Language]>([:])

    static func language(for identifier: String) -> Language {
        if let hit = languages.withLock({ $0[identifier] }) { return hit }
        let table = table(for: identifier)
        let loaded = Language(table: table, fallback: identifier == "en" ? table : Self.table(for: "en"))
        languages.withLock { $0[identifier] = loaded }
        return loaded
    }

    private static let cache = Mutex<[String: Table]>([:])

    static func table(for identifier: String) -> Table {
        if let hit = cache.withLock({ $0[identifier] }) { return hit }
        let loaded = load(identifier)
        cache.withLock { $0[identifier] = loaded }
        return loaded
    }

    private static func load(_ identifier: String) -> Table {
        guard let url = Bundle.module.url(forResource: identifier, withExtension: "json", subdirectory: "Strings"),
            let data = try? Data(contentsOf: url),
            let table = try? JSONDecoder().decode(Table.self, from: data)
        else { return .empty }
        return table
    }
}
