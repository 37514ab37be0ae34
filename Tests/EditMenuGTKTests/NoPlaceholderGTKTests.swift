#if GTK
import CGtk
import EditMenuKit
import EditMenuServices
import EditMenuTestSupport
import Foundation
import XCTest

@testable import EditMenuGTK

/// Every item a menu of the GTK host shows does real work: GTK's own widgets in this process (on an
/// Xvfb display), every target of the demo's kinds with a caret, a range and everything selected, the
/// edit menus of every input and the menu bar's Edit menu with its submenus; each enabled command is
/// performed on the same content and must neither fail nor change nothing.
final class NoPlaceholderGTKTests: XCTestCase {
    /// Records the menus the controller suggests (before any layout, so no window need be on screen).
    @MainActor final class MenuRecorder: @MainActor EditMenuControllerDelegate {
        var ids: [EditCommand.ID] = []
        func editMenuController(
            _ controller: EditMenuController, menuFor context: EditMenuContext, suggestedMenu: EditMenu
        ) -> EditMenu {
            ids += Self.enabled(suggestedMenu.commands)
            return suggestedMenu
        }
        static func enabled(_ commands: [EditCommand]) -> [EditCommand.ID] {
            commands.flatMap { command -> [EditCommand.ID] in
                guard command.isEnabled else { return [] }
                return command.isSubmenu ? enabled(command.children) : [command.id]
            }
        }
    }

    /// Hears every outcome, background work's too.
    @MainActor final class OutcomeRecorder: @MainActor EditMenuControllerDelegate {
        var outcomes: [PerformOutcome] = []
        func editMenuController(
            _ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome
        ) {
            outcomes.append(outcome)
        }
    }

    /// One window of GTK's text widgets and objects with the edit menu attached.
    @MainActor final class Fixture {
        let window: WidgetPointer
        let interaction: GTKEditMenuInteraction
        let targets: [any EditMenuTarget]
        var opened: [String] = []

        init(idiom: Idiom, documents: String) {
            window = gtk_window_new()
            let overlay = gtk_overlay_new()!
            gtk_window_set_child(window.cast(to: GtkWindow.self), overlay)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            gtk_overlay_set_child(overlay.opaque, box)
            let view = gtk_text_view_new()!
            let buffer = gtk_text_view_get_buffer(view.cast(to: GtkTextView.self))
            gtk_text_buffer_set_text(
                buffer, "Meet Anna at 1 Infinite Loop on December 5, 2026.\nCall +1 (408) 555-0123 to recieve it.", -1)
            gtk_text_buffer_set_enable_undo(buffer, 1)
            let label = gtk_label_new("A static label: select a word and copy it.")!
            let entry = gtk_entry_new()!
            gtk_editable_set_text(entry.opaque, "Editable entry text")
            let password = gtk_password_entry_new()!
            gtk_editable_set_text(password.opaque, "hunter2 secret")
            let button = gtk_button_new_with_label("A Button")!
            let picture = gtk_label_new("image")!
            for widget in [view, label, entry, password, button, picture] {
                gtk_box_append(box.cast(to: GtkBox.self), widget)
            }
            var configuration = EditMenuConfiguration(idiom: idiom, measurer: PangoTextMeasurer())
            configuration.services = [WebSearchService(), ShareService(documentsFolder: documents, mailer: nil)]
            Fixture.services.install(into: &configuration)
            var record: [String] = []
            interaction = GTKEditMenuInteraction(
                overlay: overlay, clipboard: gdk_display_get_clipboard(gdk_display_get_default()),
                configuration: configuration,
                opener: {
                    record.append($0)
                    return true
                })
            _ = record
            targets = [
                TextViewTarget(view), LabelTarget(label), EditableTarget(entry),
                EditableTarget(password, name: "password"),
                ObjectTarget(button, name: "button", kind: .button) { [] },
                ObjectTarget(picture, name: "image", kind: .image) { [("image/png", Self.png)] },
            ]
            for target in targets { interaction.attach(target) }
            interaction.opener = { [weak self] uri in
                self?.opened.append(uri)
                return true
            }
            gtk_window_present(window.cast(to: GtkWindow.self))
            Self.spin(0.05)
        }

        /// This machine's language services, found once; speech synthesizes without playing.
        static let services: LanguageServices = {
            let scratch = NSTemporaryDirectory() + "editmenu-gtk-noplaceholder-words-\(getpid())"
            return LanguageServices.discover(
                locale: .english, translateTo: "es", speechOutput: .none,
                environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": scratch, "HOME": scratch]) {
                    $1
                })
        }()

        /// A 1×1 PNG.
        static let png = Data([
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
            0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
            0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D,
            0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ])

        /// Makes `target` the active one with `selection`.
        func prepare(_ index: Int, _ selection: Int) {
            let target = targets[index]
            interaction.activate(target)
            target.takeFocus()
            Self.spin(0.02)
            if let text = target as? (any ScalarTextModel) {
                let count = text.scalarCount
                let wanted = selection == 0 ? 5..<5 : selection == 1 ? 5..<min(count, 12) : 0..<count
                // GTK's entries select everything when they take focus, once the main loop runs: select
                // until the selection holds.
                for _ in 0..<5 where text.scalarSelection != wanted {
                    text.select(scalars: wanted)
                    Self.spin(0.02)
                }
            } else if selection > 0 {
                _ = target.select(for: .doubleTap, at: nil, input: .touch, gestures: SelectionGestures())
            }
            Self.spin(0.02)
            // An empty clipboard, so that Copy shows.
            gdk_clipboard_set_content(interaction.clipboard, nil)
        }

        func snapshot() -> String {
            let states = targets.map { target -> String in
                let state = target.logState()
                return
                    "\(state["text"] ?? "") \(state["selection"] ?? "") \((target as? ObjectTarget)?.isSelected ?? false)"
            }
            let clipboard = ClipboardFormats.pasteboardTypes(of: interaction.clipboard).map(\.rawValue).sorted()
            let controller = interaction.controller!
            return states.joined(separator: "|") + "\(clipboard) \(opened) \(interaction.findBar?.isShown ?? false) "
                + "\(controller.configuration.settings) \(controller.configuration.checksSpellingWhileTyping) "
                + "\(controller.findQuery) \(controller.lastFindResult.map { "\($0)" } ?? "")"
        }

        static func spin(_ seconds: Double) {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                _ = g_main_context_iteration(nil, 0)
                usleep(2000)
            }
        }

        func close() { gtk_window_destroy(window.cast(to: GtkWindow.self)) }
    }

    func testEveryItemAGTKMenuShowsDoesRealWork() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        setenv("DISPLAY", display.name, 1)
        setenv("GDK_BACKEND", "x11", 1)
        setenv("GSK_RENDERER", "cairo", 1)
        setenv("NO_AT_BRIDGE", "1", 1)
        let scratch = try ScratchFolder("editmenu-gtk-noplaceholder")
        defer { scratch.remove() }
        let documents = scratch.path
        let failures: [String] = MainActor.assumeIsolated {
            gtk_init()
            var cases: [(Idiom, Int, Int, EditCommand.ID)] = []
            var seen: Set<String> = []
            for idiom in [Idiom.pad, .mac] {
                let fixture = Fixture(idiom: idiom, documents: documents)
                let recorder = MenuRecorder()
                fixture.interaction.controller.delegate = recorder
                for index in fixture.targets.indices {
                    for selection in 0..<3 {
                        recorder.ids = []
                        // Prepared again before each menu: a keyboard menu's focus going back to an entry
                        // makes GTK select all of it.
                        for input in InputMethod.allCases {
                            fixture.prepare(index, selection)
                            fixture.interaction.controller.present(input: input)
                            fixture.interaction.controller.dismiss()
                        }
                        fixture.prepare(index, selection)
                        recorder.ids += MenuRecorder.enabled(
                            fixture.interaction.controller.menuBarMenu()?.commands ?? [])
                        for id in recorder.ids where seen.insert("\(index) \(selection) \(id)").inserted {
                            cases.append((idiom, index, selection, id))
                        }
                    }
                }
                fixture.close()
            }
            var failures: [String] = []
            let ids = Set(cases.map(\.3))
            for id in [
                EditCommand.ID.findEllipsis, .findNext, .makeUpperCase, .smartQuotes, .emojiAndSymbols, .share, .copy,
            ] {
                if !ids.contains(id) { failures.append("no menu showed \(id.rawValue)") }
            }
            if cases.count < 50 { failures.append("only \(cases.count) cases") }
            for (idiom, index, selection, id) in cases {
                let fixture = Fixture(idiom: idiom, documents: documents)
                defer { fixture.close() }
                fixture.prepare(index, selection)
                if id == .findNext || id == .findPrevious { fixture.interaction.controller.findQuery = FindQuery("e") }
                let before = fixture.snapshot()
                // The spell checker reads the text off the main loop first.
                if id == .checkDocumentNow || id == .showSpellingAndGrammar { Fixture.spin(0.8) }
                let recorder = OutcomeRecorder()
                fixture.interaction.controller.delegate = recorder
                var outcome = fixture.interaction.controller.perform(id)
                // Work a service does in the background (a translation, a synthesis) finishes first.
                fixture.interaction.controller.finishPendingWork(timeout: 30)
                // Some effects reach GTK a moment later (the X clipboard): up to half a second.
                for _ in 0..<10 where fixture.snapshot() == before { Fixture.spin(0.05) }
                if let failure = recorder.outcomes.compactMap(\.failure).first {
                    outcome = .failed(failure)
                } else if let last = recorder.outcomes.last {
                    outcome = last
                }
                let name =
                    "\(id.rawValue) on \(fixture.targets[index].name) (selection \(selection), \(idiom.rawValue))"
                if case .failed(let message) = outcome {
                    failures.append("\(name): failed: \(message)")
                } else if case .showedPanel = outcome {
                    // A panel (the share targets, a definition, the find bar) is what it does.
                } else if case .spoke = outcome {
                    // Speech: the audio is the effect.
                } else if id != .jumpToSelection, id != .emojiAndSymbols, fixture.snapshot() == before {
                    // (The emoji picker opens; what it inserts is tested end to end.)
                    failures.append("\(name): \(outcome) changed nothing")
                }
            }
            return failures
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }
}
#endif
