import Foundation

/// Spelling and Grammar ▸ with the configured spell checker, and the buttons of the panels the
/// controller shows (Copy, Replace, Ignore/Learn Spelling, Find Next).
extension EditMenuController {
    // MARK: Spelling

    /// The spelling flow with the configuration's spell checker and languages.
    var spelling: SpellingFlow { SpellingFlow(configuration) }

    /// Ignore Spelling, Learn Spelling, Check Spelling While Typing and Show Spelling and Grammar, with
    /// the configured spell checker.
    func performSpelling(_ id: EditCommand.ID, content: ContentSnapshot) -> PerformOutcome {
        switch id {
        case .checkSpellingWhileTyping:
            guard configuration.spellChecker != nil else { return .failed("\(id.rawValue): no spell checker") }
            configuration.checksSpellingWhileTyping.toggle()
            return .done
        case .showSpellingAndGrammar:
            return showSpellingPanel(findingNext: spelling.misspelledWord(in: content) == nil)
        default:
            return spelling.ignoreOrLearnSelection(id, in: content)
        }
    }

    /// Shows the spelling panel for the selected misspelled word, first selecting the next one (the
    /// host's Check Document Now) when `findingNext`.
    func showSpellingPanel(findingNext: Bool) -> PerformOutcome {
        guard let host, configuration.spellChecker != nil else {
            return .failed("\(EditCommand.ID.showSpellingAndGrammar.rawValue): no spell checker")
        }
        if findingNext {
            let found = performStandard(.checkDocumentNow)
            guard found == .done else { return found }
        }
        guard let panel = spelling.panel(for: host.menuContent()) else {
            return .failed("\(EditCommand.ID.showSpellingAndGrammar.rawValue): the selection is not a misspelled word")
        }
        host.showPanel(panel)
        return .showedPanel(panel)
    }

    // MARK: Suggestions found later

    /// Whether the menu on screen was built before the spell checker knew its word's spelling or
    /// suggestions (found in the background meanwhile): ``poll()`` is due until it does.
    var awaitsSpelling: Bool { isMenuVisible && session.current?.spelling?.isComplete == false }

    /// Rebuilds the menu on screen once the spell checker knows more of its word than when it was
    /// built — the suggestions arrived — keeping its page, submenus and focus (`reload()`).
    func reloadIfSpellingAnswered() {
        guard awaitsSpelling, let spelling = session.current?.spelling, let checker = configuration.spellChecker else {
            return
        }
        let answer = checker.spellingWithoutWaiting(
            of: dictionarySpelling(of: spelling.word), language: spelling.language)
        guard answer != spelling.answer else { return }
        // Found correct after all: the menu was built as for a correct word already.
        if case .correct = answer { session.amend { $0.spelling?.answer = answer } } else { reload() }
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
            let outcome = spelling.ignoreOrLearn(id, word: panel.title)
            guard outcome.failure == nil else { return (id, outcome) }
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
}
