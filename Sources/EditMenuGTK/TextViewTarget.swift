#if GTK
import CGtk
import EditMenuKit
import Foundation

/// The edit menu's view of a `GtkTextView`: selection from its `GtkTextBuffer`, target rects from
/// `gtk_text_view_get_iter_location` (per selected line), commands through the view's own actions
/// (`clipboard.cut`, `text.undo` …) and therefore the buffer's own undo stack and the real clipboard.
@MainActor
package final class TextViewTarget: ScalarTextModel {
    package let widget: WidgetPointer
    package let name: String
    package var onChange: (@MainActor () -> Void)?
    package var onTextChange: (@MainActor () -> Void)?
    /// The buffer's text for the controller's document commands.
    package var textDocument: (any TextDocument & AnyObject)? { self }
    /// The name of the last edit the menu performed, for "Undo Cut"; typing resets it to "Typing".
    var lastEdit: UndoAction?
    /// Whether the menu is changing the buffer (its changes are not typing).
    var performing = false
    /// The buffer's whole text, read once per change (``scalarText``).
    private var cachedText: TextExcerpt?
    /// What typing substitutes now (smart quotes, dashes, text replacements), asked at each typed
    /// Character; `nil` or returning `nil`: nothing.
    package var substitutions: (@MainActor () -> TextSubstitutions?)?
    /// The misspelled words' marks, once a spell checker is set.
    private(set) var spelling: TextViewSpelling?

    /// Marks misspelled words with `checker` (GTK's red error underline) and lets Check Document Now
    /// search with it; `locale` decides which dictionary reads which script, `textLanguage` (the host's
    /// hint) which reads words in its own. `onMarked` hears the words marked after each check.
    package func checkSpelling(
        with checker: any SpellChecker, locale: MenuLocale, textLanguage: String? = nil,
        onMarked: (@MainActor ([String]) -> Void)? = nil
    ) {
        let spelling = TextViewSpelling(view: view, checker: checker, locale: locale, textLanguage: textLanguage)
        spelling.onMarked = onMarked
        self.spelling = spelling
    }

    /// Whether misspelled words are marked (Check Spelling While Typing).
    package var marksMisspellings: Bool {
        get { spelling?.isEnabled ?? false }
        set { spelling?.isEnabled = newValue }
    }

    /// Wraps `view` (a `GtkTextView`), named `name` in the event log.
    package init(_ view: WidgetPointer, name: String = "textView") {
        widget = view
        self.name = name
        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in
            guard let self else { return }
            self.cachedText = nil
            if !self.performing {
                self.lastEdit = .typing
                self.onTextChange?()
            }
            self.onChange?()
        }
        Signal.connect(UnsafeMutableRawPointer(buffer), "mark-set", pointers: { [weak self] _, _ in self?.onChange?() })
        watchTyping()
    }

    var view: UnsafeMutablePointer<GtkTextView> { widget.cast(to: GtkTextView.self) }
    var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view) }

    func iter(at offset: Int) -> GtkTextIter {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
        return iter
    }

    var scalarCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

    func text(scalars: Range<Int>) -> String {
        var start = iter(at: scalars.lowerBound), end = iter(at: scalars.upperBound)
        return takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 0))
    }

    package var scalarSelection: Range<Int>? {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer, &start, &end)
        let a = Int(gtk_text_iter_get_offset(&start)), b = Int(gtk_text_iter_get_offset(&end))
        return min(a, b)..<max(a, b)
    }

    package func select(scalars range: Range<Int>) {
        var insert = iter(at: range.lowerBound), bound = iter(at: range.upperBound)
        gtk_text_buffer_select_range(buffer, &insert, &bound)
    }

    func scalarOffset(at point: CGPoint) -> Int? {
        var bx: Int32 = 0, by: Int32 = 0
        gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_WIDGET, Int32(point.x), Int32(point.y), &bx, &by)
        var iter = GtkTextIter()
        _ = gtk_text_view_get_iter_at_location(view, &iter, bx, by)
        return Int(gtk_text_iter_get_offset(&iter))
    }

    package var isEditable: Bool { gtk_text_view_get_editable(view) != 0 }
    package var isSecure: Bool { false }

    var undoState: (undo: UndoState, redo: UndoState) {
        // GTK's buffer keeps no names: the name of the last edit the menu made, else typing's.
        (
            gtk_text_buffer_get_can_undo(buffer) != 0 ? .named((lastEdit ?? .typing).rawValue) : .unavailable,
            gtk_text_buffer_get_can_redo(buffer) != 0 ? .unnamed : .unavailable
        )
    }

    /// A buffer rect (an iter location or line range) in `container` coordinates.
    private func rect(buffer r: GdkRectangle, in container: WidgetPointer) -> CGRect {
        var wx: Int32 = 0, wy: Int32 = 0
        gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, r.x, r.y, &wx, &wy)
        let origin = translate(CGPoint(x: Double(wx), y: Double(wy)), from: widget, to: container)
        return CGRect(x: origin.x, y: origin.y, width: Double(r.width), height: Double(r.height))
    }

    /// The rect of a one-line range of scalars in `container` coordinates (a word's, for tests and tools).
    package func rect(ofScalars range: Range<Int>, in container: WidgetPointer) -> CGRect? {
        var start = iter(at: range.lowerBound), end = iter(at: range.upperBound)
        var a = GdkRectangle(), b = GdkRectangle()
        gtk_text_view_get_iter_location(view, &start, &a)
        gtk_text_view_get_iter_location(view, &end, &b)
        guard a.y == b.y else { return nil }
        return rect(buffer: GdkRectangle(x: a.x, y: a.y, width: b.x - a.x, height: a.height), in: container)
    }

    package func targetRects(in container: WidgetPointer) -> [CGRect] {
        guard let selection = scalarSelection else { return [] }
        var start = iter(at: selection.lowerBound), end = iter(at: selection.upperBound)
        var first = GdkRectangle(), last = GdkRectangle()
        gtk_text_view_get_iter_location(view, &start, &first)
        gtk_text_view_get_iter_location(view, &end, &last)
        if selection.isEmpty {
            return [rect(buffer: GdkRectangle(x: first.x, y: first.y, width: 0, height: first.height), in: container)]
        }
        // One rect per display line from the start's line to the end's.
        var rects: [CGRect] = []
        var line = start
        let right = Int32(gtk_widget_get_width(widget))
        while true {
            var location = GdkRectangle()
            gtk_text_view_get_iter_location(view, &line, &location)
            let isFirst = rects.isEmpty
            let lineStart = isFirst ? location.x : 0
            var lineEnd = line
            let more = gtk_text_view_forward_display_line(view, &lineEnd) != 0
            if !more || gtk_text_iter_compare(&lineEnd, &end) > 0 {
                rects.append(
                    rect(
                        buffer: GdkRectangle(
                            x: lineStart, y: location.y, width: max(0, last.x - lineStart),
                            height: location.height), in: container))
                break
            }
            rects.append(
                rect(
                    buffer: GdkRectangle(
                        x: lineStart, y: location.y, width: max(0, right - lineStart),
                        height: location.height), in: container))
            line = lineEnd
            if rects.count > 64 { break } // a menu needs the first and last lines, not hundreds
        }
        return rects
    }

    package func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) throws(EditingError) {
        guard let action = gtkAction(for: command) else { throw .unsupported(command) }
        performing = true
        defer { performing = false }
        try activate(action, on: widget, for: command)
        switch command {
        case .cut: lastEdit = .cut
        case .delete: lastEdit = .delete
        case .paste: lastEdit = .paste
        case .pasteAndMatchStyle: lastEdit = .pasteAndMatchStyle
        default: break
        }
    }

    /// Replaces the selection as one user action — the buffer's undo takes it back in one step — and
    /// selects the new text.
    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        try EditMenuGTK.replaceSelection(of: self, with: text, actionName: actionName)
    }
}

/// The view's text as the core edits it: the buffer's text (read once per change), each change one
/// user action of the buffer, so GTK's own undo takes it back in one step.
extension TextViewTarget: @MainActor ScalarTextDocument {
    package var scalarText: TextExcerpt {
        if let cachedText { return cachedText }
        let text = wholeText()
        cachedText = text
        return text
    }

    package func replace(scalarChanges: [TextChange], actionName: UndoAction) throws(EditingError) {
        guard isEditable else { throw .notEditable(.replace) }
        performing = true
        defer { performing = false }
        gtk_text_buffer_begin_user_action(buffer)
        for change in scalarChanges.reversed() {
            var start = iter(at: change.range.lowerBound)
            var end = iter(at: change.range.upperBound)
            gtk_text_buffer_delete(buffer, &start, &end)
            var at = iter(at: change.range.lowerBound)
            gtk_text_buffer_insert(buffer, &at, change.text, -1)
        }
        gtk_text_buffer_end_user_action(buffer)
        lastEdit = actionName
        onChange?()
    }

    package func scrollRangeToVisible(_ range: Range<Int>) { scrollToSelection() }

    /// Everything for an editable view (the emoji picker inserts, typing substitutes); Find alone
    /// for a read-only one.
    package func documentCapabilities(checksSpelling: Bool) -> HostCapabilities {
        guard isEditable else { return [.find] }
        return checksSpelling && spelling != nil ? HostCapabilities.textEditing.union(.checkDocument) : .textEditing
    }
}

/// The edit menu's view of a selectable `GtkLabel`: static text that can be selected and copied.
/// Positions come from the label's `PangoLayout` (`pango_layout_xy_to_index`, `pango_layout_index_to_pos`).
@MainActor
package final class LabelTarget: ScalarTextModel {
    package let widget: WidgetPointer
    package let name: String
    package var onChange: (@MainActor () -> Void)?
    package var onTextChange: (@MainActor () -> Void)?

    /// The label's text for the controller's Select and Select All.
    package var textDocument: (any TextDocument & AnyObject)? { self }

    /// Wraps `label` (a `GtkLabel`; made selectable), named `name` in the event log.
    package init(_ label: WidgetPointer, name: String = "label") {
        widget = label
        self.name = name
        gtk_label_set_selectable(label.opaque, 1)
    }

    /// A label selects all of its text when it gains focus (`gtk-label-select-on-focus`): keep the
    /// selection it had, so the gesture decides.
    package func takeFocus() {
        let before = scalarSelection
        gtk_widget_grab_focus(widget)
        let range = before ?? 0..<0
        gtk_label_select_region(widget.opaque, Int32(range.lowerBound), Int32(range.upperBound))
    }

    private var string: String { String(cString: gtk_label_get_text(widget.opaque)) }
    var scalarCount: Int { string.unicodeScalars.count }

    func text(scalars range: Range<Int>) -> String { substring(of: string, scalars: range) }

    package var scalarSelection: Range<Int>? {
        var start: Int32 = 0, end: Int32 = 0
        guard gtk_label_get_selection_bounds(widget.opaque, &start, &end) != 0 else { return nil }
        return Int(min(start, end))..<Int(max(start, end))
    }

    /// The last selection a gesture made: GTK's label may drop its selection while the pointer
    /// releases over it or moves to the menu, so the menu's commands act on what the gesture selected.
    private var gestureSelection: Range<Int>?

    package func select(scalars range: Range<Int>) {
        gtk_label_select_region(widget.opaque, Int32(range.lowerBound), Int32(range.upperBound))
        gestureSelection = range.isEmpty ? nil : range
        onChange?()
    }

    /// The selection, or the gesture's when GTK dropped it (selected again).
    private func selectionForCommand() -> Range<Int>? {
        if let current = scalarSelection, !current.isEmpty { return current }
        guard let remembered = gestureSelection, remembered.upperBound <= scalarCount else { return nil }
        select(scalars: remembered)
        return remembered
    }

    func scalarOffset(at point: CGPoint) -> Int? {
        let layout = gtk_label_get_layout(widget.opaque)
        var ox: Int32 = 0, oy: Int32 = 0
        gtk_label_get_layout_offsets(widget.opaque, &ox, &oy)
        var index: Int32 = 0, trailing: Int32 = 0
        _ = pango_layout_xy_to_index(
            layout, Int32((point.x - Double(ox)) * Double(PANGO_SCALE)),
            Int32((point.y - Double(oy)) * Double(PANGO_SCALE)), &index, &trailing)
        return scalarText.scalarOffset(ofByte: Int(index))
    }

    package var isEditable: Bool { false }
    package var isSecure: Bool { false }
    var undoState: (undo: UndoState, redo: UndoState) { (.unavailable, .unavailable) }

    package func targetRects(in container: WidgetPointer) -> [CGRect] {
        guard let selection = scalarSelection else { return bounds(of: widget, in: container).map { [$0] } ?? [] }
        let layout = gtk_label_get_layout(widget.opaque)
        var ox: Int32 = 0, oy: Int32 = 0
        gtk_label_get_layout_offsets(widget.opaque, &ox, &oy)
        let bytes = scalarText.byteRange(ofScalarRange: selection)
        var a = PangoRectangle(), b = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(bytes.lowerBound), &a)
        pango_layout_index_to_pos(layout, Int32(bytes.upperBound), &b)
        func local(_ x: Int32, _ y: Int32, _ w: Int32, _ h: Int32) -> CGRect {
            let s = Double(PANGO_SCALE)
            let p = translate(
                CGPoint(x: Double(ox) + Double(x) / s, y: Double(oy) + Double(y) / s), from: widget, to: container)
            return CGRect(x: p.x, y: p.y, width: Double(w) / s, height: Double(h) / s)
        }
        if a.y == b.y { return [local(a.x, a.y, max(0, b.x - a.x), a.height)] }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return [local(a.x, a.y, max(0, logical.width - a.x), a.height), local(0, b.y, b.x, b.height)]
    }

    package func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) throws(EditingError) {
        guard command == .copy else { throw .unsupported(command) }
        guard let selection = selectionForCommand() else { throw .nothingSelected(command) }
        gdk_clipboard_set_text(clipboard, text(scalars: selection))
    }

    /// A label's text cannot be replaced.
    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        throw .notEditable(.replace)
    }
}

/// The label's text as the core reads it (Select, Select All; nothing that changes it).
extension LabelTarget: @MainActor ScalarTextDocument {
    /// The label's text, with its scalar ↔ UTF-8 conversions (Pango's indexes are UTF-8 bytes).
    package var scalarText: TextExcerpt { wholeText() }

    package func replace(scalarChanges: [TextChange], actionName: UndoAction) throws(EditingError) {
        throw .notEditable(.replace)
    }

    /// None: static text has no find bar here.
    package func documentCapabilities(checksSpelling: Bool) -> HostCapabilities { [] }
}
#endif
