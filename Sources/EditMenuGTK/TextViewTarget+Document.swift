#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Find ▸, Transformations ▸, Emoji & Symbols and substitutions on a `GtkTextView`: the core's engines
/// (``TextFinder``, ``TextTransformation``, ``TextSubstitutions``) on the buffer's text, each change one
/// user action of the buffer, so GTK's own undo takes it back in one step.
extension TextViewTarget {
    /// Everything for an editable view; Find alone for a read-only one.
    public var documentCapabilities: HostCapabilities {
        guard isEditable else { return [.find] }
        return spelling == nil ? .textEditing : HostCapabilities.textEditing.union(.checkDocument)
    }

    public func perform(_ command: DocumentCommand) throws(EditingError) -> DocumentOutcome {
        switch command {
        case .find(let query, let direction):
            guard let match = find(query, direction, in: wholeText()) else { return .notFound }
            return .found(match)
        case .replace(let query, let replacement):
            guard isEditable else { throw .notEditable(.findAndReplace) }
            var text = wholeText()
            var replaced = 0
            if let selection = scalarSelection, !selection.isEmpty,
                TextFinder(query).isMatch(text.byteRange(ofScalarRange: selection), in: text.storage)
            {
                try replaceSelection(with: replacement, actionName: .replace)
                if let now = scalarSelection { select(scalars: now.upperBound..<now.upperBound) }
                replaced = 1
                text = wholeText()
            }
            return .replaced(replaced, next: find(query, .forward, in: text))
        case .replaceAll(let query, let replacement):
            guard isEditable else { throw .notEditable(.findAndReplace) }
            let text = wholeText()
            let matches = TextFinder(query).allMatches(in: text.storage).map(text.scalarRange(ofByteRange:))
            guard let last = matches.last else { return .replaced(0, next: nil) }
            performing = true
            defer { performing = false }
            gtk_text_buffer_begin_user_action(buffer)
            for range in matches.reversed() {
                var start = iter(at: range.lowerBound)
                var end = iter(at: range.upperBound)
                gtk_text_buffer_delete(buffer, &start, &end)
                var at = iter(at: range.lowerBound)
                gtk_text_buffer_insert(buffer, &at, replacement, -1)
            }
            gtk_text_buffer_end_user_action(buffer)
            let added = replacement.unicodeScalars.count
            let end = last.upperBound + matches.reduce(0) { $0 + added - $1.count }
            select(scalars: end..<end)
            lastEdit = .replaceAll
            onChange?()
            return .replaced(matches.count, next: nil)
        case .jumpToSelection:
            scrollToSelection()
            return .done
        case .transform(let transformation, let locale):
            guard isEditable else { throw .notEditable(transformation.command) }
            guard let selection = scalarSelection, !selection.isEmpty else {
                throw .nothingSelected(transformation.command)
            }
            let original = text(scalars: selection)
            let mapped = transformation.apply(to: original, locale: locale)
            if mapped != original { try replaceSelection(with: mapped, actionName: transformation.undoAction) }
            return .done
        case .insert(let inserted):
            guard isEditable else { throw .notEditable(.emojiAndSymbols) }
            performing = true
            defer { performing = false }
            gtk_text_buffer_begin_user_action(buffer)
            _ = gtk_text_buffer_delete_selection(buffer, 1, 1)
            gtk_text_buffer_insert_at_cursor(buffer, inserted, -1)
            gtk_text_buffer_end_user_action(buffer)
            lastEdit = .typing
            onChange?()
            return .done
        }
    }

    /// The buffer's whole text, with its scalar ↔ UTF-8 conversions.
    private func wholeText() -> TextExcerpt {
        let count = scalarCount
        return TextExcerpt(text: text(scalars: 0..<count), startScalarOffset: 0, totalScalarCount: count)
    }

    /// Selects and shows the match of `query` in `text` Find Next (`.forward`) or Find Previous
    /// (`.backward`) goes to from the selection; `nil` when there is none.
    private func find(_ query: FindQuery, _ direction: FindDirection, in text: TextExcerpt) -> FindMatch? {
        let selection = text.byteRange(ofScalarRange: scalarSelection ?? 0..<0)
        guard let match = TextFinder(query).match(in: text.storage, after: selection, direction: direction) else {
            return nil
        }
        select(scalars: text.scalarRange(ofByteRange: match.range))
        scrollToSelection()
        return match
    }

    /// Scrolls the view so the selection (its insertion end) shows.
    func scrollToSelection() {
        gtk_text_view_scroll_to_mark(view, gtk_text_buffer_get_insert(buffer), 0.1, 0, 0, 0)
    }

    /// Opens GTK's own emoji chooser at the caret (`misc.insert-emoji`); it inserts what is chosen.
    public func showEmojiChooser() -> Bool {
        gtk_widget_activate_action_variant(widget, "misc.insert-emoji", nil) != 0
    }

    // MARK: Substitutions while typing

    /// Watches what is typed (`GtkTextBuffer::insert-text`, after the default handler) and applies the
    /// substitution it triggers, once GTK has finished inserting, as a user action of its own — so the
    /// next Undo takes back only the substitution.
    func watchTyping() {
        let trampoline:
            @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, Int32, gpointer?)
                -> Void = { _, location, text, length, data in
                    guard let data, let location, let text else { return }
                    let typed = String(
                        decoding: UnsafeRawBufferPointer(
                            start: text, count: Int(length < 0 ? strlen(text) : Int(length))),
                        as: UTF8.self)
                    let offset = Int(gtk_text_iter_get_offset(location))
                    let box = Unmanaged<Signal.Box<@MainActor (String, Int) -> Void>>.fromOpaque(data)
                        .takeUnretainedValue()
                    MainActor.assumeIsolated { box.body(typed, offset) }
                }
        let body: @MainActor (String, Int) -> Void = { [weak self] typed, caret in
            guard let self, !self.performing, typed.count == 1, let substitutions = self.substitutions?() else {
                return
            }
            // After GTK is done with this insertion (its iterators stay valid until then).
            afterDelay(milliseconds: 0) { [weak self] in self?.substitute(typed, endingAt: caret, with: substitutions) }
        }
        Signal.connect(
            UnsafeMutableRawPointer(buffer), "insert-text", body,
            trampoline: unsafeBitCast(trampoline, to: GCallback.self),
            flags: G_CONNECT_AFTER)
    }

    private func substitute(_ typed: String, endingAt caret: Int, with substitutions: TextSubstitutions) {
        guard caret <= scalarCount, scalarSelection == caret..<caret else { return }
        let longest = substitutions.replacements.first?.shortcut.unicodeScalars.count ?? 0
        let before = text(scalars: max(0, caret - 64 - longest)..<caret)
        guard let change = substitutions.substitution(afterTyping: typed, before: before) else { return }
        let end = change.keepsTyped ? caret - typed.unicodeScalars.count : caret
        let start = end - change.replaced.unicodeScalars.count
        guard start >= 0, text(scalars: start..<end) == change.replaced else { return }
        performing = true
        defer { performing = false }
        gtk_text_buffer_begin_user_action(buffer)
        var from = iter(at: start)
        var to = iter(at: end)
        gtk_text_buffer_delete(buffer, &from, &to)
        var at = iter(at: start)
        gtk_text_buffer_insert(buffer, &at, change.replacement, -1)
        gtk_text_buffer_end_user_action(buffer)
        let after = caret - change.replaced.unicodeScalars.count + change.replacement.unicodeScalars.count
        select(scalars: after..<after)
        lastEdit = change.action
        onChange?()
    }
}
#endif
