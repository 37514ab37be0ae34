@_spi(Testing) import EditMenuKit
import EditMenuServices
import Foundation
import Testing
@testable import EditMenuDemo
@_spi(Testing) @testable import EditMenuTerminal
#if canImport(Glibc)
import Glibc
#endif

/// Issue 9 in the terminal host: nothing is lost (atomic save, permissions, failed writes, files
/// changed on disk, recovery after SIGTERM/SIGHUP), hostile text is shown inert and visibly, secure
/// text reaches no pasteboard, OSC 52 or log, and detected links that are not safe are never opened.
/// Each test fails if the protection it names is removed.
@Suite("Reliability of the terminal demo")
struct ReliabilityDemoTests {
    /// A scratch folder removed when the test ends.
    final class Folder {
        let path: String
        init() {
            path =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "editmenu-rel-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
                ).path
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String, _ contents: String, mode: mode_t = 0o644) -> String {
            let p = "\(path)/\(name)"
            _ = FileManager.default.createFile(atPath: p, contents: Data(contents.utf8))
            chmod(p, mode)
            return p
        }
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    func app(
        file: String? = nil, pasteboard: any Pasteboard = InMemoryPasteboard(),
        opened: OpenedURLs = OpenedURLs()
    ) throws -> DemoApp {
        try DemoApp(
            options: DemoOptions(filePath: file), columns: 80, rows: 24, pasteboard: pasteboard,
            clock: ManualClock(),
            openURL: {
                opened.append($0)
                return true
            })
    }

    final class OpenedURLs: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ s: String) {
            lock.lock()
            list.append(s)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }

    func key(_ c: Character, _ m: KeyModifiers = .control) -> TerminalEvent { .key(.character(c), m) }
    func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>" }
    func mode(_ path: String) -> mode_t {
        var s = stat()
        stat(path, &s)
        return s.st_mode & 0o7777
    }
    func inode(_ path: String) -> UInt {
        var s = stat()
        stat(path, &s)
        return UInt(s.st_ino)
    }

    // MARK: No data lost

    @Test("Save replaces the file by renaming a complete new file over it, keeping its permissions")
    func atomicSaveKeepsPermissions() throws {
        let folder = Folder()
        // 0o666: a umask (022 or 002) would narrow it if Save did not set the mode explicitly.
        let path = folder.file("notes.txt", "old text", mode: 0o666)
        let before = inode(path)
        let demo = try app(file: path)
        _ = demo.handle(.text("new "))
        _ = demo.handle(key("s"))
        #expect(contents(path) == "new old text")
        #expect(mode(path) == 0o666)
        #expect(inode(path) != before, "written in place, not renamed over: a crash mid-write would leave half a file")
        #expect(folder.names == ["notes.txt"], "a temporary file was left behind")
        #expect(!demo.isModified)
    }

    @Test("A save that fails mid-write (a full disk) leaves the file and the document as they were")
    func failedWriteLeavesEverything() throws {
        let folder = Folder()
        let path = folder.file("notes.txt", "precious original", mode: 0o600)
        let demo = try app(file: path)
        _ = demo.handle(.text("edited: "))
        // The disk fills after 3 bytes.
        demo.saveWriter = DemoFile.Writer { fd, bytes in
            var s = stat()
            fstat(fd, &s)
            if s.st_size >= 3 {
                errno = ENOSPC
                return -1
            }
            return Glibc.write(fd, bytes.baseAddress, min(bytes.count, 3))
        }
        _ = demo.handle(key("s"))
        #expect(contents(path) == "precious original")
        #expect(mode(path) == 0o600)
        #expect(folder.names == ["notes.txt"], "the partial temporary file was left behind")
        #expect(demo.isModified)
        #expect(demo.fields[0].textEditor?.text == "edited: precious original")
        #expect(demo.status.contains("Not saved"))
        #expect(demo.status.contains(String(cString: strerror(ENOSPC))))
        // With room again, the same document saves.
        demo.saveWriter = .system
        _ = demo.handle(key("s"))
        #expect(contents(path) == "edited: precious original")
    }

    @Test("A file another program changed is not overwritten by the first Save; the second one does")
    func changedOnDiskAsksFirst() throws {
        let folder = Folder()
        let path = folder.file("notes.txt", "v1")
        let demo = try app(file: path)
        _ = demo.handle(.text("mine "))
        _ = folder.file("notes.txt", "someone else's longer version")
        _ = demo.handle(key("s"))
        #expect(contents(path) == "someone else's longer version")
        #expect(demo.status.contains("changed on disk"))
        _ = demo.handle(key("s"))
        #expect(contents(path) == "mine v1")
    }

    @Test("Stopped with unsaved changes, the demo keeps them in a private recovery file the next start offers")
    func recoveryFile() throws {
        let folder = Folder()
        let path = folder.file("notes.txt", "saved text", mode: 0o644)
        let first = try app(file: path)
        #expect(first.preserveUnsavedChanges() == nil, "nothing to keep without changes")
        _ = first.handle(.text("unsaved "))
        let kept = try #require(first.preserveUnsavedChanges())
        #expect(kept == DemoFile.recoveryPath(for: path))
        #expect(contents(kept) == "unsaved saved text")
        #expect(mode(kept) == 0o600)
        #expect(contents(path) == "saved text", "the document itself is not touched")

        let second = try app(file: path)
        #expect(second.status.contains("Ctrl+R restores"))
        #expect(second.fields[0].textEditor?.text == "saved text")
        _ = second.handle(key("r"))
        #expect(second.fields[0].textEditor?.text == "unsaved saved text")
        #expect(second.isModified)
        _ = second.handle(key("z"))
        #expect(second.fields[0].textEditor?.text == "saved text", "restoring is one step Undo takes back")
        _ = second.handle(key("y"))
        _ = second.handle(key("s"))
        #expect(contents(path) == "unsaved saved text")
        #expect(!FileManager.default.fileExists(atPath: kept), "saving discards the recovery file")
        #expect(!(try app(file: path)).status.contains("Ctrl+R"))
    }

    @Test("A paste that fails (nothing usable on the pasteboard) leaves the document as it was")
    func failedPaste() throws {
        let folder = Folder()
        let path = folder.file("notes.txt", "keep me")
        let pasteboard = InMemoryPasteboard()
        pasteboard.write([.png(Data([0x89, 0x50, 0x4E, 0x47]))])
        let demo = try app(file: path, pasteboard: pasteboard)
        _ = demo.handle(key("a"))
        _ = demo.handle(key("v"))
        #expect(demo.fields[0].textEditor?.text == "keep me")
        #expect(!demo.isModified)
        #expect(demo.status.contains("Paste"))
    }

    // MARK: Hostile content

    static let hostile =
        "ls \u{1B}]0;pwned\u{7}\u{1B}[2J\u{1B}[31mred \u{9B}31m c1 \u{7F} del \u{0} nul\n"
        + "access = \"user\u{202E} \u{2066}// admin\u{2069} \u{2066}\" ok\n"
        + "pay\u{200B}pal \u{FEFF}bom \u{2060}wj \u{200F}rlm\n"

    @Test(
        "Escape sequences, C0/C1 controls, bidi overrides and zero-width characters in a file are shown inert and visible"
    )
    func hostileFileIsInert() throws {
        let folder = Folder()
        let path = folder.file("evil.txt", Self.hostile)
        let demo = try app(file: path)
        let screen = demo.render()
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                #expect(screen[column, row].text.allSatisfy(TerminalText.isSafe), "unsafe cell at \(column),\(row)")
            }
        }
        let shown = screen.plainText
        for symbol in [
            "␛]0;pwned␇", "␛[2J", "⍰31m", "␡", "␀", "⟨RLO⟩", "⟨LRI⟩", "⟨PDI⟩", "⟨ZWSP⟩", "⟨BOM⟩", "⟨WJ⟩", "⟨RLM⟩",
        ] {
            #expect(shown.contains(symbol), "\(symbol) is not shown")
        }
        // What reaches the terminal: the renderer's own CSI sequences only, no OSC, no C1, no bell.
        var renderer = ScreenRenderer()
        let output = renderer.render(screen)
        #expect(!output.contains("\u{1B}]"))
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{7}" || $0 == "\u{0}" })
        #expect(!output.contains("\u{1B}[2J\u{1B}[31mred"))
    }

    @Test("A bracketed paste carrying escape sequences inserts their text without the controls")
    func hostilePaste() throws {
        let folder = Folder()
        let path = folder.file("notes.txt", "")
        let demo = try app(file: path)
        var parser = TerminalInputParser()
        let bytes = Array("\u{1B}[200~a\u{1B}]52;c;cm0gLXJm\u{7}b\u{9B}2Jc\r\nd\u{1B}[201~".utf8)
        for event in parser.feed(bytes) { _ = demo.handle(event) }
        let text = try #require(demo.fields[0].textEditor?.text)
        #expect(!text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" })
        #expect(text.hasPrefix("a") && text.hasSuffix("\nd"))
    }

    // MARK: Secure text

    @Test("Secure text never reaches the pasteboard, OSC 52, the screen or the log")
    func secureFieldLeaksNothing() throws {
        let written = OSCCapture()
        let pasteboard = TerminalPasteboard(tool: nil, osc52: { written.append($0) })
        let demo = try app(pasteboard: pasteboard)
        let password = try #require(demo.fields.firstIndex { $0.textEditor?.isSecure == true })
        let secret = try #require(demo.fields[password].textEditor?.text)
        // Double-click on the field (selects all of it, as secure text does), then try every way out.
        let frame = demo.fields[password].frame
        let screenBefore = demo.render()
        let cell = try #require(
            (frame.column..<(frame.column + frame.width)).flatMap { c in
                (frame.row..<(frame.row + frame.height)).map { (c, $0) }
            }.first { screenBefore[$0.0, $0.1].text == "•" })
        for _ in 0..<2 {
            _ = demo.handle(.mouse(MouseEvent(button: .left, action: .press, column: cell.0, row: cell.1)))
            _ = demo.handle(.mouse(MouseEvent(button: .left, action: .release, column: cell.0, row: cell.1)))
        }
        #expect(demo.fields[password].textEditor?.selection.isEmpty == false)
        _ = demo.handle(key("a"))
        _ = demo.handle(key("x"))
        _ = demo.handle(.key(.menu, []))
        #expect(pasteboard.changeCount == 0)
        #expect(written.all.isEmpty)
        #expect(!demo.render().plainText.contains(secret))
        #expect(!demo.log.joined(separator: "\n").contains(secret))
        #expect(
            demo.log.contains { $0.contains("selection") && $0.contains("••••") }, "the log shows a masked selection")
        #expect(!demo.log.contains { $0.hasPrefix("menu") && ($0.contains("Copy") || $0.contains("Cut")) })
        // Text from an ordinary field does go out, so the capture above could see a leak.
        demo.editMenu.focus(0)
        _ = demo.handle(key("a"))
        _ = demo.handle(key("x"))
        #expect(written.all.count == 1 && written.all[0].hasPrefix("\u{1B}]52;c;"))
    }

    final class OSCCapture: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ s: String) {
            lock.lock()
            list.append(s)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }

    // MARK: Opening links

    @Test("Only safe URIs may be opened: no javascript:, file:, option-like, over-long or multi-line values")
    func unsafeURIsAreNeverOpened() {
        for uri in [
            "javascript:alert(1)", "JAVASCRIPT:alert(1)", "file:///etc/passwd", "-oProxyCommand=touch /tmp/x",
            "--help", "vbscript:msgbox", "data:text/html,<script>", "https://a.example/\nrm -rf",
            "https://a.example/ x", "https://a.example/" + String(repeating: "a", count: 2100), "ssh://host", "",
            // Events go out as private .ics files the policy wrote, never as data: URIs.
            "data:text/calendar;base64,QkVHSU4=",
        ] {
            #expect(!OpeningPolicy().isSafeToOpen(uri), "\(uri.prefix(40)) would be opened")
        }
        for uri in [
            "https://apple.com", "mailto:a@example.org", "tel:+14085550123", "sms:+14085550123", "geo:0,0?q=Paris",
        ] {
            #expect(OpeningPolicy().isSafeToOpen(uri), "\(uri) is refused")
        }
        #expect(
            !SystemOpener(executable: "/bin/true").open("javascript:alert(1)"),
            "the runner opens only what the opening policy accepts")
        #expect(!SystemOpener(executable: "/bin/true").open("-oProxyCommand=x"))
    }

    // MARK: Limits

    @Test("A flood of input events keeps the log bounded and the app responsive")
    func inputFlood() throws {
        let demo = try app()
        var parser = TerminalInputParser()
        var bytes: [UInt8] = []
        for i in 0..<10_000 { bytes += Array("\u{1B}[<35;\(i % 80 + 1);\(i % 24 + 1)M".utf8) }
        let events = parser.feed(bytes)
        #expect(events.count == 10_000)
        for event in events { _ = demo.handle(event) }
        for i in 0..<2_000 { _ = demo.handle(.text(i % 50 == 0 ? "\n" : "x")) }
        #expect(demo.log.count <= 1000)
        _ = demo.render()
    }

    @Test("A paste over the terminal paste limit is cut at the limit: the parser's memory stays bounded")
    func oversizedTerminalPaste() throws {
        var parser = TerminalInputParser(maximumPasteBytes: 1000)
        let events = parser.feed(
            Array("\u{1B}[200~".utf8) + [UInt8](repeating: 0x61, count: 5000) + Array("\u{1B}[201~".utf8))
        #expect(events == [.paste(String(repeating: "a", count: 1000))])
    }
}

/// Regression tests for what the sanitizer and fuzz runs found.
@Suite("Reliability regressions")
struct ReliabilityRegressionTests {
    /// Fails under `scripts/sanitizers.sh address` (a sanitizer report) when the settings live in a
    /// `termios` global again; the round trip checks the struct is kept whole either way.
    @Test("The saved terminal settings round-trip whole (ASan: global-buffer-overflow storing a termios global)")
    func savedTerminalSettings() {
        var settings = termios()
        settings.c_iflag = 0x1234
        settings.c_lflag = 0x5678
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[31] = 0x5A }
        settings.c_ispeed = 0xABCD
        settings.c_ospeed = 0xDCBA
        let before = TerminalRestore.original
        TerminalRestore.original = settings
        let back = TerminalRestore.original
        TerminalRestore.original = before
        #expect(back.c_iflag == 0x1234 && back.c_lflag == 0x5678)
        #expect(back.c_ispeed == 0xABCD && back.c_ospeed == 0xDCBA, "the last bytes of the struct were lost")
        #expect(withUnsafeBytes(of: back.c_cc) { $0[31] } == 0x5A)
    }
}

extension ReliabilityRegressionTests {
    /// Fails (the time limit) when the parser copies the paste buffer for each byte or run again: this
    /// 2 MiB paste (an ESC every 8 bytes, so both the byte path and the run path are taken) then copies
    /// about 300 GB (found by `scripts/limits.sh`: a 1 GiB paste never finished). The limit is a
    /// guard against that, not a measure: a linear parse takes about a second, but under TSan on a busy
    /// 2-core machine it once went past one minute.
    @Test("A large bracketed paste is parsed in linear time", .timeLimit(.minutes(3)))
    func largePasteIsLinear() {
        var parser = TerminalInputParser(maximumPasteBytes: 1 << 20)
        var events = parser.feed(Array("\u{1B}[200~".utf8))
        let chunk = Array(repeating: Array("pasted\u{1B}x".utf8), count: 8_192).flatMap { $0 } // 64 KiB
        for _ in 0..<32 { events += parser.feed(chunk) } // 2 MiB: half of it over the limit
        events += parser.feed(Array("\u{1B}[201~".utf8))
        #expect(events == [.paste(String(decoding: chunk.prefix(1 << 16), as: UTF8.self).repeated(16))])
    }
}

extension String {
    fileprivate func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}

extension ReliabilityDemoTests {
    @Test("On a single line longer than the search window, Ctrl+End and typing keep the caret on screen")
    func longLineKeepsTheCaretVisible() throws {
        let folder = Folder()
        let path = folder.file("line.txt", String(repeating: "lorem ipsum dolor sit amet ", count: 8_000)) // 216 KB
        let demo = try app(file: path)
        for event in [TerminalEvent.key(.end, .control), .text("!"), .key(.left, []), .key(.up, []), .key(.pageUp, [])]
        {
            _ = demo.handle(event)
            guard let view = demo.fields[0].textView else {
                Issue.record("no text")
                return
            }
            let (editor, viewport) = (view.editor, view.viewport)
            let caret = editor.selection.upperBound
            let rows = viewport.rows(in: editor.storage)
            #expect(rows.count == viewport.height, "a full screen of rows")
            #expect(
                rows.contains { $0.start <= caret && caret <= $0.end }, "caret \(caret) is off screen after \(event)")
        }
        #expect(demo.fields[0].textEditor?.text.hasSuffix("amet !") == true)
    }
}
