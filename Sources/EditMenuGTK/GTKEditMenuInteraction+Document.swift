#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Find ▸, Transformations ▸, Emoji & Symbols and Substitutions ▸ in the GTK host: the controller asks
/// for the find bar (`GTKFindBar`) and the emoji picker (`GTKEmojiPicker`, at the caret, in the
/// menu's language) with panels, and performs the rest on the active target.
extension GTKEditMenuInteraction {
    /// The active widget's text: the controller performs the document commands on it.
    package var textDocument: (any TextDocument & AnyObject)? { activeTarget?.textDocument }

    /// Logs what the controller performed on the active widget's text.
    package func documentDidPerform(_ command: EditCommand.ID) {
        guard let target = activeTarget else { return }
        record("performed", stateOf: target, ["command": command.rawValue, "done": true])
        onStateChange?()
    }

    /// Shows the find bar for a `.find` panel and the emoji picker for an `.emoji` panel; returns
    /// whether `panel` was one of them.
    @discardableResult
    func showDocumentPanel(_ panel: EditMenuPanel) -> Bool {
        guard panel.kind == .find || panel.kind == .emoji else { return false }
        // The keyboard goes to the bar or the chooser: a menu still open (a shortcut opened them) goes.
        controller.dismiss()
        switch panel.kind {
        case .find:
            // Find and Replace… comes with Replace buttons.
            let replacing = panel.actions.contains { $0.id == .replaceAll }
            let bar = findBar ?? makeFindBar()
            bar.show(needle: panel.text, replacement: controller.replacement, replacing: replacing)
            log.record("findBar", ["replacing": replacing, "needle": panel.text])
            return true
        case .emoji:
            guard let view = activeTarget as? TextViewTarget, view.isEditable else { return false }
            showEmojiPicker(for: view, title: panel.title)
            return true
        default:
            return false
        }
    }

    /// Opens the emoji picker at the caret of `view`; what is chosen replaces the selection as one undo
    /// step (`EditMenuController.insert(_:)`), in the view, which gets the focus back.
    private func showEmojiPicker(for view: TextViewTarget, title: String) {
        // A new one each time: the menu's language may have changed (catalogs are loaded once).
        emojiPicker?.close()
        let picker = GTKEmojiPicker(catalog: .catalog(for: locale), strings: MenuStrings(locale: locale), idiom: idiom)
        emojiPicker = picker
        let language = locale.identifier
        picker.onSearch = { [log] query, results, seconds in
            log.record(
                "emojiSearch",
                [
                    "query": query, "count": results.count, "ms": (seconds * 1000).rounded(),
                    "results": results.prefix(12).map { ["emoji": $0.character, "name": $0.name] },
                ])
        }
        picker.onChoose = { [weak self, weak view] emoji in
            guard let self, let view else { return }
            view.takeFocus()
            self.log.record("emojiPicker", ["chosen": emoji.character, "name": emoji.name])
            self.controller.insert(emoji.character)
        }
        picker.onClose = { [weak self, weak view] in
            guard let self else { return }
            if self.activeTarget === view { view?.takeFocus() }
            self.log.record("emojiPicker", ["closed": true])
        }
        let caret = view.targetRects(in: overlay).last ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        let start = SystemClock().now
        picker.show(on: overlay, pointingAt: caret, title: title)
        let milliseconds = ((SystemClock().now - start) * 1000).rounded()
        log.record(
            "emojiPicker",
            [
                "shown": picker.isShown, "language": language, "title": title, "count": picker.results.count,
                "ms": milliseconds,
                "anchor": EventLog.rect(caret),
            ])
    }

    private func makeFindBar() -> GTKFindBar {
        let bar = GTKFindBar(overlay: overlay, strings: MenuStrings(locale: locale), idiom: idiom)
        bar.onRequest = { [weak self, weak bar] request in
            guard let self, let bar else { return }
            self.carryOut(request, bar: bar)
        }
        findBar = bar
        return bar
    }

    private func carryOut(_ request: GTKFindBar.Request, bar: GTKFindBar) {
        // As people type, the match grows from where the bar opened (the controller keeps the anchor).
        guard controller.carryOut(request) else {
            if request == .close {
                activeTarget?.takeFocus()
                log.record("findBar", ["closed": true])
            } else {
                bar.setStatus("")
            }
            return
        }
        let status = controller.findBarStatus(after: request)
        bar.setStatus(status)
        log.record("find", ["status": status, "needle": controller.findQuery.needle])
    }
}
#endif
