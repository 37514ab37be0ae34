import EditMenuKit
import Foundation

/// One simulated presentation of the edit menu, as `editmenu present` reads it (docs/contract/SCENARIO.md).
///
/// Decoding is strict: unknown keys, wrong types, unknown values and offsets outside the text are
/// ``ScenarioError``s naming the JSON path, so a typo never silently changes behaviour.
///
/// ```swift
/// let scenario = try Scenario(json: #"{"content": {"kind": "text", "text": "Hello", "selection": [0, 5]}}"#)
/// ```
public struct Scenario: Hashable, Sendable {
    /// The device the menu appears on (`"idiom"`; `phone` when the scenario names none).
    public var idiom: Idiom
    /// The input method, when the scenario names one.
    package var input: InputMethod?
    package var surface: Surface
    package var trigger: Trigger?
    /// The BCP 47 tag the scenario names, if any (otherwise the environment's locale applies).
    public var locale: String?
    package var content: Content
    package var pasteboard: Set<PasteboardType>
    /// What Undo would undo: `"undo": {"undo": "Typing"}`; `""` is a step without a name, `null` none.
    package var undo: UndoState
    /// What Redo would redo, as ``undo``.
    package var redo: UndoState
    package var services: HostCapabilities
    package var spelling: [String]
    /// `"spelling": "system"`: the suggestions come from the machine's spell checker (`editmenu
    /// perform`, and `present` when the tool has one) instead of a list.
    public var usesSystemSpelling: Bool
    package var custom: [CustomCommand]
    package var geometry: PresentationGeometry?
    /// How shortcuts are written: `apple` (`⌘X`, `⇧⌘Z`) by default on every idiom, or `pc` (`Ctrl+X`).
    package var shortcutStyle: ShortcutStyle
    /// Which guidance the menu follows (EDIT-MENU.md §13): `2023` (the default) or `current`.
    package var release: EditMenuRelease
    /// `current`: present the list a compact bar's trailing chevron expands into (`"style": "contextMenu"`).
    package var expanded: Bool
    /// The mac text context menu's "Search With <engine>" (default Google).
    public var searchEngine: String
    /// The items of the mac text context menu's Services ▸ (`"servicesMenu": ["Make Sticky Note"]`),
    /// with ids `service.0`, `service.1` …; none by default.
    package var serviceItems: [ServiceItem]
    /// What `editmenu perform` performs, in turn: command ids the presentation offers, or
    /// `panel.<action>` for a button of the panel the command before showed (`panel.replace`).
    package var perform: [String]
    /// The find field's text (`editmenu perform`'s Find commands).
    package var find: String?
    /// The language Translate translates into (a BCP 47 tag; `editmenu perform`).
    public var translateTo: String?
    /// The language the content is in, as the host says it (a BCP 47 tag); `nil`: EDIT-MENU.md §14
    /// decides from the menu's language and the text's script.
    public var textLanguage: String?
    /// The pasteboard's contents where the scenario gives them (`{"type": "text", "text": "…"}`), in
    /// order; a type given by name alone holds empty data of that type.
    package var pasteboardItems: [PasteboardEntry]

    /// One item of the scenario's pasteboard.
    package struct PasteboardEntry: Hashable, Sendable {
        /// Its type.
        package var type: PasteboardType
        /// Its text, for textual types given as an object.
        package var text: String?
    }

    /// A gesture that happens before the menu is presented.
    package struct Trigger: Hashable, Sendable {
        package var gesture: RevealGesture
        /// A Character offset in the content's text.
        package var at: Int?
        /// Where the pointer (or finger) is, in container coordinates: a menu revealed by a secondary
        /// click opens there.
        package var point: CGPoint?
    }

    /// The content part of a scenario.
    package struct Content: Hashable, Sendable {
        package var kind: ContentKind
        package var text: String
        /// The text's length in Characters.
        package var characterCount: Int
        package var editable: Bool
        package var secure: Bool
        package var rich: Bool
        package var selected: Bool
        /// Character offsets; `nil` = nothing selected.
        package var selection: Range<Int>?
        package var allowDelete: Bool
    }

    static let topLevelKeys = [
        "idiom", "input", "surface", "trigger", "shortcutStyle", "searchEngine", "release", "expanded", "locale",
        "content", "pasteboard",
        "undo", "services", "platformServices", "spelling", "servicesMenu", "custom", "geometry", "perform", "find",
        "translateTo", "textLanguage",
    ]
    static let contentKeys = ["kind", "text", "editable", "secure", "rich", "selected", "selection", "allowDelete"]
    static let customPlacements = ["end", "standardEdit", "replace", "dataActions", "format", "lookup"]

    /// Parses and validates a scenario from JSON text.
    public init(json: String) throws(ScenarioError) {
        let value: JSONValue
        do { value = try JSONValue.parse(json) } catch { throw ScenarioError(path: "", error.description) }
        try self.init(value)
    }

    /// Validates a parsed scenario.
    package init(_ value: JSONValue) throws(ScenarioError) {
        let root = try ObjectReader(value, path: "")
        try root.rejectUnknownKeys(Self.topLevelKeys)
        idiom = try root.choice("idiom", Idiom.allCases.map(\.rawValue)).flatMap(Idiom.init(rawValue:)) ?? .phone
        input = try root.choice("input", InputMethod.allCases.map(\.rawValue)).flatMap(InputMethod.init(rawValue:))
        surface =
            try root.choice("surface", Surface.allCases.map(\.rawValue)).flatMap(Surface.init(rawValue:)) ?? .editMenu
        locale = try root.string("locale")
        if let tag = locale, !MenuLocale.isWellFormed(tag) {
            throw ScenarioError(
                path: "locale", "\"\(tag)\" is not a language tag (for example \"en\", \"pt-BR\", \"zh-Hant\")")
        }
        guard let contentValue = root.value("content") else {
            throw ScenarioError(path: "content", "missing; every scenario needs content")
        }
        let content = try Self.content(contentValue)
        self.content = content
        trigger = try root.value("trigger").map { v throws(ScenarioError) in try Self.trigger(v, content: content) }
        pasteboardItems = try Self.pasteboard(root.array("pasteboard") ?? [])
        pasteboard = Set(pasteboardItems.map(\.type))
        (undo, redo) = try Self.undo(root.value("undo"))
        services = try Self.services(root.array("services"), path: "services", of: Self.scenarioServices)
            .union(Self.services(root.array("platformServices"), path: "platformServices", of: Self.platformServices))
        (spelling, usesSystemSpelling) = try Self.spelling(root.value("spelling"))
        perform = try Self.perform(root.value("perform"))
        find = try root.string("find")
        translateTo = try root.string("translateTo")
        if let tag = translateTo, !MenuLocale.isWellFormed(tag) {
            throw ScenarioError(path: "translateTo", "\"\(tag)\" is not a language tag (for example \"es\", \"de\")")
        }
        textLanguage = try root.string("textLanguage")
        if let tag = textLanguage, !MenuLocale.isWellFormed(tag) {
            throw ScenarioError(path: "textLanguage", "\"\(tag)\" is not a language tag (for example \"de\", \"fr\")")
        }
        custom = try Self.custom(root.array("custom") ?? [])
        geometry = try root.value("geometry").map { v throws(ScenarioError) in try Self.geometry(v) }
        let style = try root.choice("shortcutStyle", ShortcutStyle.allCases.map(\.rawValue))
        shortcutStyle = style.flatMap(ShortcutStyle.init(rawValue:)) ?? .apple
        release =
            try root.choice("release", EditMenuRelease.allCases.map(\.rawValue)).flatMap(
                EditMenuRelease.init(rawValue:))
            ?? .release2023
        expanded = try root.bool("expanded") ?? false
        if expanded, release != .current {
            throw ScenarioError(
                path: "expanded", "applies to \"release\": \"current\" (a 2023 compact bar pages instead of expanding)")
        }
        searchEngine = try root.string("searchEngine") ?? "Google"
        if searchEngine.allSatisfy(\.isWhitespace) {
            throw ScenarioError(path: "searchEngine", "expected the search engine's name, got an empty string")
        }
        serviceItems = try (root.array("servicesMenu") ?? []).enumerated().map { i, v throws(ScenarioError) in
            guard case .string(let title) = v else {
                throw ScenarioError(
                    path: "servicesMenu[\(i)]", "expected the title of a service, got \(v.typeDescription)")
            }
            if title.allSatisfy(\.isWhitespace) {
                throw ScenarioError(path: "servicesMenu[\(i)]", "expected the title of a service, got an empty string")
            }
            return ServiceItem(id: .service(i), title: title)
        }
    }

    // MARK: Parts

    private static func content(_ value: JSONValue) throws(ScenarioError) -> Content {
        let c = try ObjectReader(value, path: "content")
        try c.rejectUnknownKeys(contentKeys)
        let kind =
            try c.choice("kind", ContentKind.allCases.map(\.rawValue)).flatMap(ContentKind.init(rawValue:)) ?? .text
        let text = try c.string("text") ?? ""
        let count = text.count
        if c.has("selected"), !kind.isObject {
            throw ScenarioError(
                path: "content.selected",
                "applies to image, object and file content; \(kind.rawValue) content uses \"selection\"")
        }
        if c.has("selection"), kind != .text, c.value("selection") != nil {
            throw ScenarioError(
                path: "content.selection", "applies to text content; \(kind.rawValue) content uses \"selected\"")
        }
        var selection: Range<Int>?
        if let raw = try c.array("selection") {
            guard raw.count == 2 else {
                throw ScenarioError(
                    path: "content.selection",
                    "expected [start, end], got \(raw.count) number\(raw.count == 1 ? "" : "s")")
            }
            let start = try integer(raw[0], path: "content.selection[0]")
            let end = try integer(raw[1], path: "content.selection[1]")
            if start < 0 { throw ScenarioError(path: "content.selection", "start \(start) is negative") }
            if end < start { throw ScenarioError(path: "content.selection", "end \(end) is before start \(start)") }
            if end > count {
                throw ScenarioError(
                    path: "content.selection",
                    "end \(end) is past the end of the text (\(count) character\(count == 1 ? "" : "s"))")
            }
            selection = start..<end
        }
        return Content(
            kind: kind, text: text, characterCount: count,
            editable: try c.bool("editable") ?? kind.isEditableByDefault,
            secure: try c.bool("secure") ?? false, rich: try c.bool("rich") ?? false,
            selected: try c.bool("selected") ?? false, selection: selection,
            allowDelete: try c.bool("allowDelete") ?? false)
    }

    private static func trigger(_ value: JSONValue, content: Content) throws(ScenarioError) -> Trigger {
        let t = try ObjectReader(value, path: "trigger")
        try t.rejectUnknownKeys(["gesture", "at", "point"])
        guard let name = try t.choice("gesture", RevealGesture.allCases.map(\.rawValue)),
            let gesture = RevealGesture(rawValue: name)
        else {
            throw ScenarioError(
                path: "trigger.gesture",
                "missing; name the gesture (\(RevealGesture.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var at: Int?
        if let v = t.value("at") {
            let offset = try integer(v, path: "trigger.at")
            if offset < 0 { throw ScenarioError(path: "trigger.at", "offset \(offset) is negative") }
            if offset > content.characterCount {
                throw ScenarioError(
                    path: "trigger.at",
                    "offset \(offset) is past the end of the text (\(content.characterCount) character\(content.characterCount == 1 ? "" : "s"))"
                )
            }
            at = offset
        }
        var point: CGPoint?
        if let v = t.value("point") {
            let n = try numbers(v, count: 2, path: "trigger.point", shape: "[x, y]")
            point = CGPoint(x: n[0], y: n[1])
        }
        return Trigger(gesture: gesture, at: at, point: point)
    }

    private static func spelling(_ value: JSONValue?) throws(ScenarioError) -> ([String], Bool) {
        switch value {
        case nil: return ([], false)
        case .string("system"): return ([], true)
        case .array(let items):
            let words = try items.enumerated().map { i, v throws(ScenarioError) in
                guard case .string(let s) = v, !s.isEmpty else {
                    throw ScenarioError(path: "spelling[\(i)]", "expected a non-empty string, got \(v.typeDescription)")
                }
                return s
            }
            return (words, false)
        case .some(let other):
            throw ScenarioError(
                path: "spelling",
                "expected a list of suggestions or \"system\" (the machine's spell checker), got \(other.serialized)")
        }
    }

    private static func perform(_ value: JSONValue?) throws(ScenarioError) -> [String] {
        let items: [(String, JSONValue)]
        switch value {
        case nil: return []
        case .string: items = [("perform", value!)]
        case .array(let list):
            guard !list.isEmpty else { throw ScenarioError(path: "perform", "empty; name at least one command") }
            items = list.enumerated().map { ("perform[\($0.offset)]", $0.element) }
        case .some(let other):
            throw ScenarioError(
                path: "perform", "expected a command id or a list of them, got \(other.typeDescription)")
        }
        return try items.map { path, v throws(ScenarioError) in
            guard case .string(let id) = v, !id.isEmpty, !id.contains(where: { $0.isWhitespace }) else {
                throw ScenarioError(path: path, "expected a command id such as \"copy\", got \(v.serialized)")
            }
            return id
        }
    }

    private static func pasteboard(_ values: [JSONValue]) throws(ScenarioError) -> [PasteboardEntry] {
        var entries: [PasteboardEntry] = []
        for (i, v) in values.enumerated() {
            var text: String?
            var value = v
            if case .object = v {
                let item = try ObjectReader(v, path: "pasteboard[\(i)]")
                try item.rejectUnknownKeys(["type", "text"])
                guard let type = item.value("type") else {
                    throw ScenarioError(path: "pasteboard[\(i)].type", "missing; name the item's type")
                }
                text = try item.string("text")
                value = type
            }
            guard case .string(let name) = value else {
                throw ScenarioError(
                    path: "pasteboard[\(i)]", "expected a type name or {\"type\", \"text\"}, got \(v.typeDescription)")
            }
            guard let type = PasteboardType(name) else {
                var message =
                    "unknown type \"\(name)\"; expected \(PasteboardType.shortNames.joined(separator: ", ")) or a MIME type such as \"text/html\""
                if let guess = closest(to: name, in: PasteboardType.shortNames) {
                    message = "unknown type \"\(name)\"; did you mean \"\(guess)\"?"
                }
                throw ScenarioError(path: "pasteboard[\(i)]", message)
            }
            if text != nil, type.family != .plainText, type.family != .richText, type.family != .url {
                throw ScenarioError(path: "pasteboard[\(i)].text", "\(name) items hold no text")
            }
            entries.append(PasteboardEntry(type: type, text: text))
        }
        return entries
    }

    private static func undo(_ value: JSONValue?) throws(ScenarioError) -> (UndoState, UndoState) {
        guard let value else { return (.unavailable, .unavailable) }
        let u = try ObjectReader(value, path: "undo")
        try u.rejectUnknownKeys(["undo", "redo"])
        func state(_ name: String?) -> UndoState {
            guard let name else { return .unavailable }
            return name.isEmpty ? .unnamed : .named(name)
        }
        return (state(try u.string("undo")), state(try u.string("redo")))
    }

    /// The services SCENARIO.md's `services` names: Look Up, Translate, Search Web and Share (all four by
    /// default).
    static let scenarioServices: HostCapabilities = [.lookUp, .translate, .searchWeb, .share]
    /// Speech and the spell checker: features of every Apple platform, which SCENARIO.md's `services`
    /// does not name, so listing its four leaves them as they are. A scenario for a host without them
    /// says so with `"platformServices"` (`[]`, `["spelling"]`), both by default.
    static let platformServices: HostCapabilities = [.speech, .spelling]

    /// The services named at `path`, which names those of `known` (all of them when the key is absent);
    /// a service of the other key is an error saying where it goes.
    private static func services(
        _ values: [JSONValue]?, path: String, of known: HostCapabilities
    ) throws(ScenarioError) -> HostCapabilities {
        guard let values else { return known }
        let names = HostCapabilities.serviceNames.filter { known.contains($0.1) }
        var services: HostCapabilities = []
        for (i, v) in values.enumerated() {
            guard case .string(let name) = v else {
                throw ScenarioError(path: "\(path)[\(i)]", "expected a service name, got \(v.typeDescription)")
            }
            if let other = HostCapabilities.serviceNames.first(where: { $0.0 == name && !known.contains($0.1) }) {
                let key = platformServices.contains(other.1) ? "platformServices" : "services"
                throw ScenarioError(path: "\(path)[\(i)]", "\"\(name)\" is named in \(key), not here")
            }
            try ObjectReader.checkChoice(name, names.map(\.0), path: "\(path)[\(i)]")
            services.insert(names.first { $0.0 == name }!.1)
        }
        return services
    }

    private static func custom(_ values: [JSONValue]) throws(ScenarioError) -> [CustomCommand] {
        var commands: [CustomCommand] = []
        for (i, v) in values.enumerated() {
            let path = "custom[\(i)]"
            let c = try ObjectReader(v, path: path)
            try c.rejectUnknownKeys(["id", "title", "after", "needs", "keepsMenuPresented"])
            guard let id = try c.string("id"), !id.isEmpty else {
                throw ScenarioError(path: "\(path).id", "missing; every custom command needs an id")
            }
            if EditCommand.ID.systemDefined.contains(EditCommand.ID(id)) || id.hasPrefix("replace.")
                || id.hasPrefix("service.")
            {
                throw ScenarioError(path: "\(path).id", "\"\(id)\" is a system command's id; choose another")
            }
            if commands.contains(where: { $0.id.rawValue == id }) {
                throw ScenarioError(path: "\(path).id", "\"\(id)\" is used by an earlier custom command")
            }
            guard let title = try c.string("title"), !title.allSatisfy(\.isWhitespace) else {
                throw ScenarioError(
                    path: "\(path).title", "missing; every custom command needs a title people can read")
            }
            let after = try c.choice("after", customPlacements) ?? "end"
            let needs = try c.choice("needs", CustomCommand.Requirement.allCases.map(\.rawValue)) ?? "selection"
            commands.append(
                CustomCommand(
                    id: EditCommand.ID(id), title: title,
                    placement: after == "end" ? .end : .after(EditMenuSection.ID(rawValue: after)),
                    requirement: CustomCommand.Requirement(rawValue: needs) ?? .selection,
                    keepsMenuPresented: try c.bool("keepsMenuPresented") ?? false))
        }
        return commands
    }

    private static func geometry(_ value: JSONValue) throws(ScenarioError) -> PresentationGeometry {
        let g = try ObjectReader(value, path: "geometry")
        try g.rejectUnknownKeys(["bounds", "safeArea", "target", "avoid", "metrics"])
        guard let boundsValue = g.value("bounds") else {
            throw ScenarioError(path: "geometry.bounds", "missing; give the container as [x, y, width, height]")
        }
        let bounds = try rect(boundsValue, path: "geometry.bounds")
        var safeArea = MenuEdgeInsets.zero
        if let v = g.value("safeArea") {
            let n = try numbers(v, count: 4, path: "geometry.safeArea", shape: "[top, left, bottom, right]")
            if let i = n.firstIndex(where: { $0 < 0 }) {
                throw ScenarioError(path: "geometry.safeArea[\(i)]", "inset \(n[i]) is negative")
            }
            safeArea = MenuEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        }
        let target = try (g.array("target") ?? []).enumerated().map { i, v throws(ScenarioError) in
            try rect(v, path: "geometry.target[\(i)]")
        }
        let avoid = try (g.array("avoid") ?? []).enumerated().map { i, v throws(ScenarioError) in
            try rect(v, path: "geometry.avoid[\(i)]")
        }
        var metrics = LayoutMetrics.standard
        if let v = g.value("metrics") {
            let m = try ObjectReader(v, path: "geometry.metrics")
            let keys: [(String, WritableKeyPath<LayoutMetrics, Double>)] = [
                ("charWidth", \.charWidth), ("itemPadding", \.itemPadding), ("itemHeight", \.itemHeight),
                ("arrowHeight", \.arrowHeight), ("chevronWidth", \.chevronWidth), ("margin", \.margin), ("gap", \.gap),
            ]
            try m.rejectUnknownKeys(keys.map(\.0))
            for (key, path) in keys {
                guard let raw = m.value(key) else { continue }
                let x = try number(raw, path: m.child(key))
                let mustBePositive = key == "charWidth" || key == "itemHeight"
                if x < 0 || (mustBePositive && x == 0) {
                    throw ScenarioError(
                        path: m.child(key), "\(raw.serialized) must be \(mustBePositive ? "positive" : "zero or more")")
                }
                metrics[keyPath: path] = x
            }
        }
        return PresentationGeometry(bounds: bounds, safeArea: safeArea, target: target, avoid: avoid, metrics: metrics)
    }

    private static func rect(_ value: JSONValue, path: String) throws(ScenarioError) -> CGRect {
        let n = try numbers(value, count: 4, path: path, shape: "[x, y, width, height]")
        if n[2] < 0 {
            throw ScenarioError(path: "\(path)[2]", "width \(JSONValue.double(n[2]).serialized) is negative")
        }
        if n[3] < 0 {
            throw ScenarioError(path: "\(path)[3]", "height \(JSONValue.double(n[3]).serialized) is negative")
        }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    private static func numbers(_ value: JSONValue, count: Int, path: String, shape: String) throws(ScenarioError)
        -> [Double]
    {
        guard case .array(let items) = value, items.count == count else {
            throw ScenarioError(path: path, "expected \(shape), got \(value.typeDescription)\(value.arrayCountSuffix)")
        }
        return try items.enumerated().map { i, v throws(ScenarioError) in try number(v, path: "\(path)[\(i)]") }
    }
}

extension JSONValue {
    var arrayCountSuffix: String {
        if case .array(let a) = self { return " of \(a.count)" }
        return ""
    }
}
