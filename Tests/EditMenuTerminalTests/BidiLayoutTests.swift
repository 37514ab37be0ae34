import EditMenuKit
import Foundation
import Testing
@testable import EditMenuTerminal

/// Bidirectional text in the terminal: rows in visual order (ICU's bidi algorithm), right-to-left
/// paragraphs aligned right, and selection, hit-testing and caret movement that follow what is shown.
@Suite("Terminal: bidirectional text")
struct BidiLayoutTests {
    /// The row as shown: its glyphs' display left to right, with spaces where nothing is drawn.
    func shown(_ row: VisualRow) -> String {
        var cells: [String] = []
        for g in row.glyphs.sorted(by: { $0.column < $1.column }) {
            while cells.count < g.column { cells.append(" ") }
            cells.append(g.display)
        }
        return cells.joined()
    }

    func rows(_ text: String, width: Int = 30) -> [VisualRow] {
        TextViewport(width: width, height: 10).rows(in: TextStorage(text))
    }

    @Test("A right-to-left run in a left-to-right paragraph is shown right to left, brackets mirrored")
    func runInLeftToRight() throws {
        let row = try #require(rows("abc שלום def").first)
        #expect(shown(row) == "abc םולש def")
        #expect(row.isBidirectional && !row.isRightToLeft)
        let numbered = try #require(rows("Hello שלום עולם (1) end").first)
        #expect(shown(numbered) == "Hello (1) םלוע םולש end")
        let bracketed = try #require(rows("x אב (גד) y").first)
        #expect(shown(bracketed) == "x (דג) בא y", "( and ) mirrored in the run")
        let latin = try #require(rows("plain (text) 123").first)
        #expect(!latin.isBidirectional, "text without right-to-left letters never asks ICU")
    }

    @Test("A right-to-left paragraph is aligned right; its Latin runs keep their order")
    func rightToLeftParagraph() throws {
        let all = rows("שלום עולם, abc 123!\nnext", width: 30)
        let row = all[0]
        #expect(row.isRightToLeft)
        #expect(shown(row) == String(repeating: " ", count: 11) + "!abc 123 ,םלוע םולש")
        #expect(row.glyphs.map { $0.column + $0.width }.max() == 30)
        #expect(!all[1].isBidirectional, "the next paragraph has its own direction")
    }

    @Test("A leading direction mark sets the paragraph's direction and is not drawn")
    func leadingMark() throws {
        let all = rows("\u{200F}abc def\n\u{200E}שלום", width: 20)
        #expect(shown(all[0]) == String(repeating: " ", count: 13) + "abc def")
        #expect(all[0].isRightToLeft)
        #expect(shown(all[1]) == "םולש")
        #expect(!all[1].isRightToLeft)
        let marked = try #require(rows("ab\u{200F}c").first)
        #expect(shown(marked).contains("⟨RLM⟩"), "a mark inside a paragraph stays visible")
    }

    @Test("Carets, clicks and caret movement follow the visual order")
    func caretsAndClicks() throws {
        // "abc " 0–3, "שלום" bytes 4..<12 shown at columns 4–7 as ם ו ל ש, " def" from byte 12.
        let row = try #require(rows("abc שלום def").first)
        #expect(row.column(ofCaret: 4) == 8, "before ש: at its right edge")
        #expect(row.column(ofCaret: 10) == 5, "before ם (bytes 10..<12): right of column 4")
        #expect(row.column(ofCaret: 12) == 8, "after the run, before the space")
        #expect(row.offset(atColumn: 7) == 6, "a click on ש (column 7) puts the caret at its left edge: after it")
        #expect(row.offset(atColumn: 4) == 12, "the left half of ם is after it")
        #expect(row.offset(atColumn: 0) == 0)
        #expect(row.offset(atColumn: 29) == row.end)
        #expect(row.caretOffset(movingFrom: 4, toTheRight: true) == 13, "right across the space")
        #expect(row.caretOffset(movingFrom: 12, toTheRight: false) == 6, "left into the run: after ש")
        #expect(row.caretOffset(movingFrom: 6, toTheRight: false) == 8)
        #expect(row.caretOffset(movingFrom: 0, toTheRight: false) == nil, "the row's left end")

        let view = TerminalTextView(
            editor: TextEditor(text: "abc שלום def", selection: 4..<4),
            frame: CellRect(column: 2, row: 1, width: 30, height: 5))
        view.moveCaret(.left, extend: false, byDocument: false)
        #expect(view.editor.selection == 6..<6, "Left moves leftward on screen: into the run")
        view.moveCaret(.left, extend: true, byDocument: false)
        #expect(view.editor.selection == 6..<8, "Shift-Left extends leftward")
        let rects = view.selectionRects()
        #expect(rects == [CGRect(x: 2 + 6, y: 1, width: 1, height: 1)], "the highlight is where ל is shown")
        view.moveCaret(.right, extend: false, byDocument: false)
        #expect(view.editor.selection.isEmpty)
        #expect(
            view.selectionRects().first?.minX
                == CGFloat(
                    2 + view.viewport.rows(in: view.editor.storage)[0].column(ofCaret: view.editor.selection.lowerBound)
                ))
        // A click on ש's cell selects by its visual halves; a double click selects the word shown there.
        let offset = try #require(view.byteOffset(at: CGPoint(x: 2 + 7, y: 1)))
        #expect(offset == 6)
        #expect(
            view.select(for: .doubleTap, at: CGPoint(x: 2 + 6, y: 1), input: .touch, gestures: SelectionGestures()))
        #expect(view.editor.selectedText == "שלום")
        #expect(view.selectionRects() == [CGRect(x: 2 + 4, y: 1, width: 4, height: 1)])
    }

    @Test("Wrapped right-to-left text: each row ordered on its own, trailing spaces at the paragraph's end")
    func wrapped() throws {
        let all = rows("אבג דהו זחט יכל", width: 8)
        #expect(all.count == 2)
        #expect(all.allSatisfy { $0.isRightToLeft })
        #expect(shown(all[0]).hasSuffix("והד גבא"), "\(shown(all[0]))")
        #expect(shown(all[1]).hasSuffix("לכי טחז"), "\(shown(all[1]))")
    }
}

/// The viewport's by-value Unicode checks agree with the standard library's properties.
@Suite("Terminal: by-value Unicode checks")
struct ViewportUnicodeChecksTests {
    @Test("White space and line breaks by value, for every scalar")
    func whitespaceAndLineBreaks() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if TextViewport.isWhitespace(value) != character.isWhitespace
                || TextViewport.isLineBreak(value) != character.isNewline
            {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }
}
