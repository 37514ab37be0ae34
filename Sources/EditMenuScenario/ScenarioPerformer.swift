import EditMenuKit
import Foundation

/// `editmenu perform`: runs a scenario's `perform` through the same `EditMenuController` and
/// services a host uses — a `HeadlessHost` holds the content, the controller presents the menu and
/// performs what is chosen — and describes the presentation and the `result` (docs/contract/SCENARIO.md).
///
/// ```swift
/// let performer = ScenarioPerformer(defaultLocale: .english) { scenario, locale in
///     ScenarioPerformer.Services(services: [WebSearchService()])
/// }
/// performer.perform(json: #"{"content": {"text": "Hello world", "selection": [0, 5]}, "perform": "copy"}"#)
/// // .success({"presented":true,…,"result":{"text":"Hello world","selection":[0,5],"undo":null,
/// //           "pasteboard":[{"type":"text","text":"Hello"}],…}})
/// ```
///
/// Performing an id the presentation does not offer (or offers dimmed) is an error naming it, and
/// nothing is printed. URIs are recorded, never opened; learned words go to a word list that lasts
/// for the one scenario.
public struct ScenarioPerformer: Sendable {
    /// What the machine offers a scenario: its services and spell checker.
    public struct Services: Sendable {
        /// The services (Look Up, Translate, Speech, Search …), before the scenario's `services` list
        /// filters them.
        public var services: [any EditMenuService]
        /// The machine's spell checker: the document's (Spelling and Grammar ▸) when the scenario's
        /// platform has one, and the selected word's suggestions too with `"spelling": "system"`.
        public var spellChecker: (any SpellChecker)?

        /// Creates the services.
        public init(services: [any EditMenuService] = [], spellChecker: (any SpellChecker)? = nil) {
            self.services = services
            self.spellChecker = spellChecker
        }
    }

    /// The locale used when a scenario names none.
    public var defaultLocale: MenuLocale
    /// The machine's services for a scenario (its `translateTo` …) in its locale.
    public var services: @Sendable (Scenario, MenuLocale) -> Services
    /// How long a service's background work may take per command.
    public var timeout: Double = 60

    /// Creates a performer.
    public init(
        defaultLocale: MenuLocale = .english, services: @escaping @Sendable (Scenario, MenuLocale) -> Services
    ) {
        self.defaultLocale = defaultLocale
        self.services = services
    }

    /// Parses, validates, presents and performs one scenario.
    public func perform(json: String) -> Result<JSONValue, ScenarioError> {
        do {
            return .success(try perform(try Scenario(json: json)))
        } catch {
            return .failure(error)
        }
    }

    /// Presents and performs a valid scenario.
    ///
    /// - Throws: ``ScenarioError`` when the scenario performs nothing, names a command the presentation
    ///   does not offer, or a command fails.
    package func perform(_ scenario: Scenario) throws(ScenarioError) -> JSONValue {
        guard !scenario.perform.isEmpty else {
            throw ScenarioError(path: "perform", "missing; name the command to perform (an id the presentation offers)")
        }
        let locale = scenario.locale.map(MenuLocale.init) ?? defaultLocale
        let run = Run(scenario: scenario, locale: locale, services: services(scenario, locale), timeout: timeout)
        return try run.perform()
    }
}

/// One scenario being performed: its host, controller and what they did.
private final class Run: EditMenuControllerDelegate {
    let scenario: Scenario
    let locale: MenuLocale
    let host: HeadlessHost
    let controller: EditMenuController
    let text: ScenarioText
    let timeout: Double
    /// The first failure reported for the command being performed.
    var failure: String?
    /// What was spoken last.
    var spoken: SpokenText?
    var notPresented: NotPresentedReason?

    init(scenario: Scenario, locale: MenuLocale, services: ScenarioPerformer.Services, timeout: Double) {
        self.scenario = scenario
        self.locale = locale
        self.timeout = timeout
        let content = scenario.content
        text = ScenarioText(content.text)
        let pasteboard = InMemoryPasteboard()
        let items = scenario.pasteboardItems.map(Self.item)
        if !items.isEmpty { pasteboard.write(items) }
        host = HeadlessHost(Self.content(content, text: text), pasteboard: pasteboard)
        host.isRich = content.rich
        host.allowsDelete = content.allowDelete
        host.spellingSuggestions = scenario.spelling
        host.locale = locale
        // The steps the scenario says the text already has, as `present` shows them.
        host.earlierUndo = scenario.undo
        host.earlierRedo = scenario.redo
        if let geometry = scenario.geometry {
            host.container = MenuContainer(bounds: geometry.bounds, safeArea: geometry.safeArea, avoid: geometry.avoid)
            if !geometry.target.isEmpty { host.targetRects = geometry.target }
        }
        var configuration = EditMenuConfiguration(
            idiom: scenario.idiom, locale: locale, customCommands: scenario.custom,
            metrics: scenario.geometry?.metrics ?? .standard, shortcutStyle: scenario.shortcutStyle)
        configuration.textLanguage = scenario.textLanguage
        configuration.release = scenario.release
        configuration.services = services.services.filter { Self.isAllowed($0, by: scenario.services) }
        if scenario.services.contains(.spelling), let checker = services.spellChecker {
            if scenario.usesSystemSpelling {
                configuration.spellChecker = checker
                // Performed once, with no one to poll: the menu comes with the whole answer (Replace…
                // with the suggestions).
                configuration.waitsForSpelling = true
            } else {
                // The document is checked (Spelling and Grammar ▸) as a host checks it; the selected
                // word's suggestions are the scenario's own list, as `present` shows them.
                configuration.spellChecker = ListedSuggestionsSpellChecker(checker)
            }
        }
        controller = EditMenuController(host: host, configuration: configuration)
        controller.delegate = self
        // The find field (Find ▸ Find Next … search for it).
        if let find = scenario.find { controller.findQuery = FindQuery(find) }
    }

    /// The scenario `services` flag each service command needs: Share's targets (Mail, Save to File)
    /// need `share` as Share itself does.
    static let serviceFlags: [EditCommand.ID: HostCapabilities] = [
        .lookUp: .lookUp, .translate: .translate, .searchWeb: .searchWeb, .share: .share,
        .shareMail: .share, .shareSaveToFile: .share, .startSpeaking: .speech, .stopSpeaking: .speech,
    ]

    /// Whether the scenario's `services` let a service be offered: one of its commands has its flag
    /// listed, or none of its commands needs a flag (an app's own service).
    static func isAllowed(_ service: any EditMenuService, by allowed: HostCapabilities) -> Bool {
        let flags = service.commands.compactMap { serviceFlags[$0] }
        return flags.isEmpty || flags.contains { allowed.contains($0) }
    }

    static func content(_ content: Scenario.Content, text: ScenarioText) -> HeadlessHost.Content {
        switch content.kind {
        case .text:
            var editor = TextEditor(
                storage: text.storage, isEditable: content.editable, isSecure: content.secure)
            if let selection = content.selection { editor.select(text.byteRange(ofCharacters: selection)) }
            return .text(editor)
        case .image, .file, .object:
            let object: EditableObject
            switch content.kind {
            case .image: object = .image(png: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            case .file: object = .file(URL(fileURLWithPath: "/tmp/document.txt"))
            default:
                object = .contact(vCard: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Contact\r\nEND:VCARD\r\n", name: "Contact")
            }
            var editor = ObjectEditor(objects: [object], isEditable: content.editable)
            if content.selected { editor.select(0..<1) }
            return .objects(editor, kind: content.kind)
        case .button, .label:
            return .unselectable(content.kind)
        }
    }

    static func item(_ entry: Scenario.PasteboardEntry) -> PasteboardItem {
        let data = Data((entry.text ?? "").utf8)
        return PasteboardItem([PasteboardRepresentation(type: entry.type, data: data)])
    }

    // MARK: Performing

    func perform() throws(ScenarioError) -> JSONValue {
        // The trigger, as people make it: the host selects what the gesture selects.
        var input = scenario.input ?? scenario.trigger?.gesture.impliedInput ?? scenario.idiom.defaultInput
        if let trigger = scenario.trigger {
            let at = trigger.at.map { CGPoint(x: Double($0), y: 0) }
            host.byteOffsetAtPoint = { [text] point in text.byteOffset(ofCharacter: Int(point.x)) }
            let shows = host.select(
                for: trigger.gesture, at: at, input: input, gestures: controller.configuration.gestures)
            if trigger.gesture == .menuKey { input = scenario.input ?? .keyboard }
            guard shows else {
                throw notOffered(scenario.perform[0], at: 0, "the trigger shows no menu")
            }
        }
        present(input: input, at: scenario.trigger?.point)
        guard let first = host.shownMenu else {
            throw notOffered(
                scenario.perform[0], at: 0, "no menu is presented (\(notPresented?.rawValue ?? "nothingToShow"))")
        }
        var presentation = self.presentation(first)
        var undo: UndoState = .unavailable
        for (index, id) in scenario.perform.enumerated() {
            if index > 0, !id.hasPrefix("panel.") { present(input: input, at: scenario.trigger?.point) }
            let before = undoCount
            try perform(id, at: index)
            controller.finishPendingWork(timeout: timeout)
            if let failure {
                throw ScenarioError(path: path(index), "\(id) failed: \(failure)")
            }
            if undoCount != before, ![EditCommand.ID.undo, .redo].contains(EditCommand.ID(id)) {
                undo = currentUndo
            } else {
                undo = .unavailable
            }
        }
        presentation.append(("result", result(undo: undo)))
        return .object(presentation)
    }

    /// Presents the scenario's menu: the menu bar's Edit menu, or the edit menu at the selection (a
    /// pointer's menu at `point`, as a secondary click opens it).
    private func present(input: InputMethod, at point: CGPoint?) {
        notPresented = nil
        if scenario.surface == .menuBar {
            controller.present(
                input: .keyboard, surface: .menuBar, source: .rect(CGRect(x: 8, y: 0, width: 40, height: 20)))
        } else {
            controller.present(input: input, at: input == .pointer ? point : nil)
        }
    }

    private func path(_ index: Int) -> String { scenario.perform.count == 1 ? "perform" : "perform[\(index)]" }

    /// Chooses `id` (the `perform` entry at `index`) in the menu shown (opening the submenus on its way),
    /// or a button of the last panel.
    private func perform(_ raw: String, at index: Int) throws(ScenarioError) {
        failure = nil
        if raw.hasPrefix("panel.") {
            guard let panel = host.panels.last else { throw notOffered(raw, at: index, "no panel is shown") }
            let names = Self.buttonNames(panel)
            guard let position = names.firstIndex(of: raw) else {
                throw ScenarioError(
                    path: path(index),
                    "\"\(raw)\" is not a button of the \(panel.kind.rawValue) panel (it has \(names.joined(separator: ", ")))"
                )
            }
            controller.performPanelAction(panel.actions[position], in: panel)
            return
        }
        let id = EditCommand.ID(raw)
        // Select All with everything selected does nothing and reports nothing (EDIT-MENU.md §3: its
        // shortcut pressed twice), whether the menu dims the item or leaves it out.
        if id == .selectAll, let editor = host.editor, !editor.storage.isEmpty,
            editor.selection == 0..<editor.storage.byteCount
        {
            return
        }
        guard let menu = host.shownMenu else { throw notOffered(raw, at: index, "no menu is presented") }
        guard let route = Self.route(to: id, in: menu.menu.commands) else {
            throw notOffered(
                raw, at: index, "the menu offers \(Self.ids(menu.menu.commands).joined(separator: ", "))")
        }
        guard route.allSatisfy(\.isEnabled) else { throw notOffered(raw, at: index, "it is shown dimmed") }
        // A step the scenario declares ("undo": {"undo": "Typing"}) is shown as present shows it, but
        // what it changed is not known: there is nothing this run can undo or redo.
        if id == .undo || id == .redo, let history = host.editor?.history,
            id == .undo ? !history.canUndo : !history.canRedo
        {
            throw ScenarioError(
                path: path(index),
                "\"\(raw)\" names a step from before the scenario (its \"undo\" key), whose change is not known: "
                    + "there is nothing to \(raw)")
        }
        for command in route { controller.choose(command.id) }
    }

    /// The names `perform` gives a panel's buttons: `panel.<id>`, and `panel.<id>.N` for the second and
    /// later buttons with the same id (the spelling panel's suggestions: `panel.replace`,
    /// `panel.replace.1` …).
    static func buttonNames(_ panel: EditMenuPanel) -> [String] {
        var seen: [EditCommand.ID: Int] = [:]
        return panel.actions.map { action in
            let n = seen[action.id, default: 0]
            seen[action.id] = n + 1
            return "panel." + action.id.rawValue + (n == 0 ? "" : ".\(n)")
        }
    }

    private func notOffered(_ id: String, at index: Int, _ why: String) -> ScenarioError {
        ScenarioError(path: path(index), "\"\(id)\" is not offered by the presentation: \(why)")
    }

    /// The commands from the top level down to `id`.
    static func route(to id: EditCommand.ID, in commands: [EditCommand]) -> [EditCommand]? {
        for command in commands {
            if command.id == id { return [command] }
            if let rest = route(to: id, in: command.children) { return [command] + rest }
        }
        return nil
    }

    static func ids(_ commands: [EditCommand]) -> [String] {
        commands.flatMap { [$0.id.rawValue] + ids($0.children) }
    }

    // MARK: Describing

    private var undoCount: Int {
        switch host.content {
        case .text(let editor): return editor.history.changeCount
        case .objects(let editor, _): return editor.history.changeCount
        case .unselectable: return 0
        }
    }

    private var currentUndo: UndoState {
        let strings = MenuStrings(locale: locale)
        switch host.content {
        case .text(let editor): return editor.history.undoState(strings: strings, idiom: scenario.idiom)
        case .objects(let editor, _): return editor.history.undoState(strings: strings, idiom: scenario.idiom)
        case .unselectable: return .unavailable
        }
    }

    /// The presentation as `present` describes it, from the menu the controller showed.
    private func presentation(_ shown: PresentedMenu) -> [(key: String, value: JSONValue)] {
        var selection: Range<Int>?
        var detection = SelectionDetection.none
        if let editor = host.editor {
            let characters = text.characterRange(ofBytes: editor.selection)
            selection = characters
            // The host has an editor for text content only.
            detection = ScenarioPresenter.detectData(
                scenario.content, characterSelection: characters, locale: locale, detector: DataDetector())
        }
        return ScenarioPresenter.presentedMembers(
            shown.menu, selection: selection, detection: detection,
            layout: scenario.geometry == nil ? nil : shown.layout, scenario: scenario, locale: locale)
    }

    private func result(undo: UndoState) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let editor = host.editor {
            let final = ScenarioText(editor.text)
            let selection = final.characterRange(ofBytes: editor.selection)
            members.append(("text", .string(editor.text)))
            members.append(("selection", .array([.int(selection.lowerBound), .int(selection.upperBound)])))
        } else if let objects = host.objects {
            members.append(("objects", .int(objects.objects.count)))
            members.append(
                ("selection", .array([.int(objects.selection.lowerBound), .int(objects.selection.upperBound)])))
        }
        members.append(("undo", undo.actionName.map(JSONValue.string) ?? .null))
        members.append(("pasteboard", .array(host.pasteboard.items().map(Self.pasteboardJSON))))
        members.append(("opened", .array(host.opened.map(JSONValue.string))))
        if let panel = host.panels.last {
            var json: [(key: String, value: JSONValue)] = [
                ("kind", .string(panel.kind.rawValue)), ("title", .string(panel.title)), ("text", .string(panel.text)),
            ]
            if !panel.detail.isEmpty { json.append(("detail", .string(panel.detail))) }
            let buttons = zip(Self.buttonNames(panel), panel.actions).map { name, action in
                JSONValue.object([("id", .string(name)), ("title", .string(action.title))])
            }
            json.append(("actions", .array(buttons)))
            json.append(
                ("buttons", .array(Self.buttonNames(panel).map { .string(String($0.dropFirst("panel.".count))) })))
            if !panel.sources.isEmpty { json.append(("sources", .array(panel.sources.map(JSONValue.string)))) }
            members.append(("panel", .object(json)))
        } else {
            members.append(("panel", .null))
        }
        if let spoken = spoken {
            var json: [(key: String, value: JSONValue)] = [
                ("engine", .string(spoken.engine)), ("voice", .string(spoken.voice)),
            ]
            json.append(("seconds", spoken.seconds.map { ScenarioPresenter.number($0) } ?? .null))
            members.append(("spoken", .object(json)))
        } else {
            members.append(("spoken", .null))
        }
        return .object(members)
    }

    static func pasteboardJSON(_ item: PasteboardItem) -> JSONValue {
        guard let first = item.representations.first else { return .object([]) }
        var members: [(key: String, value: JSONValue)] = [("type", .string(first.type.rawValue))]
        if [.plainText, .richText, .url].contains(first.type.family), let text = item.string(for: first.type) {
            members.append(("text", .string(text)))
        }
        return .object(members)
    }

    // MARK: EditMenuControllerDelegate

    func editMenuController(_ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome) {
        if failure == nil { failure = outcome.failure }
        if case .spoke(let text) = outcome { spoken = text }
    }

    func editMenuController(_ controller: EditMenuController, didNotPresentFor reason: NotPresentedReason) {
        notPresented = reason
    }
}
