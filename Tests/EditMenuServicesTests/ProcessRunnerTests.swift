import EditMenuKit
import Foundation
import Testing

@testable import EditMenuServices

@Suite("Running outside tools")
struct ProcessRunnerTests {
    @Test("Arguments are data: a shell's characters reach the program as they are")
    func argumentsAreData() throws {
        let result = try ProcessRunner.run("/bin/echo", ["$(touch /tmp/x)", "; rm -rf ~", "a b"])
        #expect(result.status == 0)
        #expect(result.output == "$(touch /tmp/x) ; rm -rf ~ a b\n")
    }

    @Test("Input goes to standard input; standard error and the exit status come back")
    func inputAndStatus() throws {
        let cat = try ProcessRunner.run("/bin/cat", [], input: Data("line one\nline two".utf8))
        #expect(cat.output == "line one\nline two")
        let failing = try ProcessRunner.run("/bin/sh", ["-c", "echo oops >&2; exit 3"])
        #expect(failing.status == 3)
        #expect(String(decoding: failing.standardError, as: UTF8.self) == "oops\n")
    }

    @Test("A status over 128 is an exit status; a signal that ends a tool is reported as one")
    func signalOrStatus() throws {
        let exited = try ProcessRunner.run("/bin/sh", ["-c", "exit 200"])
        #expect(exited.status == 200)
        #expect(exited.terminatingSignal == nil)
        let killed = try ProcessRunner.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(killed.status == 128 + SIGTERM)
        #expect(killed.terminatingSignal == SIGTERM)
    }

    @Test("A tool that runs past its timeout is killed and reported")
    func timeout() {
        let start = Date()
        #expect(throws: ProcessRunner.Failure.timedOut("/bin/sleep", seconds: 0.3)) {
            try ProcessRunner.run("/bin/sleep", ["10"], timeout: 0.3)
        }
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test("A tool gets standard input, output and error only, not a descriptor opened without close-on-exec")
    func noInheritedDescriptors() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inherit-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        try #require(fd > 2)
        defer {
            close(fd)
            unlink(path)
        }
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC == 0)
        let open = try ProcessRunner.run("/bin/sh", ["-c", "test -e /proc/self/fd/$1", "sh", "\(fd)"])
        #expect(open.status == 1)
        let standard = try ProcessRunner.run("/bin/sh", ["-c", "test -e /proc/self/fd/2"])
        #expect(standard.status == 0)
    }

    @Test("A program that is not there is a clear error, not a crash")
    func missingProgram() {
        #expect(throws: ProcessRunner.Failure.self) { try ProcessRunner.run("/nonexistent/tool", []) }
        #expect(ProcessRunner.find("sh") != nil)
        #expect(ProcessRunner.find("no-such-tool-\(getpid())") == nil)
    }

    @Test("Large output is read without deadlock and capped")
    func largeOutput() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "head -c 6000000 /dev/zero"], timeout: 10)
        #expect(result.standardOutput.count == ProcessRunner.outputLimit)
    }

    @Test("The system opener starts its program with the URI as one argument, only for what the policy accepts")
    func opener() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("opened").path
        let script = folder.appendingPathComponent("fake-opener").path
        try "#!/bin/sh\nprintf '%s|%s\\n' \"$#\" \"$1\" >> '\(record)'\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let opener = SystemOpener(executable: script)
        #expect(!opener.open("javascript:alert(1)"))
        #expect(!opener.open("--version"))
        #expect(opener.open("https://example.com/a b".replacingOccurrences(of: " ", with: "%20")))
        var lines: [String] = []
        for _ in 0..<100 where lines.isEmpty {
            usleep(20_000)
            lines = ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
        }
        #expect(lines == ["1|https://example.com/a%20b"])
        #expect(!SystemOpener(executable: nil).open("https://example.com"), "nothing opens without an opener")
    }
}
