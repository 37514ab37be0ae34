#if GTK
import CGtk
import EditMenuKit
import Foundation

/// A widget the edit menu can be attached to: it describes its content to the controller, says where
/// its selection is drawn, selects for gestures, and performs commands through its own GTK actions,
/// undo and clipboard.
///
/// ``TextViewTarget``, ``LabelTarget``, ``EditableTarget`` and ``ObjectTarget`` cover GTK's text widgets
/// and selectable objects; an app's own widget (a canvas) conforms to join the same menu.
@MainActor
package protocol EditMenuTarget: AnyObject {
    /// The widget the events come from.
    var widget: WidgetPointer { get }
    /// A short name for the event log ("textView", "password" …).
    var name: String { get }
    /// The content, selection, undo state and selected text, as `EditMenuHost.menuContent()` returns
    /// them (no clipboard contents are read).
    func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot
    /// Selects what `gesture` selects at `point` (the widget's coordinates; `nil`: at the selection)
    /// with `gestures`' semantics, made with `input`; returns whether the menu shows afterwards.
    func select(for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures)
        -> Bool
    /// The selection's line rects (a caret is zero-width) in `container`'s coordinates.
    func targetRects(in container: WidgetPointer) -> [CGRect]
    /// Performs a standard command through the widget.
    func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) throws(EditingError)
    /// Replaces the selection with `text` as one undo step named `actionName`, selecting it.
    func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError)
    /// What the log records about the content after a change (text and selection).
    func logState() -> [String: Any]
    /// Called by the target whenever its content or selection changes (set by the interaction).
    var onChange: (@MainActor () -> Void)? { get set }
    /// Called by the target when its text changes (typing, a paste): the menu goes.
    var onTextChange: (@MainActor () -> Void)? { get set }
    /// Moves keyboard focus to the widget.
    func takeFocus()
    /// The widget's text as primitives (`TextDocument`), on which the controller performs every
    /// document behaviour (Find ▸, Transformations ▸, Writing Direction ▸, Select, Select All, Check
    /// Document Now); `nil` (the default) for a widget without text.
    var textDocument: (any TextDocument & AnyObject)? { get }
}

extension EditMenuTarget {
    /// Grabs GTK's keyboard focus.
    package func takeFocus() { gtk_widget_grab_focus(widget) }

    /// Read-only content cannot be replaced.
    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        throw .notEditable(.replace)
    }

    /// No text.
    package var textDocument: (any TextDocument & AnyObject)? { nil }
}

/// What GTK's text widgets share: their text read as a `TextExcerpt` around the selection or the
/// point — GTK counts offsets in Unicode scalars, the core converts — so selection facts, gestures and
/// the selected text come from the core, and a long document costs what a short one does. Each is a
/// `ScalarTextDocument` too (conformed on the main actor): the core's document behaviour on the
/// whole text.
@MainActor
protocol ScalarTextModel: EditMenuTarget {
    /// The number of Unicode scalars in the whole text.
    var scalarCount: Int { get }
    /// The text between two scalar offsets.
    func text(scalars: Range<Int>) -> String
    /// The selection in scalars (empty: the caret), `nil` when there is neither.
    var scalarSelection: Range<Int>? { get }
    /// Selects `range` (scalars).
    func select(scalars range: Range<Int>)
    /// The scalar offset under `point` (widget coordinates).
    func scalarOffset(at point: CGPoint) -> Int?
    /// Whether the text can be changed.
    var isEditable: Bool { get }
    /// Whether the text is hidden (a password).
    var isSecure: Bool { get }
    /// What Undo and Redo would do.
    var undoState: (undo: UndoState, redo: UndoState) { get }
}

extension ScalarTextModel {
    /// The text around scalar range `range`, as an excerpt.
    func excerpt(around range: Range<Int>) -> TextExcerpt {
        TextExcerpt.excerpt(around: range, totalScalarCount: scalarCount, secure: isSecure) { text(scalars: $0) }
    }

    package func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot {
        let selection = scalarSelection
        let excerpt = excerpt(around: selection ?? 0..<0)
        let state = selection == nil ? .none : excerpt.selectionState(scalarSelection: selection, isSecure: isSecure)
        // GTK's text widgets delete a selection themselves (`selection.delete`), so Delete is offered.
        let content = SelectableContent(
            kind: .text, isEditable: isEditable, isSecure: isSecure, allowsDelete: isEditable,
            isEmpty: scalarCount == 0, selection: state)
        let selected = isSecure ? nil : selection.flatMap { excerpt.selectedText(scalarSelection: $0) }
        let undo = undoState
        return ContentSnapshot(content: content, undo: undo.undo, redo: undo.redo, selectedText: selected)
    }

    package func select(
        for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        let selection = scalarSelection
        let at = point.flatMap { scalarOffset(at: $0) } ?? selection?.lowerBound ?? 0
        let excerpt = excerpt(around: min(at, selection?.lowerBound ?? at)..<max(at, selection?.upperBound ?? at))
        let result = excerpt.apply(
            gesture, atScalarOffset: at, selection: selection, isSecure: isSecure, input: input, gestures: gestures)
        if let chosen = result.scalarSelection { select(scalars: chosen) }
        return result.showsMenu
    }

    package func logState() -> [String: Any] {
        var state: [String: Any] = ["widget": name]
        if !isSecure { state["text"] = text(scalars: 0..<scalarCount) }
        if let selection = scalarSelection {
            state["selection"] = [selection.lowerBound, selection.upperBound]
            if !isSecure { state["selected"] = text(scalars: selection) }
        }
        return state
    }

    /// The whole text, with its scalar ↔ UTF-8 conversions (`ScalarTextDocument.scalarText`).
    func wholeText() -> TextExcerpt {
        let count = scalarCount
        return TextExcerpt(text: text(scalars: 0..<count), startScalarOffset: 0, totalScalarCount: count)
    }
}

/// The core's `TextDocument.replaceSelection(with:actionName:)` on a GTK target, whose own
/// ``EditMenuTarget/replaceSelection(with:actionName:)`` is the one the host calls: the new text
/// replaces the selection as one undo step and is selected.
@MainActor
func replaceSelection(of document: some TextDocument, with text: String, actionName: UndoAction)
    throws(EditingError)
{
    var document = document
    try document.replaceSelection(with: text, actionName: actionName)
}

/// Bounds of `widget` in `container`'s coordinates.
@MainActor
func bounds(of widget: WidgetPointer, in container: WidgetPointer) -> CGRect? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, container, &rect) != 0 else { return nil }
    return CGRect(
        x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
        height: Double(rect.size.height))
}

/// A point of `widget` in `container`'s coordinates.
@MainActor
func translate(_ point: CGPoint, from widget: WidgetPointer, to container: WidgetPointer) -> CGPoint {
    var x = 0.0
    var y = 0.0
    _ = gtk_widget_translate_coordinates(widget, container, point.x, point.y, &x, &y)
    return CGPoint(x: x, y: y)
}

/// Activates one of the widget's own GTK actions (`clipboard.copy`, `text.undo` …).
@MainActor
func activate(_ action: String, on widget: WidgetPointer, for command: EditCommand.ID) throws(EditingError) {
    guard gtk_widget_activate_action_variant(widget, action, nil) != 0 else { throw .unsupported(command) }
}

/// The GTK action that performs a standard command on GTK's text widgets (`GtkTextView`, `GtkText`,
/// `GtkLabel` install these for their own context menus).
func gtkAction(for command: EditCommand.ID) -> String? {
    switch command {
    case .cut: return "clipboard.cut"
    case .copy: return "clipboard.copy"
    case .paste, .pasteAndMatchStyle: return "clipboard.paste"
    case .delete: return "selection.delete"
    case .selectAll: return "selection.select-all"
    case .undo: return "text.undo"
    case .redo: return "text.redo"
    default: return nil
    }
}

/// The Unicode scalars `range` of `string` (clamped to its length).
func substring(of string: String, scalars range: Range<Int>) -> String {
    let all = string.unicodeScalars
    let lower = all.index(all.startIndex, offsetBy: max(0, range.lowerBound), limitedBy: all.endIndex) ?? all.endIndex
    let upper =
        all.index(lower, offsetBy: max(0, range.upperBound - max(0, range.lowerBound)), limitedBy: all.endIndex)
        ?? all.endIndex
    return String(all[lower..<upper])
}
#endif
