import EditMenuKit
import EditMenuServices
@_spi(Testing) import EditMenuTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs ``DemoApp`` in the terminal: the session, the loop, the clipboard and the URL opener.
package enum DemoRunner {
    /// Runs until the person quits; returns the process exit status.
    package static func run(options: DemoOptions) -> Int32 {
        let session: TerminalSession
        do { session = try TerminalSession() } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
        let pasteboard = TerminalPasteboard(session: session)
        let opener = SystemOpener(
            executable: ProcessInfo.processInfo.environment["EDITMENU_OPENER"] ?? ProcessRunner.find("xdg-open"))
        let app: DemoApp
        let size = session.size
        var options = options
        let environment = ProcessInfo.processInfo.environment
        if options.settingsFile == nil { options.settingsFile = SettingsFile(environment: environment) }
        if options.documentsFolder == nil {
            options.documentsFolder = ShareService.documentsFolder(environment: environment)
        }
        if options.mailer == nil { options.mailer = ProcessRunner.find("xdg-email") }
        options.languageServices = LanguageServices.discover(locale: options.locale, translateTo: options.translateTo)
        do {
            app = try DemoApp(
                options: options, columns: size.columns, rows: size.rows, pasteboard: pasteboard,
                clock: SystemClock(), openURL: opener.open)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
        do { try session.enter() } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
        defer { session.leave() }
        let logFile = options.logPath.flatMap { path -> FileHandle? in
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }
        var logged = 0
        var preserved: String?
        defer {
            // Once the terminal is restored (leave() is idempotent), say where the changes are.
            session.leave()
            if let preserved {
                // File names are shown inert: a name can hold escape sequences too.
                let kept = TerminalText.displayable(preserved), file = TerminalText.displayable(options.filePath ?? "")
                FileHandle.standardError.write(
                    Data("editmenu: unsaved changes kept in \(kept); `editmenu demo \(file)` offers them\n".utf8))
            }
        }
        func flushLog() {
            guard let logFile else { return }
            let lines = app.log.dropFirst(max(0, logged - (app.logDropped)))
            for line in lines { logFile.write(Data((line + "\n").utf8)) }
            logged = app.log.count + app.logDropped
        }
        app.record("started pid \(getpid()) size \(size.columns)x\(size.rows)")
        for line in options.languageServices.report { app.record("services: " + line) }
        var renderer = ScreenRenderer()
        session.write(renderer.render(app.render()))
        flushLog()
        while true {
            let timeout: Int32
            if let deadline = app.nextDeadline {
                timeout = Int32(max(0, min(1000, (deadline - SystemClock().now) * 1000)).rounded(.up))
            } else {
                timeout = 1000
            }
            let (events, signals) = session.next(timeout: timeout)
            var requests: [DemoRequest] = []
            for signal in signals {
                switch signal {
                case .resized:
                    let s = session.size
                    app.resize(columns: s.columns, rows: s.rows)
                    renderer.invalidate()
                case .resumed:
                    renderer.invalidate()
                case .terminate(let number):
                    app.record("signal \(number)")
                    if let kept = app.preserveUnsavedChanges() { preserved = kept }
                    requests.append(.quit)
                }
            }
            for event in events { requests += app.handle(event) }
            requests += app.tick()
            if requests.contains(.quit) {
                app.record("quit")
                flushLog()
                return 0
            }
            session.write(renderer.render(app.render()))
            // After the frame: whoever reads the log (the tmux tests) then finds the screen up to date.
            flushLog()
        }
    }
}
