/// Something that happened at the terminal: a key, typed text, a mouse action, a paste, a focus change.
public enum TerminalEvent: Hashable, Sendable {
    /// A special key, or a character typed with Ctrl or Alt.
    case key(TerminalKey, TerminalModifiers)
    /// Printable text typed without Ctrl or Alt (one or more Characters).
    case text(String)
    /// A mouse button, drag, motion or wheel action.
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste (already stripped of the brackets; not yet sanitized).
    case paste(String)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// An escape sequence the parser recognised as one but does not interpret; kept for logging.
    case unknown([UInt8])
}

/// The keys a terminal reports.
public enum TerminalKey: Hashable, Sendable {
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case backspace, enter, tab, escape
    /// The Menu (application) key.
    case menu
    /// A function key, F1–F24.
    case function(Int)
    /// A character key pressed with Ctrl and/or Alt (`c` for Ctrl+C), lowercase for letters.
    case character(Character)
}

/// Modifier keys held during a key or mouse event.
public struct TerminalModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers as bits.
    public let rawValue: UInt8
    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = TerminalModifiers(rawValue: 1)
    /// Alt (Option).
    public static let alt = TerminalModifiers(rawValue: 2)
    /// Control.
    public static let control = TerminalModifiers(rawValue: 4)
    /// Meta.
    public static let meta = TerminalModifiers(rawValue: 8)

    /// Decodes xterm's modifier parameter (1 + bitmask: 1 Shift, 2 Alt, 4 Ctrl, 8 Meta).
    init(xtermParameter p: Int) {
        self.init(rawValue: UInt8(truncatingIfNeeded: max(0, p - 1) & 0x0F))
    }
}

/// A mouse action in cell coordinates (0-based column and row).
public struct MouseEvent: Hashable, Sendable {
    /// Which button.
    public enum Button: Hashable, Sendable {
        case left, middle, right, none
        case wheelUp, wheelDown, wheelLeft, wheelRight
        /// Buttons 4–11 of many-button mice.
        case extra(Int)
    }

    /// What the button did.
    public enum Action: Hashable, Sendable {
        case press, release
        /// Motion with the button held.
        case drag
        /// Motion with no button held (needs any-motion reporting).
        case move
    }

    /// The button, or the wheel's direction.
    public var button: Button
    /// What the button did.
    public var action: Action
    /// 0-based column.
    public var column: Int
    /// 0-based row.
    public var row: Int
    /// The modifiers held.
    public var modifiers: TerminalModifiers

    /// An event of `button` doing `action` at a cell (from 0) with `modifiers`.
    public init(button: Button, action: Action, column: Int, row: Int, modifiers: TerminalModifiers = []) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
