import Foundation
import Synchronization

/// One emoji or symbol Emoji & Symbols offers, with its CLDR name and keywords.
package struct Emoji: Hashable, Sendable {
    /// The emoji itself (one Character: "❤️", "👩‍💻", "🇯🇵", "→").
    package var character: String
    /// Its CLDR name ("red heart").
    package var name: String
    /// Its CLDR keywords ("heart", "love" …).
    package var keywords: [String]
    /// The group it is listed in ("Smileys & Emotion" … "Symbols & Punctuation").
    package var group: String

    /// Creates an entry.
    package init(character: String, name: String, keywords: [String], group: String) {
        self.character = character
        self.name = name
        self.keywords = keywords
        self.group = group
    }
}

/// The emoji and symbols of Emoji & Symbols — every fully-qualified emoji of Unicode's emoji-test.txt
/// in CLDR order and groups (each once, without skin-tone variants), then the symbols CLDR names —
/// searchable by their CLDR names and keywords in the menu's language (``catalog(for:)``: all 24
/// shipped languages), with English as the fallback (`scripts/generate-emoji-data.py` generates the
/// data from Debian's `unicode-data` and `unicode-cldr-core`).
///
/// ```swift
/// let catalog = EmojiCatalog.shared
/// catalog.search("heart").first?.character        // "❤️" (its name is "red heart")
/// catalog.search("thumbs").map(\.character)       // ["👍", "👎"]
/// catalog.groups.map(\.name)                      // ["Smileys & Emotion", "People & Body", …]
/// EmojiCatalog.catalog(for: MenuLocale("de")).search("Katze").first?.character   // "🐈"
/// ```
package struct EmojiCatalog: Sendable {
    /// Every entry, in order.
    package let entries: [Emoji]
    /// The groups, in order, with the range of ``entries`` each holds.
    package let groups: [(name: String, range: Range<Int>)]
    /// Search keys per entry: the folded name's words and keywords.
    private let keys: [Key]
    /// The English keys, searched when the language's find nothing (`nil` in the English catalog).
    private let fallbackKeys: [Key]?

    private typealias Key = (name: String, words: [String], keywords: [String])

    /// The catalog of the generated data, in English, parsed once.
    package static let shared = EmojiCatalog(records: EmojiData.records)

    /// The longest search a picker's field takes, in `Character`s: both hosts' pickers stop adding what
    /// is typed beyond it (no CLDR name is half as long).
    package static let maximumQueryLength = 64

    private static let catalogs = Mutex<[String: EmojiCatalog]>([:])

    /// The catalog in the language of a menu in `locale`: CLDR's names and keywords in that language
    /// (English where CLDR has none); a search that finds nothing in that language searches the English
    /// names. English, and a language without annotations, is ``shared``. Loaded once per language.
    package static func catalog(for locale: MenuLocale) -> EmojiCatalog {
        let identifier = locale.identifier
        guard identifier != "en" else { return shared }
        if let hit = catalogs.withLock({ $0[identifier] }) { return hit }
        var catalog = shared
        if let url = Bundle.module.url(forResource: identifier, withExtension: "txt", subdirectory: "Annotations"),
            let data = try? Data(contentsOf: url), data.count <= 8 << 20
        {
            catalog = shared.localized(String(decoding: data, as: UTF8.self))
        }
        catalogs.withLock { $0[identifier] = catalog }
        return catalog
    }

    /// This (English) catalog with the names and keywords of `annotations` (one line per entry,
    /// `name<TAB>keyword|…`, empty: keep English's), the English keys as the fallback.
    func localized(_ annotations: String) -> EmojiCatalog {
        let lines = annotations.split(separator: "\n", omittingEmptySubsequences: false)
        var entries = self.entries
        for (index, line) in lines.prefix(entries.count).enumerated() where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let name = fields.first, !name.isEmpty else { continue }
            entries[index].name = String(name)
            entries[index].keywords = fields.count > 1 ? fields[1].split(separator: "|").map(String.init) : []
        }
        return EmojiCatalog(entries: entries, groups: groups, fallbackKeys: keys)
    }

    private init(entries: [Emoji], groups: [(name: String, range: Range<Int>)], fallbackKeys: [Key]?) {
        self.entries = entries
        self.groups = groups
        self.keys = entries.map(Self.key)
        self.fallbackKeys = fallbackKeys
    }

    private static func key(_ entry: Emoji) -> Key {
        let name = fold(entry.name)
        return (name, words(name), entry.keywords.map(fold))
    }

    /// A catalog from records (`emoji<TAB>name<TAB>keyword|…`; `<TAB>group` starts a group).
    init(records: String) {
        var entries: [Emoji] = []
        var groups: [(name: String, range: Range<Int>)] = []
        var group = ""
        var groupStart = 0
        for line in records.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first?.isEmpty == true, fields.count >= 2 {
                if !group.isEmpty { groups.append((group, groupStart..<entries.count)) }
                group = String(fields[1])
                groupStart = entries.count
                continue
            }
            guard fields.count >= 2 else { continue }
            let keywords = fields.count > 2 ? fields[2].split(separator: "|").map(String.init) : []
            entries.append(
                Emoji(character: String(fields[0]), name: String(fields[1]), keywords: keywords, group: group))
        }
        if !group.isEmpty { groups.append((group, groupStart..<entries.count)) }
        self.init(entries: entries, groups: groups, fallbackKeys: nil)
    }

    /// The entries whose name or keywords match `query`, best first: the emoji itself; a name equal to
    /// the query; names holding every word of the query as a whole word (shorter names first, so
    /// "heart" finds ❤️ "red heart" before 💘 "heart with arrow"); names starting with the query; names
    /// with every word of the query starting one of theirs; then names and keywords together. Case and
    /// accents are ignored; an empty query finds everything, in order. At most `limit` entries. In
    /// another language than English, a query its names do not match searches the English names.
    package func search(_ query: String, limit: Int = .max) -> [Emoji] {
        let found = search(query, in: keys, limit: limit)
        guard found.isEmpty, let fallbackKeys else { return found }
        return search(query, in: fallbackKeys, limit: limit)
    }

    private func search(_ query: String, in keys: [Key], limit: Int) -> [Emoji] {
        let folded = Self.fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !folded.isEmpty else { return Array(entries.prefix(limit)) }
        let queryWords = Self.words(folded)
        let queryIsPlainWords = queryWords.joined(separator: " ") == folded
        var ranked: [(rank: Int, length: Int, index: Int)] = []
        for (index, key) in keys.enumerated() {
            let rank: Int
            var length = 0
            if entries[index].character == query {
                rank = 0
            } else if key.name == folded
                || (!queryIsPlainWords && key.keywords.contains(folded))
            {
                // The name, or a keyword that is not plain words ("+1").
                rank = 1
            } else if !queryWords.isEmpty, queryWords.allSatisfy(key.words.contains) {
                rank = 2
                length = key.name.count
            } else if key.name.hasPrefix(folded) {
                rank = 3
            } else if !queryWords.isEmpty, queryWords.allSatisfy({ word in key.words.contains { $0.hasPrefix(word) } })
            {
                rank = 4
            } else if !queryWords.isEmpty,
                queryWords.allSatisfy({ word in
                    key.words.contains { $0.hasPrefix(word) } || key.keywords.contains { $0.hasPrefix(word) }
                })
            {
                rank = 5
            } else {
                continue
            }
            ranked.append((rank, length, index))
        }
        ranked.sort { ($0.rank, $0.length, $0.index) < ($1.rank, $1.length, $1.index) }
        return ranked.prefix(limit).map { entries[$0.index] }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
