import Foundation

/// Reads the entries of Debian's DICT databases into headwords, parts of speech and senses: WordNet's
/// (`wn`: "n 1: …"), GCIDE's (`cat \cat\ (k[a^]t), n. …` with numbered senses) and FreeDict's
/// (`Katze /kˈatsə/ <fem, n, sg>` then one translation a line); any other database's text is read as
/// a headword line and senses. The text is untrusted: what does not fit is skipped, and every sense
/// is one line of at most 400 characters.
enum DictionaryEntryParser {
    /// The entries of one definition's text from `database`.
    static func entries(_ text: String, database: String) -> [DictionarySection.Entry] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return [] }
        let body = Array(lines[(first + 1)...])
        switch database {
        case "wn": return wordNet(headword: clean(lines[first]), body)
        case "gcide": return gcide(header: lines[first], body)
        default: return freeDict(header: lines[first], body)
        }
    }

    // MARK: WordNet (dict-wn)

    private static let wordNetParts = ["n": "noun", "v": "verb", "adj": "adjective", "adv": "adverb"]

    private static func wordNet(headword: String, _ body: [String]) -> [DictionarySection.Entry] {
        var entries: [DictionarySection.Entry] = []
        for line in body {
            var rest = Substring(line.trimmingCharacters(in: .whitespaces))
            guard !rest.isEmpty else { continue }
            if let space = rest.firstIndex(of: " "), let part = wordNetParts[String(rest[..<space])] {
                entries.append(DictionarySection.Entry(headword: headword, partOfSpeech: part, senses: []))
                rest = rest[space...].drop { $0 == " " }
            }
            guard !entries.isEmpty else { continue }
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].isEmpty, rest[..<colon].allSatisfy(\.isNumber) {
                entries[entries.count - 1].senses.append(clean(String(rest[rest.index(after: colon)...])))
            } else if let last = entries[entries.count - 1].senses.indices.last {
                entries[entries.count - 1].senses[last] = bounded(
                    entries[entries.count - 1].senses[last] + " " + clean(String(rest)))
            }
        }
        return entries.filter { !$0.senses.isEmpty }
    }

    // MARK: GCIDE (dict-gcide)

    private static let gcideParts: [(String, String)] = [
        ("v. t.", "verb"), ("v. i.", "verb"), ("v.", "verb"), ("n.", "noun"), ("a.", "adjective"),
        ("adj.", "adjective"), ("adv.", "adverb"), ("prep.", "preposition"), ("pron.", "pronoun"),
        ("conj.", "conjunction"), ("interj.", "interjection"),
    ]

    private static func gcide(header: String, _ body: [String]) -> [DictionarySection.Entry] {
        // "cat \cat\ (k[a^]t), n. [AS. cat; …": the headword before the first backslash, the part of
        // speech after the pronunciation.
        let headword = clean(String(header.prefix { $0 != "\\" }))
        guard !headword.isEmpty else { return [] }
        var part: String?
        if let comma = header.range(of: "), ") ?? header.range(of: "\\, ") {
            let after = header[comma.upperBound...]
            part = gcideParts.first { after.hasPrefix($0.0) }?.1
        }
        // Numbered senses ("1. (Zool.) Any animal …"), each up to a blank line or the next number;
        // without numbers, the first paragraph.
        var senses: [String] = []
        var current: String?
        var paragraph: [String] = []
        func finish() {
            if let sense = current, !sense.isEmpty { senses.append(bounded(sense)) }
            current = nil
        }
        for line in [header] + body {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                finish()
                continue
            }
            if let dot = trimmed.firstIndex(of: "."), !trimmed[..<dot].isEmpty, trimmed[..<dot].allSatisfy(\.isNumber),
                trimmed[dot...].hasPrefix(". ")
            {
                finish()
                current = clean(String(trimmed[trimmed.index(dot, offsetBy: 2)...]))
            } else if let sense = current {
                current = sense + " " + clean(trimmed)
            } else if line != header, senses.isEmpty, paragraph.count < 6 {
                paragraph.append(clean(trimmed))
            }
            if senses.count >= DictionarySection.senseLimit { break }
        }
        finish()
        if senses.isEmpty, !paragraph.isEmpty { senses = [bounded(paragraph.joined(separator: " "))] }
        senses = senses.map(withoutSourceNotes).filter { !$0.isEmpty }
        guard !senses.isEmpty else { return [] }
        return [DictionarySection.Entry(headword: headword, partOfSpeech: part, senses: senses)]
    }

    /// A sense without GCIDE's source notes ("[1913 Webster]", "[PJC]").
    private static func withoutSourceNotes(_ sense: String) -> String {
        var text = sense
        while let open = text.range(of: "[", options: .backwards),
            let close = text[open.upperBound...].firstIndex(of: "]"),
            text[open.upperBound..<close].contains(where: \.isNumber) || text[open.upperBound..<close].contains("PJC")
                || text[open.upperBound..<close].contains("Webster"),
            text.index(after: close) == text.endIndex || text[text.index(after: close)...].allSatisfy(\.isWhitespace)
        {
            text = String(text[..<open.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    // MARK: FreeDict (dict-freedict-*) and others

    private static let freeDictParts: [String: String] = [
        "n": "noun", "v": "verb", "vi": "verb", "vt": "verb", "adj": "adjective", "adv": "adverb",
        "prep": "preposition", "pron": "pronoun", "conj": "conjunction", "interj": "interjection", "num": "numeral",
        "art": "article", "det": "determiner",
    ]

    private static func freeDict(header: String, _ body: [String]) -> [DictionarySection.Entry] {
        // "Katze /kˈatsə/ <fem, n, sg>": the headword before the pronunciation or the tags.
        let headword = clean(String(header.prefix { $0 != "/" && $0 != "<" }))
        guard !headword.isEmpty else { return [] }
        var part: String?
        if let open = header.firstIndex(of: "<"), let close = header[open...].firstIndex(of: ">") {
            let tags = header[header.index(after: open)..<close].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased().trimmingCharacters(
                    in: CharacterSet(charactersIn: "."))
            }
            part = tags.lazy.compactMap { freeDictParts[$0] }.first
        }
        var senses: [String] = []
        for line in body {
            var trimmed = Substring(line.trimmingCharacters(in: .whitespaces))
            guard !trimmed.isEmpty, !trimmed.hasPrefix("\""), !trimmed.hasPrefix("see:"), !trimmed.hasPrefix("Note:"),
                !trimmed.hasPrefix("Synonyms:"), !trimmed.hasPrefix("Syn:")
            else { continue }
            if let dot = trimmed.firstIndex(of: "."), !trimmed[..<dot].isEmpty, trimmed[..<dot].allSatisfy(\.isNumber) {
                trimmed = trimmed[trimmed.index(after: dot)...].drop { $0 == " " }
            }
            let sense = bounded(clean(withoutTags(String(trimmed))))
            if !sense.isEmpty, !senses.contains(sense) { senses.append(sense) }
            if senses.count >= DictionarySection.senseLimit { break }
        }
        guard !senses.isEmpty else { return [] }
        return [DictionarySection.Entry(headword: headword, partOfSpeech: part, senses: senses)]
    }

    /// `text` without FreeDict's `<n>` grammar tags.
    private static func withoutTags(_ text: String) -> String {
        var out = ""
        var depth = 0
        for c in text {
            if c == "<" {
                depth += 1
            } else if c == ">", depth > 0 {
                depth -= 1
            } else if depth == 0 {
                out.append(c)
            }
        }
        return out.replacingOccurrences(of: " ,", with: ",")
    }

    /// One line: cross-reference braces removed, whitespace runs made one space.
    static func clean(_ text: String) -> String {
        text.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// At most 400 characters, with an ellipsis when cut.
    static func bounded(_ text: String) -> String {
        text.count <= 400 ? text : String(text.prefix(399)) + "…"
    }
}
