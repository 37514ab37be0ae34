import Foundation

/// Performing what is chosen: spelling replacements, spelling, data actions through the opening
/// policy, document commands, services, the app's commands through the delegate, and the host's
/// standard commands.
extension EditMenuController {
    // MARK: - Performing

    /// Performs `id`, chosen in `presentation`, with the performer of its kind (``CommandRouter``).
    func perform(_ id: EditCommand.ID, in presentation: Presentation) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        switch router(dataActions: presentation.context.dataActions).kind(of: id) {
        case .spellingSuggestion(let index):
            let suggestions = presentation.content.spellingSuggestions
            guard suggestions.indices.contains(index) else { return .failed("\(id.rawValue): no such suggestion") }
            // The suggestion is for the word the selection lies in: the whole word is replaced.
            if let selected = presentation.content.selectedText, let document = host.textDocument {
                let word = selected.selectedWordUTF8Range
                let selection = document.selection
                let lower = selection.lowerBound - (selected.selectedUTF8Range.lowerBound - word.lowerBound)
                let upper = selection.upperBound + (word.upperBound - selected.selectedUTF8Range.upperBound)
                if lower >= 0, lower <= upper, upper <= document.storage.byteCount, lower..<upper != selection {
                    var widening = document
                    widening.select(lower..<upper)
                }
            }
            return run { () throws(EditingError) in
                try host.replaceSelection(
                    with: suggestions[index], actionName: .spellingReplacement(on: configuration.idiom))
            }
        case .spelling:
            return performSpelling(id, content: presentation.content)
        case .dataAction(let action):
            do {
                return open(try configuration.openingPolicy.uri(for: action.target))
            } catch {
                return .failed(error.description)
            }
        case .document:
            return performDocumentCommand(id, content: presentation.content)
        case .service:
            return performService(id, content: presentation.content) ?? performUnrouted(id)
        case .custom:
            return performUnrouted(id)
        case .standard:
            return performSupportedStandard(id)
        }
    }

    /// Routes commands chosen in a menu holding `dataActions`, with the configured services.
    func router(dataActions: [DataAction]) -> CommandRouter {
        CommandRouter(dataActions: dataActions, serviceCommands: Set(configuration.services.flatMap(\.commands)))
    }

    /// A standard command, failing before the host is asked for what its widget cannot do here (Check
    /// Document Now without a dictionary…).
    func performSupportedStandard(_ id: EditCommand.ID) -> PerformOutcome {
        if let needed = HostCapabilities.required(for: id), !hostCapabilities.contains(needed) {
            return .failed(EditingError.unsupported(id).description)
        }
        return performStandard(id)
    }

    /// A command no service took: the app's own through the delegate, else a standard command.
    private func performUnrouted(_ id: EditCommand.ID) -> PerformOutcome {
        guard EditCommand.ID.systemDefined.contains(id) else {
            return delegate?.editMenuController(self, performCustomCommand: id) == true
                ? .done : .failed("\(id.rawValue): nothing performs this command")
        }
        return performStandard(id)
    }

    /// `id` by the configured service that can act on `content`'s selection (Start Speaking with
    /// nothing selected: on the whole text; Stop Speaking: on nothing); `nil` when none can.
    private func performService(_ id: EditCommand.ID, content: ContentSnapshot) -> PerformOutcome? {
        let document = id == .startSpeaking ? documentRequest(content, limit: Self.speechLimit) : nil
        guard let request = serviceRequest(content) ?? speechControlRequest(id) ?? document,
            let service = service(for: id, request: request)
        else { return nil }
        // The share panel's targets share what was selected when Share… was chosen.
        if id == .share { sharedRequest = request }
        do {
            return carryOut(try service.perform(id, on: request), for: id)
        } catch {
            return .failed(error.description)
        }
    }

    /// A standard command: Select, Select All, Writing Direction ▸ and Check Document Now on the host's
    /// ``EditMenuHost/textDocument`` (written once, `TextDocument/performDocumentBehaviour(_:checker:locale:)`);
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
        case .panel(let answer):
            let panel = offerable(answer)
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
    func documentRequest(_ content: ContentSnapshot, limit: Int) -> ServiceRequest? {
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
