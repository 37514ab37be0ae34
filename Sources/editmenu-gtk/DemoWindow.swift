#if GTK
import CGtk
import EditMenuGTK
import EditMenuKit
import EditMenuServices
import Foundation

/// The demo window: every content kind the GTK host supports, with the edit menu attached.
@MainActor
final class DemoWindow {
    static let sampleText = """
        Meet Anna at 1 Infinite Loop, Cupertino, CA 95014 on December 5, 2026 at 3:00 PM.
        Call +1 (408) 555-0123 or read https://developer.apple.com/design/ before then.
        Press and hold a word, double click, right click, or press Menu or Shift-F10.
        A misspelled wrod is underlined in red; right click it for suggestions.
        """
    static let contact = (name: "Anna Haro", phone: "+1 (555) 522-8243", email: "anna-haro@mac.com")

    /// The text view's text: the sample, or `EDITMENU_GTK_TEXT` (for tests).
    let text: String
    let window: WidgetPointer
    let interaction: GTKEditMenuInteraction
    let textView: TextViewTarget
    private(set) var targets: [any EditMenuTarget] = []
    let editMenu: AppEditMenu

    init(application: UnsafeMutablePointer<GtkApplication>, environment: [String: String], log: EventLog) {
        let locale = MenuLocale.fromEnvironment(environment)
        let dark = environment["EDITMENU_GTK_THEME"] == "dark"
        if locale.isRightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        if dark, let settings = gtk_settings_get_default() {
            var value = GValue()
            g_value_init(&value, cgtk_type_boolean())
            g_value_set_boolean(&value, 1)
            g_object_set_property(
                UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
                "gtk-application-prefer-dark-theme", &value)
        }
        window = gtk_application_window_new(application)
        gtk_window_set_title(window.cast(to: GtkWindow.self), "EditMenuKit — GTK")
        let size = (environment["EDITMENU_GTK_SIZE"] ?? "").split(separator: "x").compactMap { Int32($0) }
        gtk_window_set_default_size(
            window.cast(to: GtkWindow.self), size.count == 2 ? size[0] : 760, size.count == 2 ? size[1] : 600)
        gtk_application_window_set_show_menubar(window.cast(to: GtkApplicationWindow.self), 1)

        let overlay = gtk_overlay_new()!
        gtk_window_set_child(window.cast(to: GtkWindow.self), overlay)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for set in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end,
        ] { set(column, 16) }
        gtk_overlay_set_child(overlay.opaque, column)
        func add(_ widget: WidgetPointer) { gtk_box_append(column.cast(to: GtkBox.self), widget) }

        // EDITMENU_OPENER names the program URIs are handed to (default xdg-open), for tests.
        let opener = SystemOpener(executable: environment["EDITMENU_OPENER"] ?? ProcessRunner.find("xdg-open"))
        let idiom = environment["EDITMENU_GTK_IDIOM"].flatMap(Idiom.init(rawValue:)) ?? .pad
        var configuration = EditMenuConfiguration(idiom: idiom, locale: locale, measurer: PangoTextMeasurer())
        // Today's platforms unless EDITMENU_GTK_RELEASE (or --release) says 2023 (EDIT-MENU.md §13).
        configuration.release = environment["EDITMENU_GTK_RELEASE"].flatMap(EditMenuRelease.init(rawValue:)) ?? .current
        // Substitutions ▸, the search engine and text replacements as people left them (XDG folders).
        let settingsFile = SettingsFile(environment: environment)
        let (settings, problems) = settingsFile.load()
        for problem in problems { log.record("settings", ["problem": problem.description]) }
        configuration.settings = settings
        configuration.settingsFile = settingsFile
        configuration.services = [
            WebSearchService(engine: settings.searchEngine), ShareService(environment: environment),
        ]
        // Look Up, Translate, Speech and spelling, as far as their tools are installed.
        let services = LanguageServices.discover(
            locale: locale, translateTo: environment["EDITMENU_GTK_TRANSLATE_TO"], environment: environment)
        services.install(into: &configuration)
        log.record("services", ["found": services.report])
        interaction = GTKEditMenuInteraction(
            overlay: overlay, clipboard: gdk_display_get_clipboard(gtk_widget_get_display(window)),
            configuration: configuration, isDark: dark,
            primaryButton: environment["EDITMENU_GTK_TOUCH"] == "1" ? .touch : .pointer, log: log,
            opener: opener.open)

        // A text view whose sample holds an address, a date, a phone number and a link.
        let view = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(view.cast(to: GtkTextView.self), GTK_WRAP_WORD_CHAR)
        for set in [
            gtk_text_view_set_left_margin, gtk_text_view_set_right_margin, gtk_text_view_set_top_margin,
            gtk_text_view_set_bottom_margin,
        ] { set(view.cast(to: GtkTextView.self), 8) }
        text = environment["EDITMENU_GTK_TEXT"] ?? Self.sampleText
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(view.cast(to: GtkTextView.self)), text, -1)
        gtk_text_buffer_set_enable_undo(gtk_text_view_get_buffer(view.cast(to: GtkTextView.self)), 1)
        gtk_widget_set_size_request(view, -1, 130)
        add(Self.caption("Text view"))
        add(view)
        textView = TextViewTarget(view, name: "textView")
        // What a screen reader says for each widget: its purpose, not its class ("GtkTextView").
        GTKSupport.setAccessibleLabel(view, "Sample text")
        GTKSupport.setAccessibleDescription(view, "The Menu key or Shift+F10 opens the edit menu at the selection")

        add(Self.caption("Selectable label"))
        let label = gtk_label_new("A static label: select a word and copy it.")!
        gtk_label_set_xalign(label.opaque, 0)
        add(label)

        add(Self.caption("Entry and password entry"))
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let entry = gtk_entry_new()!
        gtk_editable_set_text(entry.opaque, "Editable entry text")
        gtk_widget_set_hexpand(entry, 1)
        let password = gtk_password_entry_new()!
        gtk_editable_set_text(password.opaque, "hunter2 secret")
        gtk_widget_set_hexpand(password, 1)
        GTKSupport.setAccessibleLabel(entry, "Editable entry")
        GTKSupport.setAccessibleLabel(password, "Password")
        gtk_box_append(row.cast(to: GtkBox.self), entry)
        gtk_box_append(row.cast(to: GtkBox.self), password)
        add(row)

        let objects = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let button = gtk_button_new_with_label("A Button")!
        gtk_widget_set_valign(button, GTK_ALIGN_START)
        let texture = Self.sampleImage()
        let picture = gtk_picture_new_for_paintable(texture)!
        gtk_widget_set_size_request(picture, 160, 100)
        GTKSupport.setAccessibleLabel(picture, "Sample image: a sun over a blue gradient")
        let card = Self.contactCard()
        GTKSupport.setAccessibleLabel(card, "Contact card: \(Self.contact.name)")
        gtk_box_append(objects.cast(to: GtkBox.self), button)
        gtk_box_append(objects.cast(to: GtkBox.self), picture)
        gtk_box_append(objects.cast(to: GtkBox.self), card)
        add(Self.caption("Button, image and contact card"))
        add(objects)

        let pngBytes = gdk_texture_save_to_png_bytes(texture)
        let png: Data =
            pngBytes.map { bytes in
                var size: gsize = 0
                let base = g_bytes_get_data(bytes, &size)
                defer { g_bytes_unref(bytes) }
                return base.map { Data(bytes: $0, count: Int(size)) } ?? Data()
            } ?? Data()
        let contact = Self.contact
        targets = [
            textView,
            LabelTarget(label, name: "label"),
            EditableTarget(entry, name: "entry"),
            EditableTarget(password, name: "password"),
            ObjectTarget(button, name: "button", kind: .button) { [] },
            ObjectTarget(picture, name: "image", kind: .image) { [("image/png", png)] },
            ObjectTarget(card, name: "contact", kind: .object) {
                let vcard =
                    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(contact.name)\r\nTEL:\(contact.phone)\r\nEMAIL:\(contact.email)\r\nEND:VCARD\r\n"
                return [
                    ("text/vcard", Data(vcard.utf8)),
                    ("text/plain;charset=utf-8", Data("\(contact.name)\n\(contact.phone)\n\(contact.email)".utf8)),
                ]
            },
        ]
        for target in targets { interaction.attach(target) }
        editMenu = AppEditMenu(application: application, interaction: interaction)
        gtk_application_set_menubar(application, UnsafeMutablePointer<GMenuModel>(editMenu.menuBar))
        interaction.controller.delegate = self
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    /// Logs where everything is, once the window is laid out: the overlay's origin in the X window,
    /// each target's bounds and the text view's first words, in overlay coordinates.
    func reportReady(to log: EventLog) {
        var widgets: [String: Any] = [:]
        for target in targets {
            var rect = graphene_rect_t()
            if gtk_widget_compute_bounds(target.widget, interaction.overlay, &rect) != 0 {
                widgets[target.name] = [
                    Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height),
                ]
            }
        }
        let sampleWords = ["Meet", "Anna", "Infinite", "Call", "read", "December", "wrod", "misspelled"]
        let textWords =
            text == Self.sampleText ? sampleWords : text.split(whereSeparator: \.isWhitespace).map(String.init)
        let words = textWords.compactMap { word -> [String: Any]? in
            guard let range = text.range(of: word) else { return nil }
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
            guard
                let rect = textView.rect(
                    ofScalars: start..<(start + word.unicodeScalars.count), in: interaction.overlay)
            else { return nil }
            return ["word": word, "rect": EventLog.rect(rect)]
        }
        let origin = interaction.overlayOriginInSurface()
        log.record(
            "ready",
            [
                "origin": [origin.x, origin.y], "widgets": widgets, "words": words,
                "locale": interaction.locale.identifier, "idiom": interaction.idiom.rawValue,
            ])
    }

    private static func caption(_ text: String) -> WidgetPointer {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(label.opaque, 0)
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "caption-heading")
        return label
    }

    /// A 160×100 gradient with a sun, made in memory (no files to ship).
    private static func sampleImage() -> OpaquePointer {
        let width = 160, height = 100
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let dx = Double(x - 120), dy = Double(y - 30)
                let sun = dx * dx + dy * dy < 225
                pixels[i] = sun ? 255 : UInt8(40 + y)
                pixels[i + 1] = sun ? 204 : UInt8(90 + y)
                pixels[i + 2] = sun ? 0 : UInt8(200 - y / 2)
                pixels[i + 3] = 255
            }
        }
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))
    }

    private static func contactCard() -> WidgetPointer {
        let card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_add_css_class(card, "card")
        gtk_widget_set_size_request(card, 220, 100)
        for (text, heading) in [(contact.name, true), (contact.phone, false), (contact.email, false)] {
            let label = gtk_label_new(text)!
            gtk_label_set_xalign(label.opaque, 0)
            gtk_widget_set_margin_start(label, 12)
            if heading {
                gtk_widget_add_css_class(label, "heading")
                gtk_widget_set_margin_top(label, 12)
            }
            gtk_box_append(card.cast(to: GtkBox.self), label)
        }
        return card
    }
}

extension DemoWindow: @MainActor EditMenuControllerDelegate {
    func editMenuController(_ controller: EditMenuController, didNotPresentFor reason: NotPresentedReason) {
        interaction.log.record(
            "notPresented",
            [
                "widget": interaction.activeTarget?.name ?? "", "reason": reason.rawValue,
                "gesture": interaction.lastGesture?.rawValue ?? "",
            ])
    }
}
#endif
