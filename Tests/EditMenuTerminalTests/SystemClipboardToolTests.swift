import Foundation
import Testing

@testable import EditMenuTerminal

/// The terminal's clipboard tool, run against stand-in tools on a `PATH` of its own.
@Suite("SystemClipboardTool")
struct SystemClipboardToolTests {
    /// A folder holding an executable `xclip` that keeps what it is given in a file next to it and
    /// prints it back, or that sleeps past the limit when `hangs`.
    func fakeXclip(hangs: Bool = false) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("clipboard").path
        let script = """
            #!/bin/sh
            \(hangs ? "sleep 10" : "")
            case "$*" in
              *-in*) cat > '\(store)' ;;
              *TARGETS*) echo TARGETS; echo UTF8_STRING ;;
              *-out*) cat '\(store)' ;;
            esac
            """
        let tool = folder.appendingPathComponent("xclip")
        try script.write(to: tool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        return folder
    }

    @Test("xclip is found on the environment's PATH and writes, lists and reads text")
    func writesAndReads() throws {
        let folder = try fakeXclip()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = try #require(SystemClipboardTool.detect(environment: ["PATH": folder.path, "DISPLAY": ":9"]))
        #expect(tool.kind == .xclip)
        #expect(tool.write("Grüße, \"quoted\" $HOME `x`"))
        #expect(tool.readText() == "Grüße, \"quoted\" $HOME `x`")
        #expect(tool.holdsText() == true)
    }

    @Test("No display or no tool: no clipboard tool")
    func absent() throws {
        let folder = try fakeXclip()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(SystemClipboardTool.detect(environment: ["PATH": folder.path]) == nil)
        #expect(SystemClipboardTool.detect(environment: ["PATH": "/nonexistent", "DISPLAY": ":9"]) == nil)
    }

    @Test("A tool that hangs is stopped after its limit and reads as nothing")
    func hangingTool() throws {
        let folder = try fakeXclip(hangs: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = try #require(SystemClipboardTool.detect(environment: ["PATH": folder.path, "DISPLAY": ":9"]))
        let started = Date()
        #expect(tool.readText() == nil)
        #expect(Date().timeIntervalSince(started) < 8)
    }
}
