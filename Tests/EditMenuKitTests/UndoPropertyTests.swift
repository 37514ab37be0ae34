import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit

/// Random sequences of edits, undos and redos on a ``TextEditor``, checked step by step against a
/// naive model that keeps whole snapshots.
@Suite("Undo property tests")
struct UndoPropertyTests {
    /// The reference: text snapshots before and after each step, plain arrays.
    struct Model {
        struct Step {
            var before: [UInt8]
            var selectionBefore: Range<Int>
            var after: [UInt8]
            var selectionAfter: Range<Int>
            var action: UndoAction
        }
        var text: [UInt8]
        var selection: Range<Int> = 0..<0
        var undo: [Step] = []
        var redo: [Step] = []
        var clipboard: [UInt8]? = nil
        var limit: Int
        /// Where the caret was after the last typing, while the run of typing continues.
        var typingEnd: Int? = nil

        mutating func change(_ range: Range<Int>, to bytes: [UInt8], action: UndoAction) {
            let before = text, selectionBefore = selection
            text.replaceSubrange(range, with: bytes)
            selection = (range.lowerBound + bytes.count)..<(range.lowerBound + bytes.count)
            redo.removeAll()
            if action == .typing, let end = typingEnd,
                end == range.lowerBound || (bytes.isEmpty && end == range.upperBound),
                let last = undo.last, last.action == .typing
            {
                undo[undo.count - 1].after = text
                undo[undo.count - 1].selectionAfter = selection
            } else {
                undo.append(
                    Step(
                        before: before, selectionBefore: selectionBefore, after: text, selectionAfter: selection,
                        action: action))
                if limit > 0, undo.count > limit { undo.removeFirst() }
            }
            typingEnd = action == .typing ? selection.lowerBound : nil
        }
    }

    static let tokens = ["a", "bc", " ", "é", "e\u{301}", "日本", "😀", "👩‍👩‍👧", "🇯🇵", "\n", "ß", "can't", "Ωμέγα"]

    static func randomText(_ rng: inout SplitMix64, count: Int) -> String {
        (0..<count).map { _ in tokens[Int(rng.next() % UInt64(tokens.count))] }.joined()
    }

    @Test(
        "Random edits, undos and redos match the snapshot model, and undoing everything restores the original bytes",
        arguments: [0, 4])
    func randomSequences(levels: Int) throws {
        var rng = SplitMix64(seed: 2026 + UInt64(levels))
        for _ in 0..<150 {
            let original = Self.randomText(&rng, count: Int(rng.next() % 30))
            var editor = TextEditor(storage: TextStorage(original), undoLevels: levels)
            var model = Model(text: Array(original.utf8), limit: levels)
            let pasteboard = InMemoryPasteboard()
            for step in 0..<60 {
                let choice = rng.next() % 11
                switch choice {
                case 0, 1:
                    let s = Self.randomText(&rng, count: 1)
                    try editor.type(s)
                    model.change(model.selection, to: Array(s.utf8), action: .typing)
                case 2:
                    let before = editor.selection
                    try editor.deleteBackward()
                    if !before.isEmpty || before.lowerBound > 0 {
                        let range = before.isEmpty ? editor.selection.lowerBound..<before.lowerBound : before
                        model.change(range, to: [], action: .typing)
                    }
                case 3:
                    let a = Int(rng.next() % UInt64(model.text.count + 1)),
                        b = Int(rng.next() % UInt64(model.text.count + 1))
                    editor.select(min(a, b)..<max(a, b))
                    model.selection = editor.selection
                    model.typingEnd = nil
                    #expect(
                        editor.storage.isGraphemeBoundary(editor.selection.lowerBound)
                            && editor.storage.isGraphemeBoundary(editor.selection.upperBound))
                case 4:
                    let ok = (try? editor.perform(.cut, pasteboard: pasteboard)) != nil
                    #expect(ok == !model.selection.isEmpty)
                    if ok {
                        model.clipboard = Array(model.text[model.selection])
                        model.change(model.selection, to: [], action: .cut)
                    }
                case 5:
                    let ok = (try? editor.perform(.copy, pasteboard: pasteboard)) != nil
                    #expect(ok == !model.selection.isEmpty)
                    if ok { model.clipboard = Array(model.text[model.selection]) }
                case 6:
                    let ok = (try? editor.perform(.paste, pasteboard: pasteboard)) != nil
                    #expect(ok == (model.clipboard != nil))
                    if let clip = model.clipboard { model.change(model.selection, to: clip, action: .paste) }
                case 7:
                    let ok = (try? editor.perform(.delete, pasteboard: pasteboard)) != nil
                    #expect(ok == !model.selection.isEmpty)
                    if ok { model.change(model.selection, to: [], action: .delete) }
                case 8 where !model.selection.isEmpty:
                    let s = Self.randomText(&rng, count: 2)
                    try editor.replace(with: s)
                    model.change(model.selection, to: Array(s.utf8), action: .replace)
                case 8, 9:
                    let ok = (try? editor.perform(.undo, pasteboard: pasteboard)) != nil
                    #expect(ok == !model.undo.isEmpty)
                    if let last = model.undo.popLast() {
                        model.text = last.before
                        model.selection = last.selectionBefore
                        model.redo.append(last)
                    }
                    model.typingEnd = nil
                default:
                    let ok = (try? editor.perform(.redo, pasteboard: pasteboard)) != nil
                    #expect(ok == !model.redo.isEmpty)
                    if let next = model.redo.popLast() {
                        model.text = next.after
                        model.selection = next.selectionAfter
                        model.undo.append(next)
                    }
                    model.typingEnd = nil
                }
                #expect(editor.storage.bytes(in: 0..<editor.storage.byteCount) == model.text, "step \(step)")
                #expect(editor.selection == model.selection, "step \(step)")
                #expect(editor.history.undoAction == model.undo.last?.action, "step \(step)")
                #expect(editor.history.canRedo == !model.redo.isEmpty, "step \(step)")
                if let clip = model.clipboard {
                    #expect(pasteboard.items().first?.data(for: .plainText) == Data(clip))
                }
            }
            while editor.history.canUndo { try editor.undo() }
            while let last = model.undo.popLast() { model.text = last.before }
            #expect(editor.storage.bytes(in: 0..<editor.storage.byteCount) == model.text)
            if levels == 0 {
                #expect(editor.storage.bytes(in: 0..<editor.storage.byteCount) == Array(original.utf8))
            }
        }
    }

    @Test("Undo history holds edits, not snapshots: 1000 cuts of a large text keep the added buffer empty")
    func boundedMemory() throws {
        var editor = TextEditor(storage: TextStorage(String(repeating: "0123456789", count: 100_000)), undoLevels: 0)
        let pasteboard = InMemoryPasteboard()
        for i in 0..<1000 {
            editor.select((i * 100)..<(i * 100 + 50))
            try editor.perform(.cut, pasteboard: pasteboard)
        }
        #expect(editor.storage.addedByteCount == 0)
        #expect(editor.history.undoStack.count == 1000)
        while editor.history.canUndo { try editor.undo() }
        #expect(editor.storage.string == String(repeating: "0123456789", count: 100_000))
    }
}
