import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// `editmenu render`'s pictures, compared byte for byte with golden SVGs in `Golden/`.
///
/// After an intended change, regenerate them with
/// `EDITMENU_UPDATE_GOLDEN=1 swift test --filter RenderGolden` and review the diff (or the pictures).
@Suite("Render: golden pictures")
struct RenderGoldenTests {
    /// (scenario file in Golden/, page shown).
    static let cases: [(String, Int)] = [
        ("compact-phone", 0), ("compact-phone", 1), ("compact-below", 0), ("compact-rtl", 0), ("compact-inside", 0),
        ("vertical-pad", 0), ("context-menu-mac", 0), ("menu-bar-mac", 0), ("context-menu-mac-pointer", 0),
        ("vertical-pad-pointer", 0), ("compact-edge", 0),
    ]

    static func picture(_ name: String, page: Int) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
        let scenario = try Scenario(json: String(decoding: try Data(contentsOf: url), as: UTF8.self))
        let geometry = try #require(scenario.geometry)
        let result = ScenarioPresenter().presentationWithLayout(scenario, page: page)
        let layout = try #require(result.layout)
        let pointer = scenario.trigger.flatMap { $0.gesture == .secondaryClick ? $0.point : nil }
        return MenuPicture(geometry: geometry, layout: layout, pointer: pointer).svg
    }

    @Test(arguments: cases)
    func thePictureMatchesItsGoldenFile(name: String, page: Int) throws {
        let golden = page == 0 ? name : "\(name).page\(page)"
        let svg = try Self.picture(name, page: page)
        if ProcessInfo.processInfo.environment["EDITMENU_UPDATE_GOLDEN"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Golden").appendingPathComponent("\(golden).svg")
            try Data(svg.utf8).write(to: source)
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: golden, withExtension: "svg", subdirectory: "Golden"),
            "no Golden/\(golden).svg; run EDITMENU_UPDATE_GOLDEN=1 swift test --filter RenderGolden")
        let expected = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(
            svg == expected,
            "Golden/\(golden).svg differs; first differing line: \(Self.firstDifference(svg, expected))")
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let (x, y) = (
            a.split(separator: "\n", omittingEmptySubsequences: false),
            b.split(separator: "\n", omittingEmptySubsequences: false)
        )
        for i in 0..<max(x.count, y.count) where i >= x.count || i >= y.count || x[i] != y[i] {
            return
                "line \(i + 1): got \(i < x.count ? String(x[i]) : "nothing"), want \(i < y.count ? String(y[i]) : "nothing")"
        }
        return "none"
    }

    @Test func aPictureShowsTheMenuPartsItWasAskedFor() throws {
        let svg = try Self.picture("compact-phone", page: 1)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2) // previous and next
        #expect(svg.contains(">Look Up</text>"))
        let context = try Self.picture("context-menu-mac", page: 0)
        #expect(context.contains("fill-opacity=\"0.35\">Cut</text>")) // dimmed
        #expect(!context.contains("⌘")) // shortcuts only in the menu bar (EDIT-MENU.md §10)
        let bar = try Self.picture("menu-bar-mac", page: 0)
        #expect(bar.contains(">⌘V</text>")) // shortcut
    }

    @Test func titlesAreEscaped() {
        let menu = EditMenu(
            style: .compact,
            sections: [
                EditMenuSection(
                    id: .custom,
                    commands: [
                        EditCommand(id: "x", title: "Save & <Share>", kind: .custom)
                    ])
            ])
        let geometry = PresentationGeometry(
            bounds: CGRect(x: 0, y: 0, width: 390, height: 400),
            target: [CGRect(x: 10, y: 200, width: 50, height: 20)])
        let layout = EditMenuLayoutEngine().layout(menu, geometry: geometry, idiom: .phone, isRightToLeft: false)
        let svg = MenuPicture(geometry: geometry, layout: layout, caption: "a \"test\"").svg
        #expect(svg.contains(">Save &amp; &lt;Share&gt;</text>"))
        #expect(svg.contains(">a &quot;test&quot;</text>"))
    }
}
