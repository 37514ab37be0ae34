import Foundation

/// Find ▸ for one controller: the find and replace fields, what the last search found, where a find
/// bar's search grows from, and the find panel — values in, values out, with the document reached only
/// through the closure each search is given (``EditMenuController`` passes its host's document).
struct FindSession {
    /// The find field's text and options.
    var query = FindQuery("")
    /// The replace field's text.
    var replacement = ""
    /// What the last Find Next, Find Previous or Replace found.
    var lastResult: FindResult?
    /// Where a find bar's search grows from as people type (the caret when the bar opened, then each
    /// match found), in UTF-8 bytes of the host's text document.
    var anchor: Int?

    /// The command the delegate hears for `command`: Find Next, Find Previous, else Find and Replace….
    static func commandID(for command: DocumentCommand) -> EditCommand.ID {
        if case .find(_, let direction) = command { return direction == .forward ? .findNext : .findPrevious }
        return .findAndReplace
    }

    /// Searches (or replaces) with `command` through `perform` (given the command and the identifier the
    /// delegate hears for it), keeping what it found in ``lastResult``.
    /// Fails, naming the command, when the find field is empty or the content cannot be searched
    /// (`capabilities` lacks the command's).
    mutating func run(
        _ command: DocumentCommand, capabilities: HostCapabilities,
        perform: (DocumentCommand, EditCommand.ID) throws(EditingError) -> DocumentOutcome
    ) -> PerformOutcome {
        let id = Self.commandID(for: command)
        guard !query.needle.isEmpty else { return .failed("\(id.rawValue): the find field is empty") }
        guard capabilities.contains(command.capability) else {
            return .failed("\(id.rawValue): this content cannot be searched")
        }
        do {
            switch try perform(command, id) {
            case .found(let match): lastResult = FindResult(query: query, match: match)
            case .notFound: lastResult = FindResult(query: query, match: nil)
            case .replaced(let count, let next): lastResult = FindResult(query: query, match: next, replaced: count)
            case .done: break
            }
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    /// The document command a find panel's button stands for, after taking the panel's fields into
    /// ``query`` and ``replacement``; `nil` for a button that is not a search.
    mutating func command(for action: EditMenuPanel.Action, findText: String) -> DocumentCommand? {
        query.needle = findText
        switch action.id {
        case .findNext: return .find(query, .forward)
        case .findPrevious: return .find(query, .backward)
        case .replace:
            replacement = action.text ?? replacement
            return .replace(query, with: replacement)
        case .replaceAll:
            replacement = action.text ?? replacement
            return .replaceAll(query, with: replacement)
        default: return nil
        }
    }

    /// The find bar, as a panel: the find field's text (editable) and Find Previous, Find Next — and,
    /// when `replacing`, Replace and Replace All with the replace field's text — titled in `strings`'
    /// language.
    func panel(replacing: Bool, strings: MenuStrings, idiom: Idiom) -> EditMenuPanel {
        var title = strings.title(for: replacing ? .findAndReplace : .find, idiom: idiom)
        while title.hasSuffix("…") || title.hasSuffix(" ") { title.removeLast() }
        var actions = [
            EditMenuPanel.Action(.findPrevious, title: strings.title(for: .findPrevious, idiom: idiom)),
            EditMenuPanel.Action(.findNext, title: strings.title(for: .findNext, idiom: idiom)),
        ]
        if replacing {
            actions += [
                EditMenuPanel.Action(
                    .replace, title: strings.title("findReplaceButton", idiom: idiom), text: replacement),
                EditMenuPanel.Action(
                    .replaceAll, title: strings.title("findReplaceAllButton", idiom: idiom), text: replacement),
            ]
        }
        return EditMenuPanel(kind: .find, title: title, text: query.needle, actions: actions, isTextEditable: true)
    }

    /// The find bar's status after `request`, in `strings`' language (`FindBarStatus`).
    func status(after request: FindBarRequest, strings: MenuStrings) -> String {
        FindBarStatus(lastResult, after: request).text(strings)
    }
}
