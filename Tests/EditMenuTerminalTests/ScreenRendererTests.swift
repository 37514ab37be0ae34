import Testing
import EditMenuKit
import EditMenuTestSupport
@_spi(Testing) @testable import EditMenuTerminal

/// A width function good enough for tests: CJK ideographs and kana are wide.
func testWidth(_ c: Character) -> Int {
    guard let s = c.unicodeScalars.first else { return 1 }
    if (0x3040...0x30FF).contains(s.value) || (0x4E00...0x9FFF).contains(s.value)
        || (0x1F300...0x1FAFF).contains(s.value)
    {
        return 2
    }
    if s.properties.generalCategory == .nonspacingMark { return 0 }
    return 1
}

/// A minimal terminal that understands what ScreenRenderer writes (CUP, SGR, ED 2, cursor visibility),
/// to check that frames drawn by diffs look exactly like the frames asked for.
struct VirtualTerminal {
    var screen: Screen
    var column = 0, row = 0
    var style = CellStyle.plain
    var bytesWritten = 0

    init(columns: Int, rows: Int) { screen = Screen(columns: columns, rows: rows) }

    mutating func apply(_ output: String) {
        bytesWritten += output.utf8.count
        var chars = Array(output)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "\u{1B}" {
                guard chars.first == "[" else { continue }
                chars = chars.dropFirst()
                var params = ""
                while let p = chars.first, !(p.isLetter) {
                    params.append(p)
                    chars = chars.dropFirst()
                }
                let final = chars.first!
                chars = chars.dropFirst()
                switch final {
                case "H":
                    let n = params.split(separator: ";").map { Int($0)! }
                    row = n[0] - 1
                    column = n[1] - 1
                case "J": screen = Screen(columns: screen.columns, rows: screen.rows)
                case "m": style = sgrStyle(params)
                default: break // cursor visibility
                }
            } else {
                column = screen.put(String(c), column: column, row: row, style: style, width: testWidth)
            }
        }
    }

    func sgrStyle(_ params: String) -> CellStyle {
        var s = CellStyle.plain
        var codes = params.split(separator: ";").map { Int($0)! }[...]
        while let code = codes.popFirst() {
            switch code {
            case 1: s.bold = true
            case 2: s.dim = true
            case 3: s.italic = true
            case 4: s.underline = true
            case 7: s.reverse = true
            case 38:
                _ = codes.popFirst()
                s.foreground = .indexed(UInt8(codes.popFirst()!))
            case 48:
                _ = codes.popFirst()
                s.background = .indexed(UInt8(codes.popFirst()!))
            default: break
            }
        }
        return s
    }
}

@Suite("Screen and diffing renderer")
struct ScreenRendererTests {
    @Test("Text is laid out one grapheme per cell, wide characters in two")
    func put() {
        var s = Screen(columns: 8, rows: 1)
        let end = s.put("a東é", column: 0, row: 0, width: testWidth)
        #expect(end == 4)
        #expect(
            s[0, 0].text == "a" && s[1, 0].text == "東" && s[1, 0].width == 2 && s[2, 0].width == 0
                && s[3, 0].text == "é")
    }

    @Test("A wide character that does not fit at the edge becomes a space")
    func wideAtEdge() {
        var s = Screen(columns: 3, rows: 1)
        s.put("ab東", column: 0, row: 0, width: testWidth)
        #expect(s.plainText == "ab ")
    }

    @Test("Overwriting half of a wide character blanks the other half")
    func halfOverwrite() {
        var s = Screen(columns: 4, rows: 1)
        s.put("東", column: 1, row: 0, width: testWidth)
        s.put("x", column: 2, row: 0, width: testWidth)
        #expect(s[1, 0].text == " " && s[2, 0].text == "x")
    }

    @Test("Control characters never reach the grid")
    func controlsNeverWritten() {
        var s = Screen(columns: 6, rows: 1)
        s.put("a\u{1B}[2Jb", column: 0, row: 0, width: testWidth)
        #expect(!s.plainText.contains("\u{1B}"))
    }

    @Test("A second identical frame writes no cells")
    func noChangeNoOutput() {
        var r = ScreenRenderer()
        var s = Screen(columns: 10, rows: 3)
        s.put("hello", column: 0, row: 1, width: testWidth)
        _ = r.render(s)
        let second = r.render(s)
        #expect(second == "\u{1B}[?25l\u{1B}[0m")
    }

    @Test("Only changed cells are written")
    func onlyChanges() {
        var r = ScreenRenderer()
        var s = Screen(columns: 20, rows: 5)
        s.put("hello world", column: 0, row: 2, width: testWidth)
        _ = r.render(s)
        s.put("W", column: 6, row: 2, width: testWidth)
        let out = r.render(s)
        #expect(out == "\u{1B}[?25l\u{1B}[3;7H\u{1B}[0mW\u{1B}[0m")
    }

    @Test("Frames drawn by diffs equal the frames asked for", arguments: 0..<25)
    func diffsReproduceFrames(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let words = ["hello", "東京", "é", "x", "     ", "ab", "日本語", "z"]
        var renderer = ScreenRenderer()
        var terminal = VirtualTerminal(columns: 24, rows: 6)
        var screen = Screen(columns: 24, rows: 6)
        for _ in 0..<15 {
            for _ in 0..<Int(rng.next() % 6) {
                let style = CellStyle(
                    foreground: .indexed(UInt8(rng.next() % 8)), bold: rng.next() % 2 == 0, reverse: rng.next() % 5 == 0
                )
                screen.put(
                    words[Int(rng.next() % UInt64(words.count))], column: Int(rng.next() % 26) - 1,
                    row: Int(rng.next() % 6), style: style, width: testWidth)
            }
            terminal.apply(renderer.render(screen))
            #expect(terminal.screen.plainText == screen.plainText)
            for r in 0..<6 {
                for c in 0..<24 where screen[c, r].width != 0 {
                    #expect(terminal.screen[c, r].style == screen[c, r].style, "style at \(c),\(r)")
                }
            }
        }
    }

    @Test("Printable ASCII written in one pass equals it written grapheme by grapheme", arguments: 0..<20)
    func asciiFastPath(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let ascii = ["hello", "x", " ", "ab cd", "~!@#", "0123456789abcdefghij"]
        for _ in 0..<30 {
            // Both screens hold the same wide characters; ASCII then goes over them anywhere, clipped.
            var fast = Screen(columns: 12, rows: 2)
            for _ in 0..<4 {
                let column = Int(rng.next() % 12)
                fast.put("東", column: column, row: Int(rng.next() % 2), width: testWidth)
            }
            var general = fast
            let text = ascii[Int(rng.next() % UInt64(ascii.count))]
            let column = Int(rng.next() % 18) - 4
            let row = Int(rng.next() % 3)
            let style = CellStyle(foreground: .indexed(UInt8(rng.next() % 8)))
            let a = fast.put(text, column: column, row: row, style: style)
            let b = general.put(text, column: column, row: row, style: style, width: testWidth)
            #expect(a == b, "\(text) at \(column)")
            #expect(fast == general, "\(text) at \(column), \(row)")
        }
    }

    @Test("A laid-out glyph written from its cell equals its string written", arguments: 0..<10)
    func glyphCellsEqualTheirStrings(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        // Narrow and wide, precomposed and combining, emoji sequences, a lone mark, a control: the
        // last two have no cell (cellWidth 0) and are drawn from their string.
        let displays = ["é", "東", "한", "e\u{301}", "👩‍👩‍👧", "🇩🇪", "ß", "\u{301}", "\u{7}", "•", "(", "😀"]
        for _ in 0..<40 {
            var fast = Screen(columns: 10, rows: 2)
            for _ in 0..<3 { fast.put("東", column: Int(rng.next() % 10), row: Int(rng.next() % 2)) }
            var general = fast
            let display = displays[Int(rng.next() % UInt64(displays.count))]
            let glyph = VisualRow.Glyph(offset: 0, length: display.utf8.count, column: 0, width: 1, display: display)
            let column = Int(rng.next() % 12) - 1
            let row = Int(rng.next() % 3)
            let style = CellStyle(foreground: .indexed(UInt8(rng.next() % 8)))
            if glyph.cellWidth != 0 {
                fast.put(glyph.cell, width: glyph.cellWidth, column: column, row: row, style: style)
            } else {
                fast.put(display, column: column, row: row, style: style)
            }
            general.put(display, column: column, row: row, style: style)
            #expect(fast == general, "\(display.unicodeScalars.map(\.value)) at \(column), \(row)")
        }
        #expect(VisualRow.Glyph(offset: 0, length: 3, column: 0, width: 2, display: "東").cellWidth == 2)
        #expect(VisualRow.Glyph(offset: 0, length: 1, column: 0, width: 1, display: "\u{7}").cellWidth == 0)
    }

    @Test("A text view lays out again when its text changes, even to a copy of its storage edited another way")
    func viewFollowsDivergedCopies() throws {
        var editor = TextEditor(text: "alpha beta")
        let view = TerminalTextView(editor: editor, frame: CellRect(column: 0, row: 0, width: 20, height: 2))
        func drawn() -> String {
            var screen = Screen(columns: 20, rows: 2)
            view.draw(into: &screen, focused: false)
            return screen.plainText
        }
        #expect(drawn().hasPrefix("alpha beta"))
        // Two copies of the same storage (the same identity), each edited once, another way.
        editor.select(0..<5)
        try editor.type("gamma")
        view.editor.select(0..<5)
        try view.editor.type("delta")
        #expect(drawn().hasPrefix("delta beta"))
        view.select(6..<10)
        #expect(drawn().hasPrefix("delta beta"), "a selection lays nothing out again")
        view.editor = editor
        #expect(drawn().hasPrefix("gamma beta"))
        #expect(view.visibleRows.first?.glyphs.first?.display == "g")
    }

    @Test("Rows equal to the previous frame's are skipped, changed ones drawn, however their cells were made")
    func unchangedRowsSkipped() {
        var r = ScreenRenderer()
        var s = Screen(columns: 12, rows: 4)
        s.put("first", column: 0, row: 0, style: CellStyle(foreground: .indexed(3)))
        s.put("東京", column: 0, row: 1)
        _ = r.render(s)
        // The same picture drawn again from scratch (new cells, new strings): nothing to write.
        var t = Screen(columns: 12, rows: 4)
        t.put("first", column: 0, row: 0, style: CellStyle(foreground: .indexed(3)))
        t.put("東京", column: 0, row: 1)
        #expect(r.render(t) == "\u{1B}[?25l\u{1B}[0m")
        t.put("!", column: 11, row: 3)
        #expect(r.render(t) == "\u{1B}[?25l\u{1B}[4;12H\u{1B}[0m!\u{1B}[0m")
    }

    @Test("A cell keeps its text without a reference, long emoji sequences included")
    func cellText() {
        #expect(_isPOD(Cell.self), "a screen of cells is plain memory")
        let texts = [
            "", " ", "a", "~", "é", "e\u{301}", "日", "👍🏽", "🇯🇵", "123456789012345", "👩‍👩‍👧", "👨‍👩‍👧‍👦",
            "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}",
        ]
        for text in texts {
            let cell = Cell(text: text, width: 1)
            #expect(cell.text == text)
            #expect(Array(cell.text.utf8) == Array(text.utf8), "the same bytes, not only an equal string")
            var bytes: [UInt8] = []
            cell.glyph.appendUTF8(to: &bytes)
            #expect(bytes == Array(text.utf8))
            #expect(cell == Cell(text: text, width: 1))
            #expect(cell.hashValue == Cell(text: text, width: 1).hashValue)
        }
        #expect(Cell(text: "a") != Cell(text: "b"))
        #expect(Cell(text: "👩‍👩‍👧") != Cell(text: "👨‍👩‍👧‍👦"))
        #expect(Cell(text: "é") != Cell(text: "e\u{301}"), "different bytes are redrawn")
        var cell = Cell(text: "x")
        cell.text = "👩‍👩‍👧"
        #expect(cell.text == "👩‍👩‍👧")
        #expect(Cell(glyph: CellGlyph(ascii: 0x41), width: 1, style: .plain) == Cell(text: "A"))
    }

    @Test("A resize redraws the whole frame")
    func resize() {
        var r = ScreenRenderer()
        _ = r.render(Screen(columns: 5, rows: 2))
        let out = r.render(Screen(columns: 6, rows: 2))
        #expect(out.contains("\u{1B}[2J"))
    }
}

@Suite("Terminal text safety")
struct TerminalTextTests {
    @Test("Escape sequences, C0/C1 controls, bidi overrides and zero-width characters are shown, inert")
    func displayable() {
        #expect(TerminalText.displayable("a\u{1B}[31mb") == "a␛[31mb")
        #expect(TerminalText.displayable("x\u{7F}\u{85}") == "x␡⍰")
        #expect(TerminalText.displayable("access\u{202E}level") == "access⟨RLO⟩level")
        #expect(TerminalText.displayable("pay\u{200B}pal") == "pay⟨ZWSP⟩pal")
        #expect(TerminalText.displayable("👨‍👩‍👧 é") == "👨‍👩‍👧 é")
        #expect(TerminalText.displayable("a\tb") == "a b")
    }

    @Test("Pasted text loses every control character but line breaks and tabs")
    func neutralizedPaste() {
        #expect(TerminalText.neutralizedPaste("a\u{1B}]52;c;ZXZpbA==\u{7}b") == "a]52;c;ZXZpbA==b")
        #expect(TerminalText.neutralizedPaste("l1\r\nl2\rl3\n\tx\u{0}\u{9B}2J") == "l1\nl2\nl3\n\tx2J")
    }

    @Test("Only safe characters count as safe")
    func safety() {
        #expect(TerminalText.isSafe("a") && TerminalText.isSafe("東") && TerminalText.isSafe("👨‍👩‍👧"))
        #expect(!TerminalText.isSafe("\u{1B}") && !TerminalText.isSafe("\u{202E}") && !TerminalText.isSafe("\u{9B}"))
    }
}
