/// An edit that undo can reverse and typing can merge.
///
/// ``TextEdit`` and `ObjectEdit` conform; a host's own content can too.
package protocol UndoableEdit: Sendable {
    /// The edit that exactly reverses this one.
    var inverse: Self { get }
    /// This edit followed by `next` as one edit, or `nil` when they cannot merge (they are not
    /// contiguous). Only typing is coalesced. Does nothing (returns `nil`) by default.
    func coalescing(_ next: Self) -> Self?
}

extension UndoableEdit {
    /// Never merges (the default for edits that are not typing).
    package func coalescing(_ next: Self) -> Self? { nil }
}

extension TextEdit: UndoableEdit {}

/// The name of an undoable action, which titles the menu's Undo and Redo ("Undo Cut", "Redo Paste").
///
/// An open set, like ``EditCommand/ID``: hosts add their own with a string-table key.
///
/// ```swift
/// UndoAction.cut.title(strings: MenuStrings(locale: .english), idiom: .mac)   // "Cut"
/// ```
public struct UndoAction: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
    /// The action's name in `MenuStrings` keys without the `action` prefix ("Cut" → `actionCut`).
    public let rawValue: String

    /// Creates an action name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an action name from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Typing (coalesced: a run of typed characters undoes as one).
    package static let typing: Self = "Typing"
    /// Cut.
    package static let cut: Self = "Cut"
    /// Paste.
    package static let paste: Self = "Paste"
    /// Paste and Match Style.
    package static let pasteAndMatchStyle: Self = "PasteAndMatchStyle"
    /// Delete.
    package static let delete: Self = "Delete"
    /// Replace (a spelling suggestion).
    package static let replace: Self = "Replace"
    /// Bold.
    package static let bold: Self = "Bold"
    /// Italic.
    package static let italic: Self = "Italic"
    /// Underline.
    package static let underline: Self = "Underline"
    /// Drop (drag and drop).
    package static let drop: Self = "Drop"
    /// Writing Direction (a paragraph's base direction set).
    package static let writingDirection: Self = "WritingDirection"
    /// Change Spelling: a spelling suggestion chosen on the Mac (its context menu's inline suggestions,
    /// the Spelling panel), as AppKit's `changeSpelling(_:)` names it. iOS names it Replace.
    package static let changeSpelling: Self = "ChangeSpelling"

    /// Replace All (Find and Replace…).
    package static let replaceAll: Self = "ReplaceAll"
    /// Transformations ▸ Make Upper Case (named as the command is, in the menu's language).
    package static let makeUpperCase: Self = "makeUpperCase"
    /// Transformations ▸ Make Lower Case.
    package static let makeLowerCase: Self = "makeLowerCase"
    /// Transformations ▸ Capitalize.
    package static let capitalize: Self = "capitalize"
    /// A quotation mark made smart while typing (Substitutions ▸ Smart Quotes).
    package static let smartQuotes: Self = "smartQuotes"
    /// Two hyphens made a dash while typing (Substitutions ▸ Smart Dashes).
    package static let smartDashes: Self = "smartDashes"
    /// A shortcut replaced by its phrase while typing (Substitutions ▸ Text Replacement).
    package static let textReplacement: Self = "textReplacement"
}

/// One step of undo: the edits an action made, with the selection before and after.
package struct UndoGroup<Edit: UndoableEdit, Selection: Hashable & Sendable>: Sendable {
    /// The action's name, or `nil` for an unnamed group (the menu then says just "Undo").
    package var action: UndoAction?
    /// The edits, in the order they were made.
    package var edits: [Edit]
    /// The selection before the first edit (restored by undo).
    package var selectionBefore: Selection
    /// The selection after the last edit (restored by redo).
    package var selectionAfter: Selection
}

/// Undo and redo stacks of edits (Foundation's `UndoManager` does not exist on Linux).
///
/// - **Edits, not snapshots**: a group holds the edits an action made; a ``TextEdit`` is a few
///   piece descriptors whatever the size of the text, so memory is bounded by the number of levels.
/// - **Levels limit**: at most ``levelsLimit`` groups are kept (0 = no limit); the oldest go first.
/// - **Grouping**: ``beginGroup(_:selection:)`` … ``endGroup(selection:)`` makes one undo step of
///   several edits (nested groups join the outer one); a lone ``record(_:action:before:after:)`` is
///   a step of its own.
/// - **Coalesced typing**: consecutive `.typing` edits that continue each other merge into one step
///   until ``breakCoalescing()`` (the caret moved, the menu ran a command) or a different action.
/// - **Redo is cleared** by any new edit.
///
/// ```swift
/// var history = UndoHistory<TextEdit, Range<Int>>()
/// history.record(edit, action: .cut, before: 0..<5, after: 0..<0)
/// history.undoAction       // .cut  → "Undo Cut"
/// if let group = history.popUndo() { for e in group.edits.reversed() { try storage.apply(e.inverse) } }
/// history.redoAction       // .cut  → "Redo Cut"
/// ```
package struct UndoHistory<Edit: UndoableEdit, Selection: Hashable & Sendable>: Sendable {
    /// One undo step.
    package typealias Group = UndoGroup<Edit, Selection>

    /// The most groups kept; 0 means no limit.
    package var levelsLimit: Int {
        didSet { trim() }
    }
    /// Steps that can be undone, oldest first.
    package private(set) var undoStack: [Group] = []
    /// Steps that can be redone, the next redo last.
    package private(set) var redoStack: [Group] = []

    /// Increases with every change recorded, undone or redone: a host compares it to know the content
    /// changed (for a "modified" mark), whatever the sizes.
    package private(set) var changeCount = 0

    private var openGroup: Group?
    private var nesting = 0
    private var coalescible = false

    /// Creates an empty history keeping at most `levelsLimit` steps (0: unlimited).
    package init(levelsLimit: Int = 100) {
        self.levelsLimit = max(0, levelsLimit)
    }

    /// Whether Undo has something to undo.
    package var canUndo: Bool { !undoStack.isEmpty || !(openGroup?.edits.isEmpty ?? true) }
    /// Whether Redo has something to redo.
    package var canRedo: Bool { !redoStack.isEmpty }
    /// The name of the step Undo would undo.
    package var undoAction: UndoAction? { undoStack.last?.action }
    /// The name of the step Redo would redo.
    package var redoAction: UndoAction? { redoStack.last?.action }

    /// Starts a group: edits recorded until the matching ``endGroup(selection:)`` undo as one step
    /// named `action`. Groups nest; only the outermost one's name and selection count.
    package mutating func beginGroup(_ action: UndoAction?, selection: Selection) {
        nesting += 1
        if nesting == 1 {
            openGroup = Group(action: action, edits: [], selectionBefore: selection, selectionAfter: selection)
        }
    }

    /// Ends a group; the outermost end pushes it as one step (nothing when it holds no edit).
    package mutating func endGroup(selection: Selection) {
        guard nesting > 0 else { return }
        nesting -= 1
        guard nesting == 0, var group = openGroup else { return }
        openGroup = nil
        group.selectionAfter = selection
        if !group.edits.isEmpty { push(group) }
        coalescible = false
    }

    /// Records an edit just made. Inside a group it joins the group; otherwise it is a step of its
    /// own, or, for `.typing` right after typing it continues, merges into the previous step. Clears
    /// redo.
    package mutating func record(_ edit: Edit, action: UndoAction?, before: Selection, after: Selection) {
        changeCount += 1
        redoStack.removeAll()
        if openGroup != nil {
            openGroup!.edits.append(edit)
            openGroup!.selectionAfter = after
            return
        }
        if action == .typing, coalescible, let last = undoStack.last, last.action == .typing,
            let lastEdit = last.edits.last, let merged = lastEdit.coalescing(edit)
        {
            undoStack[undoStack.count - 1].edits[last.edits.count - 1] = merged
            undoStack[undoStack.count - 1].selectionAfter = after
            return
        }
        push(Group(action: action, edits: [edit], selectionBefore: before, selectionAfter: after))
        coalescible = action == .typing
    }

    /// Ends the current run of typing: the next typed edit starts a new step.
    package mutating func breakCoalescing() {
        coalescible = false
    }

    /// Takes the step to undo and moves it to the redo stack. The caller applies its edits'
    /// ``UndoableEdit/inverse`` in reverse order and restores `selectionBefore`.
    package mutating func popUndo() -> Group? {
        if nesting > 0 { closeOpenGroup() }
        coalescible = false
        guard let group = undoStack.popLast() else { return nil }
        changeCount += 1
        redoStack.append(group)
        return group
    }

    /// Takes the step to redo and moves it back to the undo stack. The caller applies its edits in
    /// order and restores `selectionAfter`.
    package mutating func popRedo() -> Group? {
        coalescible = false
        guard let group = redoStack.popLast() else { return nil }
        changeCount += 1
        undoStack.append(group)
        trim()
        return group
    }

    /// Forgets every step (after the document is replaced).
    package mutating func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroup = nil
        nesting = 0
        coalescible = false
    }

    private mutating func closeOpenGroup() {
        nesting = 1
        if let group = openGroup { endGroup(selection: group.selectionAfter) } else { nesting = 0 }
    }

    private mutating func push(_ group: Group) {
        undoStack.append(group)
        trim()
    }

    private mutating func trim() {
        if levelsLimit > 0, undoStack.count > levelsLimit {
            undoStack.removeFirst(undoStack.count - levelsLimit)
        }
    }
}
