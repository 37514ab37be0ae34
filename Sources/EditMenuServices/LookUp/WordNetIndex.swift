import EditMenuKit
import Foundation

/// WordNet's sorted index and exception files, mapped into memory and searched in place: which
/// lemmas WordNet has, and what an inflected form's lemmas are (WordNet's own `morphy` rules). Answers
/// from memory in microseconds, so Look Up is offered only for what WordNet really defines.
///
/// ```swift
/// let index = try WordNetIndex(directory: "/usr/share/wordnet")
/// index.lemmas(of: "running")     // [(.noun, "running"), (.verb, "run"), (.adjective, "running")]
/// index.lemmas(of: "look up")     // [(.verb, "look_up"), (.noun, "lookup")…]
/// index.lemmas(of: "Cupertino")   // []
/// ```
package struct WordNetIndex: Sendable {
    /// A part of speech, as WordNet files name it.
    package enum PartOfSpeech: String, Hashable, Sendable, CaseIterable {
        case noun, verb
        case adjective = "adj"
        case adverb = "adv"
    }

    private let indexes: [PartOfSpeech: SortedLines]
    private let exceptions: [PartOfSpeech: SortedLines]

    /// The longest phrase looked up (characters): WordNet's longest collocation is shorter.
    package static let maximumLength = 80

    /// Maps the files of the WordNet database in `directory` (`index.noun` … `verb.exc` …).
    ///
    /// - Throws: `ServiceError` naming the file that is missing or unreadable.
    package init(directory: String) throws(ServiceError) {
        var indexes: [PartOfSpeech: SortedLines] = [:]
        var exceptions: [PartOfSpeech: SortedLines] = [:]
        for pos in PartOfSpeech.allCases {
            indexes[pos] = try SortedLines(path: "\(directory)/index.\(pos.rawValue)")
            exceptions[pos] = try SortedLines(path: "\(directory)/\(pos.rawValue).exc")
        }
        self.indexes = indexes
        self.exceptions = exceptions
    }

    /// Whether WordNet has `lemma` (lower case, words joined by `_`) as a `pos`.
    package func contains(_ lemma: String, as pos: PartOfSpeech) -> Bool {
        indexes[pos]?.line(forKey: lemma) != nil
    }

    /// The lemmas WordNet has for `phrase` (a word or a collocation, in any case, words separated by
    /// spaces, hyphens kept), by part of speech in WordNet's order, each lemma once per part of speech:
    /// the phrase itself, its exceptions (`ran` → `run`), and its regular inflections (`running` →
    /// `run`, `boxes` → `box`, `happier` → `happy`); for a collocation, the inflection of its first or
    /// last word (`looking up` → `look_up`). Empty for anything longer than ``maximumLength`` or with
    /// characters WordNet never has.
    package func lemmas(of phrase: String) -> [(PartOfSpeech, String)] {
        guard let key = Self.key(phrase) else { return [] }
        var found: [(PartOfSpeech, String)] = []
        for pos in PartOfSpeech.allCases {
            var seen = Set<String>()
            for candidate in candidates(key, pos) where seen.insert(candidate).inserted && contains(candidate, as: pos)
            {
                found.append((pos, candidate))
            }
        }
        return found
    }

    /// `phrase` as index keys are written: lower case, runs of spaces as one `_`; `nil` when it has a
    /// character no WordNet lemma has, or is empty or too long.
    static func key(_ phrase: String) -> String? {
        let words = phrase.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        let key = words.joined(separator: "_")
        guard !key.isEmpty, key.count <= maximumLength, key.first != "-" else { return nil }
        let allowed = key.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
                || "_-'./".unicodeScalars.contains(scalar)
        }
        return allowed ? key : nil
    }

    /// The forms to try for `key` as `pos`: itself, its exceptions, its regular detachments; for a
    /// collocation, those of its first and of its last word.
    private func candidates(_ key: String, _ pos: PartOfSpeech) -> [String] {
        var result = [key] + baseForms(of: key, pos)
        let words = key.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        if words.count > 1 {
            let rest = words.dropFirst().joined(separator: "_")
            result += baseForms(of: words[0], pos).map { $0 + "_" + rest }
            let head = words.dropLast().joined(separator: "_")
            result += baseForms(of: words[words.count - 1], pos).map { head + "_" + $0 }
        }
        return result
    }

    /// WordNet's `morphy` for one word: the exception list's base forms, then the suffix rules.
    private func baseForms(of word: String, _ pos: PartOfSpeech) -> [String] {
        var forms: [String] = []
        if let line = exceptions[pos]?.line(forKey: word) {
            forms += line.split(separator: " ").dropFirst().map(String.init)
        }
        for (suffix, ending) in Self.detachments[pos] ?? [] where word.hasSuffix(suffix) && word.count > suffix.count {
            forms.append(String(word.dropLast(suffix.count)) + ending)
        }
        return forms
    }

    /// WordNet's detachment rules (`morph.c`): a suffix and what replaces it.
    private static let detachments: [PartOfSpeech: [(String, String)]] = [
        .noun: [
            ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
            ("ies", "y"),
        ],
        .verb: [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
        .adjective: [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    ]
}

/// A text file of lines sorted by their first space-separated field (bytewise), mapped into memory and
/// searched by bisection. Lines starting with a space (WordNet's licence header) come first and are
/// skipped.
struct SortedLines: @unchecked Sendable {
    // @unchecked: the mapped bytes are never written after init.
    private let data: Data
    private let start: Int

    init(path: String) throws(ServiceError) {
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ServiceError("WordNet: cannot read \(path): \(error.localizedDescription)")
        }
        var offset = 0
        data.withUnsafeBytes { bytes in
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") {
                while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                offset += 1
            }
        }
        start = min(offset, data.count)
    }

    /// The line whose first field is `key`, without its line feed.
    func line(forKey key: String) -> String? {
        let needle = Array(key.utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var low = start
            var high = bytes.count
            // Invariant: the line sought, if any, starts in [low, high).
            while low < high {
                let mid = (low + high) / 2
                var lineStart = mid
                while lineStart > low, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var fieldEnd = lineStart
                while fieldEnd < lineEnd, bytes[fieldEnd] != UInt8(ascii: " ") { fieldEnd += 1 }
                let order = compare(bytes, lineStart..<fieldEnd, needle)
                if order == 0 {
                    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
                }
                if order < 0 { low = lineEnd + 1 } else { high = lineStart }
            }
            return nil
        }
    }

    private func compare(_ bytes: UnsafeRawBufferPointer, _ field: Range<Int>, _ key: [UInt8]) -> Int {
        var i = field.lowerBound
        var j = 0
        while i < field.upperBound, j < key.count {
            if bytes[i] != key[j] { return bytes[i] < key[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        if i == field.upperBound && j == key.count { return 0 }
        return i == field.upperBound ? -1 : 1
    }
}
