import EditMenuKit
import Foundation
import Synchronization

/// Checks custom command titles against the HIG's naming guidance (EDIT-MENU.md §5 and §12) and returns
/// warnings that carry the suggested fix. Nothing here ever fails a presentation.
///
/// - Title-style capitalization: capitalize every word except articles, coordinating conjunctions
///   and prepositions of four or fewer letters; the first and last words are always capitalized; no
///   ALL CAPS.
/// - A verb or short verb phrase: the first word must be an English verb — checked against WordNet's
///   verb index (``isVerb(_:)``) — not an article, a preposition, a noun or an adjective ("Settings",
///   "Translation", "Red", "Slowly").
/// - Short: at most ``maximumWords`` words and ``maximumLength`` characters.
/// - "Keep the number of custom menu items reasonable": more than ``maximumCustomCommands`` warns.
/// - No duplicates of the system's commands: a title that is a system command's title in the menu's
///   language, or that does what one does ("Copy Text", "Duplicate"), warns with
///   `duplicates the system command` (``warnings(for:locale:idiom:)``, which knows the platform's titles).
///
/// ```swift
/// CommandTitleLint.warnings(for: [CustomCommand(id: "hl", title: "highlight text")])
/// // ["custom command \"highlight text\": use title-style capitalization: \"Highlight Text\""]
/// CommandTitleLint.warnings(for: [CustomCommand(id: "t", title: "Translate")], idiom: .phone)
/// // ["custom command \"Translate\": duplicates the system command \"Translate\"; …"]
/// ```
package enum CommandTitleLint {
    /// More custom commands than this overwhelm people.
    package static let maximumCustomCommands = 4
    /// A title longer than this many words is not a short verb phrase.
    package static let maximumWords = 4
    /// A title longer than this many characters crowds a compact menu (about a third of an iPhone's width).
    package static let maximumLength = 25

    /// Articles, coordinating conjunctions and prepositions of four or fewer letters: lowercase inside
    /// a title. ("for", "so" and "yet" are both conjunctions and short words.)
    package static let minorWords: Set<String> = [
        "a", "an", "the",
        "and", "but", "or", "nor", "for", "so", "yet",
        "as", "at", "by", "down", "from", "in", "into", "like", "near", "of", "off", "on", "onto", "out",
        "over", "past", "per", "than", "till", "to", "up", "upon", "via", "with",
    ]

    /// One problem with a custom command.
    package struct Warning: Hashable, Sendable, CustomStringConvertible {
        /// The command the warning is about, or `nil` for a warning about the whole menu.
        package var commandID: EditCommand.ID?
        /// The problem, with the suggested fix.
        package var message: String
        package var description: String { message }
    }

    /// Every warning about the form of a menu's custom commands' titles (capitalization, verb,
    /// punctuation, length), then about their number.
    ///
    /// Title-style capitalization and the verb check are English conventions; for menus in other
    /// languages the titles only need a capitalized first word (sentence style, as those platforms
    /// write menu items), plus the punctuation and length checks. The check for duplicates of system
    /// commands needs the platform's titles: ``warnings(for:locale:idiom:)`` adds it.
    package static func warnings(for commands: [CustomCommand], locale: MenuLocale = .english) -> [Warning] {
        warnings(for: commands, locale: locale, duplicatesOn: nil)
    }

    /// Every warning for the custom commands of a menu shown on `idiom` in `locale`'s language: those of
    /// ``warnings(for:locale:)``, and for each title that duplicates a system command in that language
    /// (``duplicatedSystemCommand(title:locale:idiom:)``) a warning with `duplicates the system command`.
    package static func warnings(
        for commands: [CustomCommand], locale: MenuLocale = .english, idiom: Idiom
    ) -> [Warning] {
        warnings(for: commands, locale: locale, duplicatesOn: idiom)
    }

    private static func warnings(
        for commands: [CustomCommand], locale: MenuLocale, duplicatesOn idiom: Idiom?
    ) -> [Warning] {
        var result: [Warning] = []
        let strings = idiom.map { _ in MenuStrings(locale: locale) }
        for command in commands {
            var found = problems(title: command.title, english: locale.languageCode == "en")
            if let idiom, let strings,
                let system = duplicatedSystemCommand(title: command.title, locale: locale, idiom: idiom)
            {
                found.append(
                    "duplicates the system command \"\(strings.title(for: system, idiom: idiom))\"; people expect the "
                        + "system's item, so remove this one or name what it does differently")
            }
            for problem in found {
                result.append(
                    Warning(commandID: command.id, message: "custom command \"\(command.title)\": \(problem)"))
            }
        }
        if commands.count > maximumCustomCommands {
            let extra = commands.dropFirst(maximumCustomCommands).map { "\"\($0.title)\"" }.joined(separator: ", ")
            result.append(
                Warning(
                    commandID: nil,
                    message:
                        "\(commands.count) custom commands: keep at most \(maximumCustomCommands) so people are not overwhelmed; "
                        + "move \(extra) elsewhere (a toolbar, a context menu or a submenu)"))
        }
        return result
    }

    /// The problems with one title, each worded as advice with the fix.
    package static func problems(title: String, english: Bool = true) -> [String] {
        var problems: [String] = []
        let trimmed = title.trimmingWhitespace
        if trimmed != title {
            problems.append("remove the spaces around the title: \"\(trimmed)\"")
        }
        let words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return ["give the command a title"] }
        if trimmed.hasSuffix("...") {
            problems.append("use the ellipsis character: \"\(trimmed.dropLast(3))…\"")
        } else if let last = trimmed.last, ".!:;".contains(last) {
            problems.append("end without punctuation: \"\(trimmed.dropLast())\"")
        }
        let style = english ? "title-style" : "sentence-style"
        var capitalized = english ? titleCase(words) : sentenceCase(words)
        if isAllCaps(trimmed) {
            // ALL CAPS shouts; title style (or sentence style) from the lowercased words is the fix.
            let lowered = words.map { $0.lowercased() }
            capitalized = english ? titleCase(lowered) : sentenceCase(lowered)
            problems.append("use \(style) capitalization, not all caps: \"\(capitalized.joined(separator: " "))\"")
        } else if capitalized != words {
            problems.append("use \(style) capitalization: \"\(capitalized.joined(separator: " "))\"")
        }
        if english, let first = words.first, !isVerb(first) {
            problems.append(
                "start with a verb that says what the command does, for example \"Show \(capitalized.joined(separator: " "))\""
            )
        }
        if words.count > maximumWords || trimmed.count > maximumLength {
            problems.append(
                "shorten the title to a verb or short verb phrase (at most \(maximumWords) words, \(maximumLength) characters)"
            )
        }
        return problems
    }

    /// Particles of phrasal verbs ("Look Up", "Sign In", "Log Out"): right after the verb such a word
    /// may be a particle (capitalized) or a preposition ("Save in Folder"), so either is accepted there.
    package static let particles: Set<String> = ["up", "down", "in", "out", "on", "off", "over"]

    /// The words with title-style capitalization applied.
    package static func titleCase(_ words: [String]) -> [String] {
        words.enumerated().map { index, word in
            if index == 1, particles.contains(word.lowercased()), word.first?.isUppercase == true { return word }
            let isEdge = index == 0 || index == words.count - 1
            return capitalize(word, minor: !isEdge && minorWords.contains(word.lowercased()))
        }
    }

    /// The words with only the first capitalized (how most non-English platforms write menu items).
    package static func sentenceCase(_ words: [String]) -> [String] {
        words.enumerated().map { index, word in index == 0 ? capitalize(word, minor: false) : word }
    }

    private static func capitalize(_ word: String, minor: Bool) -> String {
        guard let first = word.first, first.isLetter, first.isCased else { return word }
        // Words with a capital inside are names and kept as written (iCloud, eBay, AirDrop, PDF).
        if word.dropFirst().contains(where: \.isUppercase) { return word }
        if minor { return word.lowercased() }
        return first.uppercased() + word.dropFirst()
    }

    // MARK: ALL CAPS

    /// Whether a title is written in capitals only: at least ``allCapsMinimumLetters`` cased letters, none
    /// lowercase ("SAVE NOTE"). Short acronyms ("PDF", "OK") are not shouting.
    static func isAllCaps(_ title: String) -> Bool {
        var letters = 0
        for c in title where c.isLetter && c.isCased {
            if c.isLowercase { return false }
            letters += 1
        }
        return letters >= allCapsMinimumLetters
    }

    /// How many capital letters, and no lowercase one, make a title ALL CAPS.
    static let allCapsMinimumLetters = 4

    // MARK: Verb check

    /// Words that begin titles but are not verbs although WordNet also lists them as verbs ("up the
    /// price", "down a drink", "out someone"): determiners, pronouns, prepositions, and menu nouns.
    static let nonVerbStarts: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "my", "your", "our", "their", "its", "his", "her",
        "new", "more", "all", "some", "any", "each", "every", "other", "another", "no", "not",
        "as", "at", "by", "for", "from", "in", "into", "of", "off", "on", "onto", "out", "over", "to", "up",
        "via", "with", "about", "after", "before", "under", "without", "down", "further", "through",
        "and", "but", "or", "nor", "yet",
        "settings", "options", "preferences", "properties", "details", "info", "information", "menu",
        "tools", "actions", "notes", "favorites", "bookmarks", "history", "help", "more…",
    ]

    /// Every English verb the lint knows: WordNet 3.0's verb index and the project's supplement
    /// (``wordNetVerbs``, ``supplementVerbs``), read once.
    static let englishVerbs: Set<Substring> = {
        var verbs = Set<Substring>(minimumCapacity: 9000)
        for list in [wordNetVerbs, supplementVerbs] {
            for word in list.split(whereSeparator: { $0 == " " || $0 == "\n" }) { verbs.insert(word) }
        }
        return verbs
    }()

    /// Whether `word` can begin a command title: an English verb in its base form ("Highlight", "Add",
    /// "Look"), checked against WordNet's verb index. Surrounding punctuation ("Rename…") is ignored, a
    /// hyphenated word counts when its last part is a verb ("Re-run", "Auto-save"), and a word that does
    /// not start with a Latin letter is given the benefit of the doubt (the check is for English).
    package static func isVerb(_ word: String) -> Bool {
        let w = word.lowercased().replacingOccurrences(of: "’", with: "'").trimmingCharacters(in: "…,.!?:;\"'()")
        guard let first = w.unicodeScalars.first, first.isASCIILetter else { return true }
        if nonVerbStarts.contains(w) { return false }
        if englishVerbs.contains(Substring(w)) { return true }
        if let last = w.split(separator: "-").last, last.count < w.count, englishVerbs.contains(last) { return true }
        return false
    }

    // MARK: Duplicates of system commands

    /// The system command a custom title duplicates in `locale`'s language on `idiom`, if any: a title
    /// equal to a system command's title (ignoring case, spaces and a trailing ellipsis: "Select All",
    /// "Translate", "Replace"), or — in English — one that does what a system command does: its verb
    /// with a generic object ("Copy Text", "Delete Selection", "Select Everything", "Search the Web"),
    /// or a synonym ("Duplicate", "Define", "Erase").
    package static func duplicatedSystemCommand(title: String, locale: MenuLocale, idiom: Idiom) -> EditCommand.ID? {
        let key = normalized(title)
        guard !key.isEmpty else { return nil }
        if let id = systemTitles(locale: locale, idiom: idiom)[key] { return id }
        guard locale.languageCode == "en" else { return nil }
        return englishEquivalent(key)
    }

    /// A title reduced for comparison: lowercase, words separated by one space, no trailing ellipsis or
    /// punctuation, typographic apostrophes straightened.
    static func normalized(_ title: String) -> String {
        let lowered = title.lowercased().replacingOccurrences(of: "’", with: "'")
        let words = lowered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.trimmingCharacters(in: "…. !:;")
    }

    /// The system commands whose titles a custom command must not repeat: every command the system
    /// shows (not the titles of submenu items deep in the menu bar, which people never confuse).
    static let titledSystemCommands: [EditCommand.ID] = [
        .cut, .copy, .paste, .pasteAndMatchStyle, .delete, .select, .selectAll, .replace, .format,
        .toggleBoldface, .toggleItalics, .toggleUnderline, .lookUp, .translate, .searchWeb, .share, .undo, .redo,
        .find, .findEllipsis, .findAndReplace, .findNext, .findPrevious, .useSelectionForFind, .jumpToSelection,
        .spellingAndGrammar, .substitutions, .transformations, .makeUpperCase, .makeLowerCase, .capitalize,
        .speech, .startSpeaking, .stopSpeaking, .startDictation, .emojiAndSymbols, .writingDirection,
        .ignoreSpelling, .learnSpelling, .font, .services, .openLink, .sendEmail, .call, .sendMessage,
        .addToContacts, .getDirections, .createEvent, .trackFlight, .trackShipment,
    ]

    private static let systemTitleCache = Mutex<[String: [String: EditCommand.ID]]>([:])

    /// Normalized system titles of `locale` on `idiom` (and the other platform's wording of the same
    /// language, so "Скопировать" and "Копировать" both count), cached.
    static func systemTitles(locale: MenuLocale, idiom: Idiom) -> [String: EditCommand.ID] {
        let cacheKey = "\(locale.identifier)/\(idiom == .mac ? "mac" : "ios")"
        if let hit = systemTitleCache.withLock({ $0[cacheKey] }) { return hit }
        let strings = MenuStrings(locale: locale)
        var titles: [String: EditCommand.ID] = [:]
        for platform in idiom == .mac ? [Idiom.phone, .mac] : [.mac, .phone] {
            for id in titledSystemCommands { titles[normalized(strings.title(for: id, idiom: platform))] = id }
        }
        systemTitleCache.withLock { $0[cacheKey] = titles }
        return titles
    }

    /// Words that stand for "what is selected" after a command's verb ("Copy Text", "Delete Selection").
    static let genericObjects: Set<String> = [
        "text", "selection", "selected", "it", "this", "that", "word", "words", "content", "contents", "item",
        "the", "a", "an", "all", "everything", "entire", "whole", "current",
    ]

    /// English verbs (and phrasal verbs) of system commands and their synonyms, with the phrases that may
    /// follow them without changing what they do; `needsPhrase`: the verb alone is not the command
    /// ("Search" may search the app; "Search the Web" is Search Web).
    static let englishCommandVerbs: [(verb: [String], id: EditCommand.ID, phrases: [[String]], needsPhrase: Bool)] = {
        let clipboard = [
            ["to", "clipboard"], ["to", "the", "clipboard"], ["from", "clipboard"], ["from", "the", "clipboard"],
        ]
        let dictionary = [["in", "dictionary"], ["in", "the", "dictionary"]]
        let web = [["web"], ["the", "web"], ["on", "the", "web"], ["online"], ["internet"], ["the", "internet"]]
        return [
            (["copy"], .copy, clipboard, false), (["duplicate"], .copy, [], false), (["cut"], .cut, clipboard, false),
            (["paste"], .paste, clipboard, false), (["delete"], .delete, [], false), (["erase"], .delete, [], false),
            (["remove"], .delete, [], false), (["select"], .select, [], false), (["translate"], .translate, [], false),
            (["share"], .share, [], false), (["look", "up"], .lookUp, dictionary, false),
            (["define"], .lookUp, dictionary, false), (["search"], .searchWeb, web, true), (["find"], .find, [], false),
            (["undo"], .undo, [], false), (["redo"], .redo, [], false),
        ]
    }()

    /// What an English title does, when that is exactly a system command: a command verb followed only by
    /// generic words and the verb's phrases ("Copy Text", "Copy to Clipboard", "Select Everything" → Select
    /// All, "Search the Web" → Search Web).
    static func englishEquivalent(_ normalizedTitle: String) -> EditCommand.ID? {
        let words = normalizedTitle.split(separator: " ").map(String.init)
        for entry in englishCommandVerbs where words.starts(with: entry.verb) {
            var rest = Array(words.dropFirst(entry.verb.count))
            var hadPhrase = false
            var i = 0
            while i < rest.count {
                if let phrase = entry.phrases.first(where: { Array(rest[i...]).starts(with: $0) }) {
                    rest.removeSubrange(i..<(i + phrase.count))
                    hadPhrase = true
                } else {
                    i += 1
                }
            }
            guard !entry.needsPhrase || hadPhrase, rest.allSatisfy(genericObjects.contains) else { continue }
            if entry.id == .select, rest.contains(where: { ["all", "everything", "entire", "whole"].contains($0) }) {
                return .selectAll
            }
            return entry.id
        }
        return nil
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }

    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
