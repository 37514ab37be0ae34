import Foundation

/// A whole thing people select and edit as a unit: an image, a file, a contact card.
public enum EditableObject: Hashable, Sendable {
    /// An image, as PNG data.
    case image(png: Data)
    /// A file, by its file URL.
    case file(URL)
    /// A contact card: its vCard text and the name shown for it.
    case contact(vCard: String, name: String)

    /// The pasteboard item Copy writes: PNG; file URL and path; vCard and name.
    public var pasteboardItem: PasteboardItem {
        switch self {
        case .image(let png): return .png(png)
        case .file(let url): return .file(url)
        case .contact(let vCard, let name): return .vCard(vCard, name: name)
        }
    }

    /// The object a pasteboard item holds, when it holds one of `kinds` (an image item, a file
    /// reference, a vCard). Reads the item's data.
    public init?(_ item: PasteboardItem, accepting kinds: Set<ContentKind>) {
        if kinds.contains(.image), let png = item.data(for: .png) ?? item.data(for: .image) {
            self = .image(png: png)
        } else if kinds.contains(.file), let text = item.string(for: .file), let url = URL(string: text), url.isFileURL
        {
            self = .file(url)
        } else if kinds.contains(.object), let vCard = item.string(for: .vCard) {
            self = .contact(vCard: vCard, name: item.string(for: .plainText) ?? Self.formattedName(vCard) ?? "")
        } else {
            return nil
        }
    }

    /// The `FN:` line of a vCard.
    static func formattedName(_ vCard: String) -> String? {
        vCard.split(whereSeparator: \.isNewline).first {
            $0.uppercased().hasPrefix("FN:") || $0.uppercased().hasPrefix("FN;")
        }
        .flatMap { line in line.firstIndex(of: ":").map { String(line[line.index(after: $0)...]) } }
    }
}

/// One change to a list of objects: at `index`, `removed` was replaced by `inserted`.
package struct ObjectEdit: UndoableEdit, Hashable {
    /// Where the change happened.
    package var index: Int
    /// The objects that were there.
    package var removed: [EditableObject]
    /// The objects that are there now.
    package var inserted: [EditableObject]

    /// The change that undoes this one.
    package var inverse: ObjectEdit { ObjectEdit(index: index, removed: inserted, inserted: removed) }
}

/// A list of objects (images in a gallery, attachments, contact cards) with a selection, performing
/// Cut, Copy, Paste, Delete, Select All, Undo and Redo on whole objects.
///
/// ```swift
/// var gallery = ObjectEditor(objects: [.image(png: a), .image(png: b)], accepting: [.image])
/// gallery.select(1..<2)
/// try gallery.perform(.cut, pasteboard: pasteboard)   // one image left, the other on the pasteboard
/// try gallery.perform(.undo, pasteboard: pasteboard)  // both back, the second selected
/// ```
public struct ObjectEditor: Sendable {
    /// The objects, in order.
    public private(set) var objects: [EditableObject]
    /// The selected objects (indices; empty = an insertion point between objects).
    public private(set) var selection: Range<Int>
    /// Undo and redo.
    package private(set) var history: UndoHistory<ObjectEdit, Range<Int>>
    /// The kinds of object this list holds and accepts from the pasteboard.
    package var accepting: Set<ContentKind>
    /// Whether the list can be changed.
    public var isEditable: Bool

    /// Creates a list, nothing selected, the insertion point at the end.
    public init(
        objects: [EditableObject], accepting: Set<ContentKind> = [.image, .file, .object],
        isEditable: Bool = true, undoLevels: Int = 100
    ) {
        self.objects = objects
        self.selection = objects.count..<objects.count
        self.history = UndoHistory(levelsLimit: undoLevels)
        self.accepting = accepting
        self.isEditable = isEditable
    }

    /// Selects the objects at `range` (clamped).
    public mutating func select(_ range: Range<Int>) {
        let lower = min(max(0, range.lowerBound), objects.count)
        selection = lower..<min(max(lower, range.upperBound), objects.count)
    }

    /// The content as the menu rules see it: `kind` (`.image`, `.file` or `.object`), selected when
    /// objects are selected, accepting the pasteboard types this list takes.
    package func selectableContent(kind: ContentKind) -> SelectableContent {
        SelectableContent(
            kind: kind, isEditable: isEditable, isEmpty: objects.isEmpty,
            selection: selection.isEmpty ? .none : .object,
            acceptedPasteboardTypes: Set(pasteboardTypes))
    }

    /// Whether `command` would do something now: Copy, Cut and Delete need a selection; Paste an
    /// accepted object on the pasteboard (judged from types alone).
    public func canPerform(_ command: EditCommand.ID, pasteboard: any Pasteboard) -> Bool {
        switch command {
        case .copy: return !selection.isEmpty
        case .cut, .delete: return !selection.isEmpty && isEditable
        case .paste: return isEditable && pasteboardTypes.contains { pasteboard.contains($0) }
        case .selectAll: return !objects.isEmpty && selection != 0..<objects.count
        case .undo: return isEditable && history.canUndo
        case .redo: return isEditable && history.canRedo
        default: return false
        }
    }

    /// Performs Cut, Copy, Paste, Delete, Select All, Undo or Redo on whole objects.
    ///
    /// - Throws: ``EditingError`` naming the command and what was missing.
    public mutating func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError) {
        switch command {
        case .copy:
            guard !selection.isEmpty else { throw .nothingSelected(command) }
            pasteboard.write(objects[selection].map(\.pasteboardItem))
        case .cut, .delete:
            guard isEditable else { throw .notEditable(command) }
            guard !selection.isEmpty else { throw .nothingSelected(command) }
            if command == .cut { pasteboard.write(objects[selection].map(\.pasteboardItem)) }
            change(with: [], action: command == .cut ? .cut : .delete)
        case .paste:
            guard isEditable else { throw .notEditable(command) }
            guard pasteboardTypes.contains(where: { pasteboard.contains($0) }) else {
                throw .nothingToPaste(accepted: pasteboardTypes, found: pasteboard.types)
            }
            let pasted = pasteboard.items().compactMap { EditableObject($0, accepting: accepting) }
            guard !pasted.isEmpty else { throw .nothingToPaste(accepted: pasteboardTypes, found: pasteboard.types) }
            change(with: pasted, action: .paste)
        case .selectAll:
            // Everything already selected: nothing happens and nothing is reported (EDIT-MENU.md §3).
            guard selection != 0..<objects.count else { return }
            selection = 0..<objects.count
        case .undo:
            guard let group = history.popUndo() else { throw .nothingToUndo(command) }
            for edit in group.edits.reversed() { apply(edit.inverse) }
            selection = group.selectionBefore
        case .redo:
            guard let group = history.popRedo() else { throw .nothingToUndo(command) }
            for edit in group.edits { apply(edit) }
            selection = group.selectionAfter
        default:
            throw .unsupported(command)
        }
    }

    private var pasteboardTypes: [PasteboardType] {
        var types: [PasteboardType] = []
        if accepting.contains(.image) { types.append(.image) }
        if accepting.contains(.file) { types.append(.file) }
        if accepting.contains(.object) { types.append(.vCard) }
        return types
    }

    private mutating func change(with inserted: [EditableObject], action: UndoAction) {
        let edit = ObjectEdit(index: selection.lowerBound, removed: Array(objects[selection]), inserted: inserted)
        let before = selection
        apply(edit)
        selection = inserted.isEmpty ? edit.index..<edit.index : edit.index..<(edit.index + inserted.count)
        history.record(edit, action: action, before: before, after: selection)
    }

    private mutating func apply(_ edit: ObjectEdit) {
        objects.replaceSubrange(edit.index..<(edit.index + edit.removed.count), with: edit.inserted)
    }
}
