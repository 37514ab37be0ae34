/// What Find Next, Find Previous or Replace found, for a find bar's status.
package struct FindResult: Hashable, Sendable {
    /// What was searched for.
    package var query: FindQuery
    /// The match selected, `nil` when there is none in the whole text.
    package var match: FindMatch?
    /// How many matches Replace or Replace All replaced (0 for Find).
    package var replaced: Int

    /// Creates a result.
    package init(query: FindQuery, match: FindMatch?, replaced: Int = 0) {
        self.query = query
        self.match = match
        self.replaced = replaced
    }
}

/// The commands the core performs on the host's document (EDIT-MENU.md §11): Find ▸ with
/// ``EditMenuController/findQuery``, Transformations ▸ in the menu's language, Emoji & Symbols, and the
/// Substitutions ▸ toggles, remembered in ``EditMenuConfiguration/settings``. Items the host cannot
/// perform (``EditMenuHost/documentCapabilities``) are dimmed in the menu bar and left out elsewhere
/// (`EditMenuContextBuilder/fitted(_:)`).
extension EditMenuController {
    // MARK: Find

    /// Find Next (`.forward`) or Find Previous (`.backward`) with ``findQuery``, as a find bar's Return
    /// does: the host selects the match and scrolls to it; `lastFindResult` says whether there was one
    /// and whether the search wrapped. The delegate hears ``EditCommand/ID/findNext`` or
    /// ``EditCommand/ID/findPrevious``.
    @discardableResult
    public func find(_ direction: FindDirection) -> PerformOutcome {
        report(direction == .forward ? .findNext : .findPrevious, runFind(.find(findQuery, direction)))
    }

    /// Replace (a find bar's): replaces the selected match of ``findQuery`` with ``replacement`` as one
    /// undo step, then finds the next match. The delegate hears ``EditCommand/ID/findAndReplace``.
    @discardableResult
    package func replaceAndFind() -> PerformOutcome {
        report(.findAndReplace, runFind(.replace(findQuery, with: replacement)))
    }

    /// Replace All: replaces every match of ``findQuery`` with ``replacement`` as one undo step.
    @discardableResult
    public func replaceAll() -> PerformOutcome {
        report(.findAndReplace, runFind(.replaceAll(findQuery, with: replacement)))
    }

    /// Carries out what a host's find bar asks for (``FindBarRequest``) with ``find(_:)``,
    /// `replaceAndFind()` or ``replaceAll()``; the bar then shows `lastFindResult`. Returns whether
    /// it searched: not for `.close` (the host closes its bar) nor for an empty find field.
    ///
    /// - Parameters:
    ///   - request: What the bar asks for.
    ///   - fromAnchor: For `.incremental`, where the match grows from as people type: selects it and
    ///     returns what puts the selection back when nothing matches. `nil` (the default): for a host
    ///     with a ``EditMenuHost/textDocument``, from the caret where the bar opened (then from each
    ///     match Find Next or Find Previous found); otherwise from the selection.
    @discardableResult
    public func carryOut(_ request: FindBarRequest, fromAnchor: (() -> () -> Void)? = nil) -> Bool {
        switch request {
        case .close:
            findSession.anchor = nil
            return false
        case .incremental(let needle):
            findQuery.needle = needle
            guard !needle.isEmpty else { return false }
            if let restore = (fromAnchor ?? documentAnchor())?() {
                find(.forward)
                if lastFindResult?.match == nil { restore() }
            } else {
                find(.forward)
            }
        case .find(let needle, let direction):
            findQuery.needle = needle
            find(direction)
            if let document = host?.textDocument { findSession.anchor = document.selection.lowerBound }
        case .replace(let needle, let replacement):
            findQuery.needle = needle
            self.replacement = replacement
            replaceAndFind()
        case .replaceAll(let needle, let replacement):
            findQuery.needle = needle
            self.replacement = replacement
            replaceAll()
        }
        return true
    }

    /// The find bar's status after `request` (`lastFindResult`), in the menu's language: "Not found",
    /// "Wrapped", "Replaced 3" … (`FindBarStatus`).
    public func findBarStatus(after request: FindBarRequest) -> String {
        findSession.status(after: request, strings: MenuStrings(locale: configuration.locale))
    }

    /// Selecting the find anchor in the host's text document, and what puts its selection back.
    private func documentAnchor() -> (() -> () -> Void)? {
        guard let anchor = findSession.anchor, var document = host?.textDocument, anchor <= document.byteCount else {
            return nil
        }
        return {
            let before = document.selection
            document.select(anchor..<anchor)
            return { document.select(before) }
        }
    }

    /// Inserts `text` (the emoji or symbol chosen in the host's Emoji & Symbols picker) at the caret as
    /// one undo step. The delegate hears ``EditCommand/ID/emojiAndSymbols``.
    @discardableResult
    public func insert(_ text: String) -> PerformOutcome {
        report(.emojiAndSymbols, documentCommand(.insert(text), id: .emojiAndSymbols))
    }

    /// What typing substitutes, from ``EditMenuConfiguration/settings`` in the menu's language: hosts
    /// give it to their text (``TextEditor/substitutions``) before handing it what people type.
    public var textSubstitutions: TextSubstitutions {
        let settings = configuration.settings
        let locale = configuration.locale
        if let (toggles, table, cachedLocale, cached) = cachedSubstitutions, toggles == settings.substitutions,
            table == settings.textReplacements, cachedLocale == locale
        {
            return cached
        }
        let substitutions = TextSubstitutions(settings, locale: locale)
        cachedSubstitutions = (settings.substitutions, settings.textReplacements, locale, substitutions)
        return substitutions
    }

    func runFind(_ command: DocumentCommand) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        return findSession.run(command, capabilities: documentCapabilities) { command, id throws(EditingError) in
            try perform(command, id: id, host: host)
        }
    }

    private func documentCommand(_ command: DocumentCommand, id: EditCommand.ID) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        guard documentCapabilities.contains(command.capability) else {
            return .failed(EditingError.unsupported(id).description)
        }
        do {
            _ = try perform(command, id: id, host: host)
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    /// Performs `command` on the host's ``EditMenuHost/textDocument`` (the core's one implementation)
    /// and tells the host; a host without one performs it itself.
    private func perform(_ command: DocumentCommand, id: EditCommand.ID, host: any EditMenuHost)
        throws(EditingError) -> DocumentOutcome
    {
        guard var document = host.textDocument else { return try host.perform(command) }
        let outcome = try document.perform(command)
        host.documentDidPerform(id)
        return outcome
    }

    // MARK: Menu commands

    /// Performs a document command chosen in a menu (``CommandRouter/documentCommands``).
    func performDocumentCommand(_ id: EditCommand.ID, content: ContentSnapshot) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        if let needed = HostCapabilities.required(for: id), !hostCapabilities.contains(needed) {
            return .failed(EditingError.unsupported(id).description)
        }
        let strings = MenuStrings(locale: configuration.locale)
        let idiom = configuration.idiom
        switch id {
        case .findEllipsis, .findAndReplace:
            findSession.anchor = host.textDocument?.selection.lowerBound
            let panel = findPanel(replacing: id == .findAndReplace)
            host.showPanel(panel)
            return .showedPanel(panel)
        case .findNext, .findPrevious:
            // With an empty find field there is nothing to look for: the find bar opens instead.
            if findQuery.needle.isEmpty {
                findSession.anchor = host.textDocument?.selection.lowerBound
                let panel = findPanel(replacing: false)
                host.showPanel(panel)
                return .showedPanel(panel)
            }
            return runFind(.find(findQuery, id == .findNext ? .forward : .backward))
        case .useSelectionForFind:
            guard let selected = content.selectedText?.selectedString, !selected.isEmpty, !content.content.isSecure
            else { return .failed("\(id.rawValue): nothing is selected") }
            findQuery.needle = selected
            return .done
        case .jumpToSelection:
            return documentCommand(.jumpToSelection, id: id)
        case .makeUpperCase, .makeLowerCase, .capitalize:
            guard let transformation = TextTransformation(command: id) else {
                return .failed(EditingError.unsupported(id).description)
            }
            return documentCommand(.transform(transformation, configuration.locale), id: id)
        case .emojiAndSymbols:
            let panel = EditMenuPanel(kind: .emoji, title: strings.title(for: .emojiAndSymbols, idiom: idiom), text: "")
            host.showPanel(panel)
            return .showedPanel(panel)
        case .showSubstitutions:
            let panel = substitutionsPanel()
            host.showPanel(panel)
            return .showedPanel(panel)
        case .smartQuotes, .smartDashes, .textReplacement, .smartCopyPaste, .dataDetectors:
            configuration.settings.substitutions.toggle(id)
            guard let file = configuration.settingsFile else { return .done }
            do {
                try file.save(configuration.settings)
                return .done
            } catch {
                return .failed("\(id.rawValue): the setting changed for now but \(error.description)")
            }
        default:
            return .failed(EditingError.unsupported(id).description)
        }
    }

    /// The find bar, as a panel, in the menu's language.
    private func findPanel(replacing: Bool) -> EditMenuPanel {
        findSession.panel(
            replacing: replacing, strings: MenuStrings(locale: configuration.locale), idiom: configuration.idiom)
    }

    /// What a button of the find panel, the share panel or the substitutions panel does; `nil` for
    /// the other panels' buttons.
    func documentPanelOutcome(_ action: EditMenuPanel.Action, in panel: EditMenuPanel, editedText: String?)
        -> (EditCommand.ID, PerformOutcome)?
    {
        switch panel.kind {
        case .find:
            let findText = (panel.isTextEditable ? editedText : nil) ?? panel.text
            guard let command = findSession.command(for: action, findText: findText) else { return nil }
            return (FindSession.commandID(for: command), runFind(command))
        case .share:
            // A target the share service performs (Mail, Save to File); Copy buttons are the usual.
            let id = action.id
            guard let host, let request = sharedRequest ?? serviceRequest(host.menuContent()),
                let service = service(for: id, request: request)
            else { return action.id == .copy ? nil : (id, .failed("\(id.rawValue): nothing here shares with it")) }
            do {
                return (id, carryOut(try service.perform(id, on: request), for: id))
            } catch {
                return (id, .failed(error.description))
            }
        case .substitutions:
            let id = action.id
            guard SubstitutionSettings.commands.contains(id), let host else { return nil }
            let outcome = performDocumentCommand(id, content: host.menuContent())
            guard outcome.failure == nil else { return (id, outcome) }
            // The panel again, with the toggle turned.
            let panel = substitutionsPanel()
            host.showPanel(panel)
            return (id, .showedPanel(panel))
        default:
            return nil
        }
    }

    /// Show Substitutions: each toggle and whether it is on, then the text replacements.
    func substitutionsPanel() -> EditMenuPanel {
        let strings = MenuStrings(locale: configuration.locale)
        let idiom = configuration.idiom
        let settings = configuration.settings
        var lines = SubstitutionSettings.commands.compactMap { command -> String? in
            guard let on = settings.substitutions.isOn(command) else { return nil }
            return (on ? "✓ " : "   ") + strings.title(for: command, idiom: idiom)
        }
        if !settings.textReplacements.isEmpty {
            lines.append("")
            lines.append(strings.title(for: .textReplacement, idiom: idiom) + ":")
            lines += settings.textReplacements.map { "  \($0.shortcut) → \($0.phrase)" }
        }
        // Each toggle is a button too (Smart Links is not: nothing here holds links).
        let actions = SubstitutionSettings.commands.filter { $0 != .smartLinks }.map { command in
            EditMenuPanel.Action(
                command,
                title: (settings.substitutions.isOn(command) == true ? "✓ " : "")
                    + strings.title(for: command, idiom: idiom))
        }
        return EditMenuPanel(
            kind: .substitutions, title: strings.title(for: .substitutions, idiom: idiom),
            text: lines.joined(separator: "\n"), actions: actions)
    }
}

/// What a host's find bar asks for (``EditMenuController/carryOut(_:fromAnchor:)``).
public enum FindBarRequest: Hashable, Sendable {
    /// The find field changed: find `needle` from where the bar opened (as people type).
    case incremental(String)
    /// Find the next (`.forward`) or previous match of `needle`.
    case find(String, FindDirection)
    /// Replace the selected match of `needle` with `replacement`, then find the next.
    case replace(String, with: String)
    /// Replace every match of `needle` with `replacement`.
    case replaceAll(String, with: String)
    /// The bar closed.
    case close
}
