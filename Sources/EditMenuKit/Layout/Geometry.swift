/// A rectangle in the host's coordinates (points, or terminal cells): origin at the top left, y down.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether the two rectangles overlap with a non-zero area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle shrunk by `insets`.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: max(0, width - insets.left - insets.right), height: max(0, height - insets.top - insets.bottom))
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

/// Distances inward from each edge of a rectangle (safe areas, margins).
public struct EdgeInsets: Hashable, Sendable {
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
    public static let zero = EdgeInsets()
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

    /// Creates metrics; omitted values take the defaults.
    public init(charWidth: Double = 8, itemPadding: Double = 12, itemHeight: Double = 36, arrowHeight: Double = 7,
                chevronWidth: Double = 28, margin: Double = 8, gap: Double = 8) {
        self.charWidth = charWidth
        self.itemPadding = itemPadding
        self.itemHeight = itemHeight
        self.arrowHeight = arrowHeight
        self.chevronWidth = chevronWidth
        self.margin = margin
        self.gap = gap
    }

    /// The defaults.
    public static let standard = LayoutMetrics()
}

/// The geometry a host gives for one presentation: its container, safe area, the target's line rects
/// and the areas the menu must not cover.
public struct PresentationGeometry: Hashable, Sendable {
    /// The container the menu must stay inside.
    public var bounds: Rect
    /// Insets of the container the menu must not enter (status bar, home indicator).
    public var safeArea: EdgeInsets
    /// One rect per selected line, first line first; a caret is a zero-width rect.
    public var target: [Rect]
    /// Areas the menu must not cover (keyboard, toolbars).
    public var avoid: [Rect]
    /// Sizes.
    public var metrics: LayoutMetrics

    /// Creates geometry.
    public init(bounds: Rect, safeArea: EdgeInsets = .zero, target: [Rect] = [], avoid: [Rect] = [],
                metrics: LayoutMetrics = .standard) {
        self.bounds = bounds
        self.safeArea = safeArea
        self.target = target
        self.avoid = avoid
        self.metrics = metrics
    }
}
