import EditMenuKit
import Foundation
import Synchronization
import Testing

@testable import EditMenuTerminal

/// The terminal's service panel and its misspelling marks, without a terminal.
@Suite("Terminal: service panels and misspelling marks")
struct TerminalPanelTests {
    func panel(_ text: String, detail: String = "", actions: [EditMenuPanel.Action] = []) -> EditMenuPanel {
        EditMenuPanel(kind: .definition, title: "running", text: text, detail: detail, actions: actions)
    }

    @Test("Text wraps at spaces within the width, continuation lines keep the paragraph's indent")
    func wrapping() {
        let lines = TerminalPanel.wrap(" 1. move fast by using one's feet, with one foot off the ground", width: 20)
        #expect(lines == [" 1. move fast by", " using one's feet,", " with one foot off", " the ground"])
        #expect(lines.allSatisfy { MonospaceCellMeasurer.cells(in: $0) <= 20 })
        #expect(TerminalPanel.wrap("abcdefghijklmnopqrstuvwxyz", width: 10) == ["abcdefghij", "klmnopqrst", "uvwxyz"])
        #expect(TerminalPanel.wrap("東京都に住んでいます", width: 8).allSatisfy { MonospaceCellMeasurer.cells(in: $0) <= 8 })
    }

    @Test("A tool's escape sequences and control characters never reach the terminal")
    func untrustedText() {
        var screen = Screen(columns: 60, rows: 20)
        let view = TerminalPanel(
            panel("evil \u{1B}]52;c;aGk=\u{07} text\u{9B}31m"), beside: [CGRect(x: 2, y: 2, width: 5, height: 1)],
            columns: 60, rows: 20, safeArea: .zero)
        view.draw(into: &screen, style: TerminalMenuStyle())
        let shown = screen.plainText
        #expect(!shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" })
        #expect(shown.contains("evil ␛]52;c;aGk=␇ text"))
    }

    @Test("The panel goes below the selection when it fits, above otherwise, inside the screen")
    func placement() {
        let below = TerminalPanel(
            panel("a definition"), beside: [CGRect(x: 70, y: 3, width: 7, height: 1)], columns: 80, rows: 24,
            safeArea: MenuEdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
        #expect(below.box.row == 4)
        #expect(below.box.column + below.box.width <= 80)
        let above = TerminalPanel(
            panel("a definition"), beside: [CGRect(x: 10, y: 21, width: 7, height: 1)], columns: 80, rows: 24,
            safeArea: MenuEdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
        #expect(above.box.row + above.box.height <= 21)
    }

    @Test("Long text scrolls with the arrows and pages; Tab moves between buttons, Return presses, Escape closes")
    func keys() {
        let long = (1...40).map { "line \($0)" }.joined(separator: "\n")
        var view = TerminalPanel(
            panel(long, actions: [.init(.copy, title: "Copy"), .init(.replace, title: "Replace")]),
            beside: [CGRect(x: 0, y: 2, width: 4, height: 1)], columns: 80, rows: 20, safeArea: .zero)
        #expect(view.isScrollable)
        #expect(view.handleKey(.down, []) == .handled)
        #expect(view.scroll == 1)
        _ = view.handleKey(.end, [])
        #expect(view.scroll == 40 - view.visibleLines)
        _ = view.handleKey(.pageUp, [])
        #expect(view.scroll < 40 - view.visibleLines)
        #expect(view.focusedButton == 0)
        #expect(view.handleKey(.tab, []) == .handled)
        #expect(view.handleKey(.enter, []) == .press(1))
        #expect(view.handleKey(.escape, []) == .close)
        #expect(view.handleKey(.character("x"), []) == .ignored, "typing is not the panel's")
        var screen = Screen(columns: 80, rows: 20)
        view.draw(into: &screen, style: TerminalMenuStyle())
        #expect(screen.plainText.contains("[ Copy ] [ Replace ]"))
        #expect(screen.plainText.contains("▲"), "scrolled down: there is more above")
    }

    @Test("A click on a button presses it; a click outside is not the panel's")
    func mouse() {
        var view = TerminalPanel(
            panel("text", actions: [.init(.copy, title: "Copy")]), beside: [CGRect(x: 0, y: 2, width: 4, height: 1)],
            columns: 80, rows: 20, safeArea: .zero)
        let button = view.buttons[0]
        let click = MouseEvent(button: .left, action: .press, column: button.column + 1, row: button.row, modifiers: [])
        #expect(view.handle(click) == .press(0))
        let outside = MouseEvent(button: .left, action: .press, column: 79, row: 19, modifiers: [])
        #expect(view.handle(outside) == .ignored)
    }

    /// Marks every word of three or more letters starting with "x".
    final class XChecker: SpellChecker {
        let calls = Mutex(0)
        var languages: [String] { ["en"] }
        var generation: Int { 0 }
        func isMisspelled(_ word: String, language: String) -> Bool {
            calls.withLock { $0 += 1 }
            return word.hasPrefix("x") && word.count >= 3
        }
        func suggestions(for word: String, language: String) -> [String] { [] }
        func ignore(_ word: String) {}
        func learn(_ word: String, language: String) throws(ServiceError) {}
    }

    @Test("Marks come from a check off the caller's thread; an edit keeps the marks whose words did not move")
    func marks() throws {
        let checker = XChecker()
        let marks = SpellingMarks(checker: checker, locale: .english)
        var storage = TextStorage("one xyz two xqq three")
        let version = SpellingMarks.Version(storage: storage.identity, changes: 0, checker: 0)
        #expect(marks.marks(in: 0..<storage.byteCount, of: storage, version: version).isEmpty, "not checked yet")
        let deadline = Date().addingTimeInterval(5)
        while marks.isChecking, Date() < deadline { usleep(2_000) }
        #expect(marks.marks(in: 0..<storage.byteCount, of: storage, version: version) == [4..<7, 12..<15])
        // Typing at the end: both words are where they were and still show while the text is re-checked.
        _ = try storage.replace(21..<21, with: " xaa")
        let edited = SpellingMarks.Version(storage: storage.identity, changes: 1, checker: 0)
        #expect(marks.marks(in: 0..<storage.byteCount, of: storage, version: edited) == [4..<7, 12..<15])
        // Typing at the start moves the words: the old marks no longer match and are not drawn; the
        // next check (at most 20 a second) finds them where they are now.
        _ = try storage.replace(0..<0, with: "ab ")
        let moved = SpellingMarks.Version(storage: storage.identity, changes: 2, checker: 0)
        #expect(marks.marks(in: 0..<storage.byteCount, of: storage, version: moved).isEmpty)
        var final: [Range<Int>] = []
        while Date() < deadline {
            final = marks.marks(in: 0..<storage.byteCount, of: storage, version: moved)
            if final.count == 3 { break }
            usleep(5_000)
        }
        #expect(final == [7..<10, 15..<18, 25..<28])
    }
}
