#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Misspelled words of a `GtkTextView` marked with GTK's usual red error underline — a text tag with
/// `PANGO_UNDERLINE_ERROR` in red — for the lines on screen. What is checked, when, off which thread,
/// and which marks still hold is the core's `SpellingMarks` policy (the terminal host's too); this
/// class only says which lines are on screen, when to ask again, and applies the tags.
@MainActor
final class TextViewSpelling {
    let checker: any SpellChecker
    let locale: MenuLocale
    private let marks: SpellingMarks
    private let view: UnsafeMutablePointer<GtkTextView>
    private let tag: UnsafeMutablePointer<GtkTextTag>
    private let timer = Timer()
    /// The buffer's text for this version, read once (the visible lines' offsets convert through it).
    private var text: (version: Int, excerpt: TextExcerpt)?
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

    init(view: UnsafeMutablePointer<GtkTextView>, checker: any SpellChecker, locale: MenuLocale, textLanguage: String?)
    {
        self.view = view
        self.checker = checker
        self.locale = locale
        marks = SpellingMarks(checker: checker, locale: locale, hint: textLanguage)
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

    /// Marks the visible lines `milliseconds` from now (a later call replaces an earlier one).
    func schedule(after milliseconds: UInt32) {
        timer.schedule(milliseconds: milliseconds) { [weak self] in self?.check() }
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view)! }

    /// Asks the core for the marks of the lines on screen (with a few around them); while its check
    /// runs in the background, asks again a moment later, and applies the marks once they are this
    /// version's.
    private func check() {
        guard isEnabled else {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
            onMarked?([])
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
        let scalars = Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
        let excerpt = wholeText()
        // Not the word being typed at the caret (it is marked once people move on).
        var cursor = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
        let focused = gtk_widget_has_focus(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkWidget.self)) != 0
        let caret = focused ? excerpt.byteOffset(ofScalarOffset: Int(gtk_text_iter_get_offset(&cursor))) : nil
        let found = marks.marks(
            in: excerpt.byteRange(ofScalarRange: scalars), of: excerpt.storage,
            version: SpellingMarks.Version(
                storage: excerpt.storage.identity, changes: version, checker: checker.generation),
            caret: caret)
        if marks.isChecking {
            schedule(after: 20)
            return
        }
        apply(found.map(excerpt.scalarRange(ofByteRange:)), in: scalars, words: found.map(excerpt.storage.string(in:)))
    }

    /// The buffer's whole text for this version, read once.
    private func wholeText() -> TextExcerpt {
        if let text, text.version == version { return text.excerpt }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let string = takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 0))
        let excerpt = TextExcerpt(
            text: string, startScalarOffset: 0, totalScalarCount: Int(gtk_text_buffer_get_char_count(buffer)))
        text = (version, excerpt)
        return excerpt
    }

    private func apply(_ misspelled: [Range<Int>], in range: Range<Int>, words: [String]) {
        var start = iter(at: range.lowerBound)
        var end = iter(at: range.upperBound)
        gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
        for range in misspelled {
            var a = iter(at: range.lowerBound), b = iter(at: range.upperBound)
            gtk_text_buffer_apply_tag(buffer, tag, &a, &b)
        }
        onMarked?(words)
    }

    private func iter(at offset: Int) -> GtkTextIter {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
        return iter
    }
}
#endif
