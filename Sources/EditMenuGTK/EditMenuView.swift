#if GTK
import CGtk
import EditMenuKit
import Foundation

/// The menu's look: colours per theme and the CSS that makes GTK buttons draw as menu items.
public enum EditMenuStyleSheet {
    /// The font family of item titles (measured by ``PangoTextMeasurer``).
    public static let fontFamily = "Sans"
    /// The font size of item titles, in pixels.
    public static let fontPixelSize = 14.0

    /// A colour as red, green, blue in 0…1.
    public typealias Color = (red: Double, green: Double, blue: Double)

    /// The menu's background: iOS's grouped background (#F2F2F7) in light, its elevated dark grey
    /// (#2C2C2E) in dark — distinct from GTK's window (#FAFAFA) and text view (#FFFFFF) backgrounds.
    public static func background(dark: Bool) -> Color {
        let rgb: (Double, Double, Double) = dark ? (0x2C, 0x2C, 0x2E) : (0xF2, 0xF2, 0xF7)
        return (rgb.0 / 255, rgb.1 / 255, rgb.2 / 255)
    }

    /// CSS for the menu's widgets.
    static let css = """
        .editmenu button, .editmenu button:hover, .editmenu button:active {
          background: none; border: none; box-shadow: none; border-radius: 0; padding: 0; margin: 0;
          min-width: 0; min-height: 0; outline-offset: -3px;
          font-family: \(fontFamily); font-size: \(Int(fontPixelSize))px; font-weight: normal;
        }
        .editmenu button:hover { background-color: alpha(currentColor, 0.08); }
        .editmenu button:active { background-color: alpha(currentColor, 0.16); }
        .editmenu button:disabled { opacity: 0.35; }
        .editmenu.light button, .editmenu.light label { color: #000000; }
        .editmenu.dark button, .editmenu.dark label { color: #FFFFFF; }
        .editmenu label.shortcut { opacity: 0.55; }
        .editmenu label.icon { font-size: 18px; }
        .editmenu-selected { outline: 3px solid #3584E4; outline-offset: -3px; }
        """
}

/// The menu drawn as real GTK widgets: a `GtkFixed` in an overlay child at the frame the core computed,
/// a drawing area for the rounded background, arrow and dividers, and one `GtkButton` per item and
/// paging chevron (so keyboard focus and accessibility work).
@MainActor
final class EditMenuView {
    let overlay: WidgetPointer
    private var holder: WidgetPointer?
    /// What is drawn now, in the overlay's coordinates.
    private(set) var layout: EditMenuLayout?
    /// The item buttons, by command.
    private var buttons: [EditCommand.ID: WidgetPointer] = [:]
    /// The drawn area (menu body and arrow), in the overlay's coordinates.
    private(set) var drawnBounds: Rect?
    private var painter: Signal.Box<Painting>?

    /// What the draw function needs.
    struct Painting {
        var layout: EditMenuLayout
        var origin: Point
        var dark: Bool
    }

    init(overlay: WidgetPointer) {
        self.overlay = overlay
    }

    /// Shows `menu`; `choose` runs for an item, `page` for a chevron. The same layout shown again only
    /// moves the keyboard focus (GTK's focus follows the menu's, for screen readers).
    func show(
        _ menu: PresentedMenu, dark: Bool, choose: @escaping @MainActor (EditCommand.ID) -> Void,
        page: @escaping @MainActor (EditMenuLayout.Chevron.Direction) -> Void
    ) {
        let layout = menu.layout
        if layout == self.layout {
            focus(menu.focusedItem)
            return
        }
        hide()
        let frame = layout.placement.frame
        let area = layout.placement.arrowRect(metrics: layout.metrics).map { frame.union($0) } ?? frame
        let origin = Point(x: area.minX.rounded(.down), y: area.minY.rounded(.down))
        let width = Int32((area.maxX - origin.x).rounded(.up)), height = Int32((area.maxY - origin.y).rounded(.up))

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_halign(box, GTK_ALIGN_START)
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        gtk_widget_set_margin_start(box, Int32(origin.x))
        gtk_widget_set_margin_top(box, Int32(origin.y))
        gtk_widget_add_css_class(box, "editmenu")
        gtk_widget_add_css_class(box, dark ? "dark" : "light")
        gtk_widget_add_css_class(box, layout.style.rawValue)
        // Positions are the core's (already mirrored for right-to-left): the holder and the fixed are
        // always left-to-right so GTK does not mirror them again; the items' contents follow the language.
        gtk_widget_set_direction(box, GTK_TEXT_DIR_LTR)
        let fixed = gtk_fixed_new()!
        gtk_widget_set_size_request(fixed, width, height)
        gtk_widget_set_direction(fixed, GTK_TEXT_DIR_LTR)
        gtk_box_append(box.cast(to: GtkBox.self), fixed)

        let drawing = gtk_drawing_area_new()!
        gtk_widget_set_size_request(drawing, width, height)
        gtk_widget_set_can_target(drawing, 0)
        let painting = Signal.Box(Painting(layout: layout, origin: origin, dark: dark))
        painter = painting
        let draw: GtkDrawingAreaDrawFunc = { _, cr, _, _, data in
            guard let data, let cr else { return }
            let painting = Unmanaged<Signal.Box<Painting>>.fromOpaque(data).takeUnretainedValue().body
            MainActor.assumeIsolated { EditMenuView.paint(painting, on: cr) }
        }
        gtk_drawing_area_set_draw_func(
            drawing.cast(to: GtkDrawingArea.self), draw, Unmanaged.passUnretained(painting).toOpaque(), nil)
        gtk_fixed_put(fixed.cast(to: GtkFixed.self), drawing, 0, 0)

        for item in layout.items {
            let button = Self.button(for: item, layout: layout)
            gtk_widget_set_sensitive(button, item.isEnabled ? 1 : 0)
            gtk_widget_set_direction(button, layout.isMirrored ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
            place(button, at: item.frame, origin: origin, in: fixed)
            let id = item.id
            Signal.connect(button.raw, "clicked") { choose(id) }
            buttons[id] = button
        }
        for chevron in layout.chevrons {
            // "Next" points forward in reading order: right in left-to-right, left when mirrored.
            let forward = chevron.direction == .next
            let glyph = forward != layout.isMirrored ? "›" : "‹"
            let button = gtk_button_new_with_label(glyph)!
            gtk_widget_set_tooltip_text(button, forward ? "Next" : "Previous")
            gtk_widget_set_sensitive(button, chevron.isEnabled ? 1 : 0)
            place(button, at: chevron.frame, origin: origin, in: fixed)
            let direction = chevron.direction
            Signal.connect(button.raw, "clicked") { page(direction) }
        }
        gtk_overlay_add_overlay(overlay.opaque, box)
        holder = box
        self.layout = layout
        drawnBounds = Rect(x: origin.x, y: origin.y, width: Double(width), height: Double(height))
        focus(menu.focusedItem)
    }

    /// Gives GTK's keyboard focus to the item `id` (the controller's focused item).
    private func focus(_ id: EditCommand.ID?) {
        guard let id, let button = buttons[id] else { return }
        gtk_widget_grab_focus(button)
    }

    /// Whether one of the menu's buttons has GTK's keyboard focus.
    var hasFocus: Bool {
        buttons.values.contains { gtk_widget_has_focus($0) != 0 }
    }

    /// Removes the menu.
    func hide() {
        if let holder { gtk_overlay_remove_overlay(overlay.opaque, holder) }
        holder = nil
        layout = nil
        buttons = [:]
        drawnBounds = nil
        painter = nil
    }

    private func place(_ widget: WidgetPointer, at frame: Rect, origin: Point, in fixed: WidgetPointer) {
        // Like UIKit's menu, a click does not take focus from the content: a label would drop its selection.
        gtk_widget_set_focus_on_click(widget, 0)
        gtk_widget_set_size_request(widget, Int32(frame.width.rounded()), Int32(frame.height.rounded()))
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_fixed_put(
            fixed.cast(to: GtkFixed.self), widget, (frame.minX - origin.x).rounded(), (frame.minY - origin.y).rounded())
    }

    /// Symbols drawn above the titles of the `vertical` style's top row.
    static func symbol(for id: EditCommand.ID) -> String? {
        switch id {
        case .cut: return "✂"
        case .copy: return "❐"
        case .paste: return "⇩"
        case .delete: return "⌫"
        default: return nil
        }
    }

    private static func button(for item: EditMenuLayout.Item, layout: EditMenuLayout) -> WidgetPointer {
        let button = gtk_button_new()!
        let child: WidgetPointer
        switch item.region {
        case .bar:
            child = gtk_label_new(item.title)
            gtk_label_set_ellipsize(child.opaque, PANGO_ELLIPSIZE_END)
        case .topRow:
            child = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
            gtk_widget_set_valign(child, GTK_ALIGN_CENTER)
            if let symbol = symbol(for: item.id) {
                let icon = gtk_label_new(symbol)!
                gtk_widget_add_css_class(icon, "icon")
                gtk_box_append(child.cast(to: GtkBox.self), icon)
            }
            let title = gtk_label_new(item.title)!
            gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
            gtk_box_append(child.cast(to: GtkBox.self), title)
        case .list:
            child = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
            gtk_widget_set_margin_start(child, Int32(layout.metrics.itemPadding))
            gtk_widget_set_margin_end(child, Int32(layout.metrics.itemPadding))
            let title = gtk_label_new(item.title)!
            gtk_label_set_xalign(title.opaque, 0)
            gtk_widget_set_hexpand(title, 1)
            gtk_box_append(child.cast(to: GtkBox.self), title)
            if let shortcut = item.shortcut {
                let label = gtk_label_new(shortcut)!
                gtk_widget_add_css_class(label, "shortcut")
                gtk_box_append(child.cast(to: GtkBox.self), label)
            }
            if item.hasSubmenu {
                let chevron = gtk_label_new(layout.isMirrored ? "‹" : "›")!
                gtk_widget_set_margin_start(chevron, 8)
                gtk_box_append(child.cast(to: GtkBox.self), chevron)
            }
        }
        gtk_button_set_child(button.cast(to: GtkButton.self), child)
        return button
    }

    /// Draws the rounded body, the arrow and the dividers.
    static func paint(_ painting: Painting, on cr: OpaquePointer) {
        let layout = painting.layout
        let o = painting.origin
        let frame = layout.placement.frame.offsetBy(dx: -o.x, dy: -o.y)
        let r = min(layout.metrics.cornerRadius, frame.height / 2, frame.width / 2)
        let bg = EditMenuStyleSheet.background(dark: painting.dark)
        cairo_new_path(cr)
        cairo_arc(cr, frame.maxX - r, frame.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, frame.maxX - r, frame.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cr, frame.minX + r, frame.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, frame.minX + r, frame.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        let triangle = layout.placement.arrowTriangle(metrics: layout.metrics)?.map {
            Point(x: $0.x - o.x, y: $0.y - o.y)
        }
        if let triangle {
            cairo_move_to(cr, triangle[0].x, triangle[0].y)
            cairo_line_to(cr, triangle[1].x, triangle[1].y)
            cairo_line_to(cr, triangle[2].x, triangle[2].y)
            cairo_close_path(cr)
        }
        cairo_set_source_rgb(cr, bg.red, bg.green, bg.blue)
        cairo_fill_preserve(cr)
        cairo_set_line_width(cr, 1)
        let edge = painting.dark ? 1.0 : 0.0
        cairo_set_source_rgba(cr, edge, edge, edge, 0.25)
        cairo_stroke(cr)
        if let triangle {
            // The arrow joins the body: cover the body's outline across its base with the body's colour.
            let inward = triangle[1].y < triangle[0].y ? 1.5 : -1.5
            cairo_move_to(cr, triangle[0].x + 1, triangle[0].y + inward)
            cairo_line_to(cr, triangle[1].x, triangle[1].y + inward)
            cairo_line_to(cr, triangle[2].x - 1, triangle[2].y + inward)
            cairo_close_path(cr)
            cairo_set_source_rgb(cr, bg.red, bg.green, bg.blue)
            cairo_fill(cr)
        }
        cairo_set_source_rgba(cr, edge, edge, edge, 0.2)
        for divider in layout.dividers {
            let d = divider.offsetBy(dx: -o.x, dy: -o.y)
            if d.width == 0 {
                cairo_move_to(cr, d.minX.rounded() + 0.5, d.minY + 6)
                cairo_line_to(cr, d.minX.rounded() + 0.5, d.maxY - 6)
            } else {
                cairo_move_to(cr, d.minX, d.minY.rounded() + 0.5)
                cairo_line_to(cr, d.maxX, d.minY.rounded() + 0.5)
            }
            cairo_stroke(cr)
        }
    }
}
#endif
