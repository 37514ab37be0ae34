import EditMenuKit

/// The find bar and the Emoji & Symbols picker of ``TerminalEditMenu``: the controller asks for them
/// (`EditMenuHost.showPanel(_:)` with a `.find` or `.emoji` panel); what people do in them goes back
/// to the controller (`EditMenuController.find(_:)`, `EditMenuController.insert(_:)` …).
extension TerminalEditMenu {
    /// Whether the find bar or the emoji picker is open (they take Tab and typing).
    package var hasOpenBarOrPicker: Bool { findBar != nil || emojiPicker != nil }

    /// Opens the find bar or the emoji picker for `panel` (other panels are the caller's).
    func showDocumentUI(_ panel: EditMenuPanel) {
        let strings = MenuStrings(locale: controller.configuration.locale)
        let idiom = controller.configuration.idiom
        switch panel.kind {
        case .find:
            var title = strings.title(for: .find, idiom: idiom)
            while title.hasSuffix("…") || title.hasSuffix(" ") { title.removeLast() }
            // Find and Replace… comes with Replace buttons; a plain Find… keeps an open replace field.
            let asked = panel.actions.contains { $0.id == .replaceAll }
            let replaces = asked || (findBar?.showsReplace ?? false)
            var bar = TerminalFindBar(needle: panel.text, replacement: controller.replacement, showsReplace: replaces)
            bar.findLabel = title
            bar.replaceLabel = strings.title("findReplaceButton", idiom: idiom)
            if asked { bar.focus = panel.text.isEmpty ? .find : .replace }
            findBar = bar
            emojiPicker = nil
        case .emoji:
            var picker = TerminalEmojiPicker(
                catalog: .catalog(for: controller.configuration.locale), caret: focusedTarget?.selectionRects().last,
                columns: screenSize.columns, rows: screenSize.rows,
                safeArea: safeArea)
            picker.title = panel.title
            picker.strings = strings
            picker.idiom = idiom
            emojiPicker = picker
        default:
            break
        }
    }

    /// An event for the emoji picker or the find bar, when one is open: `true`/`false` when it took the
    /// event (or let the content have it after closing), `nil` to handle it as usual.
    func handleDocumentUI(_ event: TerminalEvent) -> Bool? {
        if var picker = emojiPicker {
            let outcome: TerminalEmojiPicker.Outcome
            switch event {
            case .key(let key, let modifiers): outcome = picker.handleKey(key, modifiers)
            case .text(let text), .paste(let text): outcome = picker.insert(text)
            case .mouse(let mouse): outcome = picker.handle(mouse)
            case .focus, .unknown: return nil
            }
            emojiPicker = picker
            switch outcome {
            case .handled: return true
            case .choose(let emoji):
                emojiPicker = nil
                controller.insert(emoji)
                return true
            case .close:
                emojiPicker = nil
                return true
            case .ignored:
                // A key the picker has no use for (Ctrl+Z …) closes it and goes on to the content; a
                // release or motion elsewhere is the content's.
                if case .key = event { emojiPicker = nil }
                return nil
            }
        }
        if var bar = findBar {
            let outcome: TerminalFindBar.Outcome
            switch event {
            case .key(let key, let modifiers):
                // An open menu keeps its keys.
                if controller.isMenuVisible { return nil }
                outcome = bar.handleKey(key, modifiers)
            case .text(let text), .paste(let text):
                if controller.isMenuVisible { return nil }
                outcome = bar.insert(text)
            case .mouse, .focus, .unknown:
                return nil
            }
            findBar = bar
            switch outcome {
            case .handled: return true
            case .ignored: return nil
            case .action(let action):
                perform(action)
                return true
            }
        }
        return nil
    }

    /// Carries out what the find bar asks for, and shows how it went in the bar's status.
    private func perform(_ action: TerminalFindBar.Action) {
        if action == .close {
            findBar = nil
            controller.carryOut(.close)
            return
        }
        // As people type, the match grows from where the bar opened (the controller keeps the anchor).
        guard controller.carryOut(action) else {
            findBar?.status = ""
            return
        }
        findBar?.status = controller.findBarStatus(after: action)
    }

    /// Gives the focused text the substitutions in force (they change with Substitutions ▸).
    func syncSubstitutions() {
        guard let view = focusedTarget as? TerminalTextView else { return }
        let substitutions = view.isEditable && !view.isSecure ? controller.textSubstitutions : nil
        if view.substitutions != substitutions { view.substitutions = substitutions }
    }

    /// Draws the find bar and the picker.
    func drawDocumentUI(into screen: inout Screen) {
        findBar?.draw(into: &screen, style: style)
        emojiPicker?.draw(into: &screen, style: style)
    }
}
