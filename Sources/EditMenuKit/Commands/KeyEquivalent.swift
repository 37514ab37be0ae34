/// A keyboard shortcut shown beside a command in vertical menu styles.
///
/// The primary modifier is the platform's: ⌘ on the mac idiom, Ctrl everywhere else (Linux
/// desktops, terminals). ``display(for:)`` renders it the way each platform writes shortcuts.
public struct KeyEquivalent: Hashable, Sendable {
    /// The key, as a lowercase character (`"c"`) or a named key (`"delete"`).
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

    /// The shortcut as people read it: `⌘C`, `⌥⇧⌘V` on the mac idiom; `Ctrl+C`, `Ctrl+Shift+Z`
    /// elsewhere.
    public func display(for idiom: Idiom) -> String {
        if idiom == .mac {
            var s = ""
            if option { s += "⌥" }
            if shift { s += "⇧" }
            if primary { s += "⌘" }
            return s + (key == "delete" ? "⌫" : key.uppercased())
        }
        var parts: [String] = []
        if primary { parts.append("Ctrl") }
        if option { parts.append("Alt") }
        if shift { parts.append("Shift") }
        parts.append(key == "delete" ? "Delete" : key.uppercased())
        return parts.joined(separator: "+")
    }
}

extension KeyEquivalent {
    /// The conventional shortcut of a standard command, if it has one (the macOS Edit menu's, with
    /// Ctrl standing in for ⌘ off the mac idiom).
    public static func standard(for id: EditCommand.ID) -> KeyEquivalent? {
        switch id {
        case .undo: return KeyEquivalent("z")
        case .redo: return KeyEquivalent("z", shift: true)
        case .cut: return KeyEquivalent("x")
        case .copy: return KeyEquivalent("c")
        case .paste: return KeyEquivalent("v")
        case .pasteAndMatchStyle: return KeyEquivalent("v", shift: true, option: true)
        case .delete: return KeyEquivalent("delete", primary: false)
        case .selectAll: return KeyEquivalent("a")
        case .toggleBoldface: return KeyEquivalent("b")
        case .toggleItalics: return KeyEquivalent("i")
        case .toggleUnderline: return KeyEquivalent("u")
        case .findEllipsis: return KeyEquivalent("f")
        case .findAndReplace: return KeyEquivalent("f", option: true)
        case .findNext: return KeyEquivalent("g")
        case .findPrevious: return KeyEquivalent("g", shift: true)
        case .useSelectionForFind: return KeyEquivalent("e")
        case .jumpToSelection: return KeyEquivalent("j")
        case .showSpellingAndGrammar: return KeyEquivalent(":")
        case .checkDocumentNow: return KeyEquivalent(";")
        default: return nil
        }
    }
}
