/// Checks custom command titles against the HIG's naming guidance (spec section 5) and returns
/// warnings that carry the suggested fix. Nothing here ever fails a presentation.
///
/// - Title-style capitalization: capitalize every word except articles, coordinating conjunctions
///   and prepositions of four or fewer letters; the first and last words are always capitalized.
/// - A verb or short verb phrase: the first word should be a verb ("Highlight", "Add to Notes"),
///   not an article, a preposition or a noun-like word ("Settings", "Translation").
/// - Short: at most ``maximumWords`` words and ``maximumLength`` characters.
/// - "Keep the number of custom menu items reasonable": more than ``maximumCustomCommands`` warns.
///
/// ```swift
/// CommandTitleLint.warnings(for: [CustomCommand(id: "hl", title: "highlight text")])
/// // ["custom command \"highlight text\": use title-style capitalization: \"Highlight Text\""]
/// ```
public enum CommandTitleLint {
    /// More custom commands than this overwhelm people.
    public static let maximumCustomCommands = 4
    /// A title longer than this many words is not a short verb phrase.
    public static let maximumWords = 4
    /// A title longer than this many characters crowds a compact menu (about a third of an iPhone's width).
    public static let maximumLength = 25

    /// Articles, coordinating conjunctions and prepositions of four or fewer letters: lowercase inside
    /// a title. ("for", "so" and "yet" are both conjunctions and short words.)
    public static let minorWords: Set<String> = [
        "a", "an", "the",
        "and", "but", "or", "nor", "for", "so", "yet",
        "as", "at", "by", "down", "from", "in", "into", "like", "near", "of", "off", "on", "onto", "out",
        "over", "past", "per", "than", "till", "to", "up", "upon", "via", "with",
    ]

    /// One problem with a custom command.
    public struct Warning: Hashable, Sendable, CustomStringConvertible {
        /// The command the warning is about, or `nil` for a warning about the whole menu.
        public var commandID: EditCommand.ID?
        /// The problem, with the suggested fix.
        public var message: String
        public var description: String { message }
    }

    /// Every warning for a menu's custom commands: each title, then their number.
    ///
    /// Title-style capitalization and the verb check are English conventions; for menus in other
    /// languages the titles only need a capitalized first word (sentence style, as those platforms
    /// write menu items), plus the punctuation and length checks.
    public static func warnings(for commands: [CustomCommand], locale: MenuLocale = .english) -> [Warning] {
        var result: [Warning] = []
        for command in commands {
            for problem in problems(title: command.title, english: locale.languageCode == "en") {
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
    public static func problems(title: String, english: Bool = true) -> [String] {
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
        let capitalized = english ? titleCase(words) : sentenceCase(words)
        if capitalized != words {
            let style = english ? "title-style" : "sentence-style"
            problems.append("use \(style) capitalization: \"\(capitalized.joined(separator: " "))\"")
        }
        if english, let first = words.first, !isVerbLike(first) {
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
    public static let particles: Set<String> = ["up", "down", "in", "out", "on", "off", "over"]

    /// The words with title-style capitalization applied.
    public static func titleCase(_ words: [String]) -> [String] {
        words.enumerated().map { index, word in
            if index == 1, particles.contains(word.lowercased()), word.first?.isUppercase == true { return word }
            let isEdge = index == 0 || index == words.count - 1
            return capitalize(word, minor: !isEdge && minorWords.contains(word.lowercased()))
        }
    }

    /// The words with only the first capitalized (how most non-English platforms write menu items).
    public static func sentenceCase(_ words: [String]) -> [String] {
        words.enumerated().map { index, word in index == 0 ? capitalize(word, minor: false) : word }
    }

    private static func capitalize(_ word: String, minor: Bool) -> String {
        guard let first = word.first, first.isLetter, first.isCased else { return word }
        // Words with a capital inside are names and kept as written (iCloud, eBay, AirDrop, PDF).
        if word.dropFirst().contains(where: \.isUppercase) { return word }
        if minor { return word.lowercased() }
        return first.uppercased() + word.dropFirst()
    }

    // MARK: Verb check

    /// Words that begin titles but are not verbs: determiners, pronouns, prepositions, and menu nouns.
    static let nonVerbStarts: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "my", "your", "our", "their", "its", "his", "her",
        "new", "more", "all", "some", "any", "each", "every", "other", "another", "no", "not",
        "as", "at", "by", "for", "from", "in", "into", "of", "off", "on", "onto", "out", "over", "to", "up",
        "via", "with", "about", "after", "before", "under", "without",
        "and", "but", "or", "nor", "yet",
        "settings", "options", "preferences", "properties", "details", "info", "information", "menu",
        "tools", "actions", "notes", "favorites", "bookmarks", "history", "help", "more…",
    ]

    /// Verbs that end like nouns ("-tion"…) or plurals ("-s") but are imperatives.
    static let knownVerbs: Set<String> = [
        "address", "access", "bless", "bypass", "caption", "compress", "discuss", "dismiss", "express",
        "focus", "gas", "mention", "pass", "position", "press", "process", "question", "section", "station",
        "stress", "toss", "unfocus", "canvas", "bias", "progress", "suppress", "caress", "harness", "witness",
        "repurpose", "function", "partition", "portion", "pension", "ration", "commission", "audition",
    ]

    /// Whether a first word can be the verb of a command title. Words in caseless scripts pass:
    /// the check is for English-like titles, and an unknown word is given the benefit of the doubt.
    static func isVerbLike(_ word: String) -> Bool {
        let w = word.lowercased().trimmingCharacters(in: "…,.")
        guard let first = w.unicodeScalars.first, first.isASCIILetter else { return true }
        if knownVerbs.contains(w) { return true }
        if nonVerbStarts.contains(w) { return false }
        let nounSuffixes = ["tion", "sion", "ment", "ness", "ity", "ship", "ings", "ance", "ence", "ism"]
        if nounSuffixes.contains(where: { w.hasSuffix($0) && w.count > $0.count + 2 }) { return false }
        // A plural ("Notes", "Settings") is a noun; verbs ending in -ss or -us are listed or pass.
        if w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is"), w.count > 3 { return false }
        return true
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
