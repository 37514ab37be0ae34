import EditMenuKit

/// Something that happened at the terminal: a key, typed text, a mouse action, a paste, a focus change.
public enum TerminalEvent: Hashable, Sendable {
    /// A special key, or a character typed with Ctrl or Alt: EditMenuKit's `Key` and `KeyModifiers`, which
    /// every host hands the core. A character key is lowercase for letters (`c` for Ctrl+C); Alt is
    /// `.option`, and Meta (the Super key) `.command`.
    case key(Key, KeyModifiers)
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

extension KeyModifiers {
    /// Decodes xterm's modifier parameter (1 + bitmask: 1 Shift, 2 Alt, 4 Ctrl, 8 Meta). Alt is Option;
    /// Meta, which terminals send for the Super (Command) key, is Command.
    package init(xtermParameter p: Int) {
        let bits = max(0, p - 1)
        self = []
        if bits & 1 != 0 { insert(.shift) }
        if bits & 2 != 0 { insert(.option) }
        if bits & 4 != 0 { insert(.control) }
        if bits & 8 != 0 { insert(.command) }
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
    public var modifiers: KeyModifiers

    /// An event of `button` doing `action` at a cell (from 0) with `modifiers`.
    public init(button: Button, action: Action, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
