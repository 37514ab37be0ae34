@_spi(Testing) import EditMenuKit
@_spi(Testing) import EditMenuTerminal
import FuzzSupport

/// The terminal host's input path: any bytes through ``TerminalInputParser`` (split at a point the
/// input chooses, as reads split them), then every event through ``TerminalEditMenu`` attached to a
/// ``TerminalTextView`` and a one-line field, as an app embeds them (`Examples/TerminalNotes`), then a
/// frame. Properties: no trap; sequences and pastes stay within their bounds; text events carry
/// no escape; every cell of the frame is safe for a terminal (nothing typed or pasted reaches it as a
/// control sequence).
func fuzzInputParser(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(data, count)
    let split = Int(input.byte())
    let bytes = input.rest()
    var parser = TerminalInputParser(maximumPasteBytes: 4096)
    let cut = bytes.isEmpty ? 0 : split % (bytes.count + 1)
    let events = parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...]) + parser.flush()
    for event in events {
        switch event {
        case .unknown(let raw):
            fuzzCheck(
                raw.count <= TerminalInputParser.maximumSequenceBytes + 4, "unknown sequence of \(raw.count) bytes")
        case .paste(let text):
            fuzzCheck(text.utf8.count <= 4096 + 4, "paste of \(text.utf8.count) bytes over the 4096 limit")
        case .text(let text):
            fuzzCheck(!text.unicodeScalars.contains("\u{1B}"), "text event with ESC: \(Array(text.utf8))")
        default:
            break
        }
    }
    let clock = ManualClock()
    let notes = TerminalTextView(
        editor: TextEditor(text: "Call +1 (408) 555-0123 on December 5, 2026\nhttps://example.com"),
        frame: CellRect(column: 1, row: 1, width: 58, height: 10))
    let field = TerminalTextView(
        editor: TextEditor(text: "search"), frame: CellRect(column: 1, row: 12, width: 58, height: 1),
        isSingleLine: true)
    let menu = TerminalEditMenu(
        configuration: .terminal(idiom: .pad), pasteboard: InMemoryPasteboard(), clock: clock, opener: { _ in false })
    menu.screenSize = (60, 16)
    menu.attach(notes)
    menu.attach(field)
    for event in events {
        if case .key(.tab, []) = event, !menu.isMenuVisible {
            menu.focus(menu.focusedIndex == 0 ? 1 : 0)
        } else {
            _ = menu.handle(event)
        }
        clock.advance(by: 0.05)
        menu.tick()
    }
    var screen = Screen(columns: 60, rows: 16)
    notes.draw(into: &screen, focused: menu.focusedIndex == 0)
    field.draw(into: &screen, focused: menu.focusedIndex == 1)
    menu.draw(into: &screen)
    for row in 0..<screen.rows {
        for column in 0..<screen.columns {
            let text = screen.text(atColumn: column, row: row)
            fuzzCheck(
                text.allSatisfy(TerminalText.isSafe), "unsafe cell \(Array(text.unicodeScalars)) at \(column),\(row)")
        }
    }
    return 0
}

/// libFuzzer's entry point (its own `main` calls it when SwiftPM's `main` is not the one linked).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { fuzzInputParser(data, count) }

runFuzzer { data, count in fuzzInputParser(data, count) }
