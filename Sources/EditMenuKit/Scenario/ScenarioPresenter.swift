/// Runs one scenario through the same code a host uses — gesture, selection facts, rules, titles,
/// lint — and describes the result as the presentation JSON of SCENARIO.md.
///
/// ```swift
/// let presenter = ScenarioPresenter(defaultLocale: .english)
/// let output = presenter.present(json: #"{"content": {"text": "Hello world", "selection": [5, 5]}}"#)
/// // .success({"presented":true,"style":"compact","selection":[5,5],"items":[…select, selectAll…],…})
/// ```
public struct ScenarioPresenter: Sendable {
    /// The locale used when a scenario names none (the host's, from `LANG`/`LC_ALL` on Linux).
    public var defaultLocale: MenuLocale
    /// How gestures select.
    public var gestures: SelectionGestures
    /// Finds data in the selection (`detected`) and the actions it suggests.
    public var detector: DataDetector

    /// Creates a presenter.
    public init(defaultLocale: MenuLocale = .english, gestures: SelectionGestures = SelectionGestures(),
                detector: DataDetector = DataDetector()) {
        self.defaultLocale = defaultLocale
        self.gestures = gestures
        self.detector = detector
    }

    /// Parses, validates and presents one scenario.
    public func present(json: String) -> Result<JSONValue, ScenarioError> {
        do {
            return .success(present(try Scenario(json: json)))
        } catch {
            return .failure(error)
        }
    }

    /// The presentation of a valid scenario.
    public func present(_ scenario: Scenario) -> JSONValue {
        let content = scenario.content
        let locale = scenario.locale.map(MenuLocale.init) ?? defaultLocale
        var selection = content.selection
        var objectSelected = content.selected
        if let trigger = scenario.trigger, content.kind.isSelectable {
            let outcome = content.kind == .text
                ? gestures.apply(trigger.gesture, at: trigger.at, text: content.text,
                                 characterCount: content.characterCount, selection: selection, isSecure: content.secure)
                : gestures.apply(trigger.gesture, objectSelected: objectSelected)
            selection = outcome.selection
            objectSelected = outcome.objectSelected
            if !outcome.showsMenu, scenario.idiom.supportsEditMenu {
                return Self.notPresented(.dismissed)
            }
        }
        let detection = detectData(content, selection: selection, locale: locale)
        let context = EditMenuContext(
            content: selectableContent(content, selection: selection, objectSelected: objectSelected),
            idiom: scenario.idiom,
            input: scenario.input ?? scenario.trigger?.gesture.impliedInput,
            surface: scenario.surface,
            pasteboardTypes: scenario.pasteboard,
            undoActionName: scenario.undoActionName,
            redoActionName: scenario.redoActionName,
            services: scenario.services,
            spellingSuggestions: scenario.spelling,
            dataActions: detection.actions.map(\.suggestedAction),
            customCommands: scenario.custom,
            locale: locale)
        switch EditMenuRules.presentation(for: context) {
        case .notPresented(let reason):
            return Self.notPresented(reason)
        case .presented(let menu):
            var members: [(key: String, value: JSONValue)] = [
                ("presented", .bool(true)),
                ("style", .string(menu.style.rawValue)),
                ("selection", selection.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null),
                ("items", .array(menu.sections.flatMap { section in
                    section.commands.map { Self.item($0, section: section.id, idiom: scenario.idiom) }
                })),
                ("detected", .array(detection.items.map { item in
                    item.json(actions: item == detection.actionable ? detection.actions : [])
                })),
            ]
            if let layout = Self.layout(menu) { members.append(("layout", layout)) }
            let warnings = CommandTitleLint.warnings(for: scenario.custom, locale: locale)
            members.append(("warnings", .array(warnings.map { .string($0.message) })))
            return .object(members)
        }
    }

    /// Data detected in a non-secure text selection (spec section 6).
    /// Numeric dates read in the order of the menu's locale.
    private func detectData(_ content: Scenario.Content, selection: Range<Int>?, locale: MenuLocale) -> SelectionDetection {
        guard content.kind == .text, !content.secure, let selection, !selection.isEmpty else {
            return SelectionDetection(items: [], actionable: nil, actions: [])
        }
        var detector = self.detector
        detector.numericDateOrder = NumericDateOrder(languageTag: locale.requested)
        return detector.detect(inSelection: selection, of: content.text)
    }

    private func selectableContent(_ content: Scenario.Content, selection: Range<Int>?,
                                   objectSelected: Bool) -> SelectableContent {
        let state: SelectionState
        var isEmpty = false
        if content.kind == .text {
            let facts = TextSelectionFacts(text: content.text, selection: selection, segmenter: gestures.segmenter)
            state = facts.state
            isEmpty = facts.isEmpty
        } else {
            state = objectSelected ? .object : .none
        }
        return SelectableContent(kind: content.kind, isEditable: content.editable, isSecure: content.secure,
                                 isRich: content.rich, allowsDelete: content.allowDelete, isEmpty: isEmpty,
                                 selection: state)
    }

    /// The layout that needs no geometry: the vertical style's top row. Placement, frames and pages
    /// need `geometry` and come from the layout engine.
    static func layout(_ menu: EditMenu) -> JSONValue? {
        guard menu.style == .vertical else { return nil }
        return .object([("topRow", .array(VerticalMenu.topRow(of: menu).map { .string($0.rawValue) }))])
    }

    static func notPresented(_ reason: NotPresentedReason) -> JSONValue {
        .object([("presented", .bool(false)), ("reason", .string(reason.rawValue))])
    }

    static func item(_ command: EditCommand, section: EditMenuSection.ID?, idiom: Idiom) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(command.id.rawValue)),
            ("title", .string(command.title)),
            ("kind", .string(command.kind.rawValue)),
            ("enabled", .bool(command.isEnabled)),
        ]
        if let section { members.append(("section", .string(section.rawValue))) }
        if let key = command.keyEquivalent { members.append(("shortcut", .string(key.display(for: idiom)))) }
        if command.isSubmenu {
            members.append(("children", .array(command.children.map { item($0, section: nil, idiom: idiom) })))
        }
        return .object(members)
    }
}
