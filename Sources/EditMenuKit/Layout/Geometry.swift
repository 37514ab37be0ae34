import Foundation

// The menu's geometry is Foundation's, as UIKit's is: `CGRect`, `CGPoint` in the host's coordinates (points,
// or terminal cells), origin at the top left, y down. What the layout needs beyond Foundation is below.

extension CGRect {
    /// The rectangle shrunk by `insets`, never to a negative size.
    public func inset(by insets: MenuEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, width - insets.left - insets.right), height: max(0, height - insets.top - insets.bottom))
    }

    /// Whether the two rectangles overlap with a non-zero area (Foundation's `intersects` also counts a shared
    /// edge).
    package func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The overlap of the two rectangles, `nil` when they do not overlap with a non-zero area.
    package func overlap(with other: CGRect) -> CGRect? {
        guard overlaps(other) else { return nil }
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return CGRect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// Width × height.
    package var area: Double { width * height }

    /// Whether `other` lies entirely inside this rectangle, allowing `tolerance` on each edge.
    package func encloses(_ other: CGRect, tolerance: Double = 1e-9) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }
}

extension CGPoint {
    /// The distance to `other`.
    package func distance(to other: CGPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// Distances inward from each edge of a rectangle (safe areas, margins).
public struct MenuEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = MenuEdgeInsets()
}

/// The sizes a menu is laid out with. Every default says where it comes from.
public struct LayoutMetrics: Hashable, Sendable {
    /// Width of one display cell of a title (a monospace measurer's unit). Default 8: a 14 pt
    /// system font averages about 8 pt per Latin character.
    public var charWidth: Double
    /// Horizontal padding on each side of an item's title. Default 12 (UIKit's edit menu, eyeballed).
    public var itemPadding: Double
    /// Height of one item row. Default 36 (UIKit's compact edit menu, measured from screenshots).
    public var itemHeight: Double
    /// Height of the arrow between the menu and its target. Default 7 (UIKit, eyeballed).
    public var arrowHeight: Double
    /// Width of a paging chevron. Default 28.
    public var chevronWidth: Double
    /// Minimum distance between the menu and the container's (safe) edges. Default 8.
    public var margin: Double
    /// Distance between the target and the arrow's tip. Default 8.
    public var gap: Double
    /// Radius of the menu's rounded corners; the arrow stays on the straight edge between them.
    /// Default 8 (UIKit's edit menu, eyeballed).
    public var cornerRadius: Double
    /// Height of the gap that separates sections in vertical lists (the divider line is drawn in its
    /// middle). Default 9 (macOS context menus: a 1 pt line with 4 pt above and below).
    public var dividerHeight: Double
    /// Horizontal distance between a submenu's body and its parent menu's body (list styles open a
    /// submenu beside its parent item). Default 0: the two bodies touch, as macOS's do. A terminal uses
    /// 1, so that the two boxes share the border column between them.
    public var submenuGap: Double

    /// Width of the arrow's base: twice its height, a right-angled tip as UIKit draws it.
    public var arrowWidth: Double { 2 * arrowHeight }
    /// Height of the `vertical` style's top row (icon above a short title): 1.5 × ``itemHeight``
    /// (iPadOS 16's edit menu, eyeballed).
    package var topRowHeight: Double { 1.5 * itemHeight }
    /// The side of an item's icon (EDIT-MENU.md §13). Default: half the ``itemHeight``, whatever it is
    /// set to. 0 for a host that draws no icons (a terminal's cell is too small for a pictogram): lists
    /// then keep no column for them.
    public var iconSize: Double {
        get { chosenIconSize ?? 0.5 * itemHeight }
        set { chosenIconSize = newValue }
    }
    /// ``iconSize`` when a host chose one.
    private var chosenIconSize: Double?
    /// The narrowest vertical list: 25 cells (200 pt at the default 8 pt cell; macOS and iPadOS
    /// context menus are rarely narrower).
    package var minimumListWidth: Double { 25 * charWidth }

    /// Creates metrics; omitted values take the defaults (`iconSize`: half the `itemHeight`).
    public init(
        charWidth: Double = 8, itemPadding: Double = 12, itemHeight: Double = 36, arrowHeight: Double = 7,
        chevronWidth: Double = 28, margin: Double = 8, gap: Double = 8, cornerRadius: Double = 8,
        dividerHeight: Double = 9, submenuGap: Double = 0, iconSize: Double? = nil
    ) {
        self.charWidth = charWidth
        self.itemPadding = itemPadding
        self.itemHeight = itemHeight
        self.arrowHeight = arrowHeight
        self.chevronWidth = chevronWidth
        self.margin = margin
        self.gap = gap
        self.cornerRadius = cornerRadius
        self.dividerHeight = dividerHeight
        self.submenuGap = submenuGap
        chosenIconSize = iconSize
    }

    /// The defaults.
    public static let standard = LayoutMetrics()
}

/// The geometry a host gives for one presentation: its container, safe area, the target's line rects
/// and the areas the menu must not cover.
package struct PresentationGeometry: Hashable, Sendable {
    /// The container the menu must stay inside.
    package var bounds: CGRect
    /// Insets of the container the menu must not enter (status bar, home indicator).
    package var safeArea: MenuEdgeInsets
    /// One rect per selected line, first line first; a caret is a zero-width rect.
    package var target: [CGRect]
    /// Areas the menu must not cover (keyboard, toolbars).
    package var avoid: [CGRect]
    /// Sizes.
    package var metrics: LayoutMetrics

    /// Creates geometry.
    package init(
        bounds: CGRect, safeArea: MenuEdgeInsets = .zero, target: [CGRect] = [], avoid: [CGRect] = [],
        metrics: LayoutMetrics = .standard
    ) {
        self.bounds = bounds
        self.safeArea = safeArea
        self.target = target
        self.avoid = avoid
        self.metrics = metrics
    }
}
