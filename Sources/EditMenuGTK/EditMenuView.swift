#if GTK
import CGtk
import EditMenuKit
import Foundation

/// The menu's look: colours per theme and the CSS that makes GTK buttons draw as menu items.
///
/// `package`: the host's drawing; `@usableFromInline` because `PangoTextMeasurer`'s initializer takes the
/// font from it in default arguments.
@usableFromInline package enum EditMenuStyleSheet {
    /// The font family of item titles (measured by ``PangoTextMeasurer``).
    @usableFromInline package static let fontFamily = "Sans"
    /// The font size of item titles, in pixels.
    @usableFromInline package static let fontPixelSize = 14.0

    /// A colour as red, green, blue in 0…1.
    package typealias Color = (red: Double, green: Double, blue: Double)

    /// The menu's background: iOS's grouped background (#F2F2F7) in light, its elevated dark grey
    /// (#2C2C2E) in dark — distinct from GTK's window (#FAFAFA) and text view (#FFFFFF) backgrounds.
    package static func background(dark: Bool) -> Color {
        let rgb: (Double, Double, Double) = dark ? (0x2C, 0x2C, 0x2E) : (0xF2, 0xF2, 0xF7)
        return (rgb.0 / 255, rgb.1 / 255, rgb.2 / 255)
    }

    /// CSS for the menu's widgets and the service panels.
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
        .editmenu button.opened { background-color: alpha(currentColor, 0.12); }
        /* The keyboard's focus is drawn from the menu's own state (the `focused` class), not from GTK's
           :focus-visible, which GTK turns on only from key events its window handled: a menu opened by
           the accessible show-menu action, or keys from a keyboard device that appeared for them (a
           Wayland virtual keyboard), left the focused item without a ring. */
        .editmenu button:focus-visible { outline-color: transparent; }
        .editmenu button.focused { outline: 2px solid #3584E4; outline-offset: -3px; }
        .editmenu-selected { outline: 3px solid #3584E4; outline-offset: -3px; }
        popover.editmenu-popup, popover.editmenu-popup > contents {
          background: none; border: none; box-shadow: none; padding: 0; margin: 0; border-radius: 0;
          min-width: 0; min-height: 0;
        }
        /* Service panels: no drop shadow, for without a compositor (Xvfb, some X11 desktops) GTK paints a
           popover's shadow margin black. */
        popover.editmenu-panel > contents { box-shadow: none; }
        popover.editmenu-panel { margin: 0; }
        """
}

/// The menu drawn as real GTK widgets: for the menu and for each submenu open beside it, a `GtkFixed`
/// at the frame the core computed, holding a drawing area for the rounded background, arrow and
/// dividers and one `GtkButton` per item and paging chevron (so keyboard focus and accessibility
/// work). Keyboard and touch menus are overlay children of the window; a menu at the pointer and its
/// submenus are popovers — popup surfaces of their own, as GTK's context menus are — so they may reach
/// past a small window, on X11 and Wayland alike.
///
/// For assistive technologies each panel is a `menu` (a `tool bar` for the compact row) labelled as
/// `MenuAccessibility` says, its items `menu item`s named by their titles (dimmed ones insensitive),
/// the chevrons buttons named "Next" and "Previous" in the menu's language; glyphs and the drawing are
/// hidden.
@MainActor
final class EditMenuView {
    let overlay: WidgetPointer
    /// Called when a popup menu closed by itself (a click outside it).
    var onPopupClosed: (@MainActor () -> Void)?
    /// Called with each key pressed while a popup menu has the keyboard; returns whether it was used.
    var onKey: (@MainActor (UInt32, GdkModifierType) -> Bool)?

    /// One menu level on screen.
    final class Panel {
        let layout: EditMenuLayout
        /// The `GtkFixed` holding the drawing and the buttons (the accessible menu).
        let fixed: WidgetPointer
        /// The popover it is shown in, for a menu at the pointer.
        var popover: WidgetPointer?
        var buttons: [EditCommand.ID: WidgetPointer] = [:]
        /// The drawn area (body and arrow), in the overlay's coordinates.
        let bounds: CGRect
        let painter: Signal.Box<Painting>

        init(layout: EditMenuLayout, fixed: WidgetPointer, bounds: CGRect, painter: Signal.Box<Painting>) {
            self.layout = layout
            self.fixed = fixed
            self.bounds = bounds
            self.painter = painter
        }
    }

    /// The menu's panel, then each open submenu's.
    private(set) var panels: [Panel] = []
    /// Whether panels are being removed by the view itself (a popover's `closed` is then expected).
    private var tearingDown = false
    /// The menu's popover, kept popped down, empty and unrealized between menus at the pointer (with a
    /// reference of the view's own): a new popover's widget, style and controllers cost a right click
    /// 2–3 ms before its first frame. Its surface still goes each time (`gtk_widget_unrealize`), so the
    /// keyboard comes back to the window as when a popover is destroyed.
    private var sparePopover: WidgetPointer?

    /// What is drawn now: the menu's layout.
    var layout: EditMenuLayout? { panels.first?.layout }
    /// Whether the menu is shown in popovers.
    var isPopup: Bool { panels.first?.popover != nil }

    /// What the draw function needs.
    struct Painting {
        var layout: EditMenuLayout
        var origin: CGPoint
        var dark: Bool
        /// Square corners: a popup on a display without a compositor cannot be transparent (its corners
        /// would show black).
        var square = false
    }

    init(overlay: WidgetPointer) {
        self.overlay = overlay
    }

    isolated deinit {
        if let spare = sparePopover { release(spare) }
    }

    /// Whether `point` (overlay coordinates) is on a menu drawn in the window.
    func contains(_ point: CGRect) -> Bool {
        panels.contains { $0.popover == nil && $0.bounds.contains(point) }
    }

    /// Shows `menu` and its open submenus; `choose` runs for an item, `page` for a chevron. Panels whose
    /// layout is unchanged stay (a focus move only moves GTK's focus, for screen readers).
    func show(
        _ menu: PresentedMenu, dark: Bool, choose: @escaping @MainActor (EditCommand.ID) -> Void,
        page: @escaping @MainActor (EditMenuLayout.Chevron.Direction) -> Void
    ) {
        let popup = menu.layout.placement.side == .pointer
        var levels: [(layout: EditMenuLayout, accessibility: MenuAccessibility, parent: EditCommand.ID?)] = [
            (menu.layout, menu.accessibility, nil)
        ]
        levels += menu.submenus.map { ($0.layout, $0.accessibility, $0.parent) }
        var kept = 0
        while kept < min(panels.count, levels.count), panels[kept].layout == levels[kept].layout,
            (panels[kept].popover != nil) == popup
        {
            kept += 1
        }
        remove(from: kept)
        for level in levels.dropFirst(kept) {
            let parent = level.parent.flatMap { id -> (WidgetPointer, CGRect)? in
                guard let last = panels.last, let button = last.buttons[id], let frame = last.layout.frame(of: id)
                else { return nil }
                return (button, frame)
            }
            panels.append(
                build(
                    level.layout, accessibility: level.accessibility, dark: dark, popup: popup, parent: parent,
                    choose: choose, page: page))
        }
        // GTK's focus follows the keyboard's: in the innermost level that has it.
        let focusPanel = menu.submenus.isEmpty ? panels.first : panels.last
        // The item whose submenu is open stays highlighted; the keyboard's item is drawn focused.
        for (n, panel) in panels.enumerated() {
            let opened = n + 1 < levels.count ? levels[n + 1].parent : nil
            let focused = panel === focusPanel ? menu.keyboardFocus : nil
            for (id, button) in panel.buttons {
                Self.mark(button, "opened", id == opened)
                Self.mark(button, "focused", id == focused)
            }
            for item in panel.layout.items where item.hasSubmenu {
                if let button = panel.buttons[item.id] { Accessible.setExpanded(button, item.id == opened) }
            }
        }
        if let id = menu.keyboardFocus, let button = focusPanel?.buttons[id] {
            gtk_widget_grab_focus(button)
        } else if let root = panels.first, root.popover != nil, menu.submenus.isEmpty {
            // A popup takes the keyboard: the menu itself has it until an arrow key focuses an item
            // (GTK would otherwise focus the first item, which the keyboard has not chosen).
            gtk_widget_set_focusable(root.fixed, 1)
            gtk_widget_grab_focus(root.fixed)
        }
    }

    /// Adds CSS class `name` to `widget` when `on`, removes it otherwise.
    private static func mark(_ widget: WidgetPointer, _ name: String, _ on: Bool) {
        if on {
            gtk_widget_add_css_class(widget, name)
        } else {
            gtk_widget_remove_css_class(widget, name)
        }
    }

    /// Whether one of the menu's buttons has GTK's keyboard focus.
    var hasFocus: Bool {
        panels.contains { $0.buttons.values.contains { gtk_widget_has_focus($0) != 0 } }
    }

    /// Removes the menu and its submenus.
    func hide() {
        remove(from: 0)
    }

    /// Removes the panels from `index` on, innermost first.
    private func remove(from index: Int) {
        guard index < panels.count else { return }
        tearingDown = true
        defer { tearingDown = false }
        for (n, panel) in zip(panels.indices, panels).dropFirst(index).reversed() {
            if let popover = panel.popover {
                gtk_popover_popdown(popover.cast(to: GtkPopover.self))
                if n == 0, sparePopover == nil {
                    // The menu's own popover (on the overlay) is kept for the next menu, emptied.
                    gtk_popover_set_child(popover.cast(to: GtkPopover.self), nil)
                    gtk_widget_unrealize(popover)
                    g_object_ref(popover.raw)
                    sparePopover = popover
                } else {
                    gtk_widget_unparent(popover)
                }
            } else {
                gtk_overlay_remove_overlay(overlay.opaque, panel.fixed)
            }
        }
        panels.removeSubrange(index...)
    }

    private func build(
        _ layout: EditMenuLayout, accessibility: MenuAccessibility, dark: Bool, popup: Bool,
        parent: (button: WidgetPointer, frame: CGRect)?, choose: @escaping @MainActor (EditCommand.ID) -> Void,
        page: @escaping @MainActor (EditMenuLayout.Chevron.Direction) -> Void
    ) -> Panel {
        let frame = layout.placement.frame
        let area = layout.placement.arrowRect(metrics: layout.metrics).map { frame.union($0) } ?? frame
        let origin = CGPoint(x: area.minX.rounded(.down), y: area.minY.rounded(.down))
        let width = Int32((area.maxX - origin.x).rounded(.up)), height = Int32((area.maxY - origin.y).rounded(.up))

        let fixed = Accessible.widget(
            gtk_fixed_get_type(),
            role: layout.style == .compact ? GTK_ACCESSIBLE_ROLE_TOOLBAR : GTK_ACCESSIBLE_ROLE_MENU)
        Accessible.setLabel(fixed, accessibility.menu.label)
        gtk_widget_set_size_request(fixed, width, height)
        gtk_widget_add_css_class(fixed, "editmenu")
        gtk_widget_add_css_class(fixed, dark ? "dark" : "light")
        gtk_widget_add_css_class(fixed, layout.style.rawValue)
        // Positions are the core's (already mirrored for right-to-left): the fixed is always
        // left-to-right so GTK does not mirror them again; the items' contents follow the language.
        gtk_widget_set_direction(fixed, GTK_TEXT_DIR_LTR)

        let drawing = gtk_drawing_area_new()!
        gtk_widget_set_size_request(drawing, width, height)
        gtk_widget_set_can_target(drawing, 0)
        Accessible.hide(drawing)
        let composited = gdk_display_is_composited(gtk_widget_get_display(overlay)) != 0
        let painting = Signal.Box(Painting(layout: layout, origin: origin, dark: dark, square: popup && !composited))
        let draw: GtkDrawingAreaDrawFunc = { _, cr, _, _, data in
            guard let data, let cr else { return }
            let painting = Unmanaged<Signal.Box<Painting>>.fromOpaque(data).takeUnretainedValue().body
            MainActor.assumeIsolated { EditMenuView.paint(painting, on: cr) }
        }
        gtk_drawing_area_set_draw_func(
            drawing.cast(to: GtkDrawingArea.self), draw, Unmanaged.passUnretained(painting).toOpaque(), nil)
        gtk_fixed_put(fixed.cast(to: GtkFixed.self), drawing, 0, 0)

        let panel = Panel(
            layout: layout, fixed: fixed,
            bounds: CGRect(x: origin.x, y: origin.y, width: Double(width), height: Double(height)), painter: painting)
        for item in layout.items {
            let button = Self.button(for: item, layout: layout)
            gtk_widget_set_sensitive(button, item.isEnabled ? 1 : 0)
            gtk_widget_set_direction(button, layout.isMirrored ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
            place(button, at: item.frame, origin: origin, in: fixed)
            let id = item.id
            Signal.connect(button.raw, "clicked") { choose(id) }
            panel.buttons[id] = button
        }
        for chevron in layout.chevrons {
            // "Next" and the `current` bar's "expand" point forward in reading order: right in
            // left-to-right, left when mirrored.
            let forward = chevron.direction != .previous
            let button = Accessible.widget(gtk_button_get_type(), role: GTK_ACCESSIBLE_ROLE_BUTTON)
            let glyph = gtk_label_new(forward != layout.isMirrored ? "›" : "‹")!
            Accessible.hide(glyph)
            gtk_button_set_child(button.cast(to: GtkButton.self), glyph)
            let identifier: String
            switch chevron.direction {
            case .previous: identifier = "previousPage"
            case .next: identifier = "nextPage"
            case .expand:
                // It expands the bar into the list: the keyboard focuses it after the last item.
                identifier = MenuAccessibility.expandIdentifier
                Accessible.setHasPopup(button)
                panel.buttons[MenuKeyboardNavigation.chevronID] = button
            }
            let name = accessibility.items.first { $0.identifier == identifier }?.label ?? identifier
            Accessible.setLabel(button, name)
            gtk_widget_set_tooltip_text(button, name)
            gtk_widget_set_sensitive(button, chevron.isEnabled ? 1 : 0)
            place(button, at: chevron.frame, origin: origin, in: fixed)
            let direction = chevron.direction
            Signal.connect(button.raw, "clicked") { page(direction) }
        }
        if popup {
            panel.popover = present(
                fixed, frame: frame, origin: origin, width: Double(width), parent: parent, layout: layout)
        } else {
            gtk_widget_set_halign(fixed, GTK_ALIGN_START)
            gtk_widget_set_valign(fixed, GTK_ALIGN_START)
            gtk_widget_set_margin_start(fixed, Int32(origin.x))
            gtk_widget_set_margin_top(fixed, Int32(origin.y))
            gtk_overlay_add_overlay(overlay.opaque, fixed)
        }
        return panel
    }

    /// Shows `fixed` in a popover whose top corner is where the core put the menu: the menu's at the
    /// pointer (a 1-pixel rect at its corner, so that GTK — or the Wayland compositor — flips it around
    /// that corner if the screen's edge needs it), a submenu's beside its parent item's button (the
    /// popover's parent, so it follows the menu's popup wherever that went).
    private func present(
        _ fixed: WidgetPointer, frame: CGRect, origin: CGPoint, width: Double,
        parent: (button: WidgetPointer, frame: CGRect)?, layout: EditMenuLayout
    ) -> WidgetPointer {
        let popover: WidgetPointer
        if parent == nil, let spare = takeSparePopover() {
            popover = spare
        } else {
            popover = makePopover(parent: parent?.button)
        }
        gtk_popover_set_child(popover.cast(to: GtkPopover.self), fixed)
        let top = Int32(origin.y.rounded())
        var rect = GdkRectangle()
        if let parent {
            // A submenu: beside its item (the button sits at the item's rounded frame), on the side the
            // core chose.
            let item = CGPoint(x: parent.frame.minX.rounded(), y: parent.frame.minY.rounded())
            gtk_widget_set_valign(popover, GTK_ALIGN_START)
            let y = top - Int32(item.y)
            if frame.minX >= parent.frame.midX {
                gtk_popover_set_position(popover.cast(to: GtkPopover.self), GTK_POS_RIGHT)
                rect = GdkRectangle(x: Int32(origin.x - item.x) - 1, y: y, width: 1, height: 1)
            } else {
                gtk_popover_set_position(popover.cast(to: GtkPopover.self), GTK_POS_LEFT)
                rect = GdkRectangle(x: Int32(origin.x + width - item.x), y: y, width: 1, height: 1)
            }
            gtk_popover_set_autohide(popover.cast(to: GtkPopover.self), 0)
        } else {
            // The menu: its top-left corner (top-right when mirrored) where the core put it.
            gtk_popover_set_position(popover.cast(to: GtkPopover.self), GTK_POS_BOTTOM)
            gtk_widget_set_halign(popover, layout.isMirrored ? GTK_ALIGN_END : GTK_ALIGN_START)
            let x = layout.isMirrored ? origin.x + width - 1 : origin.x
            rect = GdkRectangle(x: Int32(x.rounded()), y: top - 1, width: 1, height: 1)
            gtk_popover_set_autohide(popover.cast(to: GtkPopover.self), 1)
        }
        gtk_popover_set_pointing_to(popover.cast(to: GtkPopover.self), &rect)
        gtk_popover_popup(popover.cast(to: GtkPopover.self))
        return popover
    }

    /// A new popover on `parent` (a submenu's item button), or on the overlay for the menu, with what
    /// does not change from one menu to the next: its look, its keys, and for the menu, `closed`.
    private func makePopover(parent: WidgetPointer?) -> WidgetPointer {
        let popover = gtk_popover_new()!
        gtk_widget_add_css_class(popover, "editmenu-popup")
        gtk_popover_set_has_arrow(popover.cast(to: GtkPopover.self), 0)
        gtk_widget_set_direction(popover, GTK_TEXT_DIR_LTR)
        gtk_widget_set_parent(popover, parent ?? overlay)
        if parent == nil {
            Signal.connect(popover.raw, "closed") { [weak self] in
                guard let self, !self.tearingDown else { return }
                self.onPopupClosed?()
            }
        }
        // A popup has the keyboard while it is open: its keys go to the menu first.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(keys), "key-pressed",
            key: { [weak self] keyval, modifiers in self?.onKey?(keyval, modifiers) ?? false })
        gtk_widget_add_controller(popover, keys)
        return popover
    }

    /// The kept popover, if it is still on the overlay (a window that went took it with it: it is let
    /// go then).
    private func takeSparePopover() -> WidgetPointer? {
        guard let spare = sparePopover else { return nil }
        sparePopover = nil
        if gtk_widget_get_parent(spare) == overlay {
            g_object_unref(spare.raw)
            return spare
        }
        release(spare)
        return nil
    }

    /// Lets go of a kept popover: off its parent, and the view's reference dropped.
    private func release(_ popover: WidgetPointer) {
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
        g_object_unref(popover.raw)
    }

    private func place(_ widget: WidgetPointer, at frame: CGRect, origin: CGPoint, in fixed: WidgetPointer) {
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
        let button = Accessible.widget(gtk_button_get_type(), role: GTK_ACCESSIBLE_ROLE_MENU_ITEM)
        Accessible.setLabel(button, item.title)
        if let shortcut = item.shortcut { Accessible.setShortcut(button, shortcut) }
        if item.hasSubmenu {
            Accessible.setHasPopup(button)
            Accessible.setExpanded(button, false)
        }
        // The button is named by its title: the labels inside are not read again, the glyphs never.
        func label(_ text: String) -> WidgetPointer {
            let label = gtk_label_new(text)!
            Accessible.hide(label)
            return label
        }
        let child: WidgetPointer
        switch item.region {
        case .bar:
            child = label(item.title)
            gtk_label_set_ellipsize(child.opaque, PANGO_ELLIPSIZE_END)
        case .topRow:
            child = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
            gtk_widget_set_valign(child, GTK_ALIGN_CENTER)
            if let icon = item.icon {
                // The theme's icon (Adwaita): the freedesktop name of the HIG's standard icon, in its symbolic
                // form, drawn in the title's colour.
                let image = gtk_image_new_from_icon_name(icon.freedesktopName + "-symbolic")!
                gtk_image_set_pixel_size(image.opaque, 18)
                Accessible.hide(image)
                gtk_box_append(child.cast(to: GtkBox.self), image)
            } else if let symbol = symbol(for: item.id) {
                let icon = label(symbol)
                gtk_widget_add_css_class(icon, "icon")
                gtk_box_append(child.cast(to: GtkBox.self), icon)
            }
            let title = label(item.title)
            gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
            gtk_box_append(child.cast(to: GtkBox.self), title)
        case .list:
            child = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
            gtk_widget_set_margin_start(child, Int32(layout.metrics.itemPadding))
            gtk_widget_set_margin_end(child, Int32(layout.metrics.itemPadding))
            if layout.iconColumnWidth > 0 {
                // The icon column (EDIT-MENU.md §13): the theme's icon, or the empty column that keeps
                // titles aligned.
                let image =
                    item.icon.map { gtk_image_new_from_icon_name($0.freedesktopName + "-symbolic")! }
                    ?? gtk_image_new()!
                gtk_image_set_pixel_size(image.opaque, Int32(layout.metrics.iconSize.rounded()))
                gtk_widget_set_size_request(image, Int32(layout.iconColumnWidth.rounded()), -1)
                gtk_widget_set_halign(image, GTK_ALIGN_START)
                Accessible.hide(image)
                gtk_box_append(child.cast(to: GtkBox.self), image)
            }
            let title = label(item.title)
            gtk_label_set_xalign(title.opaque, 0)
            gtk_widget_set_hexpand(title, 1)
            gtk_box_append(child.cast(to: GtkBox.self), title)
            if let shortcut = item.shortcut {
                let shortcutLabel = label(shortcut)
                gtk_widget_add_css_class(shortcutLabel, "shortcut")
                gtk_box_append(child.cast(to: GtkBox.self), shortcutLabel)
            }
            if item.hasSubmenu {
                let chevron = label(layout.isMirrored ? "‹" : "›")
                gtk_widget_set_margin_start(chevron, 8)
                gtk_box_append(child.cast(to: GtkBox.self), chevron)
            }
        }
        Accessible.hide(child)
        gtk_button_set_child(button.cast(to: GtkButton.self), child)
        return button
    }

    /// Draws the rounded body, the arrow and the dividers.
    static func paint(_ painting: Painting, on cr: OpaquePointer) {
        let layout = painting.layout
        let o = painting.origin
        let frame = layout.placement.frame.offsetBy(dx: -o.x, dy: -o.y)
        let r = painting.square ? 0 : min(layout.metrics.cornerRadius, frame.height / 2, frame.width / 2)
        let bg = EditMenuStyleSheet.background(dark: painting.dark)
        cairo_new_path(cr)
        cairo_arc(cr, frame.maxX - r, frame.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, frame.maxX - r, frame.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cr, frame.minX + r, frame.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, frame.minX + r, frame.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        let triangle = layout.placement.arrowTriangle(metrics: layout.metrics)?.map {
            CGPoint(x: $0.x - o.x, y: $0.y - o.y)
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
