/// A spell checker a host really has — on Linux, Enchant with Hunspell dictionaries, which
/// EditMenuServices' `LanguageServices.discover(locale:)` finds and installs. With one in
/// ``EditMenuConfiguration/spellChecker`` the controller finds the suggestions for a misspelled
/// selected word itself (Replace…, the mac context menu's inline suggestions), performs Ignore
/// Spelling, Learn Spelling and the Spelling and Grammar ▸ items, and hosts mark misspelled words
/// with ``misspellings(in:locale:hint:segmenter:)``.
///
/// Calls may block briefly (a dictionary lookup, a suggestion search of a few milliseconds) and may
/// come from any thread; hosts mark text off their input path.
///
/// ```swift
/// let checker: any SpellChecker = …
/// checker.isMisspelled("recieve", language: "en")       // true
/// checker.suggestions(for: "recieve", language: "en")   // ["receive", "receiver", …]
/// checker.misspellings(in: "I recieve it", locale: .english)   // [2..<9]
/// ```
public protocol SpellChecker: AnyObject, Sendable {
    /// The languages it has a dictionary for, as primary language codes (`en`, `de`, `pt` …), in the
    /// order it prefers them for a script several share.
    var languages: [String] { get }

    /// Whether `word` is misspelled in `language` (one of ``languages``): not in its dictionary, not
    /// learned, not ignored.
    func isMisspelled(_ word: String, language: String) -> Bool

    /// The dictionary's suggestions for `word`, best first (at most a dozen).
    func suggestions(for word: String, language: String) -> [String]

    /// Stops marking `word` in this session (Ignore Spelling: for the documents open now).
    func ignore(_ word: String)

    /// Adds `word` to the personal word list, for good (Learn Spelling).
    ///
    /// - Throws: ``ServiceError`` when the list cannot be written.
    func learn(_ word: String, language: String) throws(ServiceError)

    /// A number that changes whenever a word is ignored or learned: hosts compare it to know their
    /// marks are stale.
    var generation: Int { get }

    /// What is known about `word` in `language` now, without waiting for a dictionary to load, for
    /// another thread's check or for a suggestion search — what a menu being built on the host's input
    /// path asks. What is not known yet is found in the background; asking again later answers it.
    ///
    /// The default answers with ``isMisspelled(_:language:)`` and ``suggestions(for:language:)``, for a
    /// checker that never waits.
    func spellingWithoutWaiting(of word: String, language: String) -> SpellingAnswer

    /// Gets `language`'s dictionary ready (reads it from disk), so the first check or menu does not
    /// wait for it. Called off the input path, on `BackgroundQueue.shared`, when a host starts marking
    /// misspelled words (`SpellingMarks`). The default does nothing.
    func prepare(language: String)
}

/// What a spell checker knows about a word without waiting
/// (``SpellChecker/spellingWithoutWaiting(of:language:)``).
public enum SpellingAnswer: Hashable, Sendable {
    /// The word is spelled right: in the dictionary, learned or ignored.
    case correct
    /// The word is misspelled: its suggestions, best first, or `nil` while they are being found.
    case misspelled(suggestions: [String]?)
    /// Not known yet (the dictionary is being read, or busy with another search): the checker finds
    /// out in the background.
    case pending

    /// Whether everything is known: whether the word is misspelled and, if it is, its suggestions.
    public var isComplete: Bool {
        switch self {
        case .correct, .misspelled(suggestions: .some): true
        case .misspelled(suggestions: .none), .pending: false
        }
    }
}

extension SpellChecker {
    public func spellingWithoutWaiting(of word: String, language: String) -> SpellingAnswer {
        wholeSpelling(of: word, language: language)
    }

    public func prepare(language: String) {}
}

/// The selected word a menu is built for, and what the spell checker knew about it without waiting
/// (``SpellChecker/selectionSpelling(_:selectedText:locale:hint:)``).
struct SelectionSpelling {
    /// The selected word, as selected, and the language it is checked in.
    var word: String
    var language: String
    /// What the checker knew when asked.
    var answer: SpellingAnswer

    /// The word and its language when it is known to be misspelled.
    var misspelled: (word: String, language: String)? {
        if case .misspelled = answer { return (word, language) }
        return nil
    }

    /// Its suggestions, as far as they are known (none while they are being found).
    var suggestions: [String] {
        if case .misspelled(let found?) = answer { return found }
        return []
    }

    /// Whether the checker has answered everything a menu shows about the word — else a menu on screen
    /// is rebuilt once it has (``EditMenuController/poll()``).
    var isComplete: Bool { answer.isComplete }
}

extension SpellChecker {
    /// The language `text` is checked in (`TextLanguage`, decided once in the core): the host's `hint`
    /// (``EditMenuConfiguration/textLanguage``) when the text is in its script and a dictionary reads
    /// it, else the menu's when the text is in its script, else the first dictionary language written in
    /// the text's script; `nil` when no dictionary reads it.
    package func language(of text: some StringProtocol, locale: MenuLocale, hint: String? = nil) -> String? {
        TextLanguage.language(of: text, locale: locale, candidates: languages, hint: hint)
    }

    /// The misspelled words of `text`, as UTF-8 byte ranges of it, in order. Words are ICU's (as word
    /// selection finds them); each is checked in the language for its script (`hint`'s for words in
    /// its script, `language(of:locale:hint:)`). Words with digits, `_`,
    /// `@`, `/` or `.` inside (numbers, identifiers, addresses) and words in a script no dictionary
    /// reads are never marked.
    public func misspellings(
        in text: String, locale: MenuLocale, hint: String? = nil, segmenter: TextSegmenter = TextSegmenter()
    ) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var languageFor: [WritingScript: String?] = [:]
        let bytes = Array(text.utf8)
        for range in segmenter.wordRanges(inUTF8: bytes) {
            let word = String(decoding: bytes[range], as: UTF8.self)
            guard Self.isCheckable(word), !Self.isInAddress(range, of: bytes),
                let script = TextLanguage.dominantScript(of: word)
            else { continue }
            let language: String?
            if let known = languageFor[script] {
                language = known
            } else {
                language = TextLanguage.language(
                    writtenIn: script, locale: locale, candidates: languages, hint: hint)
                languageFor[script] = language
            }
            if let language, isMisspelled(dictionarySpelling(of: word), language: language) { found.append(range) }
        }
        return found
    }

    /// The first misspelled word at or after `start` of a text read a chunk at a time, wrapping around to
    /// the beginning — Check Document Now — or `nil` when none is found in `readLimit` bytes. Offsets are
    /// the caller's (UTF-8 bytes of a ``TextStorage``, Unicode scalars of a GTK buffer): the search
    /// begins at `lineStart` (the start of `start`'s line, so a word cut by `start` is read whole);
    /// `read(position, upperBound)` gives the text from `position` up to a chunk end at most
    /// `upperBound`, and that end; `offsets(text, byteRanges)` turns misspelled words' UTF-8 ranges in
    /// that text into the caller's offsets within it.
    package func firstMisspelling(
        from start: Int, lineStart: Int, count: Int, locale: MenuLocale, hint: String? = nil, readLimit: Int,
        read: (_ position: Int, _ upperBound: Int) -> (text: String, end: Int),
        offsets: (_ text: String, _ byteRanges: [Range<Int>]) -> [Range<Int>]
    ) -> Range<Int>? {
        var budget = readLimit
        for (pass, (lower, upper)) in [(lineStart, count), (0, start)].enumerated() where lower < upper {
            var position = lower
            while position < upper, budget > 0 {
                let (text, end) = read(position, upper)
                guard end > position else { break }
                for local in offsets(text, misspellings(in: text, locale: locale, hint: hint)) {
                    let found = (position + local.lowerBound)..<(position + local.upperBound)
                    // After `start` on the way to the end; anywhere once wrapped around.
                    if pass == 1 || found.lowerBound >= start { return found }
                }
                budget -= text.utf8.count
                position = end
            }
        }
        return nil
    }

    /// The selected word and its language, when the selection is one word of editable, non-secure
    /// text (``TextRangeFacts/isWithinOneWord``) that is misspelled: what Replace… and the mac context
    /// menu's inline suggestions, Ignore Spelling and Learn Spelling act on.
    package func misspelledSelection(
        _ content: SelectableContent, selectedText: SelectedText?, locale: MenuLocale, hint: String? = nil
    ) -> (word: String, language: String)? {
        guard
            let (word, language) = checkableSelection(content, selectedText: selectedText, locale: locale, hint: hint),
            isMisspelled(dictionarySpelling(of: word), language: language)
        else { return nil }
        return (word, language)
    }

    /// The selected word and its language when the selection is one checkable word of editable,
    /// non-secure text, misspelled or not.
    private func checkableSelection(
        _ content: SelectableContent, selectedText: SelectedText?, locale: MenuLocale, hint: String?
    ) -> (word: String, language: String)? {
        guard content.kind == .text, content.isEditable, !content.isSecure,
            case .range(let facts) = content.selection, facts.isWithinOneWord, !facts.isBlank, let selectedText
        else { return nil }
        // The whole word the selection lies in: a suggestion replaces the word, never a fragment of it.
        let word = String(
            selectedText.selectedWord.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !word.isEmpty, word.count <= 64, Self.isCheckable(word),
            let language = language(of: word, locale: locale, hint: hint)
        else { return nil }
        return (word, language)
    }

    /// The selected word (as `misspelledSelection(_:selectedText:locale:hint:)` finds it) and what the
    /// checker knows about its spelling without waiting — what a menu is built with on the host's input
    /// path — or, `waiting`, its whole answer. `nil` when the selection is not one checkable word of
    /// editable text.
    func selectionSpelling(
        _ content: SelectableContent, selectedText: SelectedText?, locale: MenuLocale, hint: String? = nil,
        waiting: Bool = false
    ) -> SelectionSpelling? {
        guard let (word, language) = checkableSelection(content, selectedText: selectedText, locale: locale, hint: hint)
        else { return nil }
        let spelling = dictionarySpelling(of: word)
        return SelectionSpelling(
            word: word, language: language,
            answer: waiting
                ? wholeSpelling(of: spelling, language: language)
                : spellingWithoutWaiting(of: spelling, language: language))
    }

    /// Whether `word` is misspelled and its suggestions, waiting for both.
    func wholeSpelling(of word: String, language: String) -> SpellingAnswer {
        isMisspelled(word, language: language)
            ? .misspelled(suggestions: suggestions(for: word, language: language)) : .correct
    }

    /// The suggestions for a misspelled selection that `misspelledSelection(_:selectedText:locale:hint:)`
    /// found, for the word as the dictionary spells it (typographic apostrophes straight).
    package func suggestions(forMisspelled misspelled: (word: String, language: String)) -> [String] {
        suggestions(for: dictionarySpelling(of: misspelled.word), language: misspelled.language)
    }

    /// Whether the word at `range` is part of a link or an e-mail address: its run of non-space bytes
    /// holds `://`, `@` or starts with `www.`.
    static func isInAddress(_ range: Range<Int>, of bytes: [UInt8]) -> Bool {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var start = range.lowerBound
        while start > 0, !isSpace(bytes[start - 1]), range.lowerBound - start < 256 { start -= 1 }
        var end = range.upperBound
        while end < bytes.count, !isSpace(bytes[end]), end - range.upperBound < 256 { end += 1 }
        let token = bytes[start..<end]
        if token.contains(UInt8(ascii: "@")) { return true }
        if token.starts(with: Array("www.".utf8)) { return true }
        return token.indices.contains { i in
            i + 2 < token.endIndex && token[i] == UInt8(ascii: ":") && token[i + 1] == UInt8(ascii: "/")
                && token[i + 2] == UInt8(ascii: "/")
        }
    }

    /// Whether a word is one a dictionary could judge.
    static func isCheckable(_ word: String) -> Bool {
        !word.unicodeScalars.contains { ("0"..."9").contains($0) || "_@/.:\\#".unicodeScalars.contains($0) }
    }
}

/// `word` as dictionaries spell it: a typographic apostrophe as `'`.
func dictionarySpelling(of word: String) -> String {
    String(word.map { $0 == "\u{2019}" ? "'" : $0 })
}

extension TextSegmenter {
    /// The words (letters, digits, ideographs — not spaces or punctuation) of UTF-8 `bytes`, as byte
    /// ranges on Character boundaries, found with ICU's word rules.
    ///
    /// ```swift
    /// TextSegmenter().wordRanges(inUTF8: Array("Hi, Straße!".utf8))   // [0..<2, 4..<11]
    /// ```
    package func wordRanges(inUTF8 bytes: [UInt8]) -> [Range<Int>] {
        guard !bytes.isEmpty else { return [] }
        return wordSegments(in: ByteWindow(start: 0, bytes: bytes)).compactMap { $0.isWord ? $0.range : nil }
    }
}
