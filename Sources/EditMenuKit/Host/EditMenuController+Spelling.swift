import Foundation

/// Spelling and Grammar ▸ with the configured spell checker, and the buttons of the panels the
/// controller shows (Copy, Replace, Ignore/Learn Spelling, Find Next).
extension EditMenuController {
    // MARK: Spelling

    /// Ignore Spelling, Learn Spelling, Check Spelling While Typing and Show Spelling and Grammar, with
    /// the configured spell checker; `nil` for any other command.
    func performSpelling(_ id: EditCommand.ID, content: EditMenuContent) -> PerformOutcome? {
        switch id {
        case .ignoreSpelling, .learnSpelling:
            guard let checker = configuration.spellChecker else { return .failed("\(id.rawValue): no spell checker") }
            guard let misspelled = misspelledWord(in: content) else {
                return .failed("\(id.rawValue): the selection is not a misspelled word")
            }
            if id == .ignoreSpelling {
                checker.ignore(dictionarySpelling(of: misspelled.word))
                return .done
            }
            do {
                try checker.learn(dictionarySpelling(of: misspelled.word), language: misspelled.language)
                return .done
            } catch {
                return .failed(error.description)
            }
        case .checkSpellingWhileTyping:
            guard configuration.spellChecker != nil else { return .failed("\(id.rawValue): no spell checker") }
            configuration.checksSpellingWhileTyping.toggle()
            return .done
        case .showSpellingAndGrammar:
            return showSpellingPanel(findingNext: misspelledWord(in: content) == nil)
        default:
            return nil
        }
    }

    /// Shows the spelling panel for the selected misspelled word, first selecting the next one (the
    /// host's Check Document Now) when `findingNext`.
    func showSpellingPanel(findingNext: Bool) -> PerformOutcome {
        guard let host, let checker = configuration.spellChecker else {
            return .failed("\(EditCommand.ID.showSpellingAndGrammar.rawValue): no spell checker")
        }
        if findingNext {
            let found = performStandard(.checkDocumentNow)
            guard found == .done else { return found }
        }
        let content = host.menuContent()
        guard let misspelled = misspelledWord(in: content) else {
            return .failed("\(EditCommand.ID.showSpellingAndGrammar.rawValue): the selection is not a misspelled word")
        }
        let suggestions = checker.suggestions(forMisspelled: misspelled)
        let strings = MenuStrings(locale: configuration.locale)
        let idiom = configuration.idiom
        var actions = suggestions.map { EditMenuPanel.Action(.replace, title: $0, text: $0) }
        actions += [
            EditMenuPanel.Action(.ignoreSpelling, title: strings.title(for: .ignoreSpelling, idiom: idiom)),
            EditMenuPanel.Action(.learnSpelling, title: strings.title(for: .learnSpelling, idiom: idiom)),
            EditMenuPanel.Action(.findNext, title: strings.title(for: .findNext, idiom: idiom)),
        ]
        let panel = EditMenuPanel(
            kind: .spelling, title: misspelled.word, text: suggestions.joined(separator: "\n"), actions: actions)
        host.showPanel(panel)
        return .showedPanel(panel)
    }

    // MARK: Suggestions found later

    /// Whether the menu on screen was built before the spell checker knew its word's spelling or
    /// suggestions (found in the background meanwhile): ``poll()`` is due until it does.
    var awaitsSpelling: Bool { isMenuVisible && current?.spelling?.isComplete == false }

    /// Rebuilds the menu on screen once the spell checker knows more of its word than when it was
    /// built — the suggestions arrived — keeping its page, submenus and focus (``reload()``).
    func reloadIfSpellingAnswered() {
        guard awaitsSpelling, let spelling = current?.spelling, let checker = configuration.spellChecker else { return }
        let answer = checker.spellingWithoutWaiting(
            of: dictionarySpelling(of: spelling.word), language: spelling.language)
        guard answer != spelling.answer else { return }
        // Found correct after all: the menu was built as for a correct word already.
        if case .correct = answer { current?.spelling?.answer = answer } else { reload() }
    }

    // MARK: Panels

    /// People chose `action` on `panel` (a button of the panel a service showed), with the panel's text
    /// as they edited it when it is editable: Copy puts the text on the pasteboard, Replace puts it in
    /// place of the selection as one undo step, Ignore/Learn Spelling and Find Next act on the spelling
    /// panel's word and move to the next misspelled one. The delegate hears the outcome as for a menu
    /// command (``EditCommand/ID/copy``, ``EditCommand/ID/replace``, ``EditCommand/ID/ignoreSpelling``,
    /// ``EditCommand/ID/learnSpelling``, ``EditCommand/ID/checkDocumentNow``).
    @discardableResult
    public func performPanelAction(
        _ action: EditMenuPanel.Action, in panel: EditMenuPanel, editedText: String? = nil
    ) -> PerformOutcome {
        let (id, outcome) = panelOutcome(action, in: panel, editedText: editedText)
        return report(id, outcome)
    }

    func panelOutcome(_ action: EditMenuPanel.Action, in panel: EditMenuPanel, editedText: String?)
        -> (EditCommand.ID, PerformOutcome)
    {
        guard let host else { return (.copy, .failed("the content is gone")) }
        // The find bar's, the share panel's and the substitutions panel's buttons.
        if let outcome = documentPanelOutcome(action, in: panel, editedText: editedText) { return outcome }
        let text = action.text ?? (panel.isTextEditable ? editedText : nil) ?? panel.text
        switch action.id {
        case .copy:
            return (.copy, host.copyToPasteboard(text) ? .done : .failed("copy: this host has no pasteboard"))
        case .replace:
            let name: UndoAction = panel.kind == .spelling ? .spellingReplacement(on: configuration.idiom) : .replace
            return (
                .replace, run { () throws(EditingError) in try host.replaceSelection(with: text, actionName: name) }
            )
        case .ignoreSpelling, .learnSpelling:
            let id: EditCommand.ID = action.id == .ignoreSpelling ? .ignoreSpelling : .learnSpelling
            guard let checker = configuration.spellChecker else {
                return (id, .failed("\(id.rawValue): no spell checker"))
            }
            let word = dictionarySpelling(of: panel.title)
            if id == .ignoreSpelling {
                checker.ignore(word)
            } else {
                guard
                    let language = checker.language(
                        of: word, locale: configuration.locale, hint: configuration.textLanguage)
                else {
                    return (id, .failed("\(id.rawValue): no dictionary reads “\(panel.title)”"))
                }
                do {
                    try checker.learn(word, language: language)
                } catch {
                    return (id, .failed(error.description))
                }
            }
            // On to the next misspelled word, if there is one; the word is ignored or learned either way.
            let next = showSpellingPanel(findingNext: true)
            return (id, next.failure == nil ? next : .done)
        case .findNext:
            return (.checkDocumentNow, showSpellingPanel(findingNext: true))
        case .searchWeb:
            return (.searchWeb, searchWeb(for: panel.title))
        default:
            return (.copy, .failed("\(action.id.rawValue): not a panel action this controller performs"))
        }
    }

    /// `N` of `replace.N`.
    static func replacementIndex(_ id: EditCommand.ID) -> Int? {
        guard id.rawValue.hasPrefix("replace.") else { return nil }
        return Int(id.rawValue.dropFirst("replace.".count))
    }
}
