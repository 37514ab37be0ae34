import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// Presents a scenario given as JSON text and returns the presentation, failing the test on a
/// validation error.
func present(_ json: String, locale: MenuLocale = .english, sourceLocation: SourceLocation = #_sourceLocation)
    -> JSONValue
{
    switch ScenarioPresenter(defaultLocale: locale).present(json: json) {
    case .success(let value): return value
    case .failure(let error):
        Issue.record("scenario refused: \(error)", sourceLocation: sourceLocation)
        return .null
    }
}

/// The validation error for a scenario, or `nil` when it was accepted.
func validationError(_ json: String) -> String? {
    if case .failure(let error) = ScenarioPresenter().present(json: json) { return error.description }
    return nil
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    var arrayValue: [JSONValue] {
        if case .array(let a) = self { return a }
        return []
    }

    var intArray: [Int] {
        arrayValue.compactMap { if case .number(let d, _) = $0 { return Int(d) } else { return nil } }
    }

    /// The top-level item ids of a presentation.
    var itemIDs: [String] { (self["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue } }

    /// Every item, submenu children included.
    var allItems: [JSONValue] {
        func flatten(_ items: [JSONValue]) -> [JSONValue] {
            items.flatMap { [$0] + flatten($0["children"]?.arrayValue ?? []) }
        }
        return flatten(self["items"]?.arrayValue ?? [])
    }

    func item(_ id: String) -> JSONValue? { allItems.first { $0["id"]?.stringValue == id } }

    func title(_ id: String) -> String? { item(id)?["title"]?.stringValue }

    func isEnabled(_ id: String) -> Bool? { item(id)?["enabled"]?.boolValue }
}

/// A text scenario as JSON, with the common keys as parameters.
func textScenario(_ text: String, _ selection: [Int]?, extra: String = "", content: String = "") -> String {
    let sel = selection.map { ", \"selection\": [\($0[0]), \($0[1])]" } ?? ""
    let textJSON = JSONValue.string(text).serialized
    return "{\"content\": {\"kind\": \"text\", \"text\": \(textJSON)\(sel)\(content)}\(extra)}"
}

/// A context for text, with facts computed the way hosts compute them.
func textContext(
    _ text: String, _ selection: Range<Int>?, idiom: Idiom = .phone, input: InputMethod? = nil,
    editable: Bool = true, secure: Bool = false, rich: Bool = false, allowsDelete: Bool = false,
    pasteboard: Set<PasteboardType> = [], services: HostCapabilities = .allServices,
    spelling: [String] = [], custom: [CustomCommand] = [], locale: MenuLocale = .english
) -> EditMenuContext {
    // Selections are given in Characters; hosts compute facts on UTF-8 bytes of their storage.
    let storage = TextStorage(text)
    let bytes = selection.map {
        try! storage.byteOffset(ofCharacter: $0.lowerBound)..<storage.byteOffset(ofCharacter: $0.upperBound)
    }
    let facts = TextSelectionFacts(storage: storage, selection: bytes, isSecure: secure)
    return EditMenuContext(
        content: SelectableContent(
            kind: .text, isEditable: editable, isSecure: secure, isRich: rich,
            allowsDelete: allowsDelete, isEmpty: facts.isEmpty, selection: facts.state),
        idiom: idiom, input: input, pasteboardTypes: pasteboard, services: services,
        spellingSuggestions: spelling, customCommands: custom, locale: locale)
}

/// The ids of the menu for a context, or the reason it is not presented.
func menuIDs(_ context: EditMenuContext) -> [String] {
    switch EditMenuRules.presentation(for: context) {
    case .presented(let menu): return menu.commands.map(\.id.rawValue)
    case .notPresented(let reason): return ["<\(reason.rawValue)>"]
    }
}
