import Testing
@testable import EditMenuKit

/// A tiny edit for testing the history on its own: adds `amount` to a counter.
struct Add: UndoableEdit, Hashable {
    var amount: Int
    var inverse: Add { Add(amount: -amount) }
    func coalescing(_ next: Add) -> Add? { Add(amount: amount + next.amount) }
}

@Suite("Undo history")
struct UndoHistoryTests {
    typealias History = UndoHistory<Add, Int>

    @Test("A recorded edit can be undone, then redone, with its name")
    func undoRedo() {
        var history = History()
        #expect(!history.canUndo && !history.canRedo)
        history.record(Add(amount: 3), action: .cut, before: 0, after: 3)
        #expect(history.undoAction == .cut)
        let group = history.popUndo()
        #expect(group?.edits == [Add(amount: 3)] && group?.selectionBefore == 0)
        #expect(history.redoAction == .cut && !history.canUndo)
        #expect(history.popRedo()?.selectionAfter == 3)
        #expect(history.undoAction == .cut && !history.canRedo)
    }

    @Test("Undo and Redo titles are localized: Undo Cut, Redo Paste, Rückgängig: Ausschneiden")
    func titles() {
        var history = History()
        let english = MenuStrings(locale: .english)
        #expect(history.undoTitle(strings: english, idiom: .mac) == "Undo")
        history.record(Add(amount: 1), action: .paste, before: 0, after: 0)
        history.record(Add(amount: 1), action: .cut, before: 0, after: 0)
        #expect(history.undoTitle(strings: english, idiom: .mac) == "Undo Cut")
        _ = history.popUndo()
        #expect(history.redoTitle(strings: english, idiom: .mac) == "Redo Cut")
        #expect(history.undoTitle(strings: english, idiom: .mac) == "Undo Paste")
        let german = MenuStrings(locale: MenuLocale("de"))
        #expect(history.undoTitle(strings: german, idiom: .mac).contains(german.title("actionPaste", idiom: .mac)))
        #expect(UndoAction.pasteAndMatchStyle.title(strings: english, idiom: .mac) == "Paste and Match Style")
        #expect(UndoAction("Sort Rows").title(strings: english, idiom: .mac) == "Sort Rows")
    }

    @Test("A new edit clears redo")
    func newEditClearsRedo() {
        var history = History()
        history.record(Add(amount: 1), action: .paste, before: 0, after: 0)
        _ = history.popUndo()
        #expect(history.canRedo)
        history.record(Add(amount: 2), action: .delete, before: 0, after: 0)
        #expect(!history.canRedo)
    }

    @Test("A group undoes as one step, nested groups join the outer one, empty groups vanish")
    func grouping() {
        var history = History()
        history.beginGroup(.replace, selection: 1)
        history.record(Add(amount: 1), action: nil, before: 1, after: 2)
        history.beginGroup(.cut, selection: 2)
        history.record(Add(amount: 2), action: nil, before: 2, after: 3)
        history.endGroup(selection: 3)
        #expect(history.undoStack.isEmpty)
        history.endGroup(selection: 4)
        #expect(history.undoStack.count == 1)
        let group = history.popUndo()
        #expect(group?.action == .replace && group?.edits == [Add(amount: 1), Add(amount: 2)])
        #expect(group?.selectionBefore == 1 && group?.selectionAfter == 4)
        history.beginGroup(.cut, selection: 0)
        history.endGroup(selection: 0)
        #expect(!history.canUndo)
    }

    @Test("Typing coalesces into one step until the run is broken")
    func typingCoalesces() {
        var history = History()
        for _ in 0..<5 { history.record(Add(amount: 1), action: .typing, before: 0, after: 0) }
        #expect(history.undoStack.count == 1 && history.undoStack[0].edits == [Add(amount: 5)])
        history.breakCoalescing()
        history.record(Add(amount: 1), action: .typing, before: 0, after: 0)
        #expect(history.undoStack.count == 2)
        history.record(Add(amount: 1), action: .paste, before: 0, after: 0)
        history.record(Add(amount: 1), action: .typing, before: 0, after: 0)
        #expect(history.undoStack.count == 4)
    }

    @Test("The levels limit drops the oldest steps; 0 means unlimited")
    func levelsLimit() {
        var history = History(levelsLimit: 3)
        for i in 1...5 { history.record(Add(amount: i), action: .paste, before: 0, after: 0) }
        #expect(history.undoStack.map { $0.edits[0].amount } == [3, 4, 5])
        history.levelsLimit = 2
        #expect(history.undoStack.map { $0.edits[0].amount } == [4, 5])
        var unlimited = History(levelsLimit: 0)
        for i in 1...500 { unlimited.record(Add(amount: i), action: .paste, before: 0, after: 0) }
        #expect(unlimited.undoStack.count == 500)
    }

    @Test("Undo while a group is open closes the group first")
    func undoClosesGroup() {
        var history = History()
        history.beginGroup(.cut, selection: 0)
        history.record(Add(amount: 1), action: nil, before: 0, after: 1)
        #expect(history.popUndo()?.edits == [Add(amount: 1)])
        history.endGroup(selection: 0) // unmatched now: ignored
        #expect(!history.canUndo)
    }
}
