import CGtk
import EditMenuKit
import Foundation

/// A widget the edit menu can be attached to: it describes its content and selection to the core's
/// rules, says where its selection is drawn, applies the gestures that select, and performs commands
/// through its own GTK actions, undo and clipboard.
///
/// ``TextViewTarget``, ``LabelTarget``, ``EditableTarget`` and ``ObjectTarget`` cover GTK's text widgets
/// and selectable objects; an app's own widget (a canvas) conforms to join the same menu.
@MainActor
public protocol EditMenuTarget: AnyObject {
    /// The widget the gestures are attached to.
    var widget: WidgetPointer { get }
    /// A short name for the event log ("textView", "password" …).
    var name: String { get }
    /// The content and its selection, as the rules see them (no clipboard contents are read).
    func selectableContent() -> SelectableContent
    /// Applies a selecting gesture at `point` (widget coordinates; `nil`: at the selection). Returns
    /// whether the menu is shown afterwards.
    func apply(_ gesture: RevealGesture, at point: Point?) -> Bool
    /// The selection's line rects (a caret is zero-width) in `container`'s coordinates.
    func targetRects(in container: WidgetPointer) -> [Rect]
    /// Performs `command` through the widget; returns whether the widget did it.
    func perform(_ command: EditCommand.ID, clipboard: OpaquePointer) -> Bool
    /// The name of what Undo would undo, `nil` when nothing can be undone.
    var undoActionName: String? { get }
    /// The name of what Redo would redo, `nil` when nothing can be redone.
    var redoActionName: String? { get }
    /// Actions for data detected in the selection (links, phone numbers …).
    func dataActions() -> [SuggestedAction]
    /// What the log records about the content after a change (text and selection).
    func logState() -> [String: Any]
    /// Called by the target whenever its content or selection changes (set by the interaction).
    var onChange: (@MainActor () -> Void)? { get set }
    /// Moves keyboard focus to the widget before a gesture applies (for Menu, Shift-F10 and typing).
    func takeFocus()
}

extension EditMenuTarget {
    /// Grabs GTK's keyboard focus.
    public func takeFocus() { gtk_widget_grab_focus(widget) }
}

/// A window of text around a position, with conversions between GTK's offsets (Unicode scalars) and the
/// core's (Characters). Only the window is examined, so a long document costs the same as a short one.
struct ScalarTextWindow {
    /// The scalar offset where the window starts in the whole text.
    let start: Int
    /// The window's text.
    let text: String
    /// Scalar offset (from `start`) of each Character boundary, the end included.
    let boundaries: [Int]

    init(start: Int, text: String) {
        self.start = start
        self.text = text
        var offsets = [0]
        offsets.reserveCapacity(text.count + 1)
        var n = 0
        for character in text {
            n += character.unicodeScalars.count
            offsets.append(n)
        }
        boundaries = offsets
    }

    /// The number of Characters in the window.
    var characterCount: Int { boundaries.count - 1 }

    /// The Character offset of absolute scalar offset `scalar` (rounded down to a Character boundary).
    func character(ofScalar scalar: Int) -> Int {
        let local = min(max(scalar - start, 0), boundaries.last ?? 0)
        var low = 0, high = boundaries.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if boundaries[mid] <= local { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The absolute scalar offset of Character offset `character`.
    func scalar(ofCharacter character: Int) -> Int {
        start + boundaries[min(max(character, 0), boundaries.count - 1)]
    }
}

/// What the text targets share: selection facts, gestures and data detection over a ``ScalarTextWindow``.
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
    func scalarOffset(at point: Point) -> Int?
    /// Whether the text can be changed.
    var isEditable: Bool { get }
    /// Whether the text is hidden (a password).
    var isSecure: Bool { get }
}

/// Scalars examined on each side of a selection or touch point (a detected item or word is never longer).
let textWindowRadius = 1024

extension ScalarTextModel {
    func window(around range: Range<Int>) -> ScalarTextWindow {
        let count = scalarCount
        let lower = isSecure ? 0 : max(0, range.lowerBound - textWindowRadius)
        let upper = isSecure ? count : min(count, range.upperBound + textWindowRadius)
        return ScalarTextWindow(start: lower, text: text(scalars: lower..<upper))
    }

    public func selectableContent() -> SelectableContent {
        let count = scalarCount
        guard let selection = scalarSelection else {
            return SelectableContent(
                kind: .text, isEditable: isEditable, isSecure: isSecure, allowsDelete: isEditable,
                isEmpty: count == 0, selection: .none)
        }
        let window = window(around: selection)
        let characters =
            window.character(ofScalar: selection.lowerBound)..<window.character(ofScalar: selection.upperBound)
        var state = TextSelectionFacts(text: window.text, selection: characters).state
        if case .range(var facts) = state {
            facts.coversAll = selection.lowerBound == 0 && selection.upperBound == count
            state = .range(facts)
        }
        // GTK's text widgets delete a selection themselves (`selection.delete`), so Delete is offered.
        return SelectableContent(
            kind: .text, isEditable: isEditable, isSecure: isSecure, allowsDelete: isEditable,
            isEmpty: count == 0, selection: state)
    }

    public func apply(_ gesture: RevealGesture, at point: Point?) -> Bool {
        let at = point.flatMap { scalarOffset(at: $0) } ?? scalarSelection?.lowerBound ?? 0
        let selection = scalarSelection
        let window = window(around: at..<max(at, selection?.upperBound ?? at))
        let outcome = SelectionGestures().apply(
            gesture, at: window.character(ofScalar: at), text: window.text, characterCount: window.characterCount,
            selection: selection.map {
                window.character(ofScalar: $0.lowerBound)..<window.character(ofScalar: $0.upperBound)
            },
            isSecure: isSecure)
        if let chosen = outcome.selection {
            select(
                scalars: window.scalar(ofCharacter: chosen.lowerBound)..<window.scalar(ofCharacter: chosen.upperBound))
        }
        return outcome.showsMenu
    }

    public func dataActions() -> [SuggestedAction] {
        guard !isSecure, let selection = scalarSelection, !selection.isEmpty else { return [] }
        let window = window(around: selection)
        let characters =
            window.character(ofScalar: selection.lowerBound)..<window.character(ofScalar: selection.upperBound)
        return DataDetector().detect(inCharacterRange: characters, of: window.text).actions.map(\.suggestedAction)
    }

    public func logState() -> [String: Any] {
        var state: [String: Any] = ["widget": name]
        if !isSecure { state["text"] = text(scalars: 0..<scalarCount) }
        if let selection = scalarSelection {
            state["selection"] = [selection.lowerBound, selection.upperBound]
            if !isSecure { state["selected"] = text(scalars: selection) }
        }
        return state
    }

    /// Selects the word at the caret (the Select command), through the core's segmentation.
    func selectWordAtCaret() -> Bool {
        _ = apply(.doubleTap, at: nil)
        return scalarSelection.map { !$0.isEmpty } ?? false
    }
}

/// Bounds of `widget` in `container`'s coordinates.
@MainActor
func bounds(of widget: WidgetPointer, in container: WidgetPointer) -> Rect? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, container, &rect) != 0 else { return nil }
    return Rect(
        x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
        height: Double(rect.size.height))
}

/// A point of `widget` in `container`'s coordinates.
@MainActor
func translate(_ point: Point, from widget: WidgetPointer, to container: WidgetPointer) -> Point {
    var x = 0.0, y = 0.0
    _ = gtk_widget_translate_coordinates(widget, container, point.x, point.y, &x, &y)
    return Point(x: x, y: y)
}

/// Activates one of the widget's own GTK actions (`clipboard.copy`, `text.undo` …).
@MainActor
func activate(_ action: String, on widget: WidgetPointer) -> Bool {
    gtk_widget_activate_action_variant(widget, action, nil) != 0
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
    let all = Array(string.unicodeScalars)
    let lower = min(max(range.lowerBound, 0), all.count), upper = min(max(range.upperBound, lower), all.count)
    var view = String.UnicodeScalarView()
    view.append(contentsOf: all[lower..<upper])
    return String(view)
}
