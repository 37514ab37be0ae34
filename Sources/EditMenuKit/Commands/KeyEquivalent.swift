/// How keyboard shortcuts are written beside menu items: a setting of the host, not of the idiom.
///
/// ```swift
/// KeyEquivalent("z", shift: true).display(.apple)   // "⇧⌘Z"
/// KeyEquivalent("z", shift: true).display(.pc)      // "Ctrl+Shift+Z"
/// ```
public enum ShortcutStyle: String, Hashable, Sendable, CaseIterable {
    /// Apple's glyphs in Apple's modifier order, Control, Option, Shift, Command (⌃⌥⇧⌘): `⌘C`, `⇧⌘Z`,
    /// `⌥⇧⌘V`. What macOS, iPadOS and visionOS show; the default of simulated Apple idioms.
    case apple
    /// Words joined with `+`, the primary modifier first: `Ctrl+C`, `Ctrl+Shift+Z`, `Ctrl+Alt+Shift+V`.
    /// What Linux desktops and terminals show; the default of the Linux hosts.
    case pc

    /// The style a host used before shortcut styles were a setting: Apple's glyphs on the mac idiom,
    /// `Ctrl+` everywhere else.
    public init(idiom: Idiom) { self = idiom == .mac ? .apple : .pc }
}

/// A keyboard shortcut shown beside a command in vertical menu styles.
///
/// The primary modifier is ⌘ in the ``ShortcutStyle/apple`` style and Ctrl in the ``ShortcutStyle/pc``
/// style; ``display(_:)`` writes the shortcut in either.
public struct KeyEquivalent: Hashable, Sendable {
    /// The key, as a lowercase character (`"c"`, `"+"`) or a named key (`"delete"`).
    public var key: String
    /// Whether Shift is part of the shortcut.
    public var shift: Bool
    /// Whether Option/Alt is part of the shortcut.
    public var option: Bool
    /// Whether the shortcut uses the primary modifier (⌘ or Ctrl). Delete does not.
    public var primary: Bool

    /// Creates a shortcut.
    public init(_ key: String, primary: Bool = true, shift: Bool = false, option: Bool = false) {
        self.key = key
        self.primary = primary
        self.shift = shift
        self.option = option
    }

    /// The shortcut as people read it in `style`.
    ///
    /// - `apple`: modifier glyphs in Apple's order (⌃⌥⇧⌘) then the key: `⌘C`, `⇧⌘Z`, `⌥⇧⌘V`, `⌫`.
    /// - `pc`: `Ctrl+C`, `Ctrl+Shift+Z`, `Ctrl+Alt+Shift+V`, `Delete`.
    public func display(_ style: ShortcutStyle) -> String {
        switch style {
        case .apple:
            var s = ""
            if option { s += "⌥" }
            if shift { s += "⇧" }
            if primary { s += "⌘" }
            return s + (key == "delete" ? "⌫" : key.uppercased())
        case .pc:
            var parts: [String] = []
            if primary { parts.append("Ctrl") }
            if option { parts.append("Alt") }
            if shift { parts.append("Shift") }
            parts.append(key == "delete" ? "Delete" : key.uppercased())
            return parts.joined(separator: "+")
        }
    }

    /// The shortcut in the style of ``ShortcutStyle/init(idiom:)``: `⌘C` on the mac idiom, `Ctrl+C`
    /// elsewhere. Prefer ``display(_:)`` with the host's setting.
    package func display(for idiom: Idiom) -> String {
        display(ShortcutStyle(idiom: idiom))
    }
}

extension KeyEquivalent {
    /// The conventional shortcut of a standard command, if it has one (the macOS menus', with Ctrl
    /// standing in for ⌘ in the `pc` style).
    public static func standard(for id: EditCommand.ID) -> KeyEquivalent? {
        standardShortcuts[id]
    }

    /// The standard shortcuts by command: one lookup on the presentation path.
    static let standardShortcuts: [EditCommand.ID: KeyEquivalent] = [
        .undo: KeyEquivalent("z"),
        .redo: KeyEquivalent("z", shift: true),
        .cut: KeyEquivalent("x"),
        .copy: KeyEquivalent("c"),
        .paste: KeyEquivalent("v"),
        .pasteAndMatchStyle: KeyEquivalent("v", shift: true, option: true),
        .delete: KeyEquivalent("delete", primary: false),
        .selectAll: KeyEquivalent("a"),
        .toggleBoldface: KeyEquivalent("b"),
        .toggleItalics: KeyEquivalent("i"),
        .toggleUnderline: KeyEquivalent("u"),
        .increaseSize: KeyEquivalent("+"),
        .decreaseSize: KeyEquivalent("-"),
        .findEllipsis: KeyEquivalent("f"),
        .findAndReplace: KeyEquivalent("f", option: true),
        .findNext: KeyEquivalent("g"),
        .findPrevious: KeyEquivalent("g", shift: true),
        .useSelectionForFind: KeyEquivalent("e"),
        .jumpToSelection: KeyEquivalent("j"),
        .showSpellingAndGrammar: KeyEquivalent(":"),
        .checkDocumentNow: KeyEquivalent(";"),
    ]
}

extension KeyEquivalent {
    /// The standard command whose shortcut `press` is — the one table menus show
    /// (``standard(for:)``), with Ctrl or ⌘ as the primary modifier, letters in either case — and Ctrl+Y
    /// for Redo, which Linux desktops accept beside Ctrl+Shift+Z (accepted, never shown). `nil` for a key
    /// that is no command's shortcut, and for shortcuts without the primary modifier (Delete is the
    /// key's own editing).
    package static func standardCommand(for press: KeyPress) -> EditCommand.ID? {
        guard press.modifiers.contains(.control) || press.modifiers.contains(.command),
            case .character(let character) = press.key
        else { return nil }
        let typed = KeyEquivalent(
            String(character).lowercased(), shift: press.modifiers.contains(.shift),
            option: press.modifiers.contains(.option))
        return commandsByShortcut[typed] ?? alternateShortcuts[typed]
    }

    /// The standard shortcuts by key.
    static let commandsByShortcut: [KeyEquivalent: EditCommand.ID] = Dictionary(
        standardShortcuts.filter(\.value.primary).map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })

    /// Shortcuts accepted but not shown.
    static let alternateShortcuts: [KeyEquivalent: EditCommand.ID] = [KeyEquivalent("y"): .redo]
}
