import EditMenuKit
import Foundation

/// Which of a dictionary server's databases Look Up consults for a language (EDIT-MENU.md §14), and
/// what people call them: for English the monolingual GCIDE and WordNet (`dict-gcide`, `dict-wn`);
/// for any language a FreeDict bilingual dictionary into the menu's language and into English
/// (`dict-freedict-deu-eng` …) — macOS, too, lists bilingual dictionaries beside monolingual ones.
///
/// ```swift
/// DictionaryCatalog.databases(for: "de", menuLanguage: "de", available: ["gcide", "wn", "fd-deu-eng"])
/// // ["fd-deu-eng"]
/// DictionaryCatalog.name(of: "fd-deu-eng", description: "")       // "FreeDict German-English"
/// ```
package enum DictionaryCatalog {
    /// The databases to ask for text in `language` (a primary code) under a menu in `menuLanguage`, in
    /// the order their entries are shown, among `available` (the server's names).
    package static func databases(for language: String, menuLanguage: String, available: [String]) -> [String] {
        var wanted: [String] = []
        func add(_ name: String?) {
            if let name, !wanted.contains(name) { wanted.append(name) }
        }
        if language == "en" {
            add(available.first { $0 == "gcide" })
            add(available.first { $0 == "wn" })
        }
        for code in codes(language) {
            add(available.first { isFreeDict($0, code, code) })
        }
        if menuLanguage != language {
            for from in codes(language) {
                for into in codes(menuLanguage) { add(available.first { isFreeDict($0, from, into) }) }
            }
        }
        if language != "en" {
            for from in codes(language) { add(available.first { isFreeDict($0, from, "eng") }) }
        }
        return wanted
    }

    /// The bilingual dictionary from `source` to `target` (primary codes) among `available`, for
    /// translating a single word no Apertium pair reads.
    package static func bilingual(from source: String, to target: String, available: [String]) -> String? {
        for from in codes(source) {
            for into in codes(target) {
                if let name = available.first(where: { isFreeDict($0, from, into) }) { return name }
            }
        }
        return nil
    }

    /// The name people know a database by: "FreeDict German-English", "WordNet", "GCIDE"; else the
    /// server's description (at most 80 characters), else the database's name.
    package static func name(of database: String, description: String) -> String {
        switch database {
        case "wn": return "WordNet"
        case "gcide": return "GCIDE"
        default: break
        }
        let parts = database.split(separator: "-")
        if parts.count >= 2, let from = languageName(String(parts[parts.count - 2])),
            let into = languageName(String(parts[parts.count - 1]))
        {
            return "FreeDict \(from)-\(into)"
        }
        let trimmed = description.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? database : String(trimmed.prefix(80))
    }

    /// Whether `name` is a FreeDict database from `from` into `into` (ISO 639-3 codes): Debian names
    /// them `fd-deu-eng`; other servers `freedict-deu-eng` or `deu-eng`.
    static func isFreeDict(_ name: String, _ from: String, _ into: String) -> Bool {
        name == "fd-\(from)-\(into)" || name == "freedict-\(from)-\(into)" || name == "\(from)-\(into)"
    }

    /// The ISO 639-3 codes FreeDict may use for a primary language code (`nb` → `nob`, `nor`).
    static func codes(_ language: String) -> [String] {
        TextLanguage.threeLetterCodes(of: language)
    }

    private static func languageName(_ code: String) -> String? {
        guard let two = TextLanguage.language(ofThreeLetterCode: code) else { return nil }
        return Locale(identifier: "en").localizedString(forLanguageCode: two)
    }
}

/// One dictionary's entries for a looked-up phrase, as the Look Up panel shows them: the dictionary's
/// name, then each entry (headword and part of speech) with its senses.
package struct DictionarySection: Hashable, Sendable {
    /// One entry: a headword in one part of speech.
    package struct Entry: Hashable, Sendable {
        /// The headword (`Katze`).
        package var headword: String
        /// Its part of speech in words (`noun`), when the dictionary gives one.
        package var partOfSpeech: String?
        /// The senses or translations, in the dictionary's order.
        package var senses: [String]
    }

    /// The dictionary's name (``DictionaryCatalog/name(of:description:)``).
    package var source: String
    /// The server's database name (`fd-deu-eng`), or `wordnet` for the local WordNet.
    package var database: String
    /// The entries, grouped by part of speech in the order they first appear.
    package var entries: [Entry]

    /// The most senses shown per entry, and entries per dictionary.
    static let senseLimit = 12
    static let entryLimit = 8

    /// The sections of a server's definitions, one per database in the order they came.
    static func sections(_ definitions: [DictClient.Definition], server: DictClient) -> [DictionarySection] {
        var sections: [DictionarySection] = []
        for definition in definitions {
            let entries = DictionaryEntryParser.entries(definition.text, database: definition.database)
            guard !entries.isEmpty else { continue }
            if let i = sections.firstIndex(where: { $0.database == definition.database }) {
                sections[i].add(entries)
            } else {
                let description = server.database(definition.database)?.description ?? definition.description
                var section = DictionarySection(
                    source: DictionaryCatalog.name(of: definition.database, description: description),
                    database: definition.database, entries: [])
                section.add(entries)
                sections.append(section)
            }
        }
        return sections
    }

    /// WordNet's entries, as a section.
    init(wordNet entries: [WordNetDictionary.Entry]) {
        source = "WordNet"
        database = "wordnet"
        self.entries = []
        add(
            entries.map { entry in
                Entry(
                    headword: entry.lemma, partOfSpeech: WordNetDictionary.name(entry.partOfSpeech),
                    senses: entry.senses.map { sense in
                        let others = sense.synonyms.filter { $0.lowercased() != entry.lemma.lowercased() }
                        return others.isEmpty ? sense.gloss : sense.gloss + " — " + others.joined(separator: ", ")
                    })
            })
    }

    /// A section.
    package init(source: String, database: String, entries: [Entry]) {
        self.source = source
        self.database = database
        self.entries = entries
    }

    /// Adds entries, merging those with the same headword and part of speech.
    mutating func add(_ more: [Entry]) {
        for entry in more {
            if let i = entries.firstIndex(where: {
                $0.headword.lowercased() == entry.headword.lowercased() && $0.partOfSpeech == entry.partOfSpeech
            }) {
                for sense in entry.senses where !entries[i].senses.contains(sense) { entries[i].senses.append(sense) }
            } else if entries.count < Self.entryLimit {
                entries.append(entry)
            }
        }
    }

    /// The sections as the panel's text:
    ///
    /// ```
    /// FreeDict German-English
    /// Katze (noun)
    ///  1. cat
    /// ```
    package static func panelText(_ sections: [DictionarySection]) -> String {
        var lines: [String] = []
        for section in sections {
            if !lines.isEmpty { lines.append("") }
            lines.append(section.source)
            for entry in section.entries {
                lines.append(entry.partOfSpeech.map { "\(entry.headword) (\($0))" } ?? entry.headword)
                for (i, sense) in entry.senses.prefix(senseLimit).enumerated() { lines.append(" \(i + 1). \(sense)") }
            }
        }
        return lines.joined(separator: "\n")
    }
}
