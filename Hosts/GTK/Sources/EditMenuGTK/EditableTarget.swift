import CGtk
import EditMenuKit
import Foundation

/// The edit menu's view of a `GtkEntry`, `GtkPasswordEntry` or any `GtkEditable`: selection through the
/// `GtkEditable` interface, commands through its `GtkText` delegate's own actions (so its own undo and
/// the real clipboard). A password entry is secure content: its gestures select the whole field and
/// the rules offer no Cut or Copy.
@MainActor
public final class EditableTarget: ScalarTextModel {
    public let widget: WidgetPointer
    public let name: String
    public var onChange: (@MainActor () -> Void)?
    let isSecure: Bool
    private var lastEdit: String?
    private var undone: String?
    private var performing = false

    /// Wraps `editable` (a widget implementing `GtkEditable`), named `name` in the event log.
    public init(_ editable: WidgetPointer, name: String = "entry") {
        widget = editable
        self.name = name
        let instance = UnsafeMutableRawPointer(editable).assumingMemoryBound(to: GTypeInstance.self)
        isSecure = g_type_check_instance_is_a(instance, gtk_password_entry_get_type()) != 0
        Signal.connect(editable.raw, "changed") { [weak self] in
            guard let self else { return }
            if !self.performing {
                self.lastEdit = "Typing"
                self.undone = nil
            }
            self.onChange?()
        }
    }

    private var editable: OpaquePointer { widget.opaque }
    /// The `GtkText` that does the editing (the entry itself for a bare `GtkText`).
    private var delegate: WidgetPointer {
        gtk_editable_get_delegate(editable).map { WidgetPointer($0) } ?? widget
    }

    private var string: String { String(cString: gtk_editable_get_text(editable)) }
    var scalarCount: Int { string.unicodeScalars.count }
    func text(scalars range: Range<Int>) -> String { substring(of: string, scalars: range) }

    var scalarSelection: Range<Int>? {
        var start: Int32 = 0, end: Int32 = 0
        if gtk_editable_get_selection_bounds(editable, &start, &end) != 0 {
            return Int(min(start, end))..<Int(max(start, end))
        }
        let caret = Int(gtk_editable_get_position(editable))
        return caret..<caret
    }

    func select(scalars range: Range<Int>) {
        gtk_editable_select_region(editable, Int32(range.lowerBound), Int32(range.upperBound))
    }

    /// GTK 4 does not expose a `GtkText`'s layout; a press has already moved the caret under the
    /// pointer (GTK's own click handling runs on press), so the caret is the offset at the point.
    func scalarOffset(at point: Point) -> Int? { Int(gtk_editable_get_position(editable)) }

    var isEditable: Bool { gtk_editable_get_editable(editable) != 0 }

    public var undoActionName: String? {
        gtk_editable_get_enable_undo(editable) != 0 && !isSecure ? lastEdit : nil
    }
    public var redoActionName: String? { undone }

    public func targetRects(in container: WidgetPointer) -> [Rect] {
        bounds(of: delegate, in: container).map { [$0] } ?? []
    }

    public func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) -> Bool {
        if command == .select { return selectWordAtCaret() }
        guard let action = gtkAction(for: command) else { return false }
        performing = true
        defer { performing = false }
        let done = activate(action, on: delegate)
        guard done else { return false }
        switch command {
        case .cut:
            lastEdit = "Cut"
            undone = nil
        case .delete:
            lastEdit = "Delete"
            undone = nil
        case .paste, .pasteAndMatchStyle:
            lastEdit = "Paste"
            undone = nil
        case .undo:
            undone = lastEdit
            lastEdit = nil
        case .redo:
            lastEdit = undone
            undone = nil
        default: break
        }
        return done
    }
}

/// The edit menu's view of a widget that shows one selectable object — a `GtkPicture`, a contact card —
/// and puts it on the clipboard in several representations (PNG and a file URI; vCard and plain text).
@MainActor
public final class ObjectTarget: EditMenuTarget {
    public let widget: WidgetPointer
    public let name: String
    public var onChange: (@MainActor () -> Void)?
    /// `.image`, `.object` (a contact card) or `.file`.
    public let kind: ContentKind
    /// Produces the representations Copy writes, richest first: called only when copying.
    public let representations: @MainActor () -> [(mimeType: String, data: Data)]
    /// Whether the object is selected (drawn with the `editmenu-selected` CSS class).
    public private(set) var isSelected = false

    /// Wraps `widget` showing one object of `kind`, copied as `representations`.
    public init(
        _ widget: WidgetPointer, name: String, kind: ContentKind,
        representations: @escaping @MainActor () -> [(mimeType: String, data: Data)]
    ) {
        self.widget = widget
        self.name = name
        self.kind = kind
        self.representations = representations
        gtk_widget_set_focusable(widget, 1)
    }

    /// Selects or deselects the object.
    public func setSelected(_ selected: Bool) {
        isSelected = selected
        if selected {
            gtk_widget_add_css_class(widget, "editmenu-selected")
        } else {
            gtk_widget_remove_css_class(widget, "editmenu-selected")
        }
        onChange?()
    }

    public func selectableContent() -> SelectableContent {
        SelectableContent(kind: kind, isEditable: false, selection: isSelected ? .object : .none)
    }

    public func apply(_ gesture: RevealGesture, at point: Point?) -> Bool {
        let outcome = SelectionGestures().apply(gesture, objectSelected: isSelected)
        if outcome.objectSelected != isSelected { setSelected(outcome.objectSelected) }
        return outcome.showsMenu
    }

    public func targetRects(in container: WidgetPointer) -> [Rect] {
        bounds(of: widget, in: container).map { [$0] } ?? []
    }

    public func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) -> Bool {
        switch command {
        case .copy:
            ClipboardFormats.write(representations(), to: clipboard)
            return true
        case .select, .selectAll:
            setSelected(true)
            return true
        default:
            return false
        }
    }

    public var undoActionName: String? { nil }
    public var redoActionName: String? { nil }
    public func dataActions() -> [SuggestedAction] { [] }
    public func logState() -> [String: Any] { ["widget": name, "selected": isSelected] }
}
