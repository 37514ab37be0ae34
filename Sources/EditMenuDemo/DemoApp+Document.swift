import EditMenuKit
import EditMenuTerminal

extension DemoApp {
    /// The status line for Find ▸, Emoji & Symbols, Substitutions ▸ and Share…; `nil` for other
    /// commands (the usual status then).
    func documentStatus(_ id: EditCommand.ID, _ outcome: PerformOutcome) -> String? {
        let controller = editMenu.controller
        let title = strings.title(for: id, idiom: idiom)
        if case .failed = outcome { return nil }
        if let editor = fields[focus].textEditor,
            [.findNext, .findPrevious, .findAndReplace, .makeUpperCase, .makeLowerCase, .capitalize, .emojiAndSymbols]
                .contains(id)
        {
            record(TerminalEditMenu.selectionLogLine(editor))
        }
        switch id {
        case .findNext, .findPrevious, .findAndReplace:
            guard case .done = outcome, let result = controller.lastFindResult else { return nil }
            let needle = "“\(result.query.needle.prefix(40))”"
            if id == .findAndReplace, result.replaced > 0, result.match == nil {
                return "Replaced \(result.replaced) × \(needle)"
            }
            guard let match = result.match else { return "\(needle) was not found" }
            return match.wrapped ? "\(title): \(needle) — wrapped around the end" : "\(title): \(needle)"
        case .useSelectionForFind:
            return "\(title): “\(controller.findQuery.needle.prefix(40))” — Ctrl+G finds the next"
        case .emojiAndSymbols:
            if case .showedPanel = outcome { return "\(title): type to search · arrows · ⏎ inserts · Esc closes" }
            return "\(title): inserted — Ctrl+Z takes it back"
        case .findEllipsis:
            return "\(title) Type to find · ⏎ next · ↑ previous · Tab replace · Esc done"
        case .smartQuotes, .smartDashes, .textReplacement, .smartCopyPaste, .dataDetectors:
            let on = controller.configuration.settings.substitutions.isOn(id) ?? false
            return "\(title): \(on ? "on" : "off")"
        case .makeUpperCase, .makeLowerCase, .capitalize:
            return "\(title) — Ctrl+Z restores"
        default:
            if case .showedPanel(let panel) = outcome, panel.kind == .share, id == .shareSaveToFile {
                return "Saved to \(panel.text)"
            }
            return nil
        }
    }
}
