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

    /// The keyboard shortcut an item performs, as shown (`Ctrl+C`).
    static func setShortcut(_ widget: WidgetPointer, _ shortcut: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, cgtk_type_string()) { g_value_set_string($0, shortcut) }
    }

    /// Says that activating `widget` opens a submenu.
    static func setHasPopup(_ widget: WidgetPointer) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, cgtk_type_boolean()) { g_value_set_boolean($0, 1) }
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
