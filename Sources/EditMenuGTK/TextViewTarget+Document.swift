#if GTK
import CGtk
import EditMenuKit
import Foundation

/// What a `GtkTextView` adds to the core's document behaviour: scrolling, and watching what is typed
/// for substitutions (the core's `TextDocument.substitute(afterTyping:using:)`).
extension TextViewTarget {
    /// Scrolls the view so the selection (its insertion end) shows.
    func scrollToSelection() {
        gtk_text_view_scroll_to_mark(view, gtk_text_buffer_get_insert(buffer), 0.1, 0, 0, 0)
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
        var document = self
        _ = try? document.substitute(afterTyping: typed, using: substitutions)
    }
}
#endif
