import EditMenuServices
import Foundation

/// `--gtk`: the GTK host's own latency, on Xvfb with real X input from xdotool — right click → the menu
/// painted, Shift+F10 → the menu painted with its first item focused, Down → the next item focused and
/// painted. Each is taken from the host's event log (`EDITMENU_GTK_LOG`): the time the host received the
/// input event (`input`, with the X server's own timestamp of it), the time the menu's popup surface was
/// mapped (`mapped`, GDK's `GdkSurface:mapped`) and the time the frame that shows the result had been
/// painted (`drawn`, after GDK's frame clock `after-paint`), all on the monotonic clock.
/// No sleeps are measured: the bench waits for each `drawn` before the next input.
struct GTKLatencyResult {
    var rightClick: [Double] = []
    var shiftF10: [Double] = []
    var down: [Double] = []
    /// Right click from the X server's timestamp of the press (1 ms resolution) to painted.
    var rightClickFromServer: [Double] = []
    /// Of the right click's latency, the host's part: from the input to the menu's widgets shown
    /// (its `menu` event); the rest is GTK's frame (layout, paint, the wait for the frame clock).
    var rightClickHost: [Double] = []
    /// Right click → the menu's popup surface mapped (the host's `mapped` event: GDK's
    /// `GdkSurface:mapped`), before the frame clock paints it.
    var rightClickMapped: [Double] = []
    /// The same for Shift+F10.
    var shiftF10Host: [Double] = []
    var binary: String
}

/// The GTK demo's binary: `$EDITMENU_GTK` or the GTK build's (`.build/gtk/{release,debug}/editmenu-gtk`).
func gtkBinary(environment: [String: String]) -> String? {
    if let path = environment["EDITMENU_GTK"] { return path }
    return [".build/gtk/release/editmenu-gtk", ".build/gtk/debug/editmenu-gtk"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// The host's event log, read as it grows (whole lines only).
final class GTKEventLog {
    let path: String
    private var linesRead = 0

    init(path: String) { self.path = path }

    /// The events written since the last call.
    func newEvents() -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast() // after the last line feed: empty, or a line still being written
        guard lines.count > linesRead else { return [] }
        defer { linesRead = lines.count }
        return lines[linesRead...].compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}

func measureGTKLatency(count: Int) throws -> GTKLatencyResult {
    let environment = ProcessInfo.processInfo.environment
    guard let binary = gtkBinary(environment: environment) else {
        throw BenchError(
            "--gtk needs the GTK demo: swift build --traits GTK --scratch-path .build/gtk --product editmenu-gtk"
                + " (or set EDITMENU_GTK)")
    }
    guard let xvfb = ProcessRunner.find("Xvfb"), let xdotool = ProcessRunner.find("xdotool") else {
        throw BenchError("--gtk needs Xvfb and xdotool: bash scripts/setup-gtk.sh")
    }
    // A display of its own, so nothing else draws or moves the pointer meanwhile.
    guard
        let number = (90..<190).first(where: {
            !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
                && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
        })
    else { throw BenchError("--gtk: no free X display number from :90 to :189") }
    let display = ":\(number)"
    let server = try ProcessRunner.start(
        xvfb, [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-noreset"], input: Data())
    defer { server.terminate() }
    let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("editmenu-bench-gtk-\(getpid()).jsonl")
        .path
    defer { if environment["EDITMENU_BENCH_KEEP_LOG"] == nil { unlink(logPath) } }
    var appEnvironment = environment
    for key in ["LANG", "LC_ALL", "LC_MESSAGES", "WAYLAND_DISPLAY"] { appEnvironment[key] = nil }
    appEnvironment.merge([
        "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
        "LANG": "en_US.UTF-8", "EDITMENU_GTK_LOG": logPath, "EDITMENU_GTK_IDIOM": "mac",
    ]) { $1 }
    // Wait for the server's socket before the app connects.
    let socket = "/tmp/.X11-unix/X\(display.dropFirst())"
    var waited = 0
    while !FileManager.default.fileExists(atPath: socket), waited < 100 {
        usleep(50_000)
        waited += 1
    }
    let app = try ProcessRunner.start(binary, [], input: Data(), environment: appEnvironment)
    defer { app.terminate() }
    let log = GTKEventLog(path: logPath)
    func waitFor(_ name: String, timeout: Double = 10, where predicate: ([String: Any]) -> Bool = { _ in true })
        throws -> [[String: Any]]
    {
        var seen: [[String: Any]] = []
        let deadline = now() + timeout
        while now() < deadline {
            let events = log.newEvents()
            seen += events
            if events.contains(where: { $0["event"] as? String == name && predicate($0) }) { return seen }
            guard app.isRunning else { throw BenchError("editmenu-gtk exited while the bench waited for \"\(name)\"") }
            usleep(1_000)
        }
        let last = seen.suffix(6).map { ($0["event"] as? String ?? "?") }.joined(separator: ", ")
        throw BenchError("editmenu-gtk logged no \"\(name)\" within \(timeout) s (its last events: \(last))")
    }
    func xdo(_ arguments: [String]) throws {
        let result = try ProcessRunner.run(xdotool, arguments, environment: ["DISPLAY": display], timeout: 10)
        guard result.status == 0 else { throw BenchError("xdotool \(arguments.joined(separator: " ")) failed") }
    }
    let ready = try waitFor("ready", timeout: 30).last { $0["event"] as? String == "ready" }!
    let origin = ready["origin"] as? [Double] ?? [0, 0]
    let words = ready["words"] as? [[String: Any]] ?? []
    guard let rect = words.first(where: { $0["word"] as? String == "Infinite" })?["rect"] as? [Double] else {
        throw BenchError("editmenu-gtk reported no word to click")
    }
    let x = Int((origin[0] + rect[0] + rect[2] / 2).rounded()), y = Int((origin[1] + rect[1] + rect[3] / 2).rounded())

    /// The latency of one input: from its `input` event (or the X server's timestamp of it, when
    /// `fromServer`) to the last `outcome` event after it (`drawn`; `menu`: the menu's widgets shown;
    /// `mapped`: its popup surface mapped).
    func latency(
        _ events: [[String: Any]], input kind: String, to outcome: String = "drawn", fromServer: Bool = false
    ) -> Double? {
        guard let input = events.last(where: { $0["event"] as? String == "input" && $0["kind"] as? String == kind }),
            let end = events.last(where: { $0["event"] as? String == outcome }),
            let t0 = input["t"] as? Double, let t1 = end["t"] as? Double
        else { return nil }
        if fromServer, let server = (input["serverTime"] as? NSNumber)?.int64Value {
            // X server time is the server's monotonic clock in milliseconds (32 bits).
            let nowMs = Int64((t1 * 1000).rounded(.down)) & 0xFFFF_FFFF
            return Double((nowMs - server) & 0xFFFF_FFFF) / 1000
        }
        return t1 - t0
    }
    var result = GTKLatencyResult(binary: binary)
    for _ in 0..<count {
        // A click on the word gives the text the keyboard (a closed popup leaves the X focus nowhere).
        try xdo(["mousemove", "\(x)", "\(y)", "click", "1"])
        _ = try waitFor("selection")
        try xdo(["key", "shift+F10"])
        let keyboard = try waitFor("drawn") { ($0["focused"] as? String)?.isEmpty == false }
        if let t = latency(keyboard, input: "key") { result.shiftF10.append(t) }
        if let t = latency(keyboard, input: "key", to: "menu") { result.shiftF10Host.append(t) }
        let first = keyboard.last { $0["event"] as? String == "drawn" }?["focused"] as? String
        try xdo(["key", "Down"])
        let moved = try waitFor("drawn") { $0["focused"] as? String != first }
        if let t = latency(moved, input: "key") { result.down.append(t) }
        try xdo(["key", "Escape"])
        _ = try waitFor("dismissed")
        try xdo(["click", "3"])
        let events = try waitFor("drawn")
        if let t = latency(events, input: "button") { result.rightClick.append(t) }
        if let t = latency(events, input: "button", fromServer: true) { result.rightClickFromServer.append(t) }
        if let t = latency(events, input: "button", to: "menu") { result.rightClickHost.append(t) }
        if let t = latency(events, input: "button", to: "mapped") { result.rightClickMapped.append(t) }
        try xdo(["key", "Escape"])
        _ = try waitFor("dismissed")
    }
    return result
}

func gtkLatencyLines(_ r: GTKLatencyResult) -> [String] {
    func line(_ name: String, _ samples: [Double]) -> String {
        let s = LatencySummary(samples)
        return
            "| \(name) | \(s.count) | \(formatSeconds(s.median)) | \(formatSeconds(s.p99)) | \(formatSeconds(s.max)) |"
    }
    return [
        "GTK host (\(r.binary), Xvfb, xdotool input): from the host receiving the event to the menu's popup mapped,"
            + " and to the frame painted after it (its event log: input, mapped, drawn); \(machineDescription())",
        "",
        "| Input → result | events | median | p99 | max |",
        "|---|--:|--:|--:|--:|",
        line("right click → menu mapped (its popup surface, GdkSurface:mapped)", r.rightClickMapped),
        line("right click → menu painted", r.rightClick),
        line("right click (X server's timestamp, 1 ms) → menu painted", r.rightClickFromServer),
        line("of which the host: right click → the menu's widgets shown", r.rightClickHost),
        line("Shift+F10 → menu painted, first item focused", r.shiftF10),
        line("of which the host: Shift+F10 → the menu's widgets shown", r.shiftF10Host),
        line("Down → focus moved, painted", r.down),
    ]
}
