import Foundation
import Synchronization

/// Building a menu: the host's facts, the data detected in the selection, the spelling of the selected
/// word and what the host can do, through the one pipeline (`EditMenuContextBuilder`).
extension EditMenuController {
    // MARK: - Building

    /// The menu for the host's content now, or `nil` (the delegate hears why when `notify`).
    func build(input: InputMethod, surface: Surface, source: PlacementSource, notify: Bool = true)
        -> Presentation?
    {
        guard let host else { return nil }
        var content = host.menuContent()
        let locale = configuration.locale
        // The spell checker says what it knows of the selected word without waiting (unless the host
        // gave its own suggestions, or no one polls); a menu built before it knew is rebuilt when it
        // does (poll()).
        var spelling: SelectionSpelling?
        if content.spellingSuggestions.isEmpty, let checker = configuration.spellChecker {
            spelling = checker.selectionSpelling(
                content.content, selectedText: content.selectedText, locale: locale, hint: configuration.textLanguage,
                waiting: configuration.waitsForSpelling)
            content.spellingSuggestions = spelling?.suggestions ?? []
        }
        let misspelled = spelling?.misspelled
        var actions: [DataAction] = []
        if surface == .editMenu, configuration.settings.substitutions.dataDetectors,
            var detector = configuration.dataDetector, let selected = content.selectedText, !content.content.isSecure
        {
            detector.referenceDate = configuration.currentDate()
            detector.adopt(languageTag: locale.requested)
            actions = detector.detect(selected).actions
        }
        let speaking = isSpeaking
        let builder = contextBuilder(for: content, speaking: speaking)
        var facts = EditMenuContext(
            content: content.content, idiom: configuration.idiom, input: input, surface: surface,
            pasteboardTypes: host.pasteboardTypes, undo: content.undo, redo: content.redo,
            spellingSuggestions: content.spellingSuggestions, dataActions: actions,
            customCommands: configuration.customCommands, locale: locale,
            isMisspelled: !content.spellingSuggestions.isEmpty || misspelled != nil,
            selectionExcerpt: content.selectedText.map {
                EditMenuContextBuilder.selectionExcerpt($0.selectedString[...])
            },
            searchEngine: searchEngineName)
        facts.isSpeaking = speaking
        facts.release = configuration.release
        let context = builder.context(facts)
        switch builder.presentation(for: context) {
        case .notPresented(let reason):
            if notify { delegate?.editMenuController(self, didNotPresentFor: reason) }
            return nil
        case .presented(let suggested):
            let menu = delegate?.editMenuController(self, menuFor: context, suggestedMenu: suggested) ?? suggested
            guard surface == .menuBar || menu.sections.contains(where: { $0.commands.contains(where: \.isEnabled) })
            else {
                if notify { delegate?.editMenuController(self, didNotPresentFor: .nothingToShow) }
                return nil
            }
            return Presentation(
                context: context, content: content, menu: menu, input: input, surface: surface, source: source,
                spelling: spelling)
        }
    }

    /// What this host can do for `content`: its widget's document commands (``hostCapabilities``) and
    /// the services that can act on the selection — the one value the menu is decided with.
    func contextBuilder(for content: ContentSnapshot, speaking: Bool) -> EditMenuContextBuilder {
        EditMenuContextBuilder(
            capabilities: hostCapabilities.union(availableServices(for: content, speaking: speaking)),
            checkMarks: checkMarks)
    }

    /// What the host can do whatever is selected: its widget's document commands, and Data Detectors
    /// when there is a detector. Platform features (dictation, grammar checking, autocorrection, Smart
    /// Links) no host here has.
    var hostCapabilities: HostCapabilities {
        var capabilities = documentCapabilities
        if configuration.dataDetector != nil { capabilities.insert(.dataDetectors) }
        return capabilities
    }

    /// The document commands of the host's content: worked out from its ``EditMenuHost/textDocument``
    /// (Check Document Now with a spell checker that has a dictionary), else what the host declares.
    var documentCapabilities: HostCapabilities {
        guard let host else { return [] }
        guard let document = host.textDocument else { return host.documentCapabilities }
        let checksSpelling = configuration.spellChecker.map { !$0.languages.isEmpty } ?? false
        return document.documentCapabilities(checksSpelling: checksSpelling)
    }

    /// The host's settings that show as check marks.
    var checkMarks: EditMenuContextBuilder.CheckMarks {
        EditMenuContextBuilder.CheckMarks(
            substitutions: configuration.settings.substitutions,
            marksMisspellings: configuration.checksSpellingWhileTyping
                && configuration.spellChecker.map { !$0.languages.isEmpty } == true)
    }

    /// The services the rules may offer: those whose service is configured and can act on this
    /// selection, and spelling when there is a spell checker with a dictionary.
    func availableServices(for content: ContentSnapshot, speaking: Bool) -> HostCapabilities {
        var available: HostCapabilities = []
        if let checker = configuration.spellChecker, !checker.languages.isEmpty { available.insert(.spelling) }
        // Speech ▸ stays while speech goes on, whatever is selected (for Stop Speaking).
        if speaking { available.insert(.speech) }
        // No service, nothing to ask: the request (which decides the text's language) is not made.
        guard !configuration.services.isEmpty else { return available }
        guard let request = serviceRequest(content) else {
            // Nothing selected: Start Speaking speaks the whole text, when the host can give it.
            if let text = documentRequest(content, limit: 2048), service(for: .startSpeaking, request: text) != nil {
                available.insert(.speech)
            }
            return available
        }
        for (id, flag) in Self.serviceCommands where service(for: id, request: request) != nil {
            available.insert(flag)
        }
        return available
    }

    /// The name Search With shows: the configured web search's engine, else the settings' engine.
    var searchEngineName: String {
        configuration.services.lazy.compactMap { ($0 as? WebSearchService)?.engine.name }.first
            ?? configuration.settings.searchEngine.name
    }

    /// The rules' service flags and the command each stands for.
    static let serviceCommands: [(EditCommand.ID, HostCapabilities)] = [
        (.lookUp, .lookUp), (.translate, .translate), (.searchWeb, .searchWeb), (.share, .share),
        (.startSpeaking, .speech),
    ]

    /// Whether a speech service is speaking now (it offers Stop Speaking).
    public var isSpeaking: Bool {
        let request = Self.silentRequest(locale: configuration.locale)
        return configuration.services.contains {
            $0.commands.contains(.stopSpeaking) && $0.canPerform(.stopSpeaking, on: request)
        }
    }

    /// The request ``isSpeaking`` asks with: no text, the menu's language. Made once for the last
    /// language asked (deciding even an empty text's language reads the locale's tag), as every menu asks.
    private static func silentRequest(locale: MenuLocale) -> ServiceRequest {
        if let last = lastSilentRequest.withLock({ $0 }), last.locale == locale { return last }
        let request = ServiceRequest(
            selectedText: SelectedText(text: "", characterRange: 0..<0),
            content: SelectableContent(kind: .text, selection: .none), locale: locale)
        lastSilentRequest.withLock { $0 = request }
        return request
    }

    private static let lastSilentRequest = Mutex<ServiceRequest?>(nil)

    func serviceRequest(_ content: ContentSnapshot) -> ServiceRequest? {
        if !content.selectedObjects.isEmpty {
            return ServiceRequest(
                selectedText: SelectedText(text: "", characterRange: 0..<0), content: content.content,
                locale: configuration.locale, objects: content.selectedObjects)
        }
        return content.selectedText.map {
            ServiceRequest(
                selectedText: $0, content: content.content, locale: configuration.locale,
                textLanguageHint: configuration.textLanguage)
        }
    }

    func service(for id: EditCommand.ID, request: ServiceRequest) -> (any EditMenuService)? {
        configuration.services.first { $0.commands.contains(id) && $0.canPerform(id, on: request) }
    }
}
