import EditMenuKit
import Foundation
import Synchronization

/// Spelling with Enchant 2 and its Hunspell dictionaries (Debian's `libenchant-2-2` and
/// `hunspell-en-us`, `hunspell-de-de` …), loaded with `dlopen` at run time: misspelled words, the
/// dictionary's suggestions, Ignore Spelling (for this session) and Learn Spelling (a personal word
/// list per language in `$XDG_DATA_HOME/editmenukit/spelling/`, default `~/.local/share`).
///
/// Hunspell is preferred over other providers Enchant has (`enchant_broker_set_ordering`). A language
/// is checked with its dictionary for the menu's region when there is one (`en-GB` → `en_GB`), else
/// the first one for that language (`en_US` before other English ones).
///
/// ```swift
/// let checker = EnchantSpellChecker.system()          // nil without libenchant or any dictionary
/// checker?.languages                                  // ["en", "de", …]
/// checker?.isMisspelled("recieve", language: "en")    // true
/// checker?.suggestions(for: "recieve", language: "en").first   // "receive"
/// ```
package final class EnchantSpellChecker: SpellChecker {
    private struct State {
        /// The personal word list of each language that has one.
        var personal: [String: EnchantDictionary] = [:]
        /// Languages whose personal list did not exist when last looked for (until Learn makes one).
        var noPersonal: Set<String> = []
        var ignored: Set<String> = []
    }

    /// The dictionary tag used for each language (`en` → `en_US`).
    package let tags: [String: String]
    package let languages: [String]
    /// The folder of the personal word lists.
    package let personalDirectory: String
    private let state: Mutex<State>
    /// The process's broker: dictionaries are read once and shared by every checker, each call on
    /// one under its own lock (see ``EnchantBroker``).
    private let broker: EnchantBroker
    /// Read on every frame a host draws: an atomic, never waiting for a check in progress.
    private let changes = Atomic<Int>(0)
    /// Words already judged, by language: marking a screen asks about the same words again and again.
    /// Apart from Enchant's lock, so a word seen before never waits for a dictionary being loaded.
    private let judged = Mutex<[String: Bool]>([:])
    /// The most words remembered (then the memory starts over).
    static let judgedLimit = 50_000
    /// Suggestions already found (a menu on the same word is built again and again: a reload, the
    /// submenu, the next right click), and found in advance for words marked misspelled.
    private let suggested = Mutex<[String: [String]]>([:])
    /// The most words whose suggestions are remembered (then the memory starts over).
    static let suggestedLimit = 2048
    /// Words judged misspelled, whose suggestions are found in the background before a menu asks.
    private let prefetch = SuggestionPrefetchQueue()

    /// The providers Enchant tries, in order.
    static let providerOrder = "hunspell,nuspell,aspell,hspell,voikko"

    /// The most suggestions returned.
    package static let maximumSuggestions = 12

    /// The spell checker of this system, for a menu in `locale` (whose region picks among a language's
    /// dictionaries); `nil` without libenchant-2 or without any dictionary.
    package static func system(
        locale: MenuLocale = .english, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> EnchantSpellChecker? {
        let checker = EnchantSpellChecker(
            locale: locale, personalDirectory: personalDirectory(environment: environment))
        if let checker, let first = checker.language(of: "a", locale: locale) ?? checker.languages.first {
            // Hunspell reads a dictionary in a few hundred milliseconds: do it now, in the background,
            // rather than when the first menu is built or the first screen is marked.
            BackgroundQueue.shared.async { checker.prepare(language: first) }
        }
        return checker
    }

    /// `$XDG_DATA_HOME/editmenukit/spelling`, or `$HOME/.local/share/editmenukit/spelling`.
    package static func personalDirectory(environment: [String: String]) -> String {
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share")
        return data + "/editmenukit/spelling"
    }

    private init?(locale: MenuLocale, personalDirectory: String) {
        guard let broker = EnchantBroker.shared else { return nil }
        let region = Self.region(of: locale.requested)
        let menuLanguage = TextLanguage.primaryLanguage(of: locale.requested)
        var byLanguage: [String: [String]] = [:]
        for tag in broker.tags {
            let code = TextLanguage.primaryLanguage(of: tag)
            guard code.count >= 2, code.count <= 3 else { continue }
            byLanguage[code, default: []].append(tag)
        }
        var tags: [String: String] = [:]
        for (code, candidates) in byLanguage {
            // The menu's region, the language's usual dictionary, its own country, the bare language.
            let preferred = [
                region.flatMap { code == menuLanguage ? "\(code)_\($0)" : nil }, Self.usualDictionary[code],
                "\(code)_\(code.uppercased())", code,
            ]
            tags[code] = preferred.compactMap { $0 }.first(where: candidates.contains) ?? candidates.sorted().first
        }
        guard !tags.isEmpty else { return nil }
        self.tags = tags
        self.languages = TextLanguage.preferredOrder(Array(tags.keys))
        self.personalDirectory = personalDirectory
        self.broker = broker
        self.state = Mutex(State())
    }

    /// The dictionary a language is usually checked with where its own country is not obvious.
    static let usualDictionary: [String: String] = [
        "en": "en_US", "pt": "pt_BR", "sv": "sv_SE", "da": "da_DK", "nb": "nb_NO", "nn": "nn_NO", "cs": "cs_CZ",
        "uk": "uk_UA", "el": "el_GR", "he": "he_IL", "ko": "ko_KR", "ar": "ar", "ca": "ca", "sr": "sr_RS",
    ]

    private static func region(of tag: String) -> String? {
        let parts = tag.split(whereSeparator: { "-_.@".contains($0) })
        guard parts.count >= 2, parts[1].count == 2 else { return nil }
        return parts[1].uppercased()
    }

    package var generation: Int { changes.load(ordering: .acquiring) }

    package func isMisspelled(_ word: String, language: String) -> Bool {
        guard !word.isEmpty, word.utf8.count <= 256, let tag = tags[language] else { return false }
        let key = language + "\u{0}" + word
        if let known = judged.withLock({ $0[key] }) {
            if known, suggested.withLock({ $0[key] == nil }) { findSuggestionsInAdvance(word, language: language) }
            return known
        }
        guard let dict = broker.dictionary(tag) else { return false }
        prefetch.noteCheck()
        let misspelled = judge(word, language: language, dict)
        remember(misspelled, key: key)
        if misspelled { findSuggestionsInAdvance(word, language: language) }
        return misspelled
    }

    /// Whether `word` is misspelled with `dict` (and the personal list).
    private func judge(_ word: String, language: String, _ dict: EnchantDictionary) -> Bool {
        guard !state.withLock({ $0.ignored.contains(word) }) else { return false }
        if dict.withLock({ $0.isCorrect(word) }) { return false }
        if let personal = personalList(language), personal.withLock({ $0.isCorrect(word) }) { return false }
        return true
    }

    /// Whether `word` is misspelled with `dict` (and the personal list), when that is known without
    /// waiting: `nil` when another call holds a dictionary, or the personal list is not opened yet.
    private func judgeWithoutWaiting(_ word: String, language: String, _ dict: EnchantDictionary) -> Bool? {
        guard !state.withLock({ $0.ignored.contains(word) }) else { return false }
        guard let correct = dict.withLockIfAvailable({ $0.isCorrect(word) }) else { return nil }
        if correct { return false }
        switch personalList(language, waiting: false) {
        case .none: return nil // there is one, not opened yet
        case .some(.none): return true
        case .some(.some(let personal)): return personal.withLockIfAvailable { !$0.isCorrect(word) }
        }
    }

    private func remember(_ misspelled: Bool, key: String) {
        judged.withLock { judged in
            if judged.count >= Self.judgedLimit { judged.removeAll(keepingCapacity: true) }
            judged[key] = misspelled
        }
    }

    /// What is known of `word` without waiting: judged before, or judged now when its dictionary is
    /// read and no other check or search holds it (a lookup takes microseconds); suggestions found
    /// before. Whatever is missing is found in the background — the judgement on
    /// `BackgroundQueue.shared` (which reads the dictionary first if need be), the suggestions on the
    /// prefetch thread, this word next — and asking again later answers it.
    package func spellingWithoutWaiting(of word: String, language: String) -> SpellingAnswer {
        guard !word.isEmpty, word.utf8.count <= 256, let tag = tags[language] else { return .correct }
        let key = language + "\u{0}" + word
        var known = judged.withLock { $0[key] }
        if known == nil {
            // Not read yet; or read, and Enchant has no such dictionary (never marked).
            switch broker.loadedDictionary(tag) {
            case .none: known = nil
            case .some(.none): known = false
            case .some(.some(let dict)): known = judgeWithoutWaiting(word, language: language, dict)
            }
            if let known { remember(known, key: key) }
        }
        guard let misspelled = known else {
            BackgroundQueue.shared.async { [weak self] in _ = self?.isMisspelled(word, language: language) }
            return .pending
        }
        guard misspelled else { return .correct }
        if let found = suggested.withLock({ $0[key] }) { return .misspelled(suggestions: found) }
        findSuggestionsInAdvance(word, language: language)
        return .misspelled(suggestions: nil)
    }

    /// Reads `language`'s dictionary now (Hunspell takes a few hundred milliseconds), so neither the
    /// first marks nor the first menu wait for it.
    package func prepare(language: String) {
        if let tag = tags[language] { _ = broker.dictionary(tag) }
    }

    /// Queues the search for `word`'s suggestions in the background: a word judged misspelled is
    /// marked, and a menu on it will want them (see ``SuggestionPrefetchQueue``).
    private func findSuggestionsInAdvance(_ word: String, language: String) {
        prefetch.add(SuggestionPrefetchQueue.Word(word: word, language: language)) { [weak self] next in
            _ = self?.suggestions(for: next.word, language: next.language)
        }
    }

    /// Waits until the suggestions for every word judged misspelled so far have been found in the
    /// background (at most `timeout` seconds); whether they have. For tests and benchmarks: a host
    /// never waits, a menu opened sooner searches for its word's suggestions itself.
    package func waitForSuggestionsInAdvance(timeout: Double) -> Bool {
        prefetch.waitUntilIdle(timeout: timeout)
    }

    /// Whether `word`'s suggestions are remembered (found already), so a menu gets them at once.
    func hasSuggestions(for word: String, language: String) -> Bool {
        suggested.withLock { $0[language + "\u{0}" + word] != nil }
    }

    package func suggestions(for word: String, language: String) -> [String] {
        guard !word.isEmpty, word.utf8.count <= 256, let tag = tags[language] else { return [] }
        let key = language + "\u{0}" + word
        if let known = suggested.withLock({ $0[key] }) { return known }
        guard let dict = broker.dictionary(tag) else { return [] }
        let personal = personalList(language)
        return dict.withLock { dict in
            // Found in the background while this call waited for the dictionary.
            if let known = suggested.withLock({ $0[key] }) { return known }
            var found = personal?.withLock { $0.suggestions(word) } ?? []
            for suggestion in dict.suggestions(word) where !found.contains(suggestion) {
                found.append(suggestion)
            }
            found = Array(found.filter { $0 != word }.prefix(Self.maximumSuggestions))
            // Remembered before the dictionary is let go, so a call waiting for it finds them.
            suggested.withLock { suggested in
                if suggested.count >= Self.suggestedLimit { suggested.removeAll(keepingCapacity: true) }
                suggested[key] = found
            }
            return found
        }
    }

    package func ignore(_ word: String) {
        state.withLock { _ = $0.ignored.insert(word) }
        forget()
    }

    package func learn(_ word: String, language: String) throws(ServiceError) {
        guard !word.isEmpty, !word.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw ServiceError("Learn Spelling: “\(word)” is not one word")
        }
        let path = "\(personalDirectory)/\(language).dic"
        do {
            try FileManager.default.createDirectory(
                atPath: personalDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if !FileManager.default.fileExists(atPath: path) {
                guard
                    FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
                else { throw ServiceError("cannot create \(path)") }
            }
        } catch {
            throw ServiceError("Learn Spelling: cannot write the personal word list \(path): \(error)")
        }
        state.withLock { _ = $0.noPersonal.remove(language) }
        let learned =
            personalList(language)?.withLock { personal in
                personal.add(word)
                return personal.isCorrect(word)
            } ?? false
        forget()
        guard learned else { throw ServiceError("Learn Spelling: Enchant could not add “\(word)” to \(path)") }
    }

    /// Drops what was judged and suggested: a word was ignored or learned.
    private func forget() {
        judged.withLock { $0.removeAll() }
        suggested.withLock { $0.removeAll() }
        changes.add(1, ordering: .releasing)
    }

    /// The personal word list for `language`, opened once it exists. Without `waiting`: `nil` when it
    /// exists but is not opened yet (opening it waits for a dictionary being loaded).
    private func personalList(_ language: String, waiting: Bool) -> EnchantDictionary?? {
        let known = state.withLock { state -> EnchantDictionary?? in
            if let dict = state.personal[language] { return .some(dict) }
            return state.noPersonal.contains(language) ? .some(nil) : nil
        }
        if let known { return known }
        let path = "\(personalDirectory)/\(language).dic"
        let dict: EnchantDictionary?
        if !FileManager.default.fileExists(atPath: path) {
            dict = nil
        } else if waiting {
            dict = broker.personalList(at: path)
        } else {
            guard let opened = broker.openedPersonalList(at: path) else { return nil }
            dict = opened
        }
        state.withLock { state in
            if let dict { state.personal[language] = dict } else { state.noPersonal.insert(language) }
        }
        return .some(dict)
    }

    /// The personal word list for `language`, opened once it exists.
    private func personalList(_ language: String) -> EnchantDictionary? {
        personalList(language, waiting: true) ?? nil
    }
}
