import EditMenuDemo
import EditMenuServices
@_spi(Testing) import EditMenuKit
import EditMenuTerminal
import Foundation

/// Input-to-frame latency of the terminal host, per kind of input.
struct TerminalLatencyResult {
    var all: LatencySummary
    var byKind: [(String, LatencySummary)]
    /// The same events' CPU time on the measuring thread (`CLOCK_THREAD_CPUTIME_ID`): the work on the
    /// input path without the time the scheduler gave other processes meanwhile.
    var allCPU: LatencySummary
    var byKindCPU: [(String, LatencySummary)]
    var openSeconds: Double
    var columns: Int
    var rows: Int
    var framesWithMenu: Int
    /// Whether misspelled words were marked (Enchant installed).
    var marksSpelling: Bool
}

/// Drives `DemoApp` headlessly on the file at `path` (`columns` × `rows` cells, a manual clock, an
/// in-memory pasteboard) through `cycles` rounds of a session — double-clicking words (which
/// presents the menu), right-clicking, dismissing, arrows, Shift-selection, typing and undoing it,
/// cutting and pasting a selection, scrolling, paging, jumping to the end and back — and times each
/// event from `handle(event)` through `render()` to the bytes `ScreenRenderer` writes.
func measureTerminalLatency(
    path: String, columns: Int = 120, rows: Int = 40, cycles: Int = 400, marksSpelling: Bool = true
) throws -> TerminalLatencyResult {
    let clock = ManualClock(now: 1000)
    let opened = now()
    // Misspelled words are marked as in `editmenu demo`: checks of the screen run off the input path.
    let checker = marksSpelling ? EnchantSpellChecker.system() : nil
    let app = try DemoApp(
        options: DemoOptions(filePath: path, languageServices: LanguageServices(spellChecker: checker)),
        columns: columns, rows: rows,
        pasteboard: InMemoryPasteboard(), clock: clock, openURL: { _ in false })
    var renderer = ScreenRenderer()
    _ = renderer.render(app.render())
    let openSeconds = now() - opened

    func click(
        _ button: MouseEvent.Button, _ action: MouseEvent.Action, _ column: Int, _ row: Int,
        _ modifiers: KeyModifiers = []
    ) -> TerminalEvent {
        .mouse(MouseEvent(button: button, action: action, column: column, row: row, modifiers: modifiers))
    }
    let key = { (k: Key, m: KeyModifiers) in TerminalEvent.key(k, m) }
    // (kind, event, seconds until the next event)
    var script: [(String, TerminalEvent, Double)] = []
    func doubleClick(_ column: Int, _ row: Int) {
        script += [
            ("double-click", click(.left, .press, column, row), 0.05),
            ("double-click", click(.left, .release, column, row), 0.05),
            ("double-click", click(.left, .press, column, row), 0.05),
            ("double-click", click(.left, .release, column, row), 0.6),
        ]
    }
    doubleClick(14, 6)
    script.append(("key", key(.escape, []), 0.2))
    script += Array(repeating: ("key", key(.down, []), 0.05), count: 3)
    script += Array(repeating: ("key", key(.right, [.shift]), 0.05), count: 5)
    script += [
        ("right-click", click(.right, .press, 30, 9), 0.05), ("right-click", click(.right, .release, 30, 9), 0.3),
    ]
    script.append(("key", key(.escape, []), 0.2))
    script += [("typing", .text("x"), 0.1), ("typing", .text("y"), 0.1), ("key", key(.character("z"), .control), 0.2)]
    doubleClick(40, 12)
    script += [
        ("key", key(.character("x"), .control), 0.2), ("key", key(.character("v"), .control), 0.2),
        ("key", key(.character("z"), .control), 0.2), ("key", key(.character("z"), .control), 0.2),
    ]
    script += Array(repeating: ("wheel", click(.wheelDown, .press, 50, 15), 0.02), count: 3)
    script.append(("wheel", click(.wheelUp, .press, 50, 15), 0.4))
    script += [("key", key(.pageDown, []), 0.1), ("key", key(.pageDown, []), 0.1), ("key", key(.pageUp, []), 0.1)]
    script += [("key", key(.end, [.control]), 0.2)]
    doubleClick(8, 20)
    script += [("key", key(.escape, []), 0.2), ("key", key(.up, []), 0.05), ("key", key(.home, [.control]), 0.2)]

    var samples: [Double] = []
    var byKind: [String: [Double]] = [:]
    var cpuSamples: [Double] = []
    var byKindCPU: [String: [Double]] = [:]
    var framesWithMenu = 0
    samples.reserveCapacity(script.count * cycles)
    for _ in 0..<cycles {
        for (kind, event, pause) in script {
            let logged = app.log.count + app.logDropped
            let started = now()
            let startedCPU = threadCPUTime()
            _ = app.handle(event)
            let screen = app.render()
            let bytes = renderer.render(screen)
            let elapsed = now() - started
            let cpu = threadCPUTime() - startedCPU
            guard !bytes.isEmpty else { throw BenchError("the demo drew an empty frame") }
            samples.append(elapsed)
            byKind[kind, default: []].append(elapsed)
            cpuSamples.append(cpu)
            byKindCPU[kind, default: []].append(cpu)
            if app.log.count + app.logDropped > logged, app.log.last?.hasPrefix("menu ") == true {
                framesWithMenu += 1
                // A menu over a selected word, told apart by its spelling (asked after the frame).
                if let checker, let word = selectedWord(in: app) {
                    let misspelled = checker.language(of: word, locale: .english).map {
                        checker.isMisspelled(word, language: $0)
                    }
                    let menuKind = misspelled == true ? "menu, misspelled word" : "menu, correct word"
                    byKind[menuKind, default: []].append(elapsed)
                    byKindCPU[menuKind, default: []].append(cpu)
                }
            }
            // Time-driven gestures (a long press, the end of scrolling) and late results (a menu's
            // spelling suggestions) complete between events, at the deadline the host was given.
            let due = app.nextDeadline
            clock.advance(by: pause)
            if let deadline = due, deadline <= clock.now {
                _ = app.tick()
                _ = renderer.render(app.render())
            }
        }
    }
    let kinds = [
        "double-click", "right-click", "key", "typing", "wheel", "menu, misspelled word", "menu, correct word",
    ]
    return TerminalLatencyResult(
        all: LatencySummary(samples),
        byKind: kinds.compactMap { k in byKind[k].map { (k, LatencySummary($0)) } },
        allCPU: LatencySummary(cpuSamples),
        byKindCPU: kinds.compactMap { k in byKindCPU[k].map { (k, LatencySummary($0)) } },
        openSeconds: openSeconds, columns: columns, rows: rows, framesWithMenu: framesWithMenu,
        marksSpelling: checker != nil)
}

/// The word selected in the focused text field, when its selection is one word.
private func selectedWord(in app: DemoApp) -> String? {
    guard app.fields.indices.contains(app.focus), let editor = app.fields[app.focus].textEditor else { return nil }
    let selection = editor.selection
    guard !selection.isEmpty, selection.count <= 64 else { return nil }
    let word = editor.storage.string(in: selection)
    return word.allSatisfy(\.isLetter) ? word : nil
}

/// The CPU time the calling thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`).
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
