import Foundation
import Testing

@testable import EditMenuKit
@testable import EditMenuScenario

/// `editmenu present` and a host decide the menu through one pipeline (``EditMenuContextBuilder``);
/// only the capabilities they declare differ.
@Suite("One menu pipeline: present and the controller differ only in declared capabilities")
struct MenuPipelineTests {
    /// Every command of `menu`, submenus' items included, with whether it is enabled.
    static func flattened(_ commands: [EditCommand]) -> [String] {
        commands.flatMap { command in
            ["\(command.id.rawValue)\(command.isEnabled ? "" : " (dimmed)")"] + flattened(command.children)
        }
    }

    /// The ids the scenario's presentation lists, submenus' items included.
    static func presentedIDs(_ json: JSONValue) -> [String] {
        func items(_ value: JSONValue?) -> [String] {
            guard case .array(let entries)? = value else { return [] }
            return entries.flatMap { entry -> [String] in
                guard case .object(let item) = entry,
                    case .string(let id)? = item.first(where: { $0.key == "id" })?.value
                else { return [] }
                var enabled = true
                if case .bool(let on)? = item.first(where: { $0.key == "enabled" })?.value { enabled = on }
                return ["\(id)\(enabled ? "" : " (dimmed)")"] + items(item.first { $0.key == "children" }?.value)
            }
        }
        guard case .object(let members) = json else { return [] }
        return items(members.first { $0.key == "items" }?.value)
    }

    @Test(
        "The controller over HeadlessHost shows present's menu less what this host cannot do",
        arguments: [
            (Idiom.mac, InputMethod.pointer, Surface.editMenu),
            (Idiom.mac, InputMethod.keyboard, Surface.menuBar),
            (Idiom.pad, InputMethod.touch, Surface.editMenu),
            (Idiom.phone, InputMethod.touch, Surface.editMenu),
        ])
    func presentAndControllerAgree(idiom: Idiom, input: InputMethod, surface: Surface) throws {
        let scenario = """
            {"idiom": "\(idiom.rawValue)", "input": "\(input.rawValue)", "surface": "\(surface.rawValue)",
             "services": [], "platformServices": [], "content": {"text": "Hello brave world", "selection": [6, 11]}}
            """
        let presented = Self.presentedIDs(try ScenarioPresenter().present(json: scenario).get())
        var editor = TextEditor(storage: TextStorage("Hello brave world"))
        editor.select(6..<11)
        let host = HeadlessHost(.text(editor))
        var configuration = EditMenuConfiguration(idiom: idiom)
        configuration.dataDetector = nil
        let controller = EditMenuController(host: host, configuration: configuration)
        let shown: [String]
        if surface == .menuBar {
            shown = Self.flattened(try #require(controller.menuBarMenu()).commands)
        } else {
            controller.present(input: input, at: input == .pointer ? CGPoint(x: 30, y: 310) : nil)
            shown = Self.flattened(try #require(host.shownMenu).menu.commands)
        }
        // What a host here lacks: the platform features (left out) and Data Detectors without a
        // detector (dimmed: it is inside Substitutions ▸).
        let platform: Set<String> = [
            "smartLinks", "startDictation", "checkGrammarWithSpelling", "correctSpellingAutomatically",
        ]
        let expected = presented.compactMap { entry -> String? in
            let id = String(entry.split(separator: " ")[0])
            if platform.contains(id) { return nil }
            if id == "dataDetectors" { return "dataDetectors (dimmed)" } // inside Substitutions ▸
            return entry
        }
        #expect(shown == expected)
        #expect(!presented.isEmpty)
    }

    @Test("A simulated Apple platform fits nothing away; a host without a capability loses its items")
    func capabilitiesDecide() throws {
        let facts = EditMenuContext(
            content: SelectableContent(kind: .text, selection: .caret(hasWordToSelect: true)), idiom: .mac,
            input: .keyboard, surface: .menuBar)
        let rules = try #require(EditMenuRules.presentation(for: facts).menu)
        let apple = try #require(EditMenuContextBuilder(capabilities: .applePlatform).presentation(for: facts).menu)
        #expect(apple == rules)
        let bare = try #require(EditMenuContextBuilder(capabilities: [.find]).presentation(for: facts).menu)
        let ids = Self.flattened(bare.commands)
        #expect(!ids.contains("startDictation"))
        #expect(ids.contains("findNext"))
        #expect(ids.contains("findAndReplace (dimmed)"))
        #expect(ids.contains("makeUpperCase (dimmed)"))
        #expect(HostCapabilities.applePlatform(services: []).services == [])
        #expect(HostCapabilities.applePlatform(services: [.share]).contains(.find))
    }
}
