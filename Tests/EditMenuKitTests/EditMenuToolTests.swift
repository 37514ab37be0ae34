import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario
import EditMenuTestSupport

/// Runs the real `editmenu` binary, built next to the test bundle.
struct Tool {
    static var url: URL { BuiltTool.url }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] { env[key] = nil }
        env.merge(environment) { $1 }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}

@Suite("editmenu present, end to end")
struct EditMenuToolTests {
    @Test("The binary is built next to the tests")
    func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Tool.url.path), "no editmenu at \(Tool.url.path)")
    }

    @Test("A scenario on standard input prints one presentation line and exits 0")
    func stdin() throws {
        let r = try Tool.run(["present"], input: textScenario("Hello world", [5, 5]))
        #expect(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let out = try JSONValue.parse(String(lines[0]))
        #expect(out.itemIDs == ["select", "selectAll"])
        #expect(out["style"]?.stringValue == "compact")
    }

    @Test("A scenario file is read from its path")
    func file() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "editmenu-test-\(UUID().uuidString).json")
        try Data(textScenario("Hello world", [0, 5]).utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let r = try Tool.run(["present", path.path])
        #expect(r.status == 0)
        #expect(try JSONValue.parse(r.stdout.trimmingWhitespace).itemIDs.first == "cut")
    }

    @Test("An invalid scenario exits 2 with one error line and nothing on stdout")
    func invalid() throws {
        let r = try Tool.run(["present"], input: textScenario("abc", [0, 40]))
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "error: content.selection: end 40 is past the end of the text (3 characters)\n")
    }

    @Test("--lines answers every line, errors as {\"error\"} lines, and exits 1 when any failed")
    func lines() throws {
        let input =
            [
                textScenario("Hello world", [5, 5]), "{not json", #"{"content": {}, "colour": 1}"#,
                textScenario("Hi", [0, 2]),
            ].joined(separator: "\n") + "\n"
        let r = try Tool.run(["present", "--lines"], input: input)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        #expect(
            try JSONValue.parse(String(lines[1]))["error"]?.stringValue?.hasPrefix("invalid JSON at line 1") == true)
        #expect(try JSONValue.parse(String(lines[2]))["error"]?.stringValue?.hasPrefix("colour: unknown key") == true)
        #expect(try JSONValue.parse(String(lines[3]))["presented"]?.boolValue == true)
    }

    @Test("--lines with only valid input exits 0; CRLF line ends are accepted")
    func linesValid() throws {
        let r = try Tool.run(
            ["present", "--lines"], input: textScenario("a b", [0, 1]) + "\r\n" + textScenario("c", [0, 0]))
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 2)
    }

    @Test("Invalid UTF-8 is an error, not a crash")
    func invalidUTF8() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "editmenu-bad-\(UUID().uuidString).json")
        try Data([0x7B, 0xFF, 0x7D]).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let r = try Tool.run(["present", path.path])
        #expect(r.status == 2 && r.stderr.contains("is not valid UTF-8"))
    }

    @Test("The locale comes from LANG when the scenario names none; LC_ALL wins")
    func environmentLocale() throws {
        let json = textScenario("Hallo Welt", [0, 5])
        let de = try Tool.run(["present"], input: json, environment: ["LANG": "de_DE.UTF-8"])
        #expect(try JSONValue.parse(de.stdout.trimmingWhitespace).title("cut") == "Ausschneiden")
        let ja = try Tool.run(["present"], input: json, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"])
        #expect(try JSONValue.parse(ja.stdout.trimmingWhitespace).title("cut") == "カット")
    }

    @Test("Usage errors exit 2 with a hint")
    func usage() throws {
        let unknown = try Tool.run(["presnt"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'present'?"))
        let option = try Tool.run(["present", "--line"])
        #expect(option.status == 2 && option.stderr.contains("unknown option '--line'"))
        let missing = try Tool.run(["present", "/nonexistent/scenario.json"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"))
    }

    @Test("Every shipped example scenario presents")
    func examples() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Examples/Scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files {
            let r = try Tool.run(["present", dir.appendingPathComponent(file).path])
            #expect(r.status == 0, "\(file): \(r.stderr)")
        }
    }
}

@Suite("Presentations of scenarios")
struct PresentationTests {
    @Test("The presentation has the contract's keys in order")
    func shape() {
        let out = present(textScenario("Hello world", [0, 5]))
        guard case .object(let members) = out else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["presented", "style", "selection", "items", "detected", "warnings"])
        #expect(out["selection"]?.intArray == [0, 5])
        let first = out["items"]?.arrayValue.first
        #expect(first?["id"]?.stringValue == "cut" && first?["title"]?.stringValue == "Cut")
        #expect(first?["kind"]?.stringValue == "standard" && first?["enabled"]?.boolValue == true)
    }

    @Test("Not presented is just the flag and the reason")
    func notPresented() {
        #expect(
            present(#"{"content": {"kind": "button", "text": "Send"}}"#).serialized
                == #"{"presented":false,"reason":"notSelectable"}"#)
        #expect(
            present(#"{"idiom": "watch", "content": {"text": "Hi", "selection": [0, 2]}}"#).serialized
                == #"{"presented":false,"reason":"unsupported"}"#)
    }

    @Test("A tap away from the selection dismisses; a tap on it shows the menu")
    func tap() {
        let away = present(textScenario("Hello world", [0, 5], extra: #", "trigger": {"gesture": "tap", "at": 8}"#))
        #expect(away["presented"]?.boolValue == false && away["reason"]?.stringValue == "notRevealed")
        #expect(away["selection"]?.intArray == [8, 8])
        let on = present(textScenario("Hello world", [0, 5], extra: #", "trigger": {"gesture": "tap", "at": 2}"#))
        #expect(on["presented"]?.boolValue == true && on["selection"]?.intArray == [0, 5])
    }

    @Test("The Menu key shows the keyboard style at the current selection")
    func menuKey() {
        let out = present(
            textScenario("Hello world", [0, 5], extra: #", "idiom": "pad", "trigger": {"gesture": "menuKey"}"#))
        #expect(out["style"]?.stringValue == "vertical" && out["selection"]?.intArray == [0, 5])
        #expect(out["layout"]?["topRow"]?.arrayValue.compactMap(\.stringValue) == ["cut", "copy"])
    }

    @Test("Gestures on objects select them")
    func objectGestures() {
        let out = present(#"{"content": {"kind": "image"}, "trigger": {"gesture": "longPress"}}"#)
        #expect(out.itemIDs == ["copy", "share"])
    }

    @Test("Menu-bar items carry shortcuts and submenus carry children")
    func menuBarJSON() {
        let out = present(textScenario("Hello world", [0, 5], extra: #", "idiom": "mac", "surface": "menuBar""#))
        #expect(out.item("copy")?["shortcut"]?.stringValue == "⌘C")
        #expect(out.item("find")?["children"]?.arrayValue.count == 6)
        #expect(out.isEnabled("undo") == false)
    }
}

@Suite("editmenu perform, end to end")
struct PerformToolTests {
    @Test("Performing prints the presentation and the result; the pasteboard and the undo name are the real ones")
    func performs() throws {
        let r = try Tool.run(
            ["perform"], input: #"{"content": {"text": "Hello world", "selection": [6, 11]}, "perform": "cut"}"#)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["presented"] as? Bool == true)
        let result = try #require(json["result"] as? [String: Any])
        #expect(result["text"] as? String == "Hello ")
        #expect(result["selection"] as? [Int] == [6, 6])
        #expect(result["undo"] as? String == "Cut")
        #expect((result["pasteboard"] as? [[String: String]])?.first?["text"] == "world")
        #expect(result["opened"] as? [String] == [])
    }

    @Test("Performing what the presentation does not offer exits 2 naming it, with nothing on standard output")
    func notOffered() throws {
        let r = try Tool.run(
            ["perform"], input: #"{"content": {"text": "Hello", "selection": [0, 5]}, "perform": "toggleBoldface"}"#)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.hasPrefix(#"error: perform: "toggleBoldface" is not offered by the presentation"#), "\(r.stderr)")
        let lines = try Tool.run(
            ["perform", "--lines"],
            input: #"{"content": {"text": "Hi", "selection": [0, 2]}, "perform": "copy"}"# + "\n"
                + #"{"content": {"text": "Hi", "selection": [0, 2]}, "perform": "paste"}"# + "\n")
        #expect(lines.status == 1)
        let out = lines.stdout.split(separator: "\n")
        #expect(out.count == 2)
        #expect(out.first?.contains(#""result":"#) == true)
        #expect(out.last?.hasPrefix(#"{"error":"perform: \"paste\" is not offered"#) == true, "\(lines.stdout)")
    }

    @Test("A refused perform leaves no scratch folder behind")
    func refusedLeavesNothing() throws {
        let scratch = try ScratchFolder("editmenu-perform-tmp")
        defer { scratch.remove() }
        let r = try Tool.run(
            ["perform"], input: #"{"content": {"text": "Hello", "selection": [0, 5]}, "perform": "toggleBoldface"}"#,
            environment: ["TMPDIR": scratch.path])
        #expect(r.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }

    @Test("Opened URIs are recorded, never launched")
    func recordsOpened() throws {
        let r = try Tool.run(
            ["perform"],
            input: #"{"content": {"text": "Call +1 (408) 555-0123", "selection": [5, 22]}, "perform": "call"}"#,
            environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""opened":["tel:+14085550123"]"#), "\(r.stdout)")
    }
}
