import EditMenuKit
import Foundation

/// Look Up with WordNet (Debian's `wordnet`): the definitions of a word or phrase by part of speech,
/// lemmatized ("running" finds the verb "run"), from the `wn` program's overview (`wn WORD -over`),
/// run without a shell and with a timeout. Whether WordNet has the phrase at all is answered from the
/// database's index in memory (`WordNetIndex`), so the item is offered only where a definition
/// exists.
///
/// ```swift
/// let dictionary = WordNetDictionary.system()                // nil when wordnet is not installed
/// dictionary?.hasEntry(for: "running")                       // true
/// try dictionary?.definitions(of: "running").map(\.partOfSpeech)   // [.noun, .verb, .adjective]
/// ```
package struct WordNetDictionary: Sendable {
    /// One part of speech's entry: its lemma and senses, most frequent first.
    package struct Entry: Hashable, Sendable {
        /// The part of speech.
        package var partOfSpeech: WordNetIndex.PartOfSpeech
        /// The lemma defined (`run` for "running"), words separated by spaces.
        package var lemma: String
        /// The senses.
        package var senses: [Sense]
    }

    /// One sense: its synonyms and its gloss (definition and examples).
    package struct Sense: Hashable, Sendable {
        /// The words of the synset, the looked-up one included.
        package var synonyms: [String]
        /// The definition, with examples in quotes after a semicolon.
        package var gloss: String
    }

    /// The `wn` program.
    package let executable: String
    /// The database folder.
    package let directory: String
    /// The database's index.
    package let index: WordNetIndex
    /// How long `wn` may run.
    package var timeout: Double = 3
    /// `wn`'s environment: this process's, with `WNSEARCHDIR` set to ``directory``.
    private let environment: [String: String]

    /// The dictionary of WordNet installed on this system: `wn` from `PATH` and the database in
    /// `$WNSEARCHDIR` or `/usr/share/wordnet`; `nil` when either is missing.
    package static func system(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> WordNetDictionary?
    {
        guard let executable = ProcessRunner.find("wn") else { return nil }
        let directory = environment["WNSEARCHDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/wordnet"
        return try? WordNetDictionary(executable: executable, directory: directory)
    }

    /// A dictionary running `executable` over the database in `directory`.
    ///
    /// - Throws: `ServiceError` when the database's files cannot be read.
    package init(executable: String, directory: String) throws(ServiceError) {
        self.executable = executable
        self.directory = directory
        self.index = try WordNetIndex(directory: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["WNSEARCHDIR"] = directory
        self.environment = environment
    }

    /// Whether WordNet defines `phrase` (in any inflection): answered from memory.
    package func hasEntry(for phrase: String) -> Bool {
        !index.lemmas(of: phrase).isEmpty
    }

    /// The definitions of `phrase`, one entry per part of speech and lemma.
    ///
    /// - Throws: `ServiceError` when WordNet has no entry, or `wn` fails or times out.
    package func definitions(of phrase: String) throws(ServiceError) -> [Entry] {
        guard let key = WordNetIndex.key(phrase), hasEntry(for: phrase) else {
            throw ServiceError("Look Up: WordNet has no entry for “\(phrase)”")
        }
        // The key never starts with "-" (WordNetIndex.key), so wn cannot read it as an option.
        let result = try ProcessRunner.run(
            for: "Look Up", executable, [key, "-over"], environment: environment, timeout: timeout)
        let entries = Self.parseOverview(result.output)
        guard !entries.isEmpty else {
            throw ServiceError("Look Up: WordNet has no entry for “\(phrase)” (wn exited with \(result.status))")
        }
        return entries
    }

    /// Parses `wn … -over` output: sections "Overview of <pos> <lemma>" with numbered senses
    /// "N. (count) word, word -- (gloss)". Untrusted text: lines that do not fit are skipped.
    static func parseOverview(_ output: String) -> [Entry] {
        var entries: [Entry] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("Overview of ") {
                let words = line.dropFirst("Overview of ".count).split(separator: " ", maxSplits: 1)
                guard words.count == 2, let pos = WordNetIndex.PartOfSpeech(rawValue: String(words[0])) else {
                    continue
                }
                let lemma = words[1].replacingOccurrences(of: "_", with: " ")
                entries.append(Entry(partOfSpeech: pos, lemma: lemma, senses: []))
                continue
            }
            guard !entries.isEmpty, let sense = parseSense(line) else { continue }
            entries[entries.count - 1].senses.append(sense)
        }
        return entries.filter { !$0.senses.isEmpty }
    }

    private static func parseSense(_ line: Substring) -> Sense? {
        // "12. (3) tend, be given, lean -- (have a tendency …; "She tends to be nervous")"
        guard let dot = line.firstIndex(of: "."), line[..<dot].allSatisfy(\.isNumber), !line[..<dot].isEmpty,
            let dash = line.range(of: " -- (")
        else { return nil }
        var words = line[line.index(after: dot)..<dash.lowerBound].drop(while: { $0 == " " })
        if words.hasPrefix("("), let close = words.firstIndex(of: ")") {
            words = words[words.index(after: close)...].drop(while: { $0 == " " })
        }
        var gloss = line[dash.upperBound...]
        if gloss.hasSuffix(")") { gloss = gloss.dropLast() }
        let synonyms = words.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        return Sense(synonyms: synonyms, gloss: String(gloss))
    }

    /// The entries as a panel shows them: each part of speech with its lemma, then numbered senses with
    /// their other synonyms.
    ///
    /// ```
    /// run (verb)
    ///  1. move fast by using one's feet, with one foot off the ground at any given time; "Don't run"
    /// ```
    package static func panelText(_ entries: [Entry]) -> String {
        var lines: [String] = []
        for entry in entries {
            if !lines.isEmpty { lines.append("") }
            lines.append("\(entry.lemma) (\(name(entry.partOfSpeech)))")
            for (i, sense) in entry.senses.enumerated() {
                var text = " \(i + 1). \(sense.gloss)"
                let others = sense.synonyms.filter { $0.lowercased() != entry.lemma.lowercased() }
                if !others.isEmpty { text += " — " + others.joined(separator: ", ") }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func name(_ pos: WordNetIndex.PartOfSpeech) -> String {
        switch pos {
        case .noun: return "noun"
        case .verb: return "verb"
        case .adjective: return "adjective"
        case .adverb: return "adverb"
        }
    }
}
