import Foundation

/// Spelling and Grammar ▸ with one spell checker: which selection is a misspelled word, Ignore and
/// Learn Spelling, and the spelling panel — values in, values out (the controller moves the selection
/// with Check Document Now and shows the panel on its host).
struct SpellingFlow {
    /// The spell checker, `nil` when the host has none.
    var checker: (any SpellChecker)?
    /// The menu's language, the first say in the text's language.
    var locale: MenuLocale
    /// The host's hint for the text's language (``EditMenuConfiguration/textLanguage``).
    var hint: String?
    /// The platform, for the panel's titles.
    var idiom: Idiom

    init(_ configuration: EditMenuConfiguration) {
        checker = configuration.spellChecker
        locale = configuration.locale
        hint = configuration.textLanguage
        idiom = configuration.idiom
    }

    /// The commands this flow performs.
    static let commands: Set<EditCommand.ID> = [
        .ignoreSpelling, .learnSpelling, .checkSpellingWhileTyping, .showSpellingAndGrammar,
    ]

    /// The selected word and its language, when it is one word of editable, non-secure text that the
    /// spell checker says is misspelled.
    func misspelledWord(in content: ContentSnapshot) -> (word: String, language: String)? {
        checker?.misspelledSelection(content.content, selectedText: content.selectedText, locale: locale, hint: hint)
    }

    /// Ignore Spelling or Learn Spelling (`id`) for the misspelled word selected in `content`.
    func ignoreOrLearnSelection(_ id: EditCommand.ID, in content: ContentSnapshot) -> PerformOutcome {
        guard let checker else { return .failed("\(id.rawValue): no spell checker") }
        guard let misspelled = misspelledWord(in: content) else {
            return .failed("\(id.rawValue): the selection is not a misspelled word")
        }
        return ignoreOrLearn(id, word: misspelled.word, language: misspelled.language, checker: checker)
    }

    /// Ignore Spelling or Learn Spelling (`id`) for `word` as a panel shows it, in the language the
    /// checker reads it in.
    func ignoreOrLearn(_ id: EditCommand.ID, word: String) -> PerformOutcome {
        guard let checker else { return .failed("\(id.rawValue): no spell checker") }
        if id == .ignoreSpelling { return ignoreOrLearn(id, word: word, language: "", checker: checker) }
        guard let language = checker.language(of: dictionarySpelling(of: word), locale: locale, hint: hint) else {
            return .failed("\(id.rawValue): no dictionary reads “\(word)”")
        }
        return ignoreOrLearn(id, word: word, language: language, checker: checker)
    }

    /// Ignores `word`, or learns it in `language`, in its dictionary spelling.
    private func ignoreOrLearn(_ id: EditCommand.ID, word: String, language: String, checker: any SpellChecker)
        -> PerformOutcome
    {
        let spelling = dictionarySpelling(of: word)
        if id == .ignoreSpelling {
            checker.ignore(spelling)
            return .done
        }
        do {
            try checker.learn(spelling, language: language)
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    /// The spelling panel for the misspelled word selected in `content`: its suggestions as Replace
    /// buttons, then Ignore Spelling, Learn Spelling and Find Next; `nil` when the selection is not a
    /// misspelled word.
    func panel(for content: ContentSnapshot) -> EditMenuPanel? {
        guard let checker, let misspelled = misspelledWord(in: content) else { return nil }
        let suggestions = checker.suggestions(forMisspelled: misspelled)
        let strings = MenuStrings(locale: locale)
        var actions = suggestions.map { EditMenuPanel.Action(.replace, title: $0, text: $0) }
        actions += [
            EditMenuPanel.Action(.ignoreSpelling, title: strings.title(for: .ignoreSpelling, idiom: idiom)),
            EditMenuPanel.Action(.learnSpelling, title: strings.title(for: .learnSpelling, idiom: idiom)),
            EditMenuPanel.Action(.findNext, title: strings.title(for: .findNext, idiom: idiom)),
        ]
        return EditMenuPanel(
            kind: .spelling, title: misspelled.word, text: suggestions.joined(separator: "\n"), actions: actions)
    }

    /// `N` of `replace.N`: a spelling suggestion's item.
    static func suggestionIndex(_ id: EditCommand.ID) -> Int? {
        guard id.rawValue.hasPrefix("replace.") else { return nil }
        return Int(id.rawValue.dropFirst("replace.".count))
    }
}
