/// An icon an item draws beside its title: one of the HIG's standard icons (the Icons page's table of
/// standard icons), named as Apple names it (an SF Symbol) and as the freedesktop icon naming
/// specification names its equivalent, which GTK themes (Adwaita) ship.
///
/// The HIG: "don't display an icon if you can't find one that clearly represents the item", so only the
/// commands of ``standard(for:)`` have one (EDIT-MENU.md §13).
///
/// ```swift
/// EditMenuIcon.standard(for: .cut)?.systemName        // "scissors"
/// EditMenuIcon.standard(for: .cut)?.freedesktopName   // "edit-cut"
/// EditMenuIcon.standard(for: .lookUp)                 // nil
/// ```
public struct EditMenuIcon: Hashable, Sendable {
    /// The HIG's (SF Symbols') name, as presentations carry it (`"scissors"`).
    public var systemName: String
    /// The freedesktop icon naming specification's name of the same icon (`"edit-cut"`).
    public var freedesktopName: String

    /// Creates an icon.
    public init(systemName: String, freedesktopName: String) {
        self.systemName = systemName
        self.freedesktopName = freedesktopName
    }

    /// Cut.
    package static let scissors = Self(systemName: "scissors", freedesktopName: "edit-cut")
    /// Copy.
    package static let documentOnDocument = Self(systemName: "document.on.document", freedesktopName: "edit-copy")
    /// Paste.
    package static let documentOnClipboard = Self(
        systemName: "document.on.clipboard", freedesktopName: "edit-paste")
    /// Delete.
    package static let trash = Self(systemName: "trash", freedesktopName: "edit-delete")
    /// Undo.
    package static let arrowUturnBackward = Self(
        systemName: "arrow.uturn.backward", freedesktopName: "edit-undo")
    /// Redo.
    package static let arrowUturnForward = Self(
        systemName: "arrow.uturn.forward", freedesktopName: "edit-redo")
    /// Select.
    package static let checkmarkCircle = Self(
        systemName: "checkmark.circle", freedesktopName: "edit-select-all")
    /// Bold.
    package static let bold = Self(systemName: "bold", freedesktopName: "format-text-bold")
    /// Italic.
    package static let italic = Self(systemName: "italic", freedesktopName: "format-text-italic")
    /// Underline.
    package static let underline = Self(systemName: "underline", freedesktopName: "format-text-underline")
    /// Find and its family.
    package static let findInText = Self(
        systemName: "text.page.badge.magnifyingglass", freedesktopName: "edit-find")
    /// Share….
    package static let share = Self(systemName: "square.and.arrow.up", freedesktopName: "document-send")

    /// The HIG's standard icon for a command, or `nil` when its table has none for it.
    public static func standard(for id: EditCommand.ID) -> Self? {
        switch id {
        case .cut: return .scissors
        case .copy: return .documentOnDocument
        case .paste: return .documentOnClipboard
        case .delete: return .trash
        case .undo: return .arrowUturnBackward
        case .redo: return .arrowUturnForward
        case .select: return .checkmarkCircle
        case .toggleBoldface: return .bold
        case .toggleItalics: return .italic
        case .toggleUnderline: return .underline
        case .share: return .share
        case .find, .findEllipsis, .findAndReplace, .findNext, .findPrevious, .useSelectionForFind, .jumpToSelection:
            return .findInText
        default: return nil
        }
    }
}
