#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Find ▸, Transformations ▸, Emoji & Symbols and Substitutions ▸ in the GTK host: the controller asks
/// for the find bar (``GTKFindBar``) and the emoji chooser (GTK's own, at the caret) with panels, and
/// performs the rest on the active target.
extension GTKEditMenuInteraction {
    /// The active widget's text: the controller performs the document commands on it.
    public var textDocument: (any TextDocument & AnyObject)? { activeTarget?.textDocument }

    /// Logs what the controller performed on the active widget's text.
    public func documentDidPerform(_ command: EditCommand.ID) {
        guard let target = activeTarget else { return }
        record("performed", stateOf: target, ["command": command.rawValue, "done": true])
        onStateChange?()
    }

    /// Shows the find bar for a `.find` panel and GTK's emoji chooser for an `.emoji` panel; returns
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
            guard let view = activeTarget as? TextViewTarget else { return false }
            view.takeFocus()
            let shown = view.showEmojiChooser()
            log.record("emojiChooser", ["shown": shown])
            return true
        default:
            return false
        }
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
