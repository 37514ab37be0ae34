#if GTK
import CGtk
import Dispatch
import EditMenuKit
import Foundation
import Synchronization

/// Misspelled words of a `GtkTextView` marked with GTK's usual red error underline — a text tag with
/// `PANGO_UNDERLINE_ERROR` in red — for the lines on screen. Checking runs on ``BackgroundQueue/shared`` a
/// moment after the text changes or scrolls; the tags are applied on GTK's main loop, and only when the
/// text is still the one that was checked.
@MainActor
final class TextViewSpelling {
    /// A finished check: the text's version, the scalar range checked, the misspelled scalar ranges and
    /// words.
    private struct Checked: Sendable {
        var version: Int
        var range: Range<Int>
        var misspelled: [Range<Int>]
        var words: [String]
    }

    /// Where the background check leaves its result.
    private final class Box: Sendable {
        let value = Mutex<Checked?>(nil)
    }

    let checker: any SpellChecker
    let locale: MenuLocale
    private let view: UnsafeMutablePointer<GtkTextView>
    private let tag: UnsafeMutablePointer<GtkTextTag>
    private let timer = Timer()
    private let poller = Timer()
    private let result = Box()
    private var running = false
    /// Changes with every edit of the buffer.
    private(set) var version = 0
    /// Whether words are marked (Check Spelling While Typing).
    var isEnabled = true {
        didSet { if isEnabled != oldValue { schedule(after: 0) } }
    }
    /// Called with the misspelled words marked, after each check (for the event log).
    var onMarked: (@MainActor ([String]) -> Void)?

    /// The tag's name in the buffer's tag table.
    static let tagName = "editmenu-misspelled"

    init(view: UnsafeMutablePointer<GtkTextView>, checker: any SpellChecker, locale: MenuLocale) {
        self.view = view
        self.checker = checker
        self.locale = locale
        let buffer = gtk_text_view_get_buffer(view)!
        let table = gtk_text_buffer_get_tag_table(buffer)
        if let existing = gtk_text_tag_table_lookup(table, Self.tagName) {
            tag = existing
        } else {
            tag = gtk_text_tag_new(Self.tagName)!
            let object = UnsafeMutableRawPointer(tag).assumingMemoryBound(to: GObject.self)
            withGValue(pango_underline_get_type(), { g_value_set_enum($0, Int32(PANGO_UNDERLINE_ERROR.rawValue)) }) {
                g_object_set_property(object, "underline", $0)
            }
            var red = GdkRGBA(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            withGValue(gdk_rgba_get_type(), { g_value_set_boxed($0, &red) }) {
                g_object_set_property(object, "underline-rgba", $0)
            }
            gtk_text_tag_table_add(table, tag)
            g_object_unref(UnsafeMutableRawPointer(tag))
        }
        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in
            guard let self else { return }
            self.version += 1
            self.schedule(after: 150)
        }
        if let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(view)) {
            Signal.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
                self?.schedule(after: 60)
            }
        }
        schedule(after: 50)
    }

    /// Checks the visible lines `milliseconds` from now (a later call replaces an earlier one).
    func schedule(after milliseconds: UInt32) {
        timer.schedule(milliseconds: milliseconds) { [weak self] in self?.check() }
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view)! }

    /// Starts a check of the lines on screen (with a few around them), off the main loop.
    private func check() {
        guard isEnabled else {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
            onMarked?([])
            return
        }
        guard !running else {
            schedule(after: 50)
            return
        }
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(view, &visible)
        var start = GtkTextIter(), end = GtkTextIter()
        _ = gtk_text_view_get_iter_at_location(view, &start, visible.x, visible.y)
        _ = gtk_text_view_get_iter_at_location(view, &end, visible.x, visible.y + max(visible.height, 1))
        gtk_text_iter_set_line_offset(&start, 0)
        _ = gtk_text_iter_backward_lines(&start, 2)
        _ = gtk_text_iter_forward_lines(&end, 3)
        let range = Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
        let text = takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 0))
        let count = Int(gtk_text_buffer_get_char_count(buffer))
        let version = version
        let checker = checker
        let locale = locale
        running = true
        BackgroundQueue.shared.async { [result] in
            let found = checker.misspellings(in: text, locale: locale)
            let excerpt = TextExcerpt(text: text, startScalarOffset: range.lowerBound, totalScalarCount: count)
            let misspelled = found.map(excerpt.scalarRange(ofByteRange:))
            let words = found.map(excerpt.storage.string(in:))
            result.value.withLock {
                $0 = Checked(version: version, range: range, misspelled: misspelled, words: words)
            }
        }
        poll()
    }

    /// Waits (on the main loop) for the check and applies it.
    private func poll() {
        poller.schedule(milliseconds: 20) { [weak self] in
            guard let self else { return }
            guard
                let checked = self.result.value.withLock({ checked -> Checked? in
                    defer { checked = nil }
                    return checked
                })
            else {
                self.poll()
                return
            }
            self.running = false
            // The text changed meanwhile: its offsets are stale; the change scheduled a new check.
            guard checked.version == self.version, self.isEnabled else { return }
            self.apply(checked)
        }
    }

    private func apply(_ checked: Checked) {
        let count = Int(gtk_text_buffer_get_char_count(buffer))
        var start = iter(at: min(checked.range.lowerBound, count))
        var end = iter(at: min(checked.range.upperBound, count))
        gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
        // Not the word being typed at the caret (it is marked once people move on).
        var cursor = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
        let caret =
            gtk_widget_has_focus(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkWidget.self)) != 0
            ? Int(gtk_text_iter_get_offset(&cursor)) : -1
        var marked: [String] = []
        for (range, word) in zip(checked.misspelled, checked.words) where range.upperBound != caret {
            var a = iter(at: range.lowerBound), b = iter(at: range.upperBound)
            gtk_text_buffer_apply_tag(buffer, tag, &a, &b)
            marked.append(word)
        }
        onMarked?(marked)
    }

    private func iter(at offset: Int) -> GtkTextIter {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
        return iter
    }
}
#endif
