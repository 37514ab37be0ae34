import Foundation

/// One emoji or symbol Emoji & Symbols offers, with its CLDR name and keywords.
public struct Emoji: Hashable, Sendable {
    /// The emoji itself (one Character: "❤️", "👩‍💻", "🇯🇵", "→").
    public var character: String
    /// Its CLDR name ("red heart").
    public var name: String
    /// Its CLDR keywords ("heart", "love" …).
    public var keywords: [String]
    /// The group it is listed in ("Smileys & Emotion" … "Symbols & Punctuation").
    public var group: String

    /// Creates an entry.
    public init(character: String, name: String, keywords: [String], group: String) {
        self.character = character
        self.name = name
        self.keywords = keywords
        self.group = group
    }
}

/// The emoji and symbols of Emoji & Symbols — every fully-qualified emoji of Unicode's emoji-test.txt
/// in CLDR order and groups (each once, without skin-tone variants), then the symbols CLDR names —
/// searchable by their CLDR English names and keywords (`scripts/generate-emoji-data.py` generates
/// the data from Debian's `unicode-data` and `unicode-cldr-core`).
///
/// ```swift
/// let catalog = EmojiCatalog.shared
/// catalog.search("heart").first?.character        // "❤️" (its name is "red heart")
/// catalog.search("thumbs").map(\.character)       // ["👍", "👎"]
/// catalog.groups.map(\.name)                      // ["Smileys & Emotion", "People & Body", …]
/// ```
public struct EmojiCatalog: Sendable {
    /// Every entry, in order.
    public let entries: [Emoji]
    /// The groups, in order, with the range of ``entries`` each holds.
    public let groups: [(name: String, range: Range<Int>)]
    /// Search keys per entry: the folded name's words and keywords.
    private let keys: [(name: String, words: [String], keywords: [String])]

    /// The catalog of the generated data, parsed once.
    public static let shared = EmojiCatalog(records: EmojiData.records)

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
        self.entries = entries
        self.groups = groups
        keys = entries.map { entry in
            let name = Self.fold(entry.name)
            return (name, Self.words(name), entry.keywords.map(Self.fold))
        }
    }

    /// The entries whose name or keywords match `query`, best first: the emoji itself; a name equal to
    /// the query; names holding every word of the query as a whole word (shorter names first, so
    /// "heart" finds ❤️ "red heart" before 💘 "heart with arrow"); names starting with the query; names
    /// with every word of the query starting one of theirs; then names and keywords together. Case and
    /// accents are ignored; an empty query finds everything, in order. At most `limit` entries.
    public func search(_ query: String, limit: Int = .max) -> [Emoji] {
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
