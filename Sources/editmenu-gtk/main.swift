#if GTK
import CGtk
import EditMenuGTK
import EditMenuKit
import Foundation

// editmenu-gtk: the GTK 4 demo. LANG (or LC_ALL, LC_MESSAGES) picks the menu's language;
// EDITMENU_GTK_THEME=dark draws it dark; EDITMENU_GTK_IDIOM=mac|pad|phone picks the rules' device kind;
// EDITMENU_GTK_SIZE=WxH sizes the window; EDITMENU_GTK_LOG=FILE records the host's events (JSON lines).
// EDITMENU_GTK_TRANSLATE_TO=TAG is the language Translate translates into (default: the menu's).
// EDITMENU_GTK_RELEASE=2023|current (or --release 2023|current) picks the guidance (default current).
let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    let arguments = CommandLine.arguments
    if let i = arguments.firstIndex(of: "--release"), i + 1 < arguments.count {
        environment["EDITMENU_GTK_RELEASE"] = arguments[i + 1]
    }
    return environment
}()
nonisolated(unsafe) var demo: DemoWindow?

MainActor.assumeIsolated {
    let log = EventLog(path: environment["EDITMENU_GTK_LOG"])
    let app = gtk_application_new("org.editmenukit.GTKDemo", G_APPLICATION_NON_UNIQUE)!
    GTKSupport.connect(UnsafeMutableRawPointer(app), "activate") {
        let window = DemoWindow(application: app, environment: environment, log: log)
        demo = window
        gtk_window_present(window.window.cast(to: GtkWindow.self))
        GTKSupport.after(milliseconds: 400) { window.reportReady(to: log) }
    }
    let status = g_application_run(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self), 0, nil)
    exit(status)
}
#else
import Foundation

// Built without GTK: the GTK host needs Debian's libgtk-4-dev and the package's GTK trait.
FileHandle.standardError.write(
    Data(
        "editmenu-gtk was built without GTK 4: run `scripts/setup-gtk.sh`, then `swift run --traits GTK editmenu-gtk`\n"
            .utf8))
exit(2)
#endif
