#if GTK
import CGtk
import EditMenuKit
import Foundation

/// What the host's popovers share — a service's panel (``ServicePanelView``) and the emoji picker
/// (`GTKEmojiPicker`): a `GtkPopover` on the overlay holding a column of widgets, pointing at a rect
/// of the content (the selection, the caret), below it, closing on a click outside or Escape.
@MainActor
enum AnchoredPopover {
    /// A new popover on `parent` with the CSS class `cssClass`, and the vertical box its content goes
    /// in (`spacing` between, `margin` around).
    static func make(on parent: WidgetPointer, cssClass: String, spacing: Int32, margin: Int32) -> (
        popover: WidgetPointer, column: WidgetPointer
    ) {
        let popover = gtk_popover_new()!
        gtk_widget_set_parent(popover, parent)
        gtk_widget_add_css_class(popover, cssClass)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, spacing)!
        for set in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end,
        ] { set(column, margin) }
        gtk_popover_set_child(popover.cast(to: GtkPopover.self), column)
        return (popover, column)
    }

    /// Shows `popover` pointing at `target` (its parent's coordinates), below it when it fits; GTK
    /// closes it on a click outside or Escape, and `onClosed` runs once GTK has finished closing it (its
    /// focus handling still uses the popover until then).
    static func show(_ popover: WidgetPointer, pointingAt target: CGRect, onClosed: @escaping @MainActor () -> Void) {
        var rect = GdkRectangle(
            x: Int32(target.minX.rounded(.down)), y: Int32(target.minY.rounded(.down)),
            width: max(1, Int32(target.width.rounded(.up))), height: max(1, Int32(target.height.rounded(.up))))
        gtk_popover_set_pointing_to(popover.cast(to: GtkPopover.self), &rect)
        gtk_popover_set_position(popover.cast(to: GtkPopover.self), GTK_POS_BOTTOM)
        gtk_popover_set_autohide(popover.cast(to: GtkPopover.self), 1)
        Signal.connect(popover.raw, "closed") { afterDelay(milliseconds: 0, onClosed) }
        gtk_popover_popup(popover.cast(to: GtkPopover.self))
    }
}
#endif
