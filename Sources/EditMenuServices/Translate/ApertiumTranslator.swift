import EditMenuKit
import Foundation

/// Translate with Apertium (Debian's `apertium` and its language pairs, e.g. `apertium-eng-spa`):
/// sentences through the pair's whole pipeline (`apertium -u -f txt eng-spa`, the text on standard
/// input, never on a command line), and a single word also through the pair's bilingual dictionary
/// (`lt-proc`), which lists every translation by part of speech. Which pairs exist is read once from
/// the modes folder; a language without an installed pair is simply not offered. A pair's stages are
/// kept running after its first translation (`ApertiumPipelines`: milliseconds instead of the
/// half second `apertium` takes to load them each time); copies of a translator share them, and
/// they end with the last copy.
///
/// ```swift
/// let translator = ApertiumTranslator.system()           // nil without apertium or any pair
/// translator?.pairs                                      // [("en", "es"), ("es", "en")]
/// try translator?.translate("The cat sleeps.", from: "en", to: "es")   // "El gato duerme."
/// try translator?.dictionaryEntries(for: "house", from: "en", to: "es")
/// // [("house", "noun", ["casa", "cámara"]), ("house", "verb", ["albergar"])]
/// ```
package struct ApertiumTranslator: Sendable {
    /// An installed translation direction.
    package struct Pair: Hashable, Sendable {
        /// Source and target, as primary language codes (`en`, `es`).
        package var source: String
        package var target: String
        /// The mode Apertium calls it by (`eng-spa`).
        package var mode: String
        /// The pair's morphological analyser and bilingual dictionary (for single words), when found.
        var analyser: String?
        var bilingual: String?
        /// The mode's stages, to keep running; `nil` when its mode file is not plain commands.
        var stages: [ProcessRunner.Command]?
    }

    /// One dictionary entry: a source lemma with its part of speech and its translations.
    package struct DictionaryEntry: Hashable, Sendable {
        /// The source lemma (`run` for "running").
        package var lemma: String
        /// Its part of speech in words (`noun`, `verb` …).
        package var partOfSpeech: String
        /// The target lemmas, in the dictionary's order.
        package var translations: [String]
    }

    /// The `apertium` program.
    package let executable: String
    /// `lt-proc`, for the bilingual dictionary; `nil` without it (sentences are still translated).
    package let lexicalProcessor: String?
    /// The installed directions.
    package let pairs: [Pair]
    /// ``route(from:to:)``'s answers.
    private let routes: [String: [String: [Pair]]]
    /// How long a translation may take, at least (plus a second per KiB of text).
    package var timeout: Double = 10
    /// How long a running pair may take to answer, at least (plus a second per KiB): then it is
    /// stopped and the text translated the one-shot way.
    var pipelineTimeout: Double = 3
    /// The pairs kept running.
    let pipelines = ApertiumPipelines()

    /// The translator installed on this system: `apertium` and `lt-proc` from `PATH`, pairs from
    /// `/usr/share/apertium/modes`; `nil` without `apertium` or without any pair.
    package static func system(modesDirectory: String = "/usr/share/apertium/modes") -> ApertiumTranslator? {
        guard let executable = ProcessRunner.find("apertium") else { return nil }
        let translator = ApertiumTranslator(
            executable: executable, lexicalProcessor: ProcessRunner.find("lt-proc"), modesDirectory: modesDirectory)
        return translator.pairs.isEmpty ? nil : translator
    }

    /// A translator with the pairs whose mode files are in `modesDirectory`.
    package init(executable: String, lexicalProcessor: String?, modesDirectory: String) {
        self.executable = executable
        self.lexicalProcessor = lexicalProcessor
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modesDirectory)) ?? []
        var pairs: [Pair] = []
        // Every mode names the same few stage programs: each is looked up in PATH once (a look-up
        // tests each PATH directory on disk), not once per stage of each mode.
        var found: [String: String?] = [:]
        func find(_ program: String) -> String? {
            if let known = found[program] { return known }
            let path = ProcessRunner.find(program)
            found[program] = .some(path)
            return path
        }
        for name in names.sorted() where name.hasSuffix(".mode") {
            let mode = String(name.dropLast(".mode".count))
            // "eng-spa"; variants ("spa-eng_US") and chained or debugging modes are not offered.
            let parts = mode.split(separator: "-")
            guard parts.count == 2, !mode.contains("_"),
                let source = Self.language(String(parts[0])), let target = Self.language(String(parts[1])),
                source != target, !pairs.contains(where: { $0.source == source && $0.target == target })
            else { continue }
            let script = (try? String(contentsOfFile: "\(modesDirectory)/\(name)", encoding: .utf8)) ?? ""
            pairs.append(
                Pair(
                    source: source, target: target, mode: mode,
                    analyser: Self.file(in: script, after: "lt-proc ", ending: ".automorf.bin"),
                    bilingual: Self.file(in: script, after: "lt-proc -b ", ending: ".autobil.bin"),
                    stages: ApertiumPipelines.stages(ofMode: script, find: find)))
        }
        self.pairs = pairs
        routes = Self.routes(pairs)
    }

    /// The installed direction from `source` to `target` (primary language codes).
    package func pair(from source: String, to target: String) -> Pair? {
        pairs.first { $0.source == source && $0.target == target }
    }

    /// The pairs that take text from `source` to `target`: the direct pair, else two through one pivot
    /// language (fr → es → en), the pivot chosen in ``pivotPreference`` order; `nil` when there is
    /// no such route.
    package func route(from source: String, to target: String) -> [Pair]? {
        routes[source]?[target]
    }

    /// Every route, by source and target (worked out once: menus ask while they are built).
    static func routes(_ pairs: [Pair]) -> [String: [String: [Pair]]] {
        func pair(_ source: String, _ target: String) -> Pair? {
            pairs.first { $0.source == source && $0.target == target }
        }
        var routes: [String: [String: [Pair]]] = [:]
        let languages = Set(pairs.map(\.source)).union(pairs.map(\.target))
        for source in languages {
            for target in languages where target != source {
                if let direct = pair(source, target) {
                    routes[source, default: [:]][target] = [direct]
                    continue
                }
                let pivots = Set(pairs.filter { $0.source == source }.map(\.target)).filter { pair($0, target) != nil }
                let ordered = pivotPreference.filter(pivots.contains) + pivots.subtracting(pivotPreference).sorted()
                if let pivot = ordered.first, let first = pair(source, pivot), let second = pair(pivot, target) {
                    routes[source, default: [:]][target] = [first, second]
                }
            }
        }
        return routes
    }

    /// The pivot languages tried first: Apertium's best-covered languages.
    package static let pivotPreference = ["es", "en", "ca", "fr", "pt", "it"]

    /// The languages `source` text can be translated into, directly or through one pivot.
    package func targets(from source: String) -> [String] {
        (routes[source] ?? [:]).keys.sorted()
    }

    /// Translates `text` from `source` to `target` along ``route(from:to:)``: the direct pair's whole
    /// pipeline, or the first pair's output through the second.
    ///
    /// - Throws: `ServiceError` when no route is installed, or Apertium fails or times out.
    package func translate(_ text: String, from source: String, to target: String) throws(ServiceError) -> String {
        guard let route = route(from: source, to: target) else {
            throw ServiceError("Translate: no Apertium pair (or pivot) from \(source) to \(target) is installed")
        }
        var translated = text
        for pair in route { translated = try translate(translated, with: pair, keepingLineEnd: text) }
        return translated
    }

    /// `text` through one pair's pipeline: the running one, else `apertium`.
    private func translate(_ text: String, with pair: Pair, keepingLineEnd original: String) throws(ServiceError)
        -> String
    {
        var output: String
        if let piped = pipelines.translate(text, pair: pair, timeout: ProcessRunner.timeout(pipelineTimeout, for: text))
        {
            output = piped
        } else {
            output = try translateOneShot(text, with: pair)
        }
        // Apertium ends its output with a line feed the input may not have had.
        if !original.hasSuffix("\n") {
            while output.hasSuffix("\n") { output.removeLast() }
        }
        return output
    }

    /// `text` through `apertium` run for it alone.
    func translateOneShot(_ text: String, with pair: Pair) throws(ServiceError) -> String {
        // -u: no marks on unknown words; the text goes on standard input.
        let result = try ProcessRunner.run(
            for: "Translate", executable, ["-u", "-f", "txt", pair.mode], input: Data(text.utf8),
            timeout: ProcessRunner.timeout(timeout, for: text))
        guard result.status == 0 else {
            let message = String(decoding: result.standardError.prefix(300), as: UTF8.self)
            throw ServiceError("Translate: apertium \(pair.mode) failed (\(result.status)): \(message)")
        }
        return result.output
    }

    /// The bilingual dictionary's entries for one word: each analysis of the word (lemma and part of
    /// speech) with its translations. Empty when the pair has no dictionary files or the word is unknown.
    ///
    /// - Throws: `ServiceError` when `lt-proc` fails or times out.
    package func dictionaryEntries(for word: String, from source: String, to target: String) throws(ServiceError)
        -> [DictionaryEntry]
    {
        guard let pair = pair(from: source, to: target), let analyser = pair.analyser, let bilingual = pair.bilingual,
            let lexicalProcessor, !word.isEmpty, !word.contains(where: { $0.isWhitespace })
        else { return [] }
        // 1. Analyses: "^running/run<vblex><ger>/run<vblex><pprs>$".
        let analysed = try run(lexicalProcessor, [analyser], input: Self.escaped(word) + "\n")
        var units: [(lemma: String, tags: String)] = []
        for unit in Self.units(in: analysed) {
            for analysis in Self.splitUnescaped(unit, "/").dropFirst() {
                guard let open = analysis.firstIndex(of: "<"), !analysis.hasPrefix("*") else { continue }
                let lemma = String(analysis[..<open])
                let tags = String(analysis[open...])
                let pos = Self.firstTag(tags)
                if !units.contains(where: { $0.lemma == lemma && Self.firstTag($0.tags) == pos }) {
                    units.append((lemma, tags))
                }
            }
        }
        guard !units.isEmpty else { return [] }
        // 2. Translations: "^run<vblex><ger>/correr<vblex><ger>/funcionar<vblex><ger>$".
        let query = units.map { "^\(Self.escaped($0.lemma))\($0.tags)$" }.joined(separator: " ") + "\n"
        let translated = try run(lexicalProcessor, ["-b", bilingual], input: query)
        var entries: [DictionaryEntry] = []
        for (unit, source) in zip(Self.units(in: translated), units) {
            let targets = Self.splitUnescaped(unit, "/").dropFirst().compactMap { analysis -> String? in
                guard !analysis.hasPrefix("@"), !analysis.hasPrefix("*") else { return nil }
                let lemma = Self.unescaped(String(analysis.prefix { $0 != "<" })).replacingOccurrences(
                    of: "#", with: "")
                return lemma.isEmpty ? nil : lemma
            }
            var unique: [String] = []
            for t in targets where !unique.contains(t) { unique.append(t) }
            guard !unique.isEmpty else { continue }
            entries.append(
                DictionaryEntry(
                    lemma: Self.unescaped(source.lemma), partOfSpeech: Self.partOfSpeech(Self.firstTag(source.tags)),
                    translations: unique))
        }
        return entries
    }

    private func run(_ program: String, _ arguments: [String], input: String) throws(ServiceError) -> String {
        let result = try ProcessRunner.run(
            for: "Translate", program, arguments, input: Data(input.utf8), timeout: timeout)
        guard result.status == 0 else {
            throw ServiceError("Translate: \(program) failed with status \(result.status)")
        }
        return result.output
    }

    // MARK: Apertium's stream format

    /// The lexical units `^…$` of a stream.
    static func units(in stream: String) -> [Substring] {
        var units: [Substring] = []
        var start: String.Index?
        var i = stream.startIndex
        while i < stream.endIndex {
            let c = stream[i]
            if c == "\\" {
                i = stream.index(after: i)
                if i < stream.endIndex { i = stream.index(after: i) }
                continue
            }
            if c == "^" {
                start = stream.index(after: i)
            } else if c == "$", let s = start {
                units.append(stream[s..<i])
                start = nil
            }
            i = stream.index(after: i)
        }
        return units
    }

    /// `text` split at unescaped `separator`s.
    static func splitUnescaped(_ text: Substring, _ separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "\\" {
                i = text.index(after: i)
                if i < text.endIndex { i = text.index(after: i) }
                continue
            }
            if text[i] == separator {
                parts.append(text[start..<i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        parts.append(text[start...])
        return parts
    }

    /// The characters Apertium's stream format reserves, escaped with `\`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "^$@/<>{}[]\\*#+~".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    static func unescaped(_ text: String) -> String {
        var out = ""
        var escape = false
        for c in text {
            if escape {
                out.append(c)
                escape = false
            } else if c == "\\" {
                escape = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    private static func firstTag(_ tags: String) -> String {
        guard let open = tags.firstIndex(of: "<"), let close = tags[open...].firstIndex(of: ">") else { return "" }
        return String(tags[tags.index(after: open)..<close])
    }

    static func partOfSpeech(_ tag: String) -> String {
        switch tag {
        case "n": return "noun"
        case "np": return "proper noun"
        case "vblex", "vbser", "vbhaver", "vbmod", "vaux", "vbdo": return "verb"
        case "adj": return "adjective"
        case "adv", "preadv": return "adverb"
        case "pr": return "preposition"
        case "prn": return "pronoun"
        case "det": return "determiner"
        case "cnjcoo", "cnjsub", "cnjadv": return "conjunction"
        case "num": return "numeral"
        case "ij": return "interjection"
        default: return tag
        }
    }

    /// The path of a `.bin` file a mode script runs `program` on (`lt-proc '/usr/share/…/eng-spa.automorf.bin'`).
    static func file(in script: String, after program: String, ending: String) -> String? {
        for command in script.split(separator: "|") {
            let trimmed = command.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(program) else { continue }
            let rest = trimmed.dropFirst(program.count).trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
            guard rest.hasSuffix(ending), rest.hasPrefix("/"), !rest.contains("'"),
                FileManager.default.isReadableFile(atPath: rest)
            else { continue }
            return rest
        }
        return nil
    }

    /// A mode's language code (`eng`, `es`, `nob`) as a primary language code (`en`, `es`, `nb`).
    static func language(_ code: String) -> String? {
        let code = code.lowercased()
        if code.count == 2, code.allSatisfy({ $0.isLetter && $0.isASCII }) { return code == "no" ? "nb" : code }
        return TextLanguage.language(ofThreeLetterCode: code)
    }
}
