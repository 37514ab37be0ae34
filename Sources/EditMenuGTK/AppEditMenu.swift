#if GTK
import CGtk
import EditMenuKit
import Foundation

/// The app's Edit menu in the menu bar: a `GMenu` built from the controller's menu-bar menu
/// (`EditMenuController.menuBarItems()`: localized titles, sections, submenus, only what this host
/// performs), one `GSimpleAction` per command with its standard
/// accelerator (`<Control>c` …), and enabled states kept live from the focused target.
///
/// ```swift
/// let edit = AppEditMenu(application: app, interaction: interaction)
/// gtk_application_set_menubar(app, UnsafeMutablePointer<GMenuModel>(edit.menuBar))
/// ```
@MainActor
public final class AppEditMenu {
    /// The menu bar model holding the Edit menu.
    public let menuBar: OpaquePointer
    private let application: UnsafeMutablePointer<GtkApplication>
    private let interaction: GTKEditMenuInteraction
    private var actions: [EditCommand.ID: OpaquePointer] = [:]
    private var enabledNow: [String]?

    /// Builds the Edit menu for `application`, performing through `interaction`'s active target.
    public init(application: UnsafeMutablePointer<GtkApplication>, interaction: GTKEditMenuInteraction) {
        self.application = application
        self.interaction = interaction
        menuBar = g_menu_new()
        let edit = g_menu_new()!
        // Every item this host can perform, decided as every menu is (EditMenuController.menuBarItems).
        if let menu = interaction.controller.menuBarItems() {
            for section in menu.sections {
                let part = g_menu_new()!
                for command in section.commands { add(command, to: part) }
                g_menu_append_section(edit, nil, UnsafeMutablePointer<GMenuModel>(part))
                g_object_unref(UnsafeMutableRawPointer(part))
            }
        }
        let title = MenuStrings(locale: interaction.locale).title("edit", idiom: interaction.idiom)
        g_menu_append_submenu(menuBar, title.isEmpty ? "Edit" : title, UnsafeMutablePointer<GMenuModel>(edit))
        g_object_unref(UnsafeMutableRawPointer(edit))
        refresh()
        // The enabled states follow every attached widget's changes (after what was already called).
        let previous = interaction.onStateChange
        interaction.onStateChange = { [weak self] in
            previous?()
            self?.refresh()
        }
    }

    private func add(_ command: EditCommand, to menu: OpaquePointer) {
        if command.isSubmenu {
            let sub = g_menu_new()!
            for child in command.children { add(child, to: sub) }
            g_menu_append_submenu(menu, command.title, UnsafeMutablePointer<GMenuModel>(sub))
            g_object_unref(UnsafeMutableRawPointer(sub))
            return
        }
        let name = command.id.rawValue
        g_menu_append(menu, command.title, "app.\(name)")
        guard actions[command.id] == nil else { return }
        // A toggle (Check Spelling While Typing) is a stateful action: GTK draws its check mark.
        let action =
            command.id == .checkSpellingWhileTyping
            ? g_simple_action_new_stateful(name, nil, g_variant_new_boolean(command.isChecked ? 1 : 0))!
            : g_simple_action_new(name, nil)!
        let id = command.id
        Signal.connect(
            UnsafeMutableRawPointer(action), "activate",
            pointer: { [weak self] _ in
                guard let self, self.interaction.activeTarget != nil else { return }
                self.interaction.controller.perform(id)
                self.refresh()
            })
        g_action_map_add_action(OpaquePointer(application), action)
        actions[command.id] = action
        if let key = command.keyEquivalent ?? KeyEquivalent.standard(for: command.id) {
            let accel = Self.accelerator(for: key)
            var keyval: guint = 0
            var mods = GdkModifierType(rawValue: 0)
            guard gtk_accelerator_parse(accel, &keyval, &mods) != 0 else { return }
            withArrayOfCStrings([accel]) { gtk_application_set_accels_for_action(application, "app.\(name)", $0) }
        }
    }

    /// A GTK accelerator string for a key equivalent: `<Control><Shift>z`.
    package static func accelerator(for key: KeyEquivalent) -> String {
        var accel = ""
        if key.primary { accel += "<Control>" }
        if key.shift { accel += "<Shift>" }
        if key.option { accel += "<Alt>" }
        return accel + keyName(key.key)
    }

    /// GDK's name for a key equivalent's key: `c`, `colon`, `Delete`.
    static func keyName(_ key: String) -> String {
        let scalars = Array(key.lowercased().unicodeScalars)
        if scalars.count == 1, let name = gdk_keyval_name(gdk_unicode_to_keyval(scalars[0].value)) {
            return String(cString: name)
        }
        switch key.lowercased() {
        case "delete", "forwarddelete": return "Delete"
        case "backspace": return "BackSpace"
        case "return", "enter": return "Return"
        case "escape": return "Escape"
        case "tab": return "Tab"
        case "space": return "space"
        default: return key.prefix(1).uppercased() + key.dropFirst()
        }
    }

    /// Sets every action's enabled state from the menu-bar rules for the active target. The menu does it
    /// whenever an attached widget's content or selection changes; call it after changing what the
    /// rules read some other way.
    public func refresh() {
        guard interaction.activeTarget != nil else {
            for action in actions.values { g_simple_action_set_enabled(action, 0) }
            record([])
            return
        }
        let menu = interaction.controller.menuBarMenu()
        if let toggle = actions[.checkSpellingWhileTyping], let command = menu?.command(.checkSpellingWhileTyping) {
            g_simple_action_set_state(toggle, g_variant_new_boolean(command.isChecked ? 1 : 0))
        }
        var enabled: [String] = []
        for (id, action) in actions {
            let on = menu?.command(id)?.isEnabled == true
            g_simple_action_set_enabled(action, on ? 1 : 0)
            if on { enabled.append(id.rawValue) }
        }
        record(enabled.sorted())
    }

    /// Logs the enabled commands when they change.
    private func record(_ enabled: [String]) {
        guard enabled != enabledNow else { return }
        enabledNow = enabled
        interaction.log.record("editMenu", ["enabled": enabled])
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
func withArrayOfCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    let array: [UnsafePointer<CChar>?] = pointers.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}
#endif
