import EditMenuDemo
@_spi(Testing) import EditMenuKit
@_spi(Testing) import EditMenuTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// editmenu-limits CASE [DIR] — runs one limit case in this process (so its peak RSS is its own) and
// prints one line: `CASE | outcome | seconds | peak RSS MiB`. Exit 1 when the stated behaviour does
// not hold (a wrong result, a missing message); hangs are caught by scripts/limits.sh's timeout. A target
// of the package (not a product), so it drives the demo's own file open and save, which no app can reach.

func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("limits: \(message)\n".utf8))
    exit(1)
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

let clock = ContinuousClock()
let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: editmenu-limits CASE [DIR]") }
let directory = arguments.count > 2 ? arguments[2] : NSTemporaryDirectory()

/// Seconds since `start`, formatted.
func since(_ start: ContinuousClock.Instant) -> String {
    String(format: "%.2f s", (clock.now - start) / .seconds(1))
}

/// Fails when an interactive step (a key and the frame after it) takes a second or more.
func responsive(_ what: String, since start: ContinuousClock.Instant) -> String {
    let seconds = (clock.now - start) / .seconds(1)
    require(seconds < 1, "\(what) took \(String(format: "%.2f", seconds)) s: not responsive")
    return String(format: "%.2f s", seconds)
}

func demo(_ path: String) throws -> DemoApp {
    try DemoApp(
        options: DemoOptions(filePath: path), columns: 120, rows: 40, pasteboard: InMemoryPasteboard(),
        clock: ManualClock(), openURL: { _ in false })
}

/// Writes `count` copies of `chunk` to `path` without holding the whole file in memory.
func writeRepeated(_ chunk: [UInt8], count: Int, to path: String) {
    guard
        let handle = FileHandle(forWritingAtPath: path)
            ?? {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                return FileHandle(forWritingAtPath: path)
            }()
    else { fail("cannot write \(path)") }
    handle.truncateFile(atOffset: 0)
    let block = Data(Array(repeating: chunk, count: max(1, (1 << 20) / chunk.count)).joined())
    let perBlock = block.count / chunk.count
    var left = count
    while left > 0 {
        let n = min(left, perBlock)
        handle.write(n == perBlock ? block : block.prefix(n * chunk.count))
        left -= n
    }
    handle.closeFile()
}

var outcome = ""
let start = clock.now
switch arguments[1] {
case "paste-1gb":
    // 1 GiB of text on the pasteboard (from another program): refused with a message, nothing copied.
    let pasteboard = InMemoryPasteboard()
    let gigabyte = Data(repeating: UInt8(ascii: "a"), count: 1 << 30)
    pasteboard.write([PasteboardItem([PasteboardRepresentation(type: .plainText, data: gigabyte)])])
    var editor = TextEditor(text: "document")
    do {
        try editor.perform(.paste, pasteboard: pasteboard)
        fail("a 1 GiB paste was accepted")
    } catch {
        require(editor.text == "document", "the document changed")
        outcome = "refused: \(error.description)"
    }
case "terminal-paste-1gb":
    // 1 GiB through the terminal (bracketed paste), 64 KiB reads: cut at the parser's 64 MiB.
    var parser = TerminalInputParser()
    let app = try demo("\(directory)/paste-target.txt")
    var chunk = [UInt8](repeating: UInt8(ascii: "b"), count: 65_536)
    var pasted = 0
    for event in parser.feed(Array("\u{1B}[200~".utf8)) { _ = app.handle(event) }
    for _ in 0..<((1 << 30) / chunk.count) {
        for event in parser.feed(chunk) { _ = app.handle(event) }
    }
    chunk = Array("\u{1B}[201~".utf8)
    for event in parser.feed(chunk) {
        if case .paste(let text) = event { pasted = text.utf8.count }
        _ = app.handle(event)
    }
    require(pasted == parser.maximumPasteBytes, "pasted \(pasted) bytes")
    require(app.fields[0].textEditor?.storage.byteCount == pasted, "the document does not hold the paste")
    outcome = "cut to \(pasted >> 20) MiB (the rest dropped), inserted as one undoable Paste"
case "lines-10m":
    // A 10 million-line file: open, draw, jump to the end, select a word there, type, save.
    let path = "\(directory)/ten-million-lines.txt"
    writeRepeated(Array("The quick brown fox jumps over the lazy dog\n".utf8), count: 10_000_000, to: path)
    var t = clock.now
    let app = try demo(path)
    _ = app.render()
    let open = since(t)
    t = clock.now
    _ = app.handle(.key(.end, .control))
    _ = app.render()
    _ = app.handle(.key(.up, []))
    _ = app.handle(.text("x"))
    _ = app.render()
    let edit = responsive("Ctrl+End and typing in 10 million lines", since: t)
    t = clock.now
    _ = app.handle(.key(.character("s"), .control))
    let save = since(t)
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    require(bytes == 440_000_001, "saved \(bytes) bytes")
    require(app.status.hasPrefix("Saved"), "status: \(app.status)")
    outcome = "open + first frame \(open); Ctrl+End, Up, type + frame \(edit); save 440 MB \(save)"
    unlink(path)
case "line-50mb":
    // One 50 MB line: open, draw (wrapped), go to its end, double-tap a word in the middle, save.
    let path = "\(directory)/one-line.txt"
    writeRepeated(Array("lorem ipsum dolor sit amet ".utf8), count: 50_000_000 / 27, to: path)
    var t = clock.now
    let app = try demo(path)
    _ = app.render()
    let open = since(t)
    t = clock.now
    _ = app.handle(.key(.end, .control))
    _ = app.render()
    let jump = responsive("Ctrl+End on a 50 MB line", since: t)
    t = clock.now
    _ = app.handle(.text("!"))
    _ = app.render()
    let edit = responsive("typing at the end of a 50 MB line", since: t)
    var editor = try TextEditor(storage: TextStorage(contentsOfFile: path))
    t = clock.now
    editor.apply(.doubleTap, atByte: 25_000_003)
    let word = since(t)
    require(!editor.selection.isEmpty && editor.selection.count < 10, "double tap selected \(editor.selection)")
    t = clock.now
    _ = app.handle(.key(.character("s"), .control))
    let save = since(t)
    require(app.status.hasPrefix("Saved"), "status: \(app.status)")
    outcome =
        "open + first frame \(open); Ctrl+End + frame \(jump); type + frame \(edit); double tap mid-line \(word); save \(save)"
    unlink(path)
case "undo-100k":
    // 100 000 separate undo steps (unlimited levels): undo all, redo all.
    let pasteboard = InMemoryPasteboard()
    var editor = TextEditor(text: "start")
    editor.setUndoLevels(0)
    var t = clock.now
    for i in 0..<100_000 {
        editor.select(0..<0)
        try editor.type("\(i % 10)")
    }
    let typed = since(t)
    require(editor.undoStepCount == 100_000, "\(editor.undoStepCount) steps")
    t = clock.now
    while editor.undoStepCount > 0 { try editor.perform(.undo, pasteboard: pasteboard) }
    let undone = since(t)
    require(editor.text == "start", "undo all did not return to the start")
    t = clock.now
    while editor.redoStepCount > 0 { try editor.perform(.redo, pasteboard: pasteboard) }
    let redone = since(t)
    require(editor.storage.byteCount == 100_005, "redo all: \(editor.storage.byteCount) bytes")
    outcome = "exact; 100 000 typed steps \(typed), undo all \(undone), redo all \(redone) (default limit: 100 steps)"
case "events-10k":
    // 10 000 input events (mouse drags, wheel, keys, typing) as one second of input: all handled,
    // a frame drawn every 1/60 s of it; the processing time must stay under that second.
    let app = try demo("\(directory)/events.txt")
    var bytes: [UInt8] = []
    for i in 0..<10_000 {
        switch i % 5 {
        case 0: bytes += Array("\u{1B}[<32;\(i % 100 + 1);\(i % 30 + 2)M".utf8)
        case 1: bytes += Array("\u{1B}[<64;10;10M".utf8)
        case 2: bytes += Array("\u{1B}[C".utf8)
        case 3: bytes += Array("\u{7F}".utf8)
        default: bytes += Array("w".utf8)
        }
    }
    var parser = TerminalInputParser()
    let begin = clock.now
    var handled = 0
    var frames = 0
    var renderer = ScreenRenderer()
    let perFrame = bytes.count / 60 + 1
    var offset = 0
    while offset < bytes.count {
        let slice = bytes[offset..<min(bytes.count, offset + perFrame)]
        offset += perFrame
        for event in parser.feed(slice) {
            _ = app.handle(event)
            handled += 1
        }
        _ = renderer.render(app.render())
        frames += 1
    }
    let seconds = (clock.now - begin) / .seconds(1)
    require(handled == 10_000, "handled \(handled) events")
    require(seconds < 1, "10 000 events took \(seconds) s: the demo cannot keep up")
    outcome = "10 000 events and \(frames) frames handled in \(String(format: "%.2f", seconds)) s"
default:
    fail("unknown case \(arguments[1]); cases: paste-1gb terminal-paste-1gb lines-10m line-50mb undo-100k events-10k")
}
let elapsed = (clock.now - start) / .seconds(1)
print(
    "\(arguments[1]) | \(outcome) | \(String(format: "%.2f", elapsed)) s | \(String(format: "%.0f", peakRSSMiB())) MiB")
