import Testing
import EditMenuTestSupport
@_spi(Testing) @testable import EditMenuTerminal

@Suite("Terminal input parser")
struct TerminalInputParserTests {
    func parse(_ s: String) -> [TerminalEvent] {
        var p = TerminalInputParser()
        return p.feed(Array(s.utf8)) + p.flush()
    }

    func parse(_ bytes: [UInt8]) -> [TerminalEvent] {
        var p = TerminalInputParser()
        return p.feed(bytes) + p.flush()
    }

    @Test("Printable UTF-8 text arrives as one text event")
    func text() {
        #expect(parse("héllo 東京 👨‍👩‍👧") == [.text("héllo 東京 👨‍👩‍👧")])
    }

    @Test("Control bytes are keys: Enter, Tab, Backspace, Ctrl+letters")
    func controls() {
        #expect(parse("\r") == [.key(.enter, [])])
        #expect(parse("\t") == [.key(.tab, [])])
        #expect(parse([0x7F]) == [.key(.backspace, [])])
        #expect(parse([0x03]) == [.key(.character("c"), .control)])
        #expect(parse([0x1A]) == [.key(.character("z"), .control)])
        #expect(parse("ab\u{13}c") == [.text("ab"), .key(.character("s"), .control), .text("c")])
    }

    @Test("Arrow, navigation and function keys with xterm modifiers")
    func keys() {
        #expect(parse("\u{1B}[A") == [.key(.up, [])])
        #expect(parse("\u{1B}[1;2C") == [.key(.right, .shift)])
        #expect(parse("\u{1B}[1;5D") == [.key(.left, .control)])
        #expect(parse("\u{1B}[1;6B") == [.key(.down, [.shift, .control])])
        #expect(parse("\u{1B}OA") == [.key(.up, [])])
        #expect(parse("\u{1B}OP") == [.key(.function(1), [])])
        #expect(parse("\u{1B}[21~") == [.key(.function(10), [])])
        #expect(parse("\u{1B}[21;2~") == [.key(.function(10), .shift)])
        #expect(parse("\u{1B}[3~") == [.key(.delete, [])])
        #expect(parse("\u{1B}[5~\u{1B}[6~") == [.key(.pageUp, []), .key(.pageDown, [])])
        #expect(parse("\u{1B}[H\u{1B}[F") == [.key(.home, []), .key(.end, [])])
        #expect(parse("\u{1B}[Z") == [.key(.tab, .shift)])
    }

    @Test("The Menu key and Shift-F10 are recognised")
    func menuKeys() {
        #expect(parse("\u{1B}[29~") == [.key(.menu, [])])
        #expect(parse("\u{1B}[21;2~") == [.key(.function(10), .shift)])
        #expect(parse("\u{1B}[57363u") == [.key(.menu, [])])
    }

    @Test("Alt+key arrives as ESC prefix")
    func alt() {
        #expect(parse("\u{1B}x") == [.key(.character("x"), .option)])
        #expect(parse([0x1B, 0x7F]) == [.key(.backspace, .option)])
    }

    @Test("A lone ESC is the Escape key only after a flush")
    func loneEscape() {
        var p = TerminalInputParser()
        #expect(p.feed([0x1B]) == [])
        #expect(p.hasPendingInput)
        #expect(p.flush() == [.key(.escape, [])])
        #expect(!p.hasPendingInput)
    }

    @Test("SGR mouse reports: press, release, drag, wheel, modifiers")
    func mouse() {
        #expect(parse("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(button: .left, action: .press, column: 9, row: 4))])
        #expect(parse("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(button: .left, action: .release, column: 9, row: 4))])
        #expect(parse("\u{1B}[<32;11;5M") == [.mouse(MouseEvent(button: .left, action: .drag, column: 10, row: 4))])
        #expect(parse("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(button: .right, action: .press, column: 0, row: 0))])
        #expect(parse("\u{1B}[<64;3;3M") == [.mouse(MouseEvent(button: .wheelUp, action: .press, column: 2, row: 2))])
        #expect(parse("\u{1B}[<65;3;3M") == [.mouse(MouseEvent(button: .wheelDown, action: .press, column: 2, row: 2))])
        #expect(parse("\u{1B}[<35;7;8M") == [.mouse(MouseEvent(button: .none, action: .move, column: 6, row: 7))])
        #expect(
            parse("\u{1B}[<20;1;1M") == [
                .mouse(MouseEvent(button: .left, action: .press, column: 0, row: 0, modifiers: [.shift, .control]))
            ])
    }

    @Test("Bracketed paste keeps control characters inside the paste, undecoded")
    func paste() {
        #expect(
            parse("a\u{1B}[200~line1\r\n\u{1B}[31mred\u{1B}[201~b") == [
                .text("a"), .paste("line1\r\n\u{1B}[31mred"), .text("b"),
            ])
    }

    @Test("A paste larger than the limit is cut, and parsing goes on after it")
    func pasteLimit() {
        var p = TerminalInputParser(maximumPasteBytes: 10)
        let events = p.feed(Array(("\u{1B}[200~" + String(repeating: "x", count: 1000) + "\u{1B}[201~ok").utf8))
        #expect(events == [.paste(String(repeating: "x", count: 10)), .text("ok")])
    }

    @Test("Focus reports")
    func focus() {
        #expect(parse("\u{1B}[I\u{1B}[O") == [.focus(true), .focus(false)])
    }

    @Test("Malformed UTF-8 becomes U+FFFD")
    func malformedUTF8() {
        #expect(parse([0x61, 0xFF, 0x62]) == [.text("a\u{FFFD}b")])
        #expect(parse([0xE6, 0x9D, 0x61]) == [.text("\u{FFFD}a")])
        #expect(parse([0xE6, 0x9D]) == [.text("\u{FFFD}")])
        #expect(parse([0xC0, 0xAF]) == [.text("\u{FFFD}\u{FFFD}")])
    }

    @Test("Unknown and over-long sequences are reported, not interpreted")
    func unknown() {
        #expect(parse("\u{1B}[?1;2c") == [.unknown(Array("\u{1B}[?1;2c".utf8))])
        let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "A"
        let events = parse(long)
        #expect(events.first.map { if case .unknown = $0 { true } else { false } } == true)
    }

    @Test("Splitting input anywhere gives the same events", arguments: 0..<40)
    func chunking(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let pieces = [
            "a", "é", "東", "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}[<0;3;4M", "\u{1B}[<0;3;4m", "\r",
            "\u{1B}[200~x\ny\u{1B}[201~",
            "\u{1B}[29~", "\u{1B}OP", "\u{1B}[I", "z", "\u{1B}x", "\u{7F}",
        ]
        var input: [UInt8] = []
        for _ in 0..<30 { input += Array(pieces[Int(rng.next() % UInt64(pieces.count))].utf8) }
        var whole = TerminalInputParser()
        let expected = merge(whole.feed(input) + whole.flush())
        var split = TerminalInputParser()
        var got: [TerminalEvent] = []
        var i = 0
        while i < input.count {
            let n = 1 + Int(rng.next() % 7)
            got += split.feed(input[i..<min(i + n, input.count)])
            i += n
        }
        got += split.flush()
        #expect(merge(got) == expected)
    }

    @Test("Random bytes never trap and leave the parser usable", arguments: 0..<20)
    func randomBytes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
        var p = TerminalInputParser(maximumPasteBytes: 4096)
        for _ in 0..<50 {
            let bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = p.feed(bytes)
        }
        _ = p.feed(Array("\u{1B}[201~".utf8))
        _ = p.flush()
        #expect(p.feed(Array("\u{1B}[A".utf8)) + p.flush() == [.key(.up, [])])
    }

    /// Adjacent text events are one text: where a read splits text is not meaningful.
    func merge(_ events: [TerminalEvent]) -> [TerminalEvent] {
        var out: [TerminalEvent] = []
        for e in events {
            if case .text(let b) = e, case .text(let a)? = out.last {
                out[out.count - 1] = .text(a + b)
            } else {
                out.append(e)
            }
        }
        return out
    }
}
