import EditMenuKit

/// The machine's spell checker for a scenario that lists its own suggestions (`"spelling": [...]`) or
/// none: it checks the document — Spelling and Grammar ▸ Check Document Now, Show Spelling and Grammar,
/// learning and ignoring words — as the machine's checker does, but says nothing of the selected word
/// while a menu is built, so the menu's Replace… and inline suggestions come from the scenario alone,
/// exactly as `editmenu present` shows them.
final class ListedSuggestionsSpellChecker: SpellChecker {
    /// The machine's checker.
    let checker: any SpellChecker

    /// Wraps the machine's checker.
    init(_ checker: any SpellChecker) { self.checker = checker }

    var languages: [String] { checker.languages }
    var generation: Int { checker.generation }

    func isMisspelled(_ word: String, language: String) -> Bool {
        checker.isMisspelled(word, language: language)
    }

    func suggestions(for word: String, language: String) -> [String] {
        checker.suggestions(for: word, language: language)
    }

    /// What a menu being built asks of the selected word: nothing to add (the scenario's list decides).
    func spellingWithoutWaiting(of word: String, language: String) -> SpellingAnswer { .correct }

    func prepare(language: String) { checker.prepare(language: language) }

    func ignore(_ word: String) { checker.ignore(word) }

    func learn(_ word: String, language: String) throws(ServiceError) {
        try checker.learn(word, language: language)
    }
}
