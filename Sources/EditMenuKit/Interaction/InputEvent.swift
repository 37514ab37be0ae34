import Foundation

/// One raw, timestamped input event a host feeds to ``GestureRecognizer``: a touch, a pointer button,
/// a key, or a pinch (visionOS's indirect tap, at the gaze location).
///
/// ```swift
/// InputEvent(.touchDown, at: CGPoint(x: 40, y: 300), time: 12.0)
/// InputEvent(.pointerDown(.secondary), at: CGPoint(x: 40, y: 300), time: 12.0)
/// InputEvent(.key(KeyPress(.function(10), modifiers: .shift)), time: 12.0)
/// ```
public struct InputEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A finger touched the screen.
        case touchDown
        /// The finger moved.
        case touchMove
        /// The finger lifted.
        case touchUp
        /// The system took the touch away (an incoming call, a system gesture).
        case touchCancel
        /// A pointer button went down.
        case pointerDown(PointerButton)
        /// The pointer moved (with or without a button down).
        case pointerMove
        /// A pointer button went up.
        case pointerUp(PointerButton)
        /// Thumb and index finger touched (visionOS), at the gaze location.
        case pinchDown
        /// The pinching hand moved.
        case pinchMove
        /// The fingers parted.
        case pinchUp
        /// A key was pressed.
        case key(KeyPress)
    }

    /// What happened.
    public var kind: Kind
    /// Where, in the host's coordinates (for keys: where the host's focus is, or the origin).
    public var location: CGPoint
    /// When, in seconds on the host's ``InteractionClock``.
    public var time: Double

    /// Creates an event.
    public init(_ kind: Kind, at location: CGPoint = CGPoint(x: 0, y: 0), time: Double) {
        self.kind = kind
        self.location = location
        self.time = time
    }
}

/// A pointer button.
public enum PointerButton: String, Hashable, Sendable, CaseIterable {
    /// The primary (usually left) button.
    case primary
    /// The secondary (usually right) button, or a two-finger click.
    case secondary
}

/// A key press with its modifiers.
public struct KeyPress: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key press.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Whether this is the Menu key or Shift-F10: the keyboard's way to reveal the edit menu.
    public var revealsMenu: Bool {
        key == .menu || (key == .function(10) && modifiers == .shift)
    }
}

/// A key, as the edit menu cares about it.
public enum Key: Hashable, Sendable {
    /// A key that types a character.
    case character(Character)
    /// The Menu (application) key.
    case menu
    /// A function key, F1–F24 (Shift-F10 reveals the menu).
    case function(Int)
    /// Insert.
    case insert
    /// Escape.
    case escape
    /// Return or Enter.
    case enter
    /// The space bar.
    case space
    /// Tab (Shift-Tab goes backwards).
    case tab
    /// Arrow keys.
    case up, down, left, right
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Backspace (deletes backwards).
    case backspace
    /// Forward delete.
    case delete
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifier bits.
    public let rawValue: Int
    /// Creates modifiers from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control (the primary modifier off the Mac).
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Option / Alt.
    public static let option = KeyModifiers(rawValue: 1 << 2)
    /// Command (the primary modifier on the Mac).
    public static let command = KeyModifiers(rawValue: 1 << 3)
}
