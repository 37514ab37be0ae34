@_spi(Testing) import EditMenuKit
import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuDemo
import EditMenuServices
@_spi(Testing) @testable import EditMenuTerminal

/// Every item a menu of the terminal host shows does real work: the test collects each command id any
/// menu can show enabled — every idiom, every kind of content, a caret, a word and everything selected,
/// touch, pointer and keyboard menus and the menu bar's Edit menu with its submenus — and performs each
/// on the same content, failing on one that fails ("not available", "unsupported") or changes nothing.
@Suite("Terminal host: no placeholder items")
struct NoPlaceholderTests {
    enum Selection: String, CaseIterable {
        case caret, word, range, everything
    }

    struct Case: Hashable, CustomStringConvertible {
        var idiom: Idiom
        var field: Int
        var selection: Selection
        var id: EditCommand.ID
        var description: String { "\(id.rawValue) on field \(field) (\(selection.rawValue), \(idiom.rawValue))" }
    }

    /// This machine's language services (Look Up, Translate, Speech, spelling, as far as installed),
    /// found once; speech synthesizes without playing, learned words go to a scratch folder.
    static let services: LanguageServices = {
        let scratch = NSTemporaryDirectory() + "editmenu-noplaceholder-words-\(getpid())"
        return LanguageServices.discover(
            locale: .english, translateTo: "es", speechOutput: .none,
            environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": scratch, "HOME": scratch]) {
                $1
            })
    }()

    /// The commands that run an outside tool: performed once each, not for every content.
    static let toolCommands: Set<EditCommand.ID> = [
        .lookUp, .translate, .startSpeaking, .stopSpeaking, .showSpellingAndGrammar, .checkDocumentNow,
        .learnSpelling, .ignoreSpelling,
    ]

    /// Hears what each command did, including what background work did when it finished.
    final class Outcomes: EditMenuControllerDelegate {
        var all: [(EditCommand.ID, PerformOutcome)] = []
        func editMenuController(
            _ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome
        ) {
            all.append((id, outcome))
        }
    }

    /// A demo on `idiom` with `field` focused and `selection` made, recording what it opens.
    func makeApp(_ idiom: Idiom, field: Int, selection: Selection, documents: String, opened: OpenedURIs) throws
        -> DemoApp
    {
        var options = DemoOptions(idiom: idiom)
        options.documentsFolder = documents
        options.languageServices = Self.services
        let app = try DemoApp(
            options: options, columns: 100, rows: 32, pasteboard: InMemoryPasteboard(), clock: ManualClock(),
            openURL: { uri in
                opened.append(uri)
                return true
            })
        app.editMenu.focus(field)
        let target = app.fields[field].target
        if let view = target as? TerminalTextView {
            let storage = view.editor.storage
            switch selection {
            case .caret: view.editor.select(5..<5)
            case .word:
                // A word a dictionary has ("Infinite" in the notes, "Sunset" in the caption).
                let text = view.editor.text
                let at =
                    text.range(of: "Infinite").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
                view.editor.select(TextSegmenter().range(of: .word, atByte: at, in: storage) ?? 0..<0)
            case .range:
                // Mixed case, so that each transformation changes it.
                view.editor.select(5..<min(storage.byteCount, 12))
            case .everything: view.editor.select(0..<storage.byteCount)
            }
        } else if selection != .caret {
            _ = target.select(for: .doubleTap, at: nil, input: .touch, gestures: SelectionGestures())
        }
        return app
    }

    final class OpenedURIs: @unchecked Sendable {
        var uris: [String] = []
        func append(_ uri: String) { uris.append(uri) }
    }

    /// Every enabled command id of `menu`, submenus included.
    static func ids(_ commands: [EditCommand]) -> [EditCommand.ID] {
        commands.flatMap { command -> [EditCommand.ID] in
            guard command.isEnabled else { return [] }
            return command.isSubmenu ? ids(command.children) : [command.id]
        }
    }

    /// What a person could notice: the fields' text and selection, the pasteboard, panels, bars,
    /// opened URIs, settings and the find field.
    func snapshot(_ app: DemoApp, _ opened: OpenedURIs) -> String {
        var parts: [String] = []
        for field in app.fields {
            if let editor = field.textEditor {
                parts.append("\(editor.text)|\(editor.selection)|\(field.textView!.viewport.top)")
            } else {
                parts.append("\(field.target.selectionRects())")
            }
        }
        parts.append(
            "\(app.editMenu.pasteboard.items().map { $0.representations.map { "\($0.type.rawValue)=\($0.data().count)" } })"
        )
        parts.append(
            "\(String(describing: app.editMenu.panel)) \(app.editMenu.findBar != nil) \(app.editMenu.emojiPicker != nil)"
        )
        parts.append("\(opened.uris)")
        let configuration = app.editMenu.controller.configuration
        parts.append(
            "\(configuration.settings) \(configuration.checksSpellingWhileTyping) \(app.editMenu.controller.findQuery)")
        return parts.joined(separator: "\n")
    }

    @Test("Every command any terminal menu shows enabled performs without failing and changes something")
    func everyItemDoesRealWork() throws {
        let scratch = try ScratchFolder("editmenu-noplaceholder")
        defer { scratch.remove() }
        let documents = scratch.path
        // Collect the cases.
        var cases: [Case] = []
        var seen: Set<String> = []
        let fieldCount = try makeApp(.pad, field: 0, selection: .caret, documents: documents, opened: OpenedURIs())
            .fields.count
        for idiom in [Idiom.phone, .pad, .mac, .vision] {
            for field in 0..<fieldCount {
                for selection in Selection.allCases {
                    let app = try makeApp(
                        idiom, field: field, selection: selection, documents: documents, opened: OpenedURIs())
                    let controller = app.editMenu.controller
                    var shown: [EditCommand.ID] = []
                    for input in InputMethod.allCases {
                        controller.present(input: input)
                        shown += Self.ids(controller.presentedMenu?.menu.commands ?? [])
                        controller.dismiss()
                    }
                    shown += Self.ids(controller.menuBarMenu()?.commands ?? [])
                    for id in shown {
                        let key = Self.toolCommands.contains(id) ? "\(id)" : "\(field) \(selection) \(id)"
                        guard seen.insert(key).inserted else { continue }
                        cases.append(Case(idiom: idiom, field: field, selection: selection, id: id))
                    }
                }
            }
        }
        let allIDs = Set(cases.map(\.id))
        // The document commands are among them (the test looks where they live).
        var expected: [EditCommand.ID] = [
            .findEllipsis, .findNext, .makeUpperCase, .smartQuotes, .emojiAndSymbols, .share,
        ]
        if Self.services.lookUp != nil { expected.append(.lookUp) }
        if Self.services.speech != nil { expected.append(.startSpeaking) }
        for id in expected {
            #expect(allIDs.contains(id), "no menu showed \(id.rawValue)")
        }
        #expect(cases.count > 60, "only \(cases.count) cases")
        // Perform each on the content it was shown for.
        for item in cases {
            let opened = OpenedURIs()
            let app = try makeApp(
                item.idiom, field: item.field, selection: item.selection, documents: documents, opened: opened)
            let controller = app.editMenu.controller
            // Find Next needs something to find: what Use Selection for Find would put there.
            if item.id == .findNext || item.id == .findPrevious { controller.findQuery = FindQuery("e") }
            let before = snapshot(app, opened)
            // Jump to Selection on a selection already in view has nothing to move; a transformation of
            // text already in that case has nothing to change.
            var isNoOp = item.id == .jumpToSelection
            if let transformation = TextTransformation(command: item.id), let editor = app.fields[item.field].textEditor
            {
                isNoOp = transformation.apply(to: editor.selectedText, locale: .english) == editor.selectedText
            }
            let outcomes = Outcomes()
            controller.delegate = outcomes
            _ = controller.perform(item.id)
            // Work a service does in the background (a translation, a synthesis) finishes first.
            controller.finishPendingWork(timeout: 30)
            let final = outcomes.all.last { $0.0 == item.id || $0.1.failure != nil }?.1 ?? outcomes.all.last?.1
            if let failure = outcomes.all.compactMap({ $0.1.failure }).first {
                Issue.record("\(item): failed: \(failure)")
                continue
            }
            if case .spoke = final { continue } // speech: the audio is the effect
            if !isNoOp {
                #expect(snapshot(app, opened) != before, "\(item): \(String(describing: final)) changed nothing")
            }
        }
    }
}
