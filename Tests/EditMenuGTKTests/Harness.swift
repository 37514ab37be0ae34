#if GTK
import EditMenuTestSupport
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A failure of the end-to-end harness, worded for the person reading the test log.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// Runs the helpers the end-to-end tests need — Xvfb, the demo, xdotool, xclip, ImageMagick.
/// XCTest (not Swift Testing) on purpose: Swift Testing's threads block signals, and children inherit
/// that mask, so an Xvfb started from there ignores SIGTERM.
enum Tools {
    /// The absolute path of `name` on `PATH`, or an error that says how to install it.
    static func path(_ name: String) throws -> String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw HarnessError(description: "\(name) is not installed: run scripts/setup-gtk.sh (as root)")
    }

    /// Runs a tool to completion (the project's one process runner, through `Spawn`); returns its exit
    /// status and standard output. With `input` the tool reads it on standard input and its output is
    /// not kept: `xclip -i` forks a daemon that holds its output open.
    @discardableResult
    static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:],
        input: String? = nil
    ) throws -> (status: Int32, output: String) {
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let result = Spawn.run([try path(name)] + arguments, environment: env, capture: input == nil, input: input)
        if result.status == -1 { throw HarnessError(description: "could not start \(name)") }
        return result
    }
}

/// One Xvfb server for the whole test class, on a display number it picks itself (`-displayfd`).
final class VirtualDisplay {
    let process: Process
    let name: String

    init(width: Int = 1024, height: Int = 768) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: try Tools.path("Xvfb"))
        process.arguments = [
            "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        // Swift Testing runs tests on threads that block signals, and a child inherits its thread's mask:
        // an Xvfb started from one would never see the SIGTERM that stops it. It starts with none blocked.
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        var text = ""
        let handle = pipe.fileHandleForReading
        while !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw HarnessError(description: "Xvfb did not report a display number (got \"\(text)\")")
        }
        name = ":\(number)"
        Self.stopAtExit(process)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// The Xvfb servers started in this process, stopped when it exits: a suite's display kept for the
    /// whole process (`DocumentAgreementGTKTests`) would otherwise outlive the tests.
    private nonisolated(unsafe) static var started: [Process] = []
    private static let lock = NSLock()
    private static let stopsAtExit: Void = { atexit { VirtualDisplay.stopStarted() } }()

    private static func stopAtExit(_ process: Process) {
        _ = stopsAtExit
        lock.withLock { started.append(process) }
    }

    private static func stopStarted() {
        lock.withLock { for process in started where process.isRunning { process.terminate() } }
    }
}

/// The demo app running on a display, with its event log.
final class DemoApp {
    let process: Process
    let logURL: URL
    let display: String
    /// Where the overlay (the layout's coordinate space) starts on the screen.
    private(set) var origin = (x: 0.0, y: 0.0)
    private(set) var ready: [String: Any] = [:]

    /// Starts `program` (built next to the test bundle: `editmenu-gtk`, or the `gtk-notes` example) on
    /// `display` and waits for its "ready" event.
    init(display: String, environment: [String: String] = [:], program: String = "editmenu-gtk") throws {
        let binary = BuiltTool.url(named: program)
        self.display = display
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "editmenu-gtk-\(UUID().uuidString).jsonl")
        process = Process()
        process.executableURL = binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError(description: "\(program) is not built next to the tests (\(binary.path))")
        }
        var env = ProcessInfo.processInfo.environment
        for key in ["LANG", "LC_ALL", "LC_MESSAGES", "WAYLAND_DISPLAY"] { env[key] = nil }
        env.merge([
            "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1",
            "GTK_A11Y": "none", "LANG": "en_US.UTF-8", "EDITMENU_GTK_LOG": logURL.path,
        ]) { $1 }
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        ready = try waitFor("ready", timeout: 15)
        let o = ready["origin"] as? [Double] ?? [0, 0]
        origin = (o[0], o[1])
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: logURL)
    }

    /// Every event logged so far.
    func events() -> [[String: Any]] {
        guard let data = try? Data(contentsOf: logURL) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits for the first event named `name` after the first `after` events that satisfies `where`.
    @discardableResult
    func waitFor(
        _ name: String, after: Int = 0, timeout: Double = 5,
        where predicate: ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        try waitForEvent(name, after: after, timeout: timeout, where: predicate).event
    }

    /// ``waitFor(_:after:timeout:where:)``'s event, with its index in the log.
    private func waitForEvent(
        _ name: String, after: Int, timeout: Double, where predicate: ([String: Any]) -> Bool
    ) throws -> (index: Int, event: [String: Any]) {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let all = events()
            if let index = all.indices.dropFirst(after).first(where: {
                all[$0]["event"] as? String == name && predicate(all[$0])
            }) {
                return (index, all[index])
            }
            guard process.isRunning else {
                throw HarnessError(
                    description: "editmenu-gtk exited (\(process.terminationStatus)) while waiting for \"\(name)\"")
            }
            usleep(50_000)
        } while Date() < deadline
        throw HarnessError(
            description: "no \"\(name)\" event within \(timeout) s; log:\n"
                + events().suffix(6).map { "\($0)" }.joined(separator: "\n"))
    }

    /// Waits for a `menu` event as `waitFor` does, then for the first frame painted with it on screen
    /// (`drawn`), and returns the menu. A click sent between the two can reach the X server before the
    /// popover's window is mapped and be lost, so tests that click an item wait for this.
    @discardableResult
    func waitForMenu(
        after: Int = 0, timeout: Double = 5, where predicate: ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        let menu = try waitForEvent("menu", after: after, timeout: timeout, where: predicate)
        try waitFor("drawn", after: menu.index + 1, timeout: timeout)
        return menu.event
    }

    /// The screen point of a layout point.
    func screen(_ x: Double, _ y: Double) -> (Int, Int) {
        (Int((origin.x + x).rounded()), Int((origin.y + y).rounded()))
    }

    /// The centre of a rect `[x, y, w, h]` in layout coordinates, on the screen.
    func center(_ rect: [Double]) -> (Int, Int) { screen(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2) }

    /// The rect of a word of the sample text (layout coordinates).
    func word(_ word: String) throws -> [Double] {
        let words = ready["words"] as? [[String: Any]] ?? []
        guard let rect = words.first(where: { $0["word"] as? String == word })?["rect"] as? [Double] else {
            throw HarnessError(description: "the demo reported no rect for \"\(word)\"")
        }
        return rect
    }

    /// The bounds of a widget (layout coordinates).
    func widget(_ name: String) throws -> [Double] {
        guard let rect = (ready["widgets"] as? [String: Any])?[name] as? [Double] else {
            throw HarnessError(description: "the demo reported no widget \"\(name)\"")
        }
        return rect
    }

    /// Real X input through xdotool.
    func xdotool(_ arguments: [String]) throws {
        let result = try Tools.run("xdotool", arguments, environment: ["DISPLAY": display])
        if result.status != 0 {
            throw HarnessError(description: "xdotool \(arguments.joined(separator: " ")) failed (\(result.status))")
        }
    }

    func longPress(at p: (Int, Int)) throws {
        try xdotool(["mousemove", "\(p.0)", "\(p.1)", "mousedown", "1", "sleep", "0.8", "mouseup", "1"])
    }

    func click(at p: (Int, Int), button: Int = 1, repeat count: Int = 1) throws {
        try xdotool(["mousemove", "\(p.0)", "\(p.1)", "click", "--repeat", "\(count)", "--delay", "60", "\(button)"])
    }

    func key(_ keys: String...) throws { try xdotool(["key"] + keys) }

    /// The real X clipboard's text (`xclip -o`), polled for up to 3 s until it is `expected`: another
    /// client takes ownership of a selection asynchronously.
    func clipboard(expecting expected: String, target: String? = nil) throws -> String {
        let deadline = Date().addingTimeInterval(3)
        var text = ""
        repeat {
            text = try Tools.run(
                "xclip", ["-o", "-selection", "clipboard"] + (target.map { ["-t", $0] } ?? []),
                environment: ["DISPLAY": display]
            ).output
            if text == expected { return text }
            usleep(100_000)
        } while Date() < deadline
        return text
    }
}

/// A screenshot of the whole X screen as raw RGB, with the pixel tests the end-to-end tests make.
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]
    let raw: URL

    /// Takes the screenshot with ImageMagick's `import`.
    init(display: String, width: Int = 1024, height: Int = 768) throws {
        raw = FileManager.default.temporaryDirectory.appendingPathComponent("editmenu-gtk-\(UUID().uuidString).rgb")
        try Tools.run(
            "import", ["-window", "root", "-depth", "8", "rgb:\(raw.path)"], environment: ["DISPLAY": display])
        guard let data = try? Data(contentsOf: raw), data.count == width * height * 3 else {
            throw HarnessError(description: "import did not write a \(width)×\(height) RGB screenshot")
        }
        self.width = width
        self.height = height
        rgb = [UInt8](data)
    }

    func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// Whether the pixel is within `tolerance` of `color` on every channel.
    func matches(_ x: Int, _ y: Int, _ color: (Int, Int, Int), tolerance: Int = 6) -> Bool {
        let p = pixel(x, y)
        return abs(p.0 - color.0) <= tolerance && abs(p.1 - color.1) <= tolerance && abs(p.2 - color.2) <= tolerance
    }

    /// How many pixels in the rect differ strongly from `background` (title ink).
    func inkCount(x: Int, y: Int, width w: Int, height h: Int, background: (Int, Int, Int)) -> Int {
        var count = 0
        for yy in y..<(y + h) {
            for xx in x..<(x + w) {
                let p = pixel(xx, yy)
                if abs(p.0 - background.0) + abs(p.1 - background.1) + abs(p.2 - background.2) > 200 { count += 1 }
            }
        }
        return count
    }

    /// Saves the rect (screen pixels) as a PNG.
    func savePNG(to url: URL, x: Int, y: Int, width w: Int, height h: Int) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try Tools.run(
            "convert",
            [
                "-size", "\(width)x\(height)", "-depth", "8", "rgb:\(raw.path)",
                "-crop", "\(w)x\(h)+\(max(0, x))+\(max(0, y))", "+repage",
                "-strip", url.path,
            ])
        if result.status != 0 { throw HarnessError(description: "convert could not write \(url.path)") }
    }

    /// How many pixels in the rect differ strongly between this screenshot and `other`.
    func changedPixels(from other: Screenshot, x: Int, y: Int, width w: Int, height h: Int) -> Int {
        var count = 0
        for yy in y..<min(height, y + h) {
            for xx in x..<min(width, x + w) {
                let a = pixel(xx, yy)
                let b = other.pixel(xx, yy)
                if abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2) > 60 { count += 1 }
            }
        }
        return count
    }

    func discard() { try? FileManager.default.removeItem(at: raw) }
}

/// What the GTK end-to-end test classes share: one Xvfb server per class, the app under test (stopped
/// after each test), launching it, and reading the menus it logs.
class GTKEndToEndTestCase: XCTestCase {
    nonisolated(unsafe) static var display: VirtualDisplay?
    var app: DemoApp?
    /// The test's scratch folders (``scratchFolder(_:)``), removed after the app has stopped.
    private var scratchFolders: [ScratchFolder] = []

    /// The light and dark menu backgrounds (`EditMenuStyleSheet.background`).
    static let light = (0xF2, 0xF2, 0xF7)
    static let dark = (0x2C, 0x2C, 0x2E)

    /// Where the tests save pictures of each style: never the source tree.
    static var screenshots: URL {
        let folder =
            ProcessInfo.processInfo.environment["EDITMENU_SCREENSHOTS"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("editmenu-gtk-screenshots").path
        return URL(fileURLWithPath: folder)
    }

    override class func setUp() {
        super.setUp()
        display = try? VirtualDisplay()
    }

    override class func tearDown() {
        display?.stop()
        display = nil
        super.tearDown()
    }

    override func tearDown() {
        app?.stop()
        app = nil
        for folder in scratchFolders { folder.remove() }
        scratchFolders = []
        super.tearDown()
    }

    /// A new folder for this test's files, removed in `tearDown` once the app has stopped writing.
    func scratchFolder(_ name: String) throws -> URL {
        let folder = try ScratchFolder(name)
        scratchFolders.append(folder)
        return folder.url
    }

    /// Starts `program` (the demo by default) on this class's display with `environment`.
    func launch(_ environment: [String: String] = [:], program: String = "editmenu-gtk") throws -> DemoApp {
        guard let display = Self.display else {
            _ = try VirtualDisplay() // throws the reason (Xvfb missing …)
            throw HarnessError(description: "Xvfb could not start")
        }
        // The suites written for the seeds' menus run in the 2023 release; ReleaseEndToEndTests runs both.
        var environment = environment
        if environment["EDITMENU_GTK_RELEASE"] == nil { environment["EDITMENU_GTK_RELEASE"] = "2023" }
        let app = try DemoApp(display: display.name, environment: environment, program: program)
        self.app = app
        return app
    }

    func items(_ menu: [String: Any]) -> [[String: Any]] { menu["items"] as? [[String: Any]] ?? [] }
    func ids(_ menu: [String: Any]) -> [String] { items(menu).compactMap { $0["id"] as? String } }

    /// The frame of the item `id` of a logged menu.
    func frame(_ menu: [String: Any], of id: String) throws -> [Double] {
        guard let f = items(menu).first(where: { $0["id"] as? String == id })?["frame"] as? [Double] else {
            throw HarnessError(description: "the menu has no \"\(id)\" item: \(ids(menu))")
        }
        return f
    }
}
#endif
