import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit
@testable import EditMenuScenario

/// Spec section 8: a menu revealed by the pointer opens at the pointer — its leading top corner there,
/// flipped to another corner when it would not fit — with no arrow.
@Suite("Layout: menus at the pointer")
struct LayoutPointerTests {
    let bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    let menu = CGSize(width: 200, height: 300)

    func place(_ p: CGPoint, rtl: Bool = false, avoid: [CGRect] = [], safe: MenuEdgeInsets = .zero) -> MenuPlacement {
        MenuPlacement.place(
            menuSize: menu,
            geometry: PresentationGeometry(
                bounds: bounds, safeArea: safe, target: [CGRect(x: 10, y: 10, width: 40, height: 20)], avoid: avoid),
            source: .pointer(p), isRightToLeft: rtl)
    }

    @Test func theLeadingTopCornerIsAtThePointerWithNoArrow() {
        let p = place(CGPoint(x: 112, y: 208))
        #expect(p.side == .pointer)
        #expect(p.frame == CGRect(x: 112, y: 208, width: 200, height: 300))
        #expect(p.arrowDirection == .none && p.arrowX == nil)
        #expect(p.arrowTriangle(metrics: .standard) == nil)
    }

    @Test func rightToLeftMenusOpenWithTheirTopRightCornerAtThePointer() {
        #expect(place(CGPoint(x: 500, y: 100), rtl: true).frame == CGRect(x: 300, y: 100, width: 200, height: 300))
        // Flipped to the right when there is no room on the left.
        #expect(place(CGPoint(x: 150, y: 100), rtl: true).frame.minX == 150)
    }

    @Test func aMenuFlipsToTheCornerThatFits() {
        // Three boundaries each way: fits, barely fits, does not fit.
        #expect(place(CGPoint(x: 823, y: 100)).frame.minX == 823)
        #expect(place(CGPoint(x: 824, y: 100)).frame.minX == 824)
        #expect(place(CGPoint(x: 825, y: 100)).frame.maxX == 825)
        #expect(place(CGPoint(x: 100, y: 468)).frame.minY == 468)
        #expect(place(CGPoint(x: 100, y: 469)).frame.maxY == 469)
        let corner = place(CGPoint(x: 1000, y: 700))
        #expect(corner.frame == CGRect(x: 800, y: 400, width: 200, height: 300))
    }

    @Test func aMenuThatFitsNeitherWayIsShiftedInsideTheSafeContainer() {
        let tall = MenuPlacement.place(
            menuSize: CGSize(width: 200, height: 500),
            geometry: PresentationGeometry(
                bounds: CGRect(x: 0, y: 0, width: 1024, height: 768), safeArea: MenuEdgeInsets(top: 24)),
            source: .pointer(CGPoint(x: 100, y: 300)))
        #expect(tall.frame.minY == 268 && tall.frame.maxY == 768)
        #expect(tall.frame.minX == 100)
    }

    @Test func amongTheCornersThatFitOneThatCoversNoAvoidedAreaWins() {
        let keyboard = CGRect(x: 0, y: 500, width: 1024, height: 268)
        let p = place(CGPoint(x: 100, y: 300), avoid: [keyboard])
        #expect(p.frame.maxY == 300)
        #expect(!p.frame.overlaps(keyboard))
    }

    @Test func theEngineOpensVerticalAndContextMenusAtThePointerAndPointsACompactBarAtIt() throws {
        let geometry = PresentationGeometry(
            bounds: bounds, target: [CGRect(x: 100, y: 200, width: 40, height: 20)])
        let vertical = try #require(
            EditMenuRules.presentation(for: textContext("Hello world", 0..<5, idiom: .pad, input: .pointer)).menu)
        let layout = EditMenuLayoutEngine().layout(
            vertical, geometry: geometry, idiom: .pad, isRightToLeft: false, source: .pointer(CGPoint(x: 300, y: 400))
        )
        #expect(layout.placement.side == .pointer)
        #expect(layout.placement.frame.minX == 300 && layout.placement.frame.minY == 400)
        #expect(layout.items.allSatisfy { layout.placement.frame.encloses($0.frame) })
        let compact = try #require(EditMenuRules.presentation(for: textContext("Hello world", 0..<5)).menu)
        let bar = EditMenuLayoutEngine().layout(
            compact, geometry: geometry, idiom: .phone, isRightToLeft: false,
            source: .pointer(CGPoint(x: 300, y: 400)))
        #expect(bar.placement.side == .above && bar.placement.arrowX == 300)
    }

    @Test func inPresentASecondaryClickWithAPointOpensThereAndAMenuKeyStaysAtTheSelection() {
        let geometry = #""geometry": {"bounds": [0, 0, 1024, 768], "target": [[100, 200, 40, 20]]}"#
        let click = present(
            #"{"idiom": "pad", "input": "pointer", "trigger": {"gesture": "secondaryClick", "at": 2, "point": [112, 208]}, "content": {"text": "Hello world", "selection": [0, 0]}, \#(geometry)}"#
        )
        #expect(click["layout"]?["placement"]?.stringValue == "pointer")
        #expect(click["layout"]?["frame"]?.intArray.prefix(2) == [112, 208])
        #expect(click["layout"]?["arrow"]?.serialized == #"{"direction":"none"}"#)
        let key = present(
            #"{"idiom": "pad", "input": "keyboard", "trigger": {"gesture": "menuKey", "point": [112, 208]}, "content": {"text": "Hello world", "selection": [0, 5]}, \#(geometry)}"#
        )
        #expect(key["layout"]?["placement"]?.stringValue == "below")
        #expect(key["layout"]?["arrow"]?["direction"]?.stringValue == "up")
        let mac = present(
            #"{"idiom": "mac", "trigger": {"gesture": "secondaryClick", "at": 2, "point": [900, 700]}, "content": {"text": "Hello world", "selection": [0, 0]}, \#(geometry)}"#
        )
        let frame = mac["layout"]?["frame"]?.intArray ?? []
        #expect(frame.count == 4 && frame[0] + frame[2] == 900 && frame[1] + frame[3] == 700)
    }
}

/// Property tests: the guarantees of a menu at the pointer hold over random geometries.
@Suite("Layout: menus at the pointer, properties")
struct LayoutPointerPropertyTests {
    @Test func aPointerMenuStaysInsideTheSafeContainerAndHasACornerAtThePointerWheneverOneFits() {
        var rng = SplitMix64(seed: 0x90_1A7E)
        var cornered = 0
        for n in 0..<3000 {
            let c = LayoutPlacementPropertyTests.randomCase(&rng)
            let safe = c.geometry.bounds.inset(by: c.geometry.safeArea)
            let p = CGPoint(
                x: Double.random(in: safe.minX...safe.maxX, using: &rng).rounded(),
                y: Double.random(in: safe.minY...safe.maxY, using: &rng).rounded())
            let rtl = Bool.random(using: &rng)
            let placed = MenuPlacement.place(
                menuSize: c.size, geometry: c.geometry, source: .pointer(p), isRightToLeft: rtl)
            let f = placed.frame
            #expect(placed.side == .pointer && placed.arrowX == nil && placed.arrowDirection == .none, "case \(n)")
            guard c.size.width <= safe.width, c.size.height <= safe.height else { continue }
            #expect(safe.encloses(f, tolerance: 1e-6), "case \(n): \(f) leaves \(safe)")
            let fitsX = p.x + c.size.width <= safe.maxX || p.x - c.size.width >= safe.minX
            let fitsY = p.y + c.size.height <= safe.maxY || p.y - c.size.height >= safe.minY
            let corners = [
                CGPoint(x: f.minX, y: f.minY), CGPoint(x: f.maxX, y: f.minY), CGPoint(x: f.minX, y: f.maxY),
                CGPoint(x: f.maxX, y: f.maxY),
            ]
            if fitsX, fitsY {
                cornered += 1
                #expect(corners.contains(p), "case \(n): no corner of \(f) at \(p)")
            }
            // Where the leading top corner fits, it is the one at the pointer unless an avoided area is
            // in the way.
            let leadingFits =
                (rtl ? p.x - c.size.width >= safe.minX : p.x + c.size.width <= safe.maxX)
                && p.y + c.size.height <= safe.maxY
            if leadingFits, c.geometry.avoid.isEmpty {
                #expect(f.minY == p.y && (rtl ? f.maxX == p.x : f.minX == p.x), "case \(n): \(f) at \(p)")
            }
        }
        #expect(cornered > 1000)
    }
}
