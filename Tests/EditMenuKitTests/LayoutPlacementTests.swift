import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit

/// Placement (EDIT-MENU.md §8): above, below, least covering, inside; clamping; the arrow.
@Suite("Layout: placement")
struct LayoutPlacementTests {
    let phone = CGRect(x: 0, y: 0, width: 390, height: 844)
    let menu = CGSize(width: 200, height: 36)

    func place(
        _ target: [CGRect], avoid: [CGRect] = [], safe: MenuEdgeInsets = MenuEdgeInsets(top: 47, bottom: 34),
        size: CGSize? = nil, source: PlacementSource = .selection
    ) -> MenuPlacement {
        MenuPlacement.place(
            menuSize: size ?? menu,
            geometry: PresentationGeometry(bounds: phone, safeArea: safe, target: target, avoid: avoid),
            source: source)
    }

    @Test func aMenuGoesAboveTheFirstLineWithTheArrowPointingDown() {
        let p = place([CGRect(x: 40, y: 400, width: 60, height: 20)])
        #expect(p.side == .above)
        #expect(p.arrowDirection == .down)
        // Bottom of the body + arrow + gap = the line's top.
        #expect(p.frame.maxY + 7 + 8 == 400)
        #expect(p.arrowX == 70)
    }

    @Test func aMenuGoesBelowTheLastLineWhenThereIsNoRoomAbove() {
        let p = place([CGRect(x: 40, y: 60, width: 60, height: 20)])
        #expect(p.side == .below)
        #expect(p.arrowDirection == .up)
        #expect(p.frame.minY == CGFloat(80 + 8 + 7))
    }

    @Test func roomAboveIsMeasuredInsideTheSafeAreaAndMargins() {
        // Needed above: 36 + 7 + 8 = 51 over the safe top (47) plus the margin (8): a line at 106 fits,
        // one at 105.9 does not.
        #expect(place([CGRect(x: 40, y: 106, width: 60, height: 20)]).side == .above)
        #expect(place([CGRect(x: 40, y: 105.9, width: 60, height: 20)]).side == .below)
        #expect(place([CGRect(x: 40, y: 200, width: 60, height: 20)]).side == .above)
    }

    @Test func aMenuThatWouldCoverAnAvoidedAreaAboveGoesBelow() {
        let p = place(
            [CGRect(x: 40, y: 400, width: 60, height: 20)], avoid: [CGRect(x: 0, y: 300, width: 390, height: 100)])
        #expect(p.side == .below)
    }

    @Test func aMenuAvoidsTheKeyboardBelowByStayingAbove() {
        let keyboard = CGRect(x: 0, y: 500, width: 390, height: 344)
        let p = place(
            [CGRect(x: 40, y: 60, width: 60, height: 20), CGRect(x: 0, y: 80, width: 390, height: 20)],
            avoid: [keyboard])
        // No room above (the safe top), below is free of the keyboard.
        #expect(p.side == .below)
        #expect(!p.frame.overlaps(keyboard))
    }

    @Test func whenNeitherSideIsFreeTheSideCoveringLeastWins() {
        // Above: a 390×10 strip is covered; below: a 390×30 strip.
        let target = [CGRect(x: 40, y: 400, width: 60, height: 20)]
        let p = place(
            target,
            avoid: [
                CGRect(x: 0, y: 340, width: 390, height: 10),
                CGRect(x: 0, y: 440, width: 390, height: 30),
            ])
        #expect(p.side == .above)
        let q = place(
            target,
            avoid: [
                CGRect(x: 0, y: 340, width: 390, height: 30),
                CGRect(x: 0, y: 440, width: 390, height: 10),
            ])
        #expect(q.side == .below)
    }

    @Test func aMenuSlidesBesideAnAvoidedAreaWhenTheArrowStillReachesTheLine() {
        // A toolbar on the left, above the line: the centred menu would overlap it, one slid right does not.
        let toolbar = CGRect(x: 0, y: 300, width: 100, height: 60)
        let p = place([CGRect(x: 60, y: 400, width: 120, height: 20)], avoid: [toolbar])
        #expect(p.side == .above)
        #expect(!p.frame.overlaps(toolbar))
        #expect(p.frame.minX == 100)
        #expect(p.arrowX! >= 60 && p.arrowX! <= 180)
    }

    @Test func aSelectionFillingTheViewGetsTheMenuInsideWithoutAnArrow() {
        let p = place([CGRect(x: 0, y: 0, width: 390, height: 844)])
        #expect(p.side == .inside)
        #expect(p.arrowDirection == .none)
        #expect(p.arrowX == nil)
        #expect(abs(p.frame.midY - (47 + (844 - 47 - 34) / 2)) < 1)
    }

    @Test func anInsideMenuMovesOffTheKeyboard() {
        let keyboard = CGRect(x: 0, y: 400, width: 390, height: 444)
        let p = place([CGRect(x: 0, y: 0, width: 390, height: 844)], avoid: [keyboard])
        #expect(p.side == .inside)
        #expect(!p.frame.overlaps(keyboard))
    }

    @Test func aMenuIsCentredOnTheLineAndClampedAtEitherEdge() {
        #expect(place([CGRect(x: 145, y: 400, width: 100, height: 20)]).frame.midX == 195)
        let left = place([CGRect(x: 0, y: 400, width: 30, height: 20)])
        #expect(left.frame.minX == 8)
        #expect(left.arrowX! >= 0 && left.arrowX! <= 30)
        // Clamped at the margin (maxX 382) the straight edge would end at 367, short of the line: the
        // menu shifts left just enough for it to reach the line's start.
        let right = place([CGRect(x: 370, y: 400, width: 20, height: 20)])
        #expect(right.frame.maxX == 385)
        #expect(right.arrowX == 370)
    }

    @Test func theArrowStaysOnTheStraightEdgeBetweenTheCorners() {
        // 8 (corner) + 7 (half the base) in from each end of the edge.
        let centred = place([CGRect(x: 100, y: 400, width: 100, height: 20)])
        #expect(centred.arrowX! >= centred.frame.minX + 15 && centred.arrowX! <= centred.frame.maxX - 15)
        // A line 12 pt from the container's edge: the menu clamped at its margin just reaches its start.
        let near = place([CGRect(x: 366, y: 400, width: 12, height: 20)], safe: MenuEdgeInsets(top: 47, bottom: 34))
        #expect(near.frame.maxX == 382)
        #expect(near.arrowX == 367)
        // 2 pt further right it gives up 2 pt of its margin, no more.
        let nearer = place([CGRect(x: 368, y: 400, width: 12, height: 20)], safe: MenuEdgeInsets(top: 47, bottom: 34))
        #expect(nearer.frame.maxX == 383)
        #expect(nearer.arrowX == 368)
    }

    @Test func aLineAtTheVeryEdgeKeepsTheArrowByGivingUpTheMargin() {
        // The straight edge starts 15 pt in: the menu gives up 3 of its 8 pt margin to reach x = 20.
        let p = place([CGRect(x: 0, y: 400, width: 20, height: 20)], safe: .zero)
        #expect(p.frame.minX == 5)
        #expect(p.arrowX == 20)
        #expect(p.arrowDirection == .down)
    }

    @Test func aLineTheStraightEdgeCannotReachIsPointedAtFromOverTheCorner() throws {
        // Three boundaries: the edge's reach ends 15 pt in; a line ending at 15 keeps the arrow there.
        let reached = place([CGRect(x: 0, y: 400, width: 15, height: 20)], safe: .zero)
        #expect(reached.arrowX == 15 && reached.arrowDirection == .down)
        // A line ending at 14.9 cannot be reached from the straight edge: the menu goes to the safe edge
        // and the arrow's tip leaves the straight edge for the line, its base staying on the edge.
        let missed = place([CGRect(x: 0, y: 400, width: 14.9, height: 20)], safe: .zero)
        #expect(missed.side == .above && missed.frame.minX == 0)
        #expect(missed.arrowDirection == .down && missed.arrowX == 14.9)
        let triangle = try #require(missed.arrowTriangle(metrics: .standard))
        #expect(triangle.map(\.x) == [8, 14.9, 22])
        #expect(triangle[0].y == missed.frame.maxY && triangle[1].y == missed.frame.maxY + 7)
        // A caret at the container's very edge: the tip on the caret, over the body's corner.
        let caret = place([CGRect(x: 390, y: 400, width: 0, height: 20)], safe: .zero)
        #expect(caret.frame.maxX == 390 && caret.arrowX == 390 && caret.arrowDirection == .down)
        let rect = try #require(caret.arrowRect(metrics: .standard))
        #expect(rect.minX == 368 && rect.maxX == 390)
        // A line entirely outside the container cannot be pointed at: no arrow.
        let outside = place([CGRect(x: -30, y: 400, width: 20, height: 20)], safe: .zero)
        #expect(outside.arrowDirection == .none && outside.arrowX == nil)
        #expect(outside.arrowTriangle(metrics: .standard) == nil)
    }

    @Test func aTargetUnderTheStatusBarNeverPullsTheMenuOutOfTheSafeArea() {
        // The line is hidden by the 47 pt status bar: "below" would start at 35, above the safe area.
        let p = place([CGRect(x: 100, y: 0, width: 60, height: 20)])
        #expect(p.frame.minY >= 47)
    }

    @Test func theArrowsTriangleSitsOnTheBodyAndReachesTowardTheTarget() throws {
        let metrics = LayoutMetrics.standard
        let above = place([CGRect(x: 40, y: 400, width: 60, height: 20)])
        let down = try #require(above.arrowTriangle(metrics: metrics))
        #expect(
            down == [
                CGPoint(x: 63, y: above.frame.maxY), CGPoint(x: 70, y: above.frame.maxY + 7),
                CGPoint(x: 77, y: above.frame.maxY),
            ])
        #expect(above.arrowRect(metrics: metrics) == CGRect(x: 63, y: above.frame.maxY, width: 14, height: 7))
        let below = place([CGRect(x: 40, y: 60, width: 60, height: 20)])
        #expect(below.arrowTriangle(metrics: metrics)?[1] == CGPoint(x: 70, y: below.frame.minY - 7))
        #expect(place([CGRect(x: 0, y: 0, width: 390, height: 844)]).arrowTriangle(metrics: metrics) == nil)
    }

    @Test func aCaretIsAZeroWidthTargetTheArrowPointsAt() {
        let p = place([CGRect(x: 44, y: 400, width: 0, height: 20)])
        #expect(p.side == .above)
        #expect(p.arrowX == 44)
    }

    @Test func aMultiLineSelectionPointsAtItsFirstLineAboveAndItsLastLineBelow() {
        let lines = [
            CGRect(x: 200, y: 400, width: 190, height: 20), CGRect(x: 0, y: 420, width: 390, height: 20),
            CGRect(x: 0, y: 440, width: 60, height: 20),
        ]
        let above = place(lines)
        #expect(above.side == .above)
        #expect(above.arrowX! >= 200)
        let below = place(lines, avoid: [CGRect(x: 0, y: 300, width: 390, height: 100)])
        #expect(below.side == .below)
        #expect(below.frame.minY == CGFloat(460 + 15))
        #expect(below.arrowX! <= 60)
    }

    @Test func linesScrolledOutOfViewAreIgnored() {
        // The first line is above the visible area: the menu points at the visible ones.
        let p = place([CGRect(x: 0, y: -40, width: 390, height: 20), CGRect(x: 0, y: 300, width: 100, height: 20)])
        #expect(p.side == .above)
        #expect(p.frame.maxY == CGFloat(300 - 15))
    }

    @Test func theHostCanPointTheMenuAtItsOwnRectOrPosition() {
        let selection = [CGRect(x: 40, y: 400, width: 60, height: 20)]
        let rect = place(selection, source: .rect(CGRect(x: 200, y: 600, width: 40, height: 40)))
        #expect(rect.frame.maxY == CGFloat(600 - 15))
        #expect(rect.arrowX == 220)
        let point = place(selection, source: .point(CGPoint(x: 300, y: 700)))
        #expect(point.arrowX == 300)
        #expect(point.frame.maxY == CGFloat(700 - 15))
    }

    @Test func layingOutAgainFollowsTheTarget() {
        let before = place([CGRect(x: 40, y: 400, width: 60, height: 20)])
        let after = place([CGRect(x: 40, y: 80, width: 60, height: 20)])
        #expect(before.side == .above)
        #expect(after.side == .below)
        #expect(after.frame.minY == CGFloat(100 + 15))
    }

    @Test func aMenuWiderThanTheContainerIsShrunkToIt() {
        let p = place([CGRect(x: 40, y: 400, width: 60, height: 20)], size: CGSize(width: 1000, height: 36))
        #expect(p.frame.minX == 0 && p.frame.width == 390)
    }

    @Test func aMenuBarMenuDropsFromItsTitlesLeadingEdge() {
        let title = CGRect(x: 120, y: 0, width: 40, height: 24)
        let geometry = PresentationGeometry(bounds: CGRect(x: 0, y: 0, width: 800, height: 600), target: [title])
        let left = MenuPlacement.place(
            menuSize: CGSize(width: 220, height: 300), geometry: geometry, alignment: .left)
        #expect(left.side == .below && left.frame.minX == 120)
        let mirrored = PresentationGeometry(
            bounds: geometry.bounds, target: [CGRect(x: 500, y: 0, width: 40, height: 24)])
        let right = MenuPlacement.place(
            menuSize: CGSize(width: 220, height: 300), geometry: mirrored, alignment: .right)
        #expect(right.frame.maxX == 540)
        #expect(right.arrowX! >= 500 && right.arrowX! <= 540)
    }

    @Test func noTargetPutsTheMenuInTheMiddle() {
        let p = place([])
        #expect(p.side == .inside)
        #expect(p.frame.midX == 195)
    }
}

/// Property tests over random geometries: the guarantees of section 8 hold everywhere.
@Suite("Layout: placement properties")
struct LayoutPlacementPropertyTests {
    struct Case {
        var geometry: PresentationGeometry
        var size: CGSize
    }

    static func randomCase(_ rng: inout SplitMix64) -> Case {
        let width = Double.random(in: 240...1200, using: &rng).rounded()
        let height = Double.random(in: 240...1200, using: &rng).rounded()
        let safe = MenuEdgeInsets(
            top: Double.random(in: 0...60, using: &rng).rounded(),
            left: Double.random(in: 0...30, using: &rng).rounded(),
            bottom: Double.random(in: 0...40, using: &rng).rounded(),
            right: Double.random(in: 0...30, using: &rng).rounded())
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let inner = bounds.inset(by: safe)
        var lines: [CGRect] = []
        var y = Double.random(in: inner.minY...(inner.maxY - 20), using: &rng).rounded()
        for _ in 0..<Int.random(in: 1...4, using: &rng) where y + 20 <= inner.maxY {
            let x = Double.random(in: inner.minX...inner.maxX, using: &rng).rounded()
            let w = Bool.random(using: &rng) ? 0 : Double.random(in: 0...(inner.maxX - x), using: &rng).rounded()
            lines.append(CGRect(x: x, y: y, width: w, height: 20))
            y += 20
        }
        var avoid: [CGRect] = []
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let ax = Double.random(in: 0...width, using: &rng).rounded()
            let ay = Double.random(in: 0...height, using: &rng).rounded()
            avoid.append(
                CGRect(
                    x: ax, y: ay, width: Double.random(in: 10...width, using: &rng).rounded(),
                    height: Double.random(in: 10...300, using: &rng).rounded()))
        }
        let size = CGSize(
            width: Double.random(in: 40...700, using: &rng).rounded(),
            height: Double.random(in: 30...400, using: &rng).rounded())
        return Case(
            geometry: PresentationGeometry(bounds: bounds, safeArea: safe, target: lines, avoid: avoid), size: size)
    }

    @Test func theFrameStaysInsideTheSafeContainerWheneverItFits() {
        var rng = SplitMix64(seed: 0xED17)
        var checked = 0
        for n in 0..<3000 {
            let c = Self.randomCase(&rng)
            let p = MenuPlacement.place(menuSize: c.size, geometry: c.geometry)
            let safe = c.geometry.bounds.inset(by: c.geometry.safeArea)
            guard c.size.width <= safe.width, c.size.height <= safe.height else { continue }
            checked += 1
            #expect(safe.encloses(p.frame, tolerance: 1e-6), "case \(n): \(p.frame) leaves \(safe)")
            #expect(p.frame.width == c.size.width && p.frame.height == c.size.height, "case \(n): resized")
        }
        #expect(checked > 1000, "only \(checked) of 3000 random cases fit their container")
    }

    @Test func theMenuNeverCoversAnAvoidedAreaWhenEitherSideIsFree() {
        var rng = SplitMix64(seed: 0xA401D)
        var checked = 0
        for n in 0..<3000 {
            let c = Self.randomCase(&rng)
            let g = c.geometry
            let m = g.metrics
            let room = g.bounds.inset(by: g.safeArea).inset(
                by: MenuEdgeInsets(
                    top: m.margin, left: m.margin,
                    bottom: m.margin, right: m.margin))
            guard let first = g.target.first, let last = g.target.last, c.size.width <= room.width else { continue }
            let needed = c.size.height + m.arrowHeight + m.gap
            // A side is free when the whole band between the margins is: any horizontal position works.
            let above = CGRect(x: room.minX, y: first.minY - needed, width: room.width, height: needed - m.gap)
            let below = CGRect(x: room.minX, y: last.maxY + m.gap, width: room.width, height: needed - m.gap)
            func free(_ band: CGRect) -> Bool { room.encloses(band) && !g.avoid.contains { $0.overlaps(band) } }
            guard free(above) || free(below) else { continue }
            checked += 1
            let p = MenuPlacement.place(menuSize: c.size, geometry: g)
            let arrow = p.arrowRect(metrics: m)
            for area in g.avoid {
                #expect(!p.frame.overlaps(area), "case \(n): \(p.frame) covers \(area)")
                #expect(arrow.map { !$0.overlaps(area) } ?? true, "case \(n): the arrow covers \(area)")
            }
            #expect(p.side != .inside, "case \(n)")
        }
        #expect(checked > 500)
    }

    @Test func anArrowedMenuIsOnItsSideOfTheTargetAndPointsAtIt() {
        var rng = SplitMix64(seed: 0x5EED)
        for n in 0..<3000 {
            let c = Self.randomCase(&rng)
            let g = c.geometry
            let p = MenuPlacement.place(menuSize: c.size, geometry: g)
            let room = g.bounds.inset(by: g.safeArea)
            guard let first = g.target.first, let last = g.target.last, let x = p.arrowX else {
                // No arrow: inside the selection, or a line entirely beside the menu (outside the safe
                // container).
                let line = p.side == .above ? g.target.first : g.target.last
                let beside = line.map { $0.maxX < p.frame.minX || $0.minX > p.frame.maxX } ?? true
                #expect(p.side == .inside || g.target.isEmpty || beside, "case \(n): \(p) lost its arrow")
                continue
            }
            // The arrow's whole base sits on the straight edge between the rounded corners, its tip over
            // the body (slanted over a corner only when the straight edge cannot reach the line).
            let edge = p.frame.width >= 30 ? (p.frame.minX + 15, p.frame.maxX - 15) : (p.frame.midX, p.frame.midX)
            let base = p.arrowTriangle(metrics: g.metrics).map { ($0[0].x + $0[2].x) / 2 } ?? .nan
            #expect(
                base >= edge.0 - 1e-9 && base <= edge.1 + 1e-9,
                "case \(n): arrow base \(base) off the straight edge of \(p.frame)")
            #expect(x >= p.frame.minX - 1e-9 && x <= p.frame.maxX + 1e-9, "case \(n): arrow \(x) off \(p.frame)")
            if x < edge.0 - 1e-9 || x > edge.1 + 1e-9 {
                let line = p.side == .above ? first : last
                let reachable = line.maxX >= room.minX + 15 && line.minX <= room.maxX - 15
                #expect(
                    !reachable || p.frame.width < 30, "case \(n): arrow \(x) over a corner though \(line) is reachable")
            }
            let line = p.side == .above ? first : last
            if p.side == .above {
                #expect(p.frame.maxY <= first.minY + 1e-9, "case \(n)")
            } else {
                #expect(p.frame.minY >= last.maxY - 1e-9, "case \(n)")
            }
            // The arrow points at the line it is drawn for.
            #expect(x >= line.minX - 1e-9 && x <= line.maxX + 1e-9, "case \(n): arrow \(x) off line \(line)")
        }
    }
}
