import EditMenuKit
import Foundation

/// The third host: a one-line text field drawn nowhere, that gives the core only the ``TextDocument``
/// primitives — its text, selection, one undo step per replacement, one cell per byte as geometry —
/// and the few things only a host can do. It has no document code of its own: Find and Replace,
/// Transformations, Writing Direction, substitutions, Check Document Now, Select and Select All are
/// the core's.
public final class PrimitiveHost: EditMenuHost, TextDocument {
    /// The text.
    public private(set) var storage: TextStorage
    /// The selection (UTF-8 bytes).
    public private(set) var selection: Range<Int>
    /// Whether the text can change.
    public var isEditable = true
    /// Never a password field.
    public var isSecure: Bool { false }
    /// Each replacement as an undo step: its name, and the text and selection before it.
    public private(set) var undoStack: [(name: UndoAction, text: TextStorage, selection: Range<Int>)] = []
    /// The menu last drawn, `nil` once hidden.
    public private(set) var shownMenu: PresentedMenu?
    /// Every panel shown.
    public private(set) var panels: [EditMenuPanel] = []
    /// What the controller told the host it performed on the text.
    public private(set) var performed: [EditCommand.ID] = []
    /// Every time the controller asked to be polled.
    public private(set) var pollDeadlines: [Double] = []
    /// How often the controller said a menu setting changed.
    public private(set) var settingsChanges = 0

    /// A field holding `text` with `selection` selected.
    public init(_ text: String, selection: Range<Int> = 0..<0) {
        storage = TextStorage(text)
        self.selection = selection
    }

    /// The text as a string.
    public var text: String { storage.string }
    /// The name of the step Undo would take back.
    public var undoName: UndoAction? { undoStack.last?.name }

    // MARK: TextDocument: the primitives

    public func select(_ range: Range<Int>) {
        let lower = min(max(0, range.lowerBound), storage.byteCount)
        selection = lower..<min(max(lower, range.upperBound), storage.byteCount)
    }

    public func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>) throws(EditingError) {
        guard isEditable else { throw .notEditable(.replace) }
        var changed = storage
        do {
            for change in changes.reversed() { try changed.replace(change.range, with: change.text) }
        } catch {
            throw .storage(error)
        }
        undoStack.append((actionName, storage, selection))
        storage = changed
        select(selecting)
    }

    public func rects(for range: Range<Int>) -> [CGRect] {
        [CGRect(x: Double(range.lowerBound), y: 0, width: Double(range.count), height: 1)]
    }

    public func byteOffset(at point: CGPoint) -> Int? { min(max(0, Int(point.x)), storage.byteCount) }

    // MARK: EditMenuHost: what only a host does

    public var textDocument: (any TextDocument & AnyObject)? { self }

    public func menuContent() -> ContentSnapshot {
        editMenuContent(undo: undoName.map { .named($0.rawValue) } ?? .unavailable, redo: .unavailable)
    }

    public func menuContainer() -> MenuContainer {
        MenuContainer(bounds: CGRect(x: 0, y: -20, width: 200, height: 60))
    }

    public var pasteboardTypes: Set<PasteboardType> { [] }

    public func showMenu(_ menu: PresentedMenu) { shownMenu = menu }

    public func hideMenu() { shownMenu = nil }

    /// Undo from its own stack; the field has no pasteboard, so no Cut, Copy or Paste.
    public func perform(_ command: EditCommand.ID) throws(EditingError) {
        guard command == .undo else { throw .unsupported(command) }
        guard let last = undoStack.popLast() else { throw .nothingToUndo(.undo) }
        storage = last.text
        selection = last.selection
    }

    public func open(_ uri: String) -> Bool { false }

    public func showPanel(_ panel: EditMenuPanel) { panels.append(panel) }

    public func documentDidPerform(_ command: EditCommand.ID) { performed.append(command) }

    public func setNeedsPoll(at deadline: Double) { pollDeadlines.append(deadline) }

    public func settingsDidChange() { settingsChanges += 1 }
}
