import EditMenuKit
import EditMenuTestSupport
import Foundation
import XCTest

/// Issue 9 end to end, in a real terminal (tmux, as in `DemoTmuxTests`): SIGTERM and SIGHUP with
/// unsaved changes leave a recovery file that the next start offers, and hostile text in a file
/// reaches the terminal inert and visible.
///
final class ReliabilityTmuxTests: TmuxTestCase {
    /// Starts `editmenu demo FILE` in window `name`; its stderr goes to `name.err`.
    func start(_ file: String, window name: String) throws {
        let command =
            "'\(BuiltTool.url.path)' demo --log '\(logPath)' '\(file)' 2>'\(workDir.path)/\(name).err'; echo EXITED $?; sleep 60"
        if name == "first" {
            tmux(
                [
                    "new-session", "-d", "-s", "t", "-n", name, "-x", "100", "-y", "30",
                    "LC_ALL= LANG=C.UTF-8 \(command)",
                ], capture: false)
        } else {
            tmux(["new-window", "-t", "t", "-n", name, "LC_ALL= LANG=C.UTF-8 \(command)"])
        }
        try waitFor("the demo's first frame in \(name)") { self.screen(name).contains("EditMenuKit demo") }
    }

    func screen(_ window: String) -> String { tmux(["capture-pane", "-p", "-t", "t:\(window)"]) }

    func pid(after count: Int) throws -> Int32 {
        try waitFor("the pid") { self.log().components(separatedBy: "started pid").count > count }
        let line = log().split(separator: "\n").filter { $0.hasPrefix("started pid") }[count]
        return try XCTUnwrap(Int32(line.split(separator: " ")[2]))
    }

    func recoveryAfter(_ signal: Int32) throws {
        let file = workDir.appendingPathComponent("notes.txt")
        try Data("saved text\n".utf8).write(to: file)
        try start(file.path, window: "first")
        tmux(["send-keys", "-t", "t:first", "-l", "unsaved "])
        try waitFor("the typing") { self.screen("first").contains("unsaved saved text") }
        kill(try pid(after: 0), signal)
        try waitFor("the exit") { self.screen("first").contains("EXITED 0") }
        let recovery = workDir.appendingPathComponent(".notes.txt.editmenu-recovery").path
        XCTAssertEqual(try String(contentsOfFile: recovery, encoding: .utf8), "unsaved saved text\n")
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8), "saved text\n", "the document itself is untouched")
        let said = (try? String(contentsOfFile: "\(workDir.path)/first.err", encoding: .utf8)) ?? ""
        XCTAssertTrue(said.contains("unsaved changes kept in \(recovery)"), said)

        try start(file.path, window: "second")
        try waitFor("the offer") { self.screen("second").contains("Ctrl+R restores") }
        tmux(["send-keys", "-t", "t:second", "C-r"])
        try waitFor("the restored text") { self.screen("second").contains("unsaved saved text") }
        tmux(["send-keys", "-t", "t:second", "C-s"])
        try waitFor("the save") { self.log().contains("saved \(file.path)") }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "unsaved saved text\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: recovery), "saving removes the recovery file")
    }

    func testSIGTERMWithUnsavedChangesLeavesARecoveryFileTheNextStartOffers() throws {
        try recoveryAfter(SIGTERM)
    }

    func testSIGHUPWithUnsavedChangesLeavesARecoveryFileTheNextStartOffers() throws {
        try recoveryAfter(SIGHUP)
    }

    func testHostileTextReachesTheTerminalInertAndVisible() throws {
        let file = workDir.appendingPathComponent("evil.txt")
        try Data(
            "title\u{1B}]2;pwned\u{7} clear\u{1B}[2J red\u{1B}[31mX c1\u{9B}1m\nuser\u{202E}nimda\u{202C} zw\u{200B}sp\n"
                .utf8
        ).write(to: file)
        try start(file.path, window: "first")
        let shown = screen("first")
        XCTAssertTrue(shown.contains("title␛]2;pwned␇ clear␛[2J red␛[31mX c1⍰1m"), shown)
        XCTAssertTrue(shown.contains("user⟨RLO⟩nimda⟨PDF⟩ zw⟨ZWSP⟩sp"), shown)
        let title = tmux(["display-message", "-p", "-t", "t:first", "#{pane_title}"])
        XCTAssertFalse(title.contains("pwned"), "the file set the terminal's title: \(title)")
    }
}
