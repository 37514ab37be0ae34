import Foundation

/// Where a menu goes relative to its target (EDIT-MENU.md §8), as a pure function of sizes and rects.
///
/// The rule, after UIKit's edit menu and Flutter's `TextSelectionToolbarLayoutDelegate`:
/// 1. **Above** the target's first line, arrow pointing down, when the menu fits inside the container
///    minus safe area and margins without covering an area to avoid;
/// 2. otherwise **below** the last line, arrow up, under the same conditions;
/// 3. otherwise the side (above or below) that has room and covers the least of the areas to avoid;
/// 4. when neither side has room — the selection fills the view — **inside** it, near the middle of
///    its visible part, with no arrow.
///
/// Horizontally the menu is centred (or, for a menu-bar menu, edge-aligned) on the line it points at and
/// clamped inside the container; when that covers an area to avoid it slides beside the area if the arrow
/// can still reach the line. The arrow stays on that line and on the menu's straight edge (between the
/// rounded corners): near the container's edge the menu shifts (giving up its margin) until its straight
/// edge reaches the line. When no position inside the container does (a caret at the container's very
/// edge), the arrow still points at the line from over the rounded corner, its base on the straight edge
/// and its tip slanted toward the line; only a line entirely beside the menu has no arrow.
///
/// A menu revealed by a pointer (``PlacementSource/pointer(_:)``) opens **at the pointer** instead, as
/// a context menu does: its leading top corner at the point, flipped to another corner when it would
/// not fit, no arrow (``Side/pointer``).
///
/// ```swift
/// let geometry = PresentationGeometry(bounds: CGRect(x: 0, y: 0, width: 390, height: 844),
///                                     target: [CGRect(x: 40, y: 400, width: 60, height: 20)])
/// let placement = MenuPlacement.place(menuSize: CGSize(width: 200, height: 36), geometry: geometry)
/// placement.side        // .above
/// placement.frame       // [8.0, 349.0, 200.0, 36.0]
/// placement.arrow       // .down, x: 70
/// ```
public struct MenuPlacement: Hashable, Sendable {
    /// Which side of the target the menu is on.
    public enum Side: String, Hashable, Sendable {
        /// Above the first selected line; the arrow points down.
        case above
        /// Below the last selected line; the arrow points up.
        case below
        /// Over the selection, which fills the view; no arrow.
        case inside
        /// At the pointer (a secondary click): a corner of the menu at the point; no arrow.
        case pointer
        /// Beside the item that opened it (a submenu of a list style): at the item's trailing edge, or
        /// its leading edge when there is no room; no arrow.
        case beside
    }

    /// The direction the arrow points, from the menu to its target.
    public enum ArrowDirection: String, Hashable, Sendable {
        /// The menu is below the target.
        case up
        /// The menu is above the target.
        case down
        /// No arrow: the menu is inside the selection or at the pointer, or the target lies entirely
        /// beside the menu (outside the container).
        case none
    }

    /// Which side the menu is on.
    public var side: Side
    /// The menu body, excluding the arrow, in container coordinates.
    public var frame: CGRect
    /// Where the arrow points.
    public var arrowDirection: ArrowDirection
    /// The horizontal position of the arrow's tip (container coordinates); `nil` without an arrow.
    public var arrowX: Double?

    /// Creates a placement.
    package init(side: Side, frame: CGRect, arrowDirection: ArrowDirection, arrowX: Double?) {
        self.side = side
        self.frame = frame
        self.arrowDirection = arrowDirection
        self.arrowX = arrowX
    }

    /// The arrow's triangle as three points (base left, tip, base right); `nil` without an arrow.
    ///
    /// The base sits on the straight edge between the rounded corners, centred under the tip; a tip over
    /// a rounded corner (a target at the container's very edge) keeps its base at the end of the straight
    /// edge, so the arrow slants toward the target.
    public func arrowTriangle(metrics: LayoutMetrics) -> [CGPoint]? {
        guard let x = arrowX, arrowDirection != .none else { return nil }
        let half = metrics.arrowWidth / 2
        let baseX = arrowBaseX(x, metrics: metrics)
        let base = arrowDirection == .down ? frame.maxY : frame.minY
        let tip = arrowDirection == .down ? base + metrics.arrowHeight : base - metrics.arrowHeight
        return [CGPoint(x: baseX - half, y: base), CGPoint(x: x, y: tip), CGPoint(x: baseX + half, y: base)]
    }

    /// The rect the arrow occupies (its base and its tip); `nil` without an arrow.
    public func arrowRect(metrics: LayoutMetrics) -> CGRect? {
        guard let x = arrowX, arrowDirection != .none else { return nil }
        let baseX = arrowBaseX(x, metrics: metrics)
        let minX = min(baseX - metrics.arrowWidth / 2, x)
        let maxX = max(baseX + metrics.arrowWidth / 2, x)
        let y = arrowDirection == .down ? frame.maxY : frame.minY - metrics.arrowHeight
        return CGRect(x: minX, y: y, width: maxX - minX, height: metrics.arrowHeight)
    }

    /// The middle of the arrow's base for a tip at `x`: under the tip, kept on the straight edge between
    /// the rounded corners (the middle of a menu too narrow to have one).
    func arrowBaseX(_ x: Double, metrics: LayoutMetrics) -> Double {
        let inset = metrics.cornerRadius + metrics.arrowWidth / 2
        guard frame.width >= 2 * inset else { return frame.midX }
        return min(max(x, frame.minX + inset), frame.maxX - inset)
    }
}

/// How a host overrides what the menu points at (UIKit's `UIEditMenuConfiguration(sourcePoint:)`, or a
/// host's own target rect), instead of the selection's line rects.
public enum PlacementSource: Hashable, Sendable {
    /// Point at the selection's line rects (the host's ``EditMenuHost/menuTargetRects()``).
    case selection
    /// Point at this rect instead (the host's own target rect).
    case rect(CGRect)
    /// Point at this position (a zero-size target), arrow and all (UIKit's
    /// `UIEditMenuConfiguration.sourcePoint`).
    case point(CGPoint)
    /// Open at the pointer, as a context menu does: the menu's leading top corner at this position,
    /// flipped to another corner when it would not fit, no arrow (EDIT-MENU.md §8: a menu revealed by a
    /// secondary click). The layout engine uses it for the `vertical` and `contextMenu` styles; a
    /// `compact` bar points at the position instead, as ``point(_:)`` does.
    case pointer(CGPoint)
    /// Open beside this item (the row, as wide as its menu, of the item that opens a submenu): the
    /// submenu's first row level with the item, its leading edge at the item's trailing edge
    /// (``LayoutMetrics/submenuGap`` apart), flipped to the item's leading side when it does not fit,
    /// moved up when it does not fit below; mirrored for a right-to-left menu. No arrow. The layout
    /// engine uses it for the submenus of the list styles (vertical, contextMenu, menuBar).
    case besideItem(CGRect)

    /// The target lines this source stands for.
    func lines(_ selection: [CGRect]) -> [CGRect] {
        switch self {
        case .selection: return selection
        case .rect(let rect): return [rect]
        case .point(let p), .pointer(let p): return [CGRect(x: p.x, y: p.y, width: 0, height: 0)]
        case .besideItem(let rect): return [rect]
        }
    }
}

/// How a menu lines up horizontally with the line it points at, before it is clamped into the container.
package enum HorizontalAlignment: String, Hashable, Sendable {
    /// Centred on the line (the edit menu).
    case center
    /// The menu's left edge on the line's left edge (a menu-bar menu, left-to-right).
    case left
    /// The menu's right edge on the line's right edge (a menu-bar menu, right-to-left).
    case right
}

extension MenuPlacement {
    /// Places a menu body of `menuSize` for `geometry` (container, safe area, target lines, areas to
    /// avoid, metrics). Call it again — it is pure — when the target moves, the container resizes or
    /// the keyboard appears: that is the re-layout.
    ///
    /// - Parameters:
    ///   - menuSize: the body's size without the arrow; a menu wider or taller than the safe container is
    ///     shrunk to it (its content pages, scrolls or truncates).
    ///   - geometry: where the menu may go and what it points at.
    ///   - source: what to point at; by default the selection's lines.
    ///   - alignment: how the menu lines up with the line it points at before clamping: centred (edit
    ///     menus), or its left or right edge on the line's (a menu-bar menu drops from its title's leading
    ///     edge).
    ///   - isRightToLeft: for a menu at the pointer, the leading corner is the top right one.
    ///   - preferredArrowDirection: `.up` tries below the target first, `.down` (and `nil`, automatic)
    ///     above first, as UIKit's `UIEditMenuConfiguration.preferredArrowDirection`; the other side is
    ///     still taken when the preferred one has no room.
    package static func place(
        menuSize: CGSize, geometry: PresentationGeometry,
        source: PlacementSource = .selection,
        alignment: HorizontalAlignment = .center,
        isRightToLeft: Bool = false,
        preferredArrowDirection: ArrowDirection? = nil
    ) -> MenuPlacement {
        let placer = Placer(
            geometry: geometry, menuSize: menuSize, lines: source.lines(geometry.target), alignment: alignment)
        if case .pointer(let point) = source { return placer.atPointer(point, rightToLeft: isRightToLeft) }
        if case .besideItem(let item) = source { return placer.beside(item, rightToLeft: isRightToLeft) }
        return placer.place(belowFirst: preferredArrowDirection == .up)
    }
}

/// The placement algorithm's working state.
private struct Placer {
    let metrics: LayoutMetrics
    let avoid: [CGRect]
    /// The container minus the safe area: the menu never leaves it.
    let safe: CGRect
    /// The safe container minus margins: where the menu goes when there is room.
    let room: CGRect
    let size: CGSize
    /// The target lines, those scrolled out of the safe container dropped (unless all are).
    let lines: [CGRect]
    let alignment: HorizontalAlignment

    init(geometry: PresentationGeometry, menuSize: CGSize, lines: [CGRect], alignment: HorizontalAlignment) {
        self.alignment = alignment
        metrics = geometry.metrics
        avoid = geometry.avoid.filter { $0.width > 0 && $0.height > 0 }
        let safe = geometry.bounds.inset(by: geometry.safeArea)
        self.safe = safe
        let m = geometry.metrics.margin
        room = safe.inset(by: MenuEdgeInsets(top: m, left: m, bottom: m, right: m))
        size = CGSize(
            width: max(0, min(menuSize.width, safe.width)), height: max(0, min(menuSize.height, safe.height)))
        let visible = lines.filter { $0.maxY >= safe.minY && $0.minY <= safe.maxY }
        self.lines = visible.isEmpty ? lines : visible
    }

    func place(belowFirst: Bool = false) -> MenuPlacement {
        guard let first = lines.first, let last = lines.last else { return inside(around: safe) }
        let aboveY = first.minY - metrics.gap - metrics.arrowHeight - size.height
        let belowY = last.maxY + metrics.gap + metrics.arrowHeight
        // A side has room when the whole body fits between the margins there.
        func fits(_ y: Double) -> Bool { y >= room.minY - 1e-9 && y + size.height <= room.maxY + 1e-9 }
        let hasRoomAbove = fits(aboveY)
        let hasRoomBelow = fits(belowY)
        var sides: [(MenuPlacement, covered: Double)] = []
        if hasRoomAbove { sides.append(best(y: aboveY, line: first, direction: .down, side: .above)) }
        if hasRoomBelow { sides.append(best(y: belowY, line: last, direction: .up, side: .below)) }
        if belowFirst { sides.reverse() }
        // A free side with its arrow first, then any free side, then the one covering least.
        if let free = sides.first(where: { $0.covered == 0 && $0.0.arrowX != nil })
            ?? sides.first(where: { $0.covered == 0 })
        {
            return free.0
        }
        if let least = sides.min(by: { $0.covered < $1.covered }) { return least.0 }
        let union = lines.dropFirst().reduce(first) { $0.union($1) }
        return inside(around: union.overlap(with: safe) ?? union)
    }

    /// The best horizontal position at height `y` pointing at `line`, and how much of the areas to
    /// avoid it covers.
    func best(
        y: Double, line: CGRect, direction: MenuPlacement.ArrowDirection,
        side: MenuPlacement.Side
    ) -> (MenuPlacement, covered: Double) {
        // Centred and clamped inside the margins; then inside the safe edges (when the margin keeps the
        // arrow off a line at the very edge); then beside each area to avoid.
        let aligned: Double
        switch alignment {
        case .center: aligned = line.midX - size.width / 2
        case .left: aligned = line.minX
        case .right: aligned = line.maxX - size.width
        }
        // Near the container's edge, the least shift that lets the straight edge (between the corners)
        // reach the line: inside the margins, or failing that inside the safe edges.
        let base = clampX(aligned)
        let reach = line.maxX < base + edgeInset ? line.maxX - edgeInset : line.minX + edgeInset - size.width
        var xs = [base, clampX(reach), clampX(reach, to: safe), clampX(aligned, to: safe)]
        for area in avoid {
            xs.append(clampX(area.maxX))
            xs.append(clampX(area.minX - size.width))
        }
        var best: (MenuPlacement, covered: Double)?
        for x in xs {
            let frame = CGRect(x: x, y: y, width: size.width, height: size.height)
            guard let arrowX = arrowX(frame: frame, line: line) else { continue }
            let placement = MenuPlacement(side: side, frame: frame, arrowDirection: direction, arrowX: arrowX)
            let covered = coveredArea(frame, placement.arrowRect(metrics: metrics))
            if best == nil || covered < best!.covered { best = (placement, covered) }
            if covered == 0 { break }
        }
        if let best { return best }
        // No position inside the container lets the straight edge reach the line (a caret at the very
        // edge): the menu goes as near the line as the safe container allows, and the arrow points at the
        // line from over the rounded corner. A line entirely beside the menu (outside the container) gets
        // no arrow.
        let frame = CGRect(x: xs[2], y: y, width: size.width, height: size.height)
        let tip = cornerArrowX(frame: frame, line: line)
        let placement = MenuPlacement(
            side: side, frame: frame, arrowDirection: tip == nil ? .none : direction, arrowX: tip)
        return (placement, coveredArea(frame, placement.arrowRect(metrics: metrics)))
    }

    /// The arrow's x for a menu at `frame` whose straight edge cannot reach `line`: on the line and over
    /// the body, as near the straight edge as that allows; `nil` when the line lies entirely beside the
    /// body.
    func cornerArrowX(frame: CGRect, line: CGRect) -> Double? {
        let low = max(frame.minX, line.minX)
        let high = min(frame.maxX, line.maxX)
        guard low <= high + 1e-9 else { return nil }
        let nearEdge = min(max(line.midX, frame.minX + edgeInset), frame.maxX - edgeInset)
        return min(max(nearEdge, low), max(low, high))
    }

    /// How far in from each end of the menu's edge the arrow's tip may go: the corner radius plus half
    /// the arrow's base, so the whole base sits on the straight edge.
    var edgeInset: Double { metrics.cornerRadius + metrics.arrowWidth / 2 }

    /// `x` clamped so that the menu stays inside the margins, or inside the safe container when it is too
    /// wide for the margins.
    func clampX(_ x: Double, to area: CGRect? = nil) -> Double {
        let area = area ?? (size.width <= room.width ? room : safe)
        return min(max(x, area.minX), max(area.minX, area.maxX - size.width))
    }

    /// The arrow's x for a menu at `frame` pointing at `line`: on the line and on the straight edge
    /// between the rounded corners (nearest the line's middle); `nil` when the two do not meet. A menu too
    /// narrow for a straight edge has its arrow in the middle.
    func arrowX(frame: CGRect, line: CGRect) -> Double? {
        var edge = (frame.minX + edgeInset, frame.maxX - edgeInset)
        if edge.0 > edge.1 { edge = (frame.midX, frame.midX) }
        let onLine = (max(edge.0, line.minX - 1e-9), min(edge.1, line.maxX + 1e-9))
        guard onLine.0 <= onLine.1 else { return nil }
        return min(max(line.midX, onLine.0), onLine.1)
    }

    /// A menu at the pointer `p`: its leading top corner there (top left, or top right for a right-to-left
    /// menu); flipped to the trailing side when it does not fit horizontally, upward when it does not fit
    /// below; shifted inside the safe container when it fits neither way. It may reach the safe edges (it
    /// is anchored to the pointer, not placed around a target, so no margin applies), and among the
    /// corners that fit it prefers one that covers no area to avoid.
    func atPointer(_ p: CGPoint, rightToLeft: Bool) -> MenuPlacement {
        let eps = 1e-9
        let leading = rightToLeft ? p.x - size.width : p.x
        let trailing = rightToLeft ? p.x : p.x - size.width
        var xs = [leading, trailing].filter { $0 >= safe.minX - eps && $0 + size.width <= safe.maxX + eps }
        if xs.isEmpty { xs = [clampX(leading, to: safe)] }
        var ys = [p.y, p.y - size.height].filter { $0 >= safe.minY - eps && $0 + size.height <= safe.maxY + eps }
        if ys.isEmpty { ys = [min(max(p.y, safe.minY), max(safe.minY, safe.maxY - size.height))] }
        var chosen: (frame: CGRect, covered: Double)?
        for y in ys {
            for x in xs {
                let frame = CGRect(x: x, y: y, width: size.width, height: size.height)
                let covered = coveredArea(frame, nil)
                if chosen == nil || covered < chosen!.covered { chosen = (frame, covered) }
            }
        }
        return MenuPlacement(side: .pointer, frame: chosen!.frame, arrowDirection: .none, arrowX: nil)
    }

    /// A submenu beside the row `item` of its parent: its first row level with the item and its leading
    /// edge at the item's trailing edge (the right one, or the left one for a right-to-left menu),
    /// `submenuGap` apart; on the item's leading side when only that side has room; else on the side
    /// with more room, shifted inside the safe container. Moved up as far as needed to fit below the
    /// item's top, as macOS does with a submenu near the screen's bottom.
    func beside(_ item: CGRect, rightToLeft: Bool) -> MenuPlacement {
        let eps = 1e-9
        let gap = metrics.submenuGap
        let right = item.maxX + gap
        let left = item.minX - gap - size.width
        let (trailing, leading) = rightToLeft ? (left, right) : (right, left)
        func fits(_ x: Double) -> Bool { x >= safe.minX - eps && x + size.width <= safe.maxX + eps }
        let x: Double
        if fits(trailing) {
            x = trailing
        } else if fits(leading) {
            x = leading
        } else {
            // Neither side has room: the side with more, pushed inside.
            let roomRight = safe.maxX - item.maxX
            let roomLeft = item.minX - safe.minX
            x = clampX(roomRight >= roomLeft ? right : left, to: safe)
        }
        let y = min(max(item.minY, safe.minY), max(safe.minY, safe.maxY - size.height))
        return MenuPlacement(
            side: .beside, frame: CGRect(x: x, y: y, width: size.width, height: size.height), arrowDirection: .none,
            arrowX: nil)
    }

    /// The area of the avoided rects covered by the menu body and its arrow.
    func coveredArea(_ frame: CGRect, _ arrow: CGRect?) -> Double {
        avoid.reduce(0) { sum, area in
            sum + (frame.overlap(with: area)?.area ?? 0) + (arrow.flatMap { $0.overlap(with: area) }?.area ?? 0)
        }
    }

    /// Inside `region` (the visible selection), near its middle, away from areas to avoid when possible.
    func inside(around region: CGRect) -> MenuPlacement {
        let area = size.height <= room.height && size.width <= room.width ? room : safe
        func clampY(_ y: Double) -> Double { min(max(y, area.minY), max(area.minY, area.maxY - size.height)) }
        let x = clampX(region.midX - size.width / 2)
        var ys = [clampY(region.midY - size.height / 2)]
        for a in avoid {
            ys.append(clampY(a.minY - size.height))
            ys.append(clampY(a.maxY))
        }
        let middle = ys[0]
        let frames = ys.map { CGRect(x: x, y: $0, width: size.width, height: size.height) }
        let chosen = frames.min { a, b in
            let (ca, cb) = (coveredArea(a, nil), coveredArea(b, nil))
            return ca != cb ? ca < cb : abs(a.minY - middle) < abs(b.minY - middle)
        }!
        return MenuPlacement(side: .inside, frame: chosen, arrowDirection: .none, arrowX: nil)
    }
}
