#if GTK
import CGtk
import EditMenuKit
import EditMenuServices
import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuGTK

/// The GTK host's row of the agreement test: every command of ``DocumentAgreement/cases`` on a real
/// `GtkTextView` (in this process, on a display of its own) through `GTKEditMenuInteraction`'s
/// controller leaves the text, selection and undo step the terminal host, `HeadlessHost` and the
/// primitives-only host leave (`EditMenuTerminalTests`' `DocumentAgreementTests`).
@Suite("Document commands agree across hosts: the GTK host")
@MainActor
struct DocumentAgreementGTKTests {
    /// One Xvfb for the suite, GTK initialised on it once.
    static let display: VirtualDisplay? = {
        guard let display = try? VirtualDisplay() else { return nil }
        setenv("DISPLAY", display.name, 1)
        setenv("GDK_BACKEND", "x11", 1)
        return gtk_init_check() != 0 ? display : nil
    }()

    static let checker = EnchantSpellChecker.system(environment: ["HOME": "/nonexistent"])

    /// Runs GTK's main loop until nothing is pending (a substitution runs once GTK finished inserting).
    func drain() {
        for _ in 0..<20 {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2000)
        }
    }

    @Test("each command leaves the same text, selection and undo step", arguments: DocumentAgreement.cases)
    func agree(_ row: DocumentAgreement.Case) throws {
        try #require(Self.display != nil, "Xvfb and GTK on it")
        if row.needsSpelling {
            try #require(Self.checker?.languages.contains { $0.hasPrefix("en") } == true, "an English dictionary")
        }
        let window = gtk_window_new()!
        defer { gtk_window_destroy(window.cast(to: GtkWindow.self)) }
        let overlay = gtk_overlay_new()!
        gtk_window_set_child(window.cast(to: GtkWindow.self), overlay)
        let view = gtk_text_view_new()!
        let buffer = gtk_text_view_get_buffer(view.cast(to: GtkTextView.self))!
        gtk_text_buffer_set_text(buffer, row.text, -1)
        gtk_overlay_set_child(overlay.opaque, view)
        var configuration = EditMenuConfiguration(idiom: .pad)
        configuration.dataDetector = nil
        if row.needsSpelling { configuration.spellChecker = Self.checker }
        let menu = GTKEditMenuInteraction(
            overlay: overlay, clipboard: gtk_widget_get_clipboard(window), configuration: configuration)
        let target = TextViewTarget(view, name: "agreement")
        menu.attach(target)
        menu.activate(target)
        var document = target
        document.select(row.selection)
        row.run(menu.controller) { typed in
            gtk_text_buffer_insert_at_cursor(buffer, typed, -1)
            drain()
        }
        drain()
        let text = target.text(scalars: 0..<target.scalarCount)
        #expect(text == row.expectedText)
        #expect(target.selection == row.expectedSelection, "selection")
        #expect(target.lastEdit == row.expectedUndo, "undo step")
    }
}
#endif
