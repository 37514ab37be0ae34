import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// `editmenu present`'s `layout` member (docs/contract/SCENARIO.md).
@Suite("Layout: present output")
struct LayoutPresentOutputTests {
    static let geometry =
        #""geometry": {"bounds": [0, 0, 390, 844], "safeArea": [47, 0, 34, 0], "target": [[40, 400, 60, 20]]}"#

    func layout(_ json: String) throws -> [(key: String, value: JSONValue)]? {
        let output = try ScenarioPresenter().present(json: json).get()
        guard case .object(let members) = output else {
            Issue.record("not an object")
            return nil
        }
        guard let layout = members.first(where: { $0.key == "layout" })?.value else { return nil }
        guard case .object(let fields) = layout else {
            Issue.record("layout is not an object")
            return nil
        }
        return fields
    }

    @Test func aCompactLayoutHasPlacementFrameArrowPagesAndItemFrames() throws {
        let fields = try #require(
            try layout(#"{"content": {"text": "Hello world", "selection": [0, 5]}, \#(Self.geometry)}"#))
        #expect(fields.map(\.key) == ["placement", "frame", "arrow", "pages", "itemFrames"])
        #expect(fields[0].value == .string("above"))
        #expect(fields[2].value.serialized == #"{"direction":"down","x":70}"#)
        #expect(fields[1].value.serialized.hasPrefix("[8,"))
    }

    @Test func aVerticalLayoutHasATopRowAndNoPages() throws {
        let fields = try #require(
            try layout(
                #"{"idiom": "pad", "input": "keyboard", "content": {"text": "Hello world", "selection": [0, 5]}, \#(Self.geometry)}"#
            ))
        #expect(fields.map(\.key) == ["placement", "frame", "arrow", "itemFrames", "topRow"])
        #expect(fields[4].value.serialized == #"["cut","copy"]"#)
    }

    @Test func aContextMenuLayoutHasNeitherPagesNorTopRow() throws {
        let fields = try #require(
            try layout(#"{"idiom": "mac", "content": {"text": "Hello world", "selection": [0, 5]}, \#(Self.geometry)}"#)
        )
        #expect(fields.map(\.key) == ["placement", "frame", "arrow", "itemFrames"])
    }

    @Test func anInsideLayoutHasAnArrowWithoutX() throws {
        let json =
            #"{"content": {"text": "Hello world", "selection": [0, 11]}, "geometry": {"bounds": [0, 0, 390, 400], "target": [[0, 0, 390, 400]]}}"#
        let fields = try #require(try layout(json))
        #expect(fields[0].value == .string("inside"))
        #expect(fields[2].value.serialized == #"{"direction":"none"}"#)
    }

    @Test func withoutGeometryOnlyTheVerticalStyleHasALayoutItsTopRow() throws {
        let vertical = try #require(
            try layout(
                #"{"idiom": "pad", "input": "pointer", "content": {"text": "Hello world", "selection": [0, 5]}}"#))
        #expect(vertical.map(\.key) == ["topRow"])
        #expect(try layout(#"{"content": {"text": "Hello world", "selection": [0, 5]}}"#) == nil)
    }

    @Test func coordinatesAreRoundedToHundredths() {
        #expect(ScenarioPresenter.number(66.666666).serialized == "66.67")
        #expect(ScenarioPresenter.number(8).serialized == "8")
        #expect(ScenarioPresenter.rect(CGRect(x: 0.1 + 0.2, y: 1, width: 2, height: 3)).serialized == "[0.3,1,2,3]")
    }

    @Test func wideTitlesTakeTwoCellsInItemFrames() throws {
        let json = #"{"locale": "ja", "content": {"text": "Hello world", "selection": [0, 5]}, \#(Self.geometry)}"#
        let fields = try #require(try layout(json))
        let frames = try #require(fields.first { $0.key == "itemFrames" }?.value)
        guard case .object(let items) = frames, let cut = items.first(where: { $0.key == "cut" })?.value,
            case .array(let rect) = cut, case .number(let width, _) = rect[2]
        else {
            Issue.record("no cut frame in \(frames.serialized)")
            return
        }
        let title = MenuStrings(locale: MenuLocale("ja")).title(for: .cut, idiom: .phone)
        #expect(width == 24 + 8 * Double(MonospaceCellMeasurer.cells(in: title)))
        #expect(MonospaceCellMeasurer.cells(in: title) == 2 * title.count)
    }
}
