@_spi(Testing) import EditMenuKit
import FuzzSupport

/// Random edit, selection, clipboard, undo and redo sequences on ``TextEditor`` (and its
/// ``TextStorage``), checked after every step against a reference model: an array of UTF-8 bytes with
/// a snapshot stack per undo group. Undo must restore the exact bytes; Redo must redo them; storage
/// and model must agree at every step; selections stay on Character boundaries.
func fuzzEditing(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(data, count)
    let pasteboard = InMemoryPasteboard()
    var editor = TextEditor(text: input.string(maxBytes: 48))
    editor.setUndoLevels(0) // unlimited: every step can be undone back to the start
    var model = Array(editor.text.utf8)
    let initial = model
    var undoModel: [[UInt8]] = [] // text before each undoable step
    var redoModel: [[UInt8]] = []
    var steps = 0
    while !input.isAtEnd, steps < 200 {
        steps += 1
        let before = Array(editor.storage.bytes(in: 0..<editor.storage.byteCount))
        let undoTitleBefore = editor.undoStepCount
        switch input.byte() % 9 {
        case 0:
            let a = input.int(below: editor.storage.byteCount + 1), b = input.int(below: editor.storage.byteCount + 1)
            editor.select(min(a, b)..<max(a, b))
        case 1:
            do { try editor.type(input.string(maxBytes: 12)) } catch { fatalError("typing failed: \(error)") }
        case 2:
            try? editor.deleteBackward()
        case 3:
            try? editor.perform(.cut, pasteboard: pasteboard)
        case 4:
            try? editor.perform(.copy, pasteboard: pasteboard)
        case 5:
            try? editor.perform(.paste, pasteboard: pasteboard)
        case 6:
            if let restored = undoModel.popLast() {
                do { try editor.perform(.undo, pasteboard: pasteboard) } catch { fatalError("undo failed: \(error)") }
                redoModel.append(before)
                fuzzCheck(
                    editor.storage.bytes(in: 0..<editor.storage.byteCount) == restored, "undo did not restore the bytes"
                )
                model = restored
                continue
            }
            fuzzCheck(!editor.canPerform(.undo, pasteboard: pasteboard), "history can undo what the model cannot")
        case 7:
            if let restored = redoModel.popLast() {
                do { try editor.perform(.redo, pasteboard: pasteboard) } catch { fatalError("redo failed: \(error)") }
                undoModel.append(before)
                fuzzCheck(
                    editor.storage.bytes(in: 0..<editor.storage.byteCount) == restored, "redo did not redo the bytes")
                model = restored
                continue
            }
        default:
            try? editor.replace(with: input.string(maxBytes: 8))
        }
        let after = Array(editor.storage.bytes(in: 0..<editor.storage.byteCount))
        if editor.undoStepCount > undoTitleBefore {
            undoModel.append(before) // a new step
            redoModel.removeAll()
        } else if after != before {
            // Typing coalesced into the step before: that step's snapshot stays; redo is gone.
            fuzzCheck(!undoModel.isEmpty, "a change of the text that cannot be undone")
            redoModel.removeAll()
        }
        fuzzCheck(
            editor.undoStepCount == undoModel.count && editor.redoStepCount == redoModel.count,
            "history has \(editor.undoStepCount)/\(editor.redoStepCount) steps, model \(undoModel.count)/\(redoModel.count)"
        )
        model = after
        fuzzCheck(String(validating: model, as: UTF8.self) != nil, "storage holds invalid UTF-8")
        let s = editor.selection
        fuzzCheck(s.lowerBound >= 0 && s.upperBound <= model.count, "selection \(s) outside \(model.count) bytes")
        fuzzCheck(editor.storage.graphemeAligned(s) == s, "selection \(s) splits a Character")
    }
    fuzzCheck(editor.storage.bytes(in: 0..<editor.storage.byteCount) == model, "storage and model disagree")
    // Undo everything: the text it started with; redo as many steps: the text it ended with.
    let end = model
    let undone = undoModel.count
    while let restored = undoModel.popLast() {
        do { try editor.perform(.undo, pasteboard: pasteboard) } catch { fatalError("undo failed: \(error)") }
        fuzzCheck(editor.storage.bytes(in: 0..<editor.storage.byteCount) == restored, "undo all: wrong bytes")
    }
    fuzzCheck(editor.storage.bytes(in: 0..<editor.storage.byteCount) == initial, "undo all did not reach the start")
    for _ in 0..<undone {
        do { try editor.perform(.redo, pasteboard: pasteboard) } catch { fatalError("redo failed: \(error)") }
    }
    fuzzCheck(
        editor.storage.bytes(in: 0..<editor.storage.byteCount) == end, "redoing what was undone did not reach the end")
    return 0
}

/// libFuzzer's entry point (its own `main` calls it when SwiftPM's `main` is not the one linked).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { fuzzEditing(data, count) }

runFuzzer { data, count in fuzzEditing(data, count) }
