#if GTK
import CGtk
import EditMenuKit
import Foundation

/// The edit menu's view of a `GtkEntry`, `GtkPasswordEntry` or any `GtkEditable`: selection through the
/// `GtkEditable` interface, commands through its `GtkText` delegate's own actions (so its own undo and
/// the real clipboard). A password entry is secure content: its gestures select the whole field and
/// the rules offer no Cut or Copy.
@MainActor
package final class EditableTarget: ScalarTextModel {
    package let widget: WidgetPointer
    package let name: String
    package var onChange: (@MainActor () -> Void)?
    package var onTextChange: (@MainActor () -> Void)?
    package let isSecure: Bool
    /// The text for the controller's document behaviour (Select, Select All, Writing Direction ▸).
    package var textDocument: (any TextDocument & AnyObject)? { self }
    private var cachedText: TextExcerpt?
    private var lastEdit: UndoAction?
    private var undone: UndoAction?
    private var performing = false

    /// Wraps `editable` (a widget implementing `GtkEditable`), named `name` in the event log.
    package init(_ editable: WidgetPointer, name: String = "entry") {
        widget = editable
        self.name = name
        let instance = UnsafeMutableRawPointer(editable).assumingMemoryBound(to: GTypeInstance.self)
        isSecure = g_type_check_instance_is_a(instance, gtk_password_entry_get_type()) != 0
        Signal.connect(editable.raw, "changed") { [weak self] in
            guard let self else { return }
            self.cachedText = nil
            if !self.performing {
                self.lastEdit = .typing
                self.undone = nil
                self.onTextChange?()
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

    package var scalarSelection: Range<Int>? {
        var start: Int32 = 0, end: Int32 = 0
        if gtk_editable_get_selection_bounds(editable, &start, &end) != 0 {
            return Int(min(start, end))..<Int(max(start, end))
        }
        let caret = Int(gtk_editable_get_position(editable))
        return caret..<caret
    }

    package func select(scalars range: Range<Int>) {
        gtk_editable_select_region(editable, Int32(range.lowerBound), Int32(range.upperBound))
    }

    /// GTK 4 does not expose a `GtkText`'s layout; a press has already moved the caret under the
    /// pointer (GTK's own click handling runs on press), so the caret is the offset at the point.
    func scalarOffset(at point: CGPoint) -> Int? { Int(gtk_editable_get_position(editable)) }

    package var isEditable: Bool { gtk_editable_get_editable(editable) != 0 }

    var undoState: (undo: UndoState, redo: UndoState) {
        guard gtk_editable_get_enable_undo(editable) != 0, !isSecure else { return (.unavailable, .unavailable) }
        return (
            lastEdit.map { .named($0.rawValue) } ?? .unavailable, undone.map { .named($0.rawValue) } ?? .unavailable
        )
    }

    package func targetRects(in container: WidgetPointer) -> [CGRect] {
        bounds(of: delegate, in: container).map { [$0] } ?? []
    }

    package func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) throws(EditingError) {
        guard let action = gtkAction(for: command) else { throw .unsupported(command) }
        performing = true
        defer { performing = false }
        try activate(action, on: delegate, for: command)
        switch command {
        case .cut, .delete, .paste, .pasteAndMatchStyle:
            lastEdit = command == .cut ? .cut : command == .delete ? .delete : .paste
            undone = nil
        case .undo:
            undone = lastEdit
            lastEdit = nil
        case .redo:
            lastEdit = undone
            undone = nil
        default: break
        }
    }

    /// Replaces the selection and selects the new text (`TextDocument.replaceSelection(with:actionName:)`).
    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        try EditMenuGTK.replaceSelection(of: self, with: text, actionName: actionName)
    }
}

/// The entry's text as the core edits it. `GtkText` records a deletion and an insertion made at once
/// as one undo step. A password entry is never read for the menu's services.
extension EditableTarget: @MainActor ScalarTextDocument {
    package var scalarText: TextExcerpt {
        if let cachedText { return cachedText }
        let text = wholeText()
        cachedText = text
        return text
    }

    package func replace(scalarChanges: [TextChange], actionName: UndoAction) throws(EditingError) {
        guard isEditable, !isSecure else { throw .notEditable(.replace) }
        performing = true
        defer { performing = false }
        for change in scalarChanges.reversed() {
            gtk_editable_delete_text(editable, Int32(change.range.lowerBound), Int32(change.range.upperBound))
            var position = Int32(change.range.lowerBound)
            gtk_editable_insert_text(editable, change.text, -1, &position)
        }
        lastEdit = actionName
        undone = nil
        onChange?()
    }

    /// None of Find ▸, Transformations ▸ or Emoji & Symbols: an entry has no find bar or picker of
    /// its own here; Select, Select All and Writing Direction ▸ are the core's.
    package func documentCapabilities(checksSpelling: Bool) -> HostCapabilities { [] }
}

/// The edit menu's view of a widget that shows one selectable object — a `GtkPicture`, a contact card —
/// and puts it on the clipboard in several representations (PNG and a file URI; vCard and plain text).
@MainActor
package final class ObjectTarget: EditMenuTarget {
    package let widget: WidgetPointer
    package let name: String
    package var onChange: (@MainActor () -> Void)?
    package var onTextChange: (@MainActor () -> Void)?
    /// `.image`, `.object` (a contact card) or `.file`.
    package let kind: ContentKind
    /// Produces the representations Copy writes, richest first: called only when copying.
    package let representations: @MainActor () -> [(mimeType: String, data: Data)]
    /// Whether the object is selected (drawn with the `editmenu-selected` CSS class).
    package private(set) var isSelected = false

    /// Wraps `widget` showing one object of `kind`, copied as `representations`.
    package init(
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
    package func setSelected(_ selected: Bool) {
        isSelected = selected
        if selected {
            gtk_widget_add_css_class(widget, "editmenu-selected")
        } else {
            gtk_widget_remove_css_class(widget, "editmenu-selected")
        }
        onChange?()
    }

    package func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot {
        ContentSnapshot(
            content: SelectableContent(kind: kind, isEditable: false, selection: isSelected ? .object : .none))
    }

    package func select(
        for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        let outcome = gestures.apply(gesture, objectSelected: isSelected, input: input)
        if outcome.objectSelected != isSelected { setSelected(outcome.objectSelected) }
        return outcome.showsMenu
    }

    package func targetRects(in container: WidgetPointer) -> [CGRect] {
        bounds(of: widget, in: container).map { [$0] } ?? []
    }

    package func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) throws(EditingError) {
        switch command {
        case .copy:
            guard isSelected else { throw .nothingSelected(command) }
            ClipboardFormats.write(representations(), to: clipboard)
        case .selectAll:
            setSelected(true)
        default:
            throw .unsupported(command)
        }
    }

    package func logState() -> [String: Any] { ["widget": name, "selected": isSelected] }
}
#endif
