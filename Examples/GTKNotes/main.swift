// gtk-notes: the smallest GTK 4 program with the edit menu on its own text view.
//
// It builds an ordinary window with a GtkTextView and attaches EditMenuKit's GTKEditMenuInteraction:
// the menu's gestures, rules, layout, keyboard navigation, commands and data actions come from the
// host SDK. Build and run it with the package's GTK trait (Debian's libgtk-4-dev):
//     swift run --traits GTK gtk-notes
// EDITMENU_GTK_LOG=FILE records what the menu does (JSON lines), for the example's test.

#if GTK
import CGtk
import EditMenuGTK
import EditMenuKit
import Foundation

let text = """
    Notes: call +1 (408) 555-0123 about the meeting on December 5, 2026 at 3:00 PM.
    Right-click a word, or select it and press the Menu key or Shift-F10.
    """
let environment = ProcessInfo.processInfo.environment
nonisolated(unsafe) var interaction: GTKEditMenuInteraction?

/// Builds the window when the application activates: the app's own widgets, then the edit menu.
@MainActor func activate(_ app: UnsafeMutablePointer<GtkApplication>) {
    let window = gtk_application_window_new(app)!
    gtk_window_set_title(window.cast(to: GtkWindow.self), "Notes")
    gtk_window_set_default_size(window.cast(to: GtkWindow.self), 640, 360)

    // The app's own widgets: an overlay (where menus are drawn) holding a text view.
    let overlay = gtk_overlay_new()!
    gtk_window_set_child(window.cast(to: GtkWindow.self), overlay)
    let view = gtk_text_view_new()!
    gtk_text_view_set_wrap_mode(view.cast(to: GtkTextView.self), GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_left_margin(view.cast(to: GtkTextView.self), 12)
    gtk_text_view_set_top_margin(view.cast(to: GtkTextView.self), 12)
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(view.cast(to: GtkTextView.self)), text, -1)
    gtk_overlay_set_child(overlay.opaque, view)

    // The edit menu, attached to the text view. (`log:` is the package's own test hook, for the
    // example's end-to-end test, as is the "ready" report below; an app leaves both out.)
    let configuration = EditMenuConfiguration(idiom: .pad, locale: MenuLocale.fromEnvironment(environment))
    let log = EventLog(path: environment["EDITMENU_GTK_LOG"])
    let menu = GTKEditMenuInteraction(
        overlay: overlay, clipboard: gtk_widget_get_clipboard(window), configuration: configuration, log: log)
    // What a screen reader says for the text view: its purpose, not its class ("GtkTextView").
    menu.attach(textView: view, accessibilityLabel: "Notes")
    interaction = menu

    gtk_window_present(window.cast(to: GtkWindow.self))
    // Where the word "meeting" is, once laid out: the example's test right-clicks it (test hook).
    GTKSupport.after(milliseconds: 300) {
        guard let notes = menu.targets.first as? TextViewTarget else { return }
        let start = text.unicodeScalars.distance(
            from: text.unicodeScalars.startIndex,
            to: text.range(of: "meeting")!.lowerBound.samePosition(in: text.unicodeScalars)!)
        let rect =
            notes.rect(ofScalars: start..<(start + 7), in: overlay) ?? CGRect(x: 0, y: 0, width: 0, height: 0)
        let origin = menu.overlayOriginInSurface()
        log.record(
            "ready", ["origin": [origin.x, origin.y], "word": [rect.minX, rect.minY, rect.width, rect.height]])
    }
}

MainActor.assumeIsolated {
    let app = gtk_application_new("org.editmenukit.GTKNotes", G_APPLICATION_NON_UNIQUE)!
    // `g_signal_connect` is a C macro Swift does not import: connect a C function with the call it expands to.
    let onActivate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { instance, _ in
        MainActor.assumeIsolated { activate(instance!.assumingMemoryBound(to: GtkApplication.self)) }
    }
    g_signal_connect_data(
        UnsafeMutableRawPointer(app), "activate", unsafeBitCast(onActivate, to: GCallback.self), nil, nil,
        GConnectFlags(rawValue: 0))
    exit(g_application_run(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self), 0, nil))
}
#else
import Foundation

FileHandle.standardError.write(Data("gtk-notes needs the GTK trait: swift run --traits GTK gtk-notes\n".utf8))
exit(2)
#endif
