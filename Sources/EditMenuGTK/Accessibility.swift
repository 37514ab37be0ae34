#if GTK
import CGtk

/// What the menu's widgets tell assistive technologies (GTK's accessibility, exported over AT-SPI):
/// roles given at construction, as GTK 4 requires, and labels, states and properties set after.
@MainActor
enum Accessible {
    /// A new widget of `type` (`gtk_button_get_type()` …) with the accessible role `role`: GTK reads the
    /// `accessible-role` property only when the object is constructed.
    static func widget(_ type: GType, role: GtkAccessibleRole) -> WidgetPointer {
        let object = withGValue(
            gtk_accessible_role_get_type(), { g_value_set_enum($0, Int32(bitPattern: role.rawValue)) }
        ) { value in
            "accessible-role".withCString { name -> UnsafeMutablePointer<GObject>? in
                var names: [UnsafePointer<CChar>?] = [name]
                return g_object_new_with_properties(type, 1, &names, value)
            }
        }
        return UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GtkWidget.self)
    }

    /// What is read for `widget` (its name over AT-SPI).
    static func setLabel(_ widget: WidgetPointer, _ label: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, cgtk_type_string()) { g_value_set_string($0, label) }
    }

    /// What is read for `widget` after its name and role (AT-SPI's description).
    static func setDescription(_ widget: WidgetPointer, _ description: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, cgtk_type_string()) {
            g_value_set_string($0, description)
        }
    }

    /// The keyboard shortcut an item performs, as shown (`Ctrl+C`).
    static func setShortcut(_ widget: WidgetPointer, _ shortcut: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, cgtk_type_string()) { g_value_set_string($0, shortcut) }
    }

    /// Says that activating `widget` opens a submenu.
    static func setHasPopup(_ widget: WidgetPointer) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, cgtk_type_boolean()) { g_value_set_boolean($0, 1) }
    }

    /// Says whether the submenu `widget` opens is shown: AT-SPI's `expandable` state, and `expanded`
    /// while it is open (what screen readers say of a submenu item, beside `has-popup`).
    static func setExpanded(_ widget: WidgetPointer, _ expanded: Bool) {
        // GTK reads this state, which may also be undefined, as an int (-1 undefined, 0 false, 1 true):
        // a boolean GValue reads as 0 whatever it holds.
        let int = GType(6) << GType(G_TYPE_FUNDAMENTAL_SHIFT)
        withGValue(int, { g_value_set_int($0, expanded ? 1 : 0) }) { value in
            var state = GTK_ACCESSIBLE_STATE_EXPANDED
            gtk_accessible_update_state_value(widget.opaque, 1, &state, value)
        }
    }

    /// The name of the accessible action that opens the edit menu at the selection, as AT-SPI lists it
    /// (AppKit's `accessibilityPerformShowMenu`; GTK names a widget's actions `group.action`).
    static let showMenuAction = "editmenu.show-menu"

    /// Gives `widget` the accessible action ``showMenuAction``, which runs `show`: GTK lists a widget's
    /// own actions over AT-SPI's Action interface, so screen readers offer it (Orca's "show actions").
    static func addShowMenuAction(to widget: WidgetPointer, _ show: @escaping @MainActor () -> Void) {
        let parts = showMenuAction.split(separator: ".").map(String.init)
        let group = g_simple_action_group_new()!
        let action = g_simple_action_new(parts[1], nil)!
        Signal.connect(UnsafeMutableRawPointer(action), "activate", pointer: { _ in show() })
        g_action_map_add_action(OpaquePointer(group), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        gtk_widget_insert_action_group(widget, parts[0], OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
        disableToolkitMenu(on: widget)
    }

    /// Turns off GTK's own `menu.popup` on `widget` when its class has one (text views, labels): the
    /// widget's menu is the edit menu, and assistive technologies, which list a widget's enabled
    /// actions, would otherwise offer GTK's context menu beside it.
    private static func disableToolkitMenu(on widget: WidgetPointer) {
        guard let type = widget.pointee.parent_instance.g_type_instance.g_class else { return }
        let widgetClass = UnsafeMutableRawPointer(type).assumingMemoryBound(to: GtkWidgetClass.self)
        var index: guint = 0
        var owner: GType = 0
        var name: UnsafePointer<CChar>?
        var parameter: OpaquePointer?
        var property: UnsafePointer<CChar>?
        while gtk_widget_class_query_action(widgetClass, index, &owner, &name, &parameter, &property) != 0 {
            if let name, String(cString: name) == "menu.popup" {
                gtk_widget_action_set_enabled(widget, "menu.popup", 0)
                return
            }
            index += 1
        }
    }

    /// Keeps `widget` (a decorative glyph, a label its parent already names, a drawing) out of what
    /// assistive technologies read.
    static func hide(_ widget: WidgetPointer) {
        withGValue(cgtk_type_boolean(), { g_value_set_boolean($0, 1) }) { value in
            var state = GTK_ACCESSIBLE_STATE_HIDDEN
            gtk_accessible_update_state_value(widget.opaque, 1, &state, value)
        }
    }

    /// Sets accessible property `property` of `widget` to a value of `type` that `set` fills in.
    private static func update(
        _ widget: WidgetPointer, _ property: GtkAccessibleProperty, _ type: GType,
        _ set: (UnsafeMutablePointer<GValue>) -> Void
    ) {
        withGValue(type, set) { value in
            var property = property
            gtk_accessible_update_property_value(widget.opaque, 1, &property, value)
        }
    }
}
#endif

#if GTK
extension GTKSupport {
    /// Names `widget` for assistive technologies — what a screen reader says for it (AT-SPI's name),
    /// such as a text view's purpose ("Notes") rather than its class ("GtkTextView"). GTK's own
    /// `gtk_accessible_update_property` takes variadic arguments, which Swift cannot call.
    package static func setAccessibleLabel(_ widget: WidgetPointer, _ label: String) {
        Accessible.setLabel(widget, label)
    }

    /// Adds `description` as the accessible description of `widget` (read after its name and role).
    package static func setAccessibleDescription(_ widget: WidgetPointer, _ description: String) {
        Accessible.setDescription(widget, description)
    }
}
#endif
