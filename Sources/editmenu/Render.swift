import EditMenuKit
import EditMenuScenario
import Foundation

/// `editmenu render SCENARIO [-o OUT.svg] [--page N]`: draws the scenario's presentation as SVG — the
/// container, safe area, areas to avoid, target rects and the menu as laid out.
func render(_ arguments: ArraySlice<String>) -> Exit {
    var file: String?
    var output: String?
    var page = 0
    var rest = arguments
    while let argument = rest.popFirst() {
        switch argument {
        case "-o", "--output":
            guard let path = rest.popFirst() else { fail("'\(argument)' needs a file name; see 'editmenu help'") }
            output = path
        case "--page":
            guard let value = rest.popFirst(), let n = Int(value), n >= 0 else {
                fail("'--page' needs a page number (0 is the first page); see 'editmenu help'")
            }
            page = n
        case "-h", "--help":
            print(usage)
            return .ok
        case "-":
            file = "-"
        default:
            if argument.hasPrefix("-") { fail("unknown option '\(argument)' for 'render'; see 'editmenu help'") }
            if let file { fail("'render' takes one SCENARIO; got '\(file)' and '\(argument)'") }
            file = argument
        }
    }
    guard let file else { fail("'render' needs a SCENARIO file ('-' for standard input); see 'editmenu help'") }
    let scenario: Scenario
    do {
        scenario = try Scenario(json: readAll(file))
    } catch {
        fail(error.description)
    }
    guard let geometry = scenario.geometry else {
        fail("geometry: missing; 'render' needs the scenario's geometry (bounds and target) to draw the menu")
    }
    let presenter = ScenarioPresenter(defaultLocale: MenuLocale.fromEnvironment(ProcessInfo.processInfo.environment))
    let (presentation, layout) = presenter.presentationWithLayout(scenario, page: page)
    var caption: String?
    if case .notPresented(let reason) = presentation { caption = "no menu: \(reason.rawValue)" }
    if let layout, page >= layout.pages.count {
        fail(
            "--page: the menu has \(layout.pages.count) page\(layout.pages.count == 1 ? "" : "s"); the last is \(layout.pages.count - 1)"
        )
    }
    // A menu revealed by a secondary click opens at the pointer: draw the pointer too.
    let pointer = scenario.trigger.flatMap { $0.gesture == .secondaryClick ? $0.point : nil }
    let svg = MenuPicture(geometry: geometry, layout: layout, caption: caption, pointer: pointer).svg
    if let output, output != "-" {
        do {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            fail("cannot write \"\(output)\": \(error.localizedDescription)")
        }
    } else {
        FileHandle.standardOutput.write(Data(svg.utf8))
    }
    return .ok
}
