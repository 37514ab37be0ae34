/// The kind of device the menu appears on, which decides the menu's style (HIG: Edit menus).
public enum Idiom: String, Hashable, Sendable, CaseIterable {
    /// iPhone: touch, compact menu.
    case phone
    /// iPad: compact for touch, vertical for keyboard and pointer.
    case pad
    /// Mac: context menu and the menu bar's Edit menu.
    case mac
    /// Apple Vision Pro: compact bar for pinch and hold, context menu for secondary input.
    case vision
    /// Apple TV: no edit menu.
    case tv
    /// Apple Watch: no edit menu.
    case watch

    /// Whether the platform has an edit menu at all ("editing content is rare in tvOS and watchOS").
    package var supportsEditMenu: Bool { self != .tv && self != .watch }

    /// Whether the platform has an app menu bar with an Edit menu (Mac, and iPad since iPadOS 26).
    package var hasMenuBar: Bool { self == .mac || self == .pad }

    /// How people reveal the menu when nothing else is said: pointer on the Mac, touch elsewhere.
    package var defaultInput: InputMethod { self == .mac ? .pointer : .touch }
}

/// How people revealed the menu.
public enum InputMethod: String, Hashable, Sendable, CaseIterable {
    /// Touch and hold, double tap, pinch and hold.
    case touch
    /// A secondary click with a mouse or trackpad.
    case pointer
    /// The Menu key or Shift-F10.
    case keyboard
}

/// Where the menu appears.
public enum Surface: String, Hashable, Sendable, CaseIterable {
    /// The edit menu over the selected content.
    case editMenu
    /// The app's Edit menu in the menu bar.
    case menuBar
}
