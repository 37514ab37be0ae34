import Foundation

/// Performing what is chosen: spelling replacements, spelling, data actions through the opening
/// policy, document commands, services, the app's commands through the delegate, and the host's
/// standard commands.
extension EditMenuController {
    // MARK: - Performing

    func perform(_ id: EditCommand.ID, in presentation: Presentation) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        // A spelling suggestion: Replace….
        if let index = Self.replacementIndex(id) {
            let suggestions = presentation.content.spellingSuggestions
            guard suggestions.indices.contains(index) else { return .failed("\(id.rawValue): no such suggestion") }
            return run { () throws(EditingError) in
                try host.replaceSelection(
                    with: suggestions[index], actionName: .spellingReplacement(on: configuration.idiom))
            }
        }
        // Spelling: the controller's own, with the configured spell checker.
        if let outcome = performSpelling(id, content: presentation.content) { return outcome }
        // A data action: its target through the opening policy.
        if let action = presentation.context.dataActions.first(where: { $0.id == id }) {
            do {
                return open(try configuration.openingPolicy.uri(for: action.target))
            } catch {
                return .failed(error.description)
            }
        }
        // A document command (Find ▸, Transformations ▸, Substitutions ▸, Emoji & Symbols).
        if let outcome = performDocumentCommand(id, content: presentation.content) { return outcome }
        // A service.
        let document = id == .startSpeaking ? documentRequest(presentation.content, limit: Self.speechLimit) : nil
        if let request = serviceRequest(presentation.content) ?? speechControlRequest(id) ?? document,
            let service = service(for: id, request: request)
        {
            // The share panel's targets share what was selected when Share… was chosen.
            if id == .share { sharedRequest = request }
            do {
                return carryOut(try service.perform(id, on: request), for: id)
            } catch {
                return .failed(error.description)
            }
        }
        // The app's own command.
        if !EditCommand.ID.systemDefined.contains(id) {
            return delegate?.editMenuController(self, performCustomCommand: id) == true
                ? .done : .failed("\(id.rawValue): nothing performs this command")
        }
        return performStandard(id)
    }

    /// A standard command: Select, Select All, Writing Direction ▸ and Check Document Now on the host's
    /// ``EditMenuHost/textDocument`` (written once, ``TextDocument/performDocumentBehaviour(_:checker:locale:)``);
    /// the rest — and everything for a host without a text document — through the host's own widget.
    func performStandard(_ id: EditCommand.ID) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        return run { () throws(EditingError) in
            if var document = host.textDocument,
                try document.performDocumentBehaviour(
                    id, checker: configuration.spellChecker, locale: configuration.locale,
                    hint: configuration.textLanguage)
            {
                host.documentDidPerform(id)
                return
            }
            try host.perform(id)
        }
    }

    func run(_ body: () throws(EditingError) -> Void) -> PerformOutcome {
        do {
            try body()
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    func carryOut(_ result: ServiceResult, for id: EditCommand.ID) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        switch result {
        case .done:
            return .done
        case .spoke(let spoken):
            return .spoke(spoken)
        case .later(let task):
            tasks.append((id, task))
            return .started
        case .open(let uri):
            guard configuration.openingPolicy.isSafeToOpen(uri) else {
                return .failed(OpeningError.refused(uri).description)
            }
            return open(uri)
        case .panel(let panel):
            host.showPanel(panel)
            return .showedPanel(panel)
        case .replaceSelection(let text, let action):
            return run { () throws(EditingError) in try host.replaceSelection(with: text, actionName: action) }
        }
    }

    func open(_ uri: String) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        return host.open(uri) ? .opened(uri) : .failed(OpeningError.noOpener(uri).description)
    }

    /// The most text Start Speaking speaks with nothing selected (UTF-8 bytes).
    static let speechLimit = 256 << 10

    /// A request for the whole text (its first `limit` bytes), for Start Speaking with nothing selected.
    func documentRequest(_ content: EditMenuContent, limit: Int) -> ServiceRequest? {
        guard content.selectedText == nil, content.content.kind == .text, !content.content.isSecure,
            !content.content.isEmpty, let text = host?.documentText(limit: limit), !text.isEmpty
        else { return nil }
        return ServiceRequest(
            selectedText: SelectedText(text: text, characterRange: 0..<text.count), content: content.content,
            locale: configuration.locale, textLanguageHint: configuration.textLanguage)
    }

    /// A request for Stop Speaking, which needs no selection.
    func speechControlRequest(_ id: EditCommand.ID) -> ServiceRequest? {
        guard id == .stopSpeaking else { return nil }
        return ServiceRequest(
            selectedText: SelectedText(text: "", characterRange: 0..<0),
            content: SelectableContent(kind: .text, selection: .none), locale: configuration.locale)
    }
}
