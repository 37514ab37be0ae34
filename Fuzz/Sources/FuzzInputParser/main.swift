import EditMenuDemo
@_spi(Testing) import EditMenuKit
import EditMenuTerminal
import FuzzSupport

/// The terminal host's input path: any bytes through ``TerminalInputParser`` (split at a point the
/// input chooses, as reads split them), then every event through the demo app (the reference host),
/// then a frame. Properties: no trap; sequences and pastes stay within their bounds; text events carry
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
    guard
        let app = try? DemoApp(
            options: DemoOptions(), columns: 60, rows: 16, pasteboard: InMemoryPasteboard(),
            clock: clock, openURL: { _ in false })
    else { fatalError("the demo did not start") }
    for event in events {
        _ = app.handle(event)
        clock.advance(by: 0.05)
        _ = app.tick()
    }
    let screen = app.render()
    for row in 0..<screen.rows {
        for column in 0..<screen.columns {
            let text = screen[column, row].text
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
