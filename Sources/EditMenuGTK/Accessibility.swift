#if GTK
import CGtk

/// What the menu's widgets tell assistive technologies (GTK's accessibility, exported over AT-SPI):
/// roles given at construction, as GTK 4 requires, and labels, states and properties set after.
@MainActor
enum Accessible {
    /// A new widget of `type` (`gtk_button_get_type()` …) with the accessible role `role`: GTK reads the
    /// `accessible-role` property only when the object is constructed.
    static func widget(_ type: GType, role: GtkAccessibleRole) -> WidgetPointer {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, Int32(bitPattern: role.rawValue))
        defer { g_value_unset(&value) }
        let object = "accessible-role".withCString { name -> UnsafeMutablePointer<GObject>? in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(type, 1, &names, &value)
        }
        return UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GtkWidget.self)
    }

    /// What is read for `widget` (its name over AT-SPI).
    static func setLabel(_ widget: WidgetPointer, _ label: String) {
        var value = GValue()
        g_value_init(&value, cgtk_type_string())
        g_value_set_string(&value, label)
        defer { g_value_unset(&value) }
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }

    /// The keyboard shortcut an item performs, as shown (`Ctrl+C`).
    static func setShortcut(_ widget: WidgetPointer, _ shortcut: String) {
        var value = GValue()
        g_value_init(&value, cgtk_type_string())
        g_value_set_string(&value, shortcut)
        defer { g_value_unset(&value) }
        var property = GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }

    /// Says that activating `widget` opens a submenu.
    static func setHasPopup(_ widget: WidgetPointer) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, 1)
        var property = GTK_ACCESSIBLE_PROPERTY_HAS_POPUP
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }

    /// Keeps `widget` (a decorative glyph, a label its parent already names, a drawing) out of what
    /// assistive technologies read.
    static func hide(_ widget: WidgetPointer) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, 1)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(widget.opaque, 1, &state, &value)
    }
}
#endif
