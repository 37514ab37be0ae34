import Foundation

/// The area a menu must stay inside, in the host's coordinates.
public struct MenuContainer: Hashable, Sendable {
    /// The container's bounds (a window, a view, the terminal).
    public var bounds: CGRect
    /// Insets the menu must not enter (a status line, a title bar, a home indicator).
    public var safeArea: MenuEdgeInsets
    /// Areas the menu must not cover (an on-screen keyboard, a toolbar, a find bar).
    public var avoid: [CGRect]

    /// Creates a container.
    public init(bounds: CGRect, safeArea: MenuEdgeInsets = .zero, avoid: [CGRect] = []) {
        self.bounds = bounds
        self.safeArea = safeArea
        self.avoid = avoid
    }
}
