#if GTK
import CGtk
import EditMenuKit
import Foundation

/// A service's panel — Look Up's definition, a translation, the spelling panel — as a `GtkPopover`
/// pointing at the selection: its title, its text in a scrolled view (an editable text view when the
/// panel's text may be edited before Replace uses it, else a selectable label), the detail under it, and
/// one `GtkButton` per action. The tool output it shows is untrusted text: it goes into labels as plain
/// text (never markup) and into a text buffer, and nothing in it is interpreted.
@MainActor
final class ServicePanelView {
    /// The popover shown.
    private var popover: WidgetPointer?
    private var editor: WidgetPointer?
    private var readOnlyText: WidgetPointer?
    /// The buttons shown, with their titles.
    private var buttons: [(title: String, widget: WidgetPointer)] = []
    /// Called when the popover goes (Escape, a click outside, a button).
    var onClose: (@MainActor () -> Void)?

    /// The widest and tallest the text area gets, in pixels.
    static let textSize = (width: Int32(420), height: Int32(260))

    /// Shows `panel` in a popover on `parent` pointing at `target` (`parent`'s coordinates); `press` is
    /// called with a button's action and the text as edited.
    func show(
        _ panel: EditMenuPanel, on parent: WidgetPointer, pointingAt target: CGRect, dark: Bool,
        press: @escaping @MainActor (EditMenuPanel.Action, String?) -> Void
    ) {
        close()
        let (popover, column) = AnchoredPopover.make(on: parent, cssClass: "editmenu-panel", spacing: 8, margin: 6)
        let title = gtk_label_new(nil)!
        gtk_label_set_text(title.opaque, panel.title)
        gtk_label_set_xalign(title.opaque, 0)
        gtk_label_set_wrap(title.opaque, 1)
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(column.cast(to: GtkBox.self), title)

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scroller.opaque, 1)
        gtk_scrolled_window_set_max_content_height(scroller.opaque, Self.textSize.height)
        gtk_widget_set_size_request(scroller, Self.textSize.width, -1)
        if panel.isTextEditable {
            let view = gtk_text_view_new()!
            gtk_text_view_set_wrap_mode(view.cast(to: GtkTextView.self), GTK_WRAP_WORD_CHAR)
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(view.cast(to: GtkTextView.self)), panel.text, -1)
            gtk_widget_set_size_request(view, -1, 60)
            gtk_scrolled_window_set_child(scroller.opaque, view)
            editor = view
        } else {
            let text = gtk_label_new(nil)!
            gtk_label_set_text(text.opaque, panel.text)
            gtk_label_set_wrap(text.opaque, 1)
            gtk_label_set_xalign(text.opaque, 0)
            gtk_label_set_yalign(text.opaque, 0)
            gtk_label_set_selectable(text.opaque, 1)
            gtk_label_set_max_width_chars(text.opaque, 60)
            gtk_scrolled_window_set_child(scroller.opaque, text)
            readOnlyText = text
        }
        gtk_box_append(column.cast(to: GtkBox.self), scroller)
        if !panel.detail.isEmpty {
            let detail = gtk_label_new(nil)!
            gtk_label_set_text(detail.opaque, panel.detail)
            gtk_label_set_wrap(detail.opaque, 1)
            gtk_label_set_xalign(detail.opaque, 0)
            gtk_label_set_max_width_chars(detail.opaque, 60)
            gtk_widget_add_css_class(detail, "dim-label")
            gtk_box_append(column.cast(to: GtkBox.self), detail)
        }
        if !panel.actions.isEmpty {
            let buttons = gtk_flow_box_new()!
            gtk_flow_box_set_selection_mode(buttons.opaque, GTK_SELECTION_NONE)
            gtk_flow_box_set_max_children_per_line(buttons.opaque, 6)
            self.buttons = []
            for action in panel.actions {
                let button = gtk_button_new_with_label(action.title)!
                self.buttons.append((action.title, button))
                // A label, not markup: the title may be a suggestion from a tool.
                gtk_widget_set_tooltip_text(button, action.title)
                Signal.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
                    guard let self else { return }
                    press(action, self.editedText)
                }
                gtk_flow_box_append(buttons.opaque, button)
            }
            gtk_box_append(column.cast(to: GtkBox.self), buttons)
        }
        self.popover = popover
        AnchoredPopover.show(popover, pointingAt: target) { [weak self] in
            guard let self, self.popover == popover else { return }
            self.close()
        }
        // A selectable label selects all of itself when it takes the focus: start with nothing selected.
        if let label = readOnlyText { gtk_label_select_region(label.opaque, 0, 0) }
    }

    /// The panel's text as people edited it (editable panels), else `nil`.
    var editedText: String? {
        guard let editor else { return nil }
        let buffer = gtk_text_view_get_buffer(editor.cast(to: GtkTextView.self))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 0))
    }

    /// Where the shown popover is now (its surface, after GTK has placed it), given the parent's origin
    /// in its window's surface: in the parent's coordinates.
    func currentFrame(parentOrigin: CGPoint) -> CGRect? {
        guard let popover, let native = gtk_widget_get_native(popover),
            let surface = gtk_native_get_surface(native)
        else { return nil }
        let x = Double(gdk_popup_get_position_x(surface)), y = Double(gdk_popup_get_position_y(surface))
        return CGRect(
            x: x - parentOrigin.x, y: y - parentOrigin.y, width: Double(gdk_surface_get_width(surface)),
            height: Double(gdk_surface_get_height(surface)))
    }

    /// Each button's title and frame, in the parent's coordinates (for tests that click them).
    func buttonFrames(parentOrigin: CGPoint) -> [(title: String, frame: CGRect)] {
        guard let popover, let frame = currentFrame(parentOrigin: parentOrigin) else { return [] }
        return buttons.compactMap { title, widget in
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, popover, &bounds) != 0 else { return nil }
            return (
                title,
                CGRect(
                    x: frame.minX + Double(bounds.origin.x), y: frame.minY + Double(bounds.origin.y),
                    width: Double(bounds.size.width), height: Double(bounds.size.height))
            )
        }
    }

    /// Removes the popover.
    func close() {
        guard let popover else { return }
        self.popover = nil
        editor = nil
        readOnlyText = nil
        gtk_popover_popdown(popover.cast(to: GtkPopover.self))
        gtk_widget_unparent(popover)
        onClose?()
    }
}
#endif
