import EditMenuKit
import Foundation

/// Runs one scenario through the same code a host uses — gesture, selection facts, rules, titles,
/// lint — and describes the result as the presentation JSON of docs/contract/SCENARIO.md.
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
    package var gestures: SelectionGestures
    /// How menus are laid out when a scenario gives `geometry` (monospace cells of `charWidth` by default).
    package var layoutEngine = EditMenuLayoutEngine()
    /// Finds data in the selection (`detected`) and the actions it suggests.
    package var detector: DataDetector
    /// The machine's spell checker, for scenarios with `"spelling": "system"` (`nil`: such scenarios
    /// have no suggestions).
    public var spellChecker: (any SpellChecker)?

    /// Creates a presenter: `defaultLocale` for scenarios that name none, `gestures` for how gestures
    /// select, `detector` for the data in the selection and the actions it suggests.
    public init(
        defaultLocale: MenuLocale = .english, gestures: SelectionGestures = SelectionGestures(),
        detector: DataDetector = DataDetector()
    ) {
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
    package func present(_ scenario: Scenario) -> JSONValue {
        let resolved = resolve(scenario)
        switch resolved.presentation {
        case .notPresented(.notRevealed):
            // The gesture changed the selection without revealing a menu (a double click with a pointer,
            // a tap away from the selection): where the selection went is the result.
            let selection = resolved.selection.map { JSONValue.array([.int($0.lowerBound), .int($0.upperBound)]) }
            return .object(Self.notPresentedMembers(.notRevealed) + [("selection", selection ?? .null)])
        case .notPresented(let reason):
            return Self.notPresented(reason)
        case .presented(let menu):
            let laidOut = scenario.geometry.map { geometry in
                self.layout(menu, scenario: scenario, geometry: geometry, locale: resolved.locale)
            }
            return .object(
                Self.presentedMembers(
                    menu, selection: resolved.selection, detection: resolved.detection, layout: laidOut,
                    scenario: scenario, locale: resolved.locale))
        }
    }

    /// The members of a presentation (docs/contract/SCENARIO.md) — what `present` prints, and what `perform` prints
    /// before its `result`: style, selection (Characters), items, detected data, layout (with geometry)
    /// and the title lint's warnings.
    static func presentedMembers(
        _ menu: EditMenu, selection: Range<Int>?, detection: SelectionDetection, layout: EditMenuLayout?,
        scenario: Scenario, locale: MenuLocale
    ) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("presented", .bool(true)),
            ("style", .string(menu.style.rawValue)),
            ("selection", selection.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null),
            (
                "items",
                .array(
                    menu.sections.flatMap { section in
                        section.commands.map { item($0, section: section.id, shortcutStyle: scenario.shortcutStyle) }
                    })
            ),
            (
                "detected",
                .array(
                    detection.items.map { item in
                        item.json(actions: item == detection.actionable ? detection.actions : [])
                    })
            ),
        ]
        if let json = Self.layout(menu, layout) { members.append(("layout", json)) }
        let warnings = CommandTitleLint.warnings(for: scenario.custom, locale: locale, idiom: scenario.idiom)
        members.append(("warnings", .array(warnings.map { .string($0.message) })))
        return members
    }

    /// The menu of a valid scenario laid out as a host would draw it (`editmenu render` draws this);
    /// the layout is `nil` when the scenario gives no geometry or no menu is presented.
    package func presentationWithLayout(_ scenario: Scenario, page: Int = 0)
        -> (presentation: EditMenuPresentation, layout: EditMenuLayout?)
    {
        let resolved = resolve(scenario)
        guard let menu = resolved.presentation.menu, let geometry = scenario.geometry else {
            return (resolved.presentation, nil)
        }
        return (
            resolved.presentation,
            layout(menu, scenario: scenario, geometry: geometry, locale: resolved.locale, page: page)
        )
    }

    /// The menu laid out as a host does: shortcuts in the scenario's style; a menu revealed by a secondary
    /// click with a `trigger.point` opens at the pointer, any other at the selection.
    private func layout(
        _ menu: EditMenu, scenario: Scenario, geometry: PresentationGeometry, locale: MenuLocale, page: Int = 0
    ) -> EditMenuLayout {
        var engine = layoutEngine
        engine.shortcutStyle = scenario.shortcutStyle
        engine.release = scenario.release
        var source = PlacementSource.selection
        if let trigger = scenario.trigger, trigger.gesture == .secondaryClick, let point = trigger.point {
            source = .pointer(point)
        }
        return engine.layout(
            menu, geometry: geometry, idiom: scenario.idiom, isRightToLeft: locale.isRightToLeft, page: page,
            source: source)
    }

    /// The device that makes the trigger's pointing gestures: the scenario's input (by default the idiom's:
    /// the pointer on mac, touch elsewhere); a keyboard makes none, so the idiom's device stands in.
    static func pointingInput(_ scenario: Scenario) -> InputMethod {
        let input = scenario.input ?? scenario.idiom.defaultInput
        return input == .keyboard ? scenario.idiom.defaultInput : input
    }

    /// The rules' answer for a scenario after its trigger, with the selection (Characters of the
    /// scenario's text), locale and detected data it used.
    private func resolve(_ scenario: Scenario)
        -> (
            presentation: EditMenuPresentation, selection: Range<Int>?, locale: MenuLocale,
            detection: SelectionDetection
        )
    {
        let content = scenario.content
        let locale = scenario.locale.map(MenuLocale.init) ?? defaultLocale
        // The text as hosts hold it: a storage in UTF-8 bytes; Characters only at the scenario's edge.
        let text = ScenarioText(content.text)
        var selection = content.selection.map(text.byteRange(ofCharacters:))
        var objectSelected = content.selected
        if let trigger = scenario.trigger, content.kind.isSelectable {
            let outcome: GestureOutcome
            let input = Self.pointingInput(scenario)
            if content.kind == .text {
                let at = trigger.at.map(text.byteOffset(ofCharacter:)) ?? selection?.lowerBound ?? 0
                outcome = gestures.apply(
                    trigger.gesture, atByte: at, in: text.storage, selection: selection,
                    isSecure: content.secure, input: input)
            } else {
                outcome = gestures.apply(trigger.gesture, objectSelected: objectSelected, input: input)
            }
            selection = outcome.selection
            objectSelected = outcome.objectSelected
            if !outcome.showsMenu, scenario.idiom.supportsEditMenu {
                return (
                    .notPresented(outcome.notShownReason ?? .notRevealed), selection.map(text.characterRange(ofBytes:)),
                    locale, .none
                )
            }
        }
        let characterSelection = selection.map(text.characterRange(ofBytes:))
        let detection = Self.detectData(
            content, characterSelection: characterSelection, locale: locale, detector: detector)
        let selectable = selectableContent(content, text: text, selection: selection, objectSelected: objectSelected)
        var spelling = scenario.spelling
        var misspelled: Bool?
        if scenario.usesSystemSpelling, let spellChecker, let selection, !selection.isEmpty {
            let selected = SelectedText(storage: text.storage, selection: selection)
            let found = spellChecker.misspelledSelection(selectable, selectedText: selected, locale: locale)
            misspelled = found != nil
            spelling = found.map(spellChecker.suggestions(forMisspelled:)) ?? []
        }
        var context = EditMenuContext(
            content: selectable,
            idiom: scenario.idiom,
            input: scenario.input ?? scenario.trigger?.gesture.impliedInput,
            surface: scenario.surface,
            pasteboardTypes: scenario.pasteboard,
            undo: scenario.undo,
            redo: scenario.redo,
            services: scenario.services,
            spellingSuggestions: spelling,
            dataActions: detection.actions,
            customCommands: scenario.custom,
            locale: locale,
            isMisspelled: misspelled,
            selectionExcerpt: excerpt(content, characterSelection: characterSelection),
            searchEngine: scenario.searchEngine,
            serviceItems: scenario.serviceItems)
        context.release = scenario.release
        // The pipeline every host runs, with the capabilities of a simulated Apple platform whose host
        // has the scenario's services.
        let builder = EditMenuContextBuilder(capabilities: .applePlatform(services: scenario.services))
        var presentation = builder.presentation(for: context)
        // `"expanded": true`: the list the `current` bar's chevron expands into (EDIT-MENU.md §13).
        if scenario.expanded, case .presented(let menu) = presentation, menu.style == .compact {
            presentation = .presented(EditMenuRules.expandedList(of: menu))
        }
        return (presentation, characterSelection, locale, detection)
    }

    /// The start of a text selection, for the titles that quote it: a few Characters more than they show.
    private func excerpt(_ content: Scenario.Content, characterSelection: Range<Int>?) -> String? {
        guard content.kind == .text, !content.secure, let range = characterSelection, !range.isEmpty else {
            return nil
        }
        let start = content.text.index(content.text.startIndex, offsetBy: range.lowerBound)
        return EditMenuContextBuilder.selectionExcerpt(content.text[start...].prefix(range.count))
    }

    /// Data detected by `detector` in a non-secure text selection (EDIT-MENU.md §6), read as the menu's
    /// locale writes (`DataDetector.adopt(languageTag:)`).
    static func detectData(
        _ content: Scenario.Content, characterSelection: Range<Int>?, locale: MenuLocale, detector: DataDetector
    ) -> SelectionDetection {
        guard content.kind == .text, !content.secure, let characterSelection, !characterSelection.isEmpty else {
            return .none
        }
        var detector = detector
        detector.adopt(languageTag: locale.requested)
        return detector.detect(inCharacterRange: characterSelection, of: content.text)
    }

    /// The content's facts; `selection` in UTF-8 bytes of `text`.
    private func selectableContent(
        _ content: Scenario.Content, text: ScenarioText, selection: Range<Int>?,
        objectSelected: Bool
    ) -> SelectableContent {
        let state: SelectionState
        var isEmpty = false
        if content.kind == .text {
            let facts = TextSelectionFacts(
                storage: text.storage, selection: selection, isSecure: content.secure,
                segmenter: gestures.segmenter)
            state = facts.state
            isEmpty = facts.isEmpty
        } else {
            state = objectSelected ? .object : .none
        }
        return SelectableContent(
            kind: content.kind, isEditable: content.editable, isSecure: content.secure,
            isRich: content.rich, allowsDelete: content.allowDelete, isEmpty: isEmpty,
            selection: state)
    }

    /// The layout after docs/contract/SCENARIO.md: placement, frame, arrow, pages (compact), item frames and the
    /// vertical style's top row. Without geometry only the vertical style's geometry-free `topRow`.
    static func layout(_ menu: EditMenu, _ layout: EditMenuLayout?) -> JSONValue? {
        let topRow = JSONValue.array(VerticalMenu.topRow(of: menu).map { .string($0.rawValue) })
        guard let layout else {
            return menu.style == .vertical ? .object([("topRow", topRow)]) : nil
        }
        let placement = layout.placement
        var arrow: [(key: String, value: JSONValue)] = [("direction", .string(placement.arrowDirection.rawValue))]
        if let x = placement.arrowX { arrow.append(("x", number(x))) }
        var members: [(key: String, value: JSONValue)] = [
            ("placement", .string(placement.side.rawValue)),
            ("frame", rect(placement.frame)),
            ("arrow", .object(arrow)),
        ]
        if menu.style == .compact {
            members.append(("pages", .array(layout.pages.map { .array($0.map { .string($0.rawValue) }) })))
            if layout.isExpandable { members.append(("expandable", .bool(true))) }
        }
        members.append(("itemFrames", .object(layout.items.map { ($0.id.rawValue, rect($0.frame)) })))
        if menu.style == .vertical { members.append(("topRow", topRow)) }
        return .object(members)
    }

    /// A coordinate, rounded to 1/100 so that binary fractions do not leak into the output.
    static func number(_ value: Double) -> JSONValue {
        .double((value * 100).rounded() / 100)
    }

    static func rect(_ r: CGRect) -> JSONValue {
        .array([number(r.minX), number(r.minY), number(r.width), number(r.height)])
    }

    static func notPresented(_ reason: NotPresentedReason) -> JSONValue {
        .object(notPresentedMembers(reason))
    }

    static func notPresentedMembers(_ reason: NotPresentedReason) -> [(key: String, value: JSONValue)] {
        [("presented", .bool(false)), ("reason", .string(reason.rawValue))]
    }

    static func item(_ command: EditCommand, section: EditMenuSection.ID?, shortcutStyle: ShortcutStyle) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(command.id.rawValue)),
            ("title", .string(command.title)),
            ("kind", .string(command.kind.rawValue)),
            ("enabled", .bool(command.isEnabled)),
        ]
        if let section { members.append(("section", .string(section.rawValue))) }
        if let key = command.keyEquivalent { members.append(("shortcut", .string(key.display(shortcutStyle)))) }
        if let icon = command.icon { members.append(("icon", .string(icon.systemName))) }
        if command.keepsMenuPresented { members.append(("keepsMenuPresented", .bool(true))) }
        if command.isChecked { members.append(("checked", .bool(true))) }
        if command.isSubmenu {
            members.append(
                ("children", .array(command.children.map { item($0, section: nil, shortcutStyle: shortcutStyle) })))
        }
        return .object(members)
    }
}

/// A scenario's text held as hosts hold text — a `TextStorage` in UTF-8 bytes — with the
/// conversions to and from the Character offsets of docs/contract/SCENARIO.md. Offsets were validated when the
/// scenario was read, so they are clamped rather than thrown.
struct ScenarioText {
    let storage: TextStorage
    /// The byte offset where each Character starts, and the end.
    private let characterStarts: [Int]

    init(_ text: String) {
        storage = TextStorage(text)
        var starts = [0]
        starts.reserveCapacity(text.count + 1)
        var byte = 0
        for character in text {
            byte += character.utf8.count
            starts.append(byte)
        }
        characterStarts = starts
    }

    func byteOffset(ofCharacter offset: Int) -> Int {
        characterStarts[min(max(0, offset), characterStarts.count - 1)]
    }

    func byteRange(ofCharacters range: Range<Int>) -> Range<Int> {
        byteOffset(ofCharacter: range.lowerBound)..<byteOffset(ofCharacter: range.upperBound)
    }

    /// The Character offset at or before byte `offset`.
    func characterOffset(ofByte offset: Int) -> Int {
        var low = 0, high = characterStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if characterStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func characterRange(ofBytes range: Range<Int>) -> Range<Int> {
        characterOffset(ofByte: range.lowerBound)..<characterOffset(ofByte: range.upperBound)
    }
}
