// terminal-notes: the smallest terminal program with the edit menu on its own text.
//
// It owns a text region (a TerminalTextView) and attaches EditMenuKit's TerminalEditMenu to it; the
// menu's gestures, rules, layout, keyboard navigation and commands all come from the component. Run
// it with `swift run terminal-notes [FILE]`; Ctrl+Q quits. EDITMENU_IDIOM=mac makes the left button a
// pointer (the right button reveals the context menu), otherwise it acts as a finger: press and hold
// or double click a word.

import EditMenuKit
import EditMenuTerminal
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let environment = ProcessInfo.processInfo.environment
let arguments = CommandLine.arguments.dropFirst()
let text: String
if let path = arguments.first {
    do {
        text = try TextStorage(contentsOfFile: path).string
    } catch {
        FileHandle.standardError.write(Data("terminal-notes: \(error)\n".utf8))
        exit(2)
    }
} else {
    text = """
        Notes: call +1 (408) 555-0123 about the meeting on December 5, 2026 at 3:00 PM.
        Press and hold a word, or double-click it; right-click for the pointer menu.
        """
}

let session: TerminalSession
do {
    session = try TerminalSession()
    try session.enter()
} catch {
    FileHandle.standardError.write(Data("terminal-notes: \(error)\n".utf8))
    exit(2)
}
defer { session.leave() }

// The app's own text region, and the edit menu attached to it.
let idiom = environment["EDITMENU_IDIOM"].flatMap(Idiom.init(rawValue:)) ?? .pad
let notes = TerminalTextView(editor: TextEditor(text: text), frame: CellRect(column: 1, row: 1, width: 1, height: 1))
let menu = TerminalEditMenu(
    configuration: .terminal(idiom: idiom, locale: MenuLocale.fromEnvironment(environment)),
    pasteboard: TerminalPasteboard(session: session))
menu.attach(notes)
let log = environment["NOTES_LOG"].flatMap { path -> FileHandle? in
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
}
menu.log = { line in log?.write(Data((line + "\n").utf8)) }

@MainActor func layOut() {
    let size = session.size
    menu.screenSize = (size.columns, size.rows)
    notes.frame = CellRect(column: 1, row: 1, width: max(1, size.columns - 2), height: max(1, size.rows - 2))
}

@MainActor func frame() -> Screen {
    var screen = Screen(columns: menu.screenSize.columns, rows: menu.screenSize.rows)
    screen.put(" terminal-notes — Ctrl+Q quits", column: 0, row: 0, style: CellStyle(reverse: true))
    notes.draw(into: &screen, focused: true)
    screen.cursor = notes.cursorPosition
    menu.draw(into: &screen)
    return screen
}

layOut()
var renderer = ScreenRenderer()
session.write(renderer.render(frame()))
log?.write(Data("ready\n".utf8))
loop: while true {
    let wait = menu.nextDeadline.map { Int32(max(0, ($0 - SystemClock().now) * 1000).rounded(.up)) } ?? 1000
    let (events, signals) = session.next(timeout: min(wait, 1000))
    for signal in signals {
        switch signal {
        case .resized:
            layOut()
            menu.controller.updatePosition()
            renderer.invalidate()
        case .resumed: renderer.invalidate()
        case .terminate: break loop
        }
    }
    for event in events {
        if case .key(.character("q"), .control) = event { break loop }
        menu.handle(event)
    }
    menu.tick()
    session.write(renderer.render(frame()))
    log?.write(Data("frame \(notes.editor.text.count)\n".utf8))
}
