import EditMenuKit
import Foundation
import Synchronization

/// Apertium pairs kept running: each mode's stages (`lt-proc`, `apertium-tagger`, `apertium-transfer`
/// …, from its `.mode` file) started once as a `ProcessRunner.Pipeline` in null-flush mode (`-z`),
/// so a translation costs milliseconds instead of loading every stage's data again (what `apertium`
/// does for each text; Debian's wrapper cannot be kept running, it does not flush).
///
/// A pipeline is started by the first translation with its mode and ended after ``idleLimit``
/// seconds without one, when more than ``limit`` are running (the least recently used), or when the
/// translator is deallocated. A pipeline that times out, ends or answers out of step is terminated;
/// the translation goes the one-shot way and the next one starts a new pipeline — after
/// ``failureLimit`` failures a mode is translated the one-shot way only.
final class ApertiumPipelines: Sendable {
    private struct Entry {
        var pipeline: ProcessRunner.Pipeline?
        var failures = 0
        var lastUse = Date()
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// The most pipelines running at once.
    let limit: Int
    /// Seconds without a translation after which a pipeline is ended.
    let idleLimit: Double
    /// Failures after which a mode is no longer run as a pipeline.
    static let failureLimit = 3
    /// The stages' environment: a UTF-8 character type, as the `apertium` wrapper sets.
    private let environment: [String: String]

    init(limit: Int = 4, idleLimit: Double = 300) {
        self.limit = limit
        self.idleLimit = idleLimit
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = "C.UTF-8"
        self.environment = environment
    }

    deinit {
        let running = entries.withLock { entries in entries.values.compactMap(\.pipeline) }
        for pipeline in running { pipeline.terminate(grace: 0.1) }
    }

    /// `text` (plain text) through the pipeline of `pair`'s mode, as plain text; `nil` when the mode
    /// has no stages that can run as a pipeline, the pipeline is answering another translation, or
    /// it failed (then it is terminated): the caller translates the one-shot way.
    func translate(_ text: String, pair: ApertiumTranslator.Pair, timeout: Double) -> String? {
        guard let stages = pair.stages, let pipeline = pipeline(for: pair.mode, stages: stages) else { return nil }
        do throws(ProcessRunner.Failure) {
            let answer = try pipeline.exchange(Data(Self.deformat(text).utf8), terminator: 0, timeout: timeout)
            scheduleIdleCheck()
            // Text always has an answer: an empty one is a stage's flush at the end of its input.
            guard !answer.isEmpty || text.isEmpty else { throw ProcessRunner.Failure.ended(pair.mode, "no answer") }
            return Self.reformat(String(decoding: answer, as: UTF8.self))
        } catch .busy {
            return nil
        } catch {
            entries.withLock { entries in
                entries[pair.mode]?.failures += 1
                if entries[pair.mode]?.pipeline === pipeline { entries[pair.mode]?.pipeline = nil }
            }
            // A failed exchange has ended it already; an empty answer (a stage that ended flushed
            // one) has not: its tools are stopped and reaped here, not when the last reference goes.
            pipeline.terminate(grace: 0.1)
            return nil
        }
    }

    /// The running pipeline of `mode`, started when there is none.
    private func pipeline(for mode: String, stages: [ProcessRunner.Command]) -> ProcessRunner.Pipeline? {
        var ended: [ProcessRunner.Pipeline] = []
        defer { for pipeline in ended { pipeline.terminate(grace: 0.1) } }
        return entries.withLock { entries -> ProcessRunner.Pipeline? in
            var entry = entries[mode] ?? Entry()
            entry.lastUse = Date()
            defer { entries[mode] = entry }
            if let running = entry.pipeline, running.isRunning { return running }
            entry.pipeline = nil
            guard entry.failures < Self.failureLimit else { return nil }
            guard let started = try? ProcessRunner.Pipeline(stages, environment: environment) else {
                entry.failures += 1
                return nil
            }
            entry.pipeline = started
            // The least recently used beyond the limit end (outside the lock).
            let running = entries.filter { $0.key != mode && $0.value.pipeline != nil }
            for (other, _) in running.sorted(by: { $0.value.lastUse < $1.value.lastUse }).prefix(
                max(0, running.count + 1 - limit))
            {
                if let pipeline = entries[other]?.pipeline { ended.append(pipeline) }
                entries[other]?.pipeline = nil
            }
            return started
        }
    }

    /// Ends, a little after ``idleLimit``, the pipelines unused since.
    private func scheduleIdleCheck() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + idleLimit + 1) { [weak self] in
            self?.endIdle()
        }
    }

    private func endIdle() {
        let limit = Date().addingTimeInterval(-idleLimit)
        let idle = entries.withLock { entries -> [ProcessRunner.Pipeline] in
            var idle: [ProcessRunner.Pipeline] = []
            for (mode, entry) in entries where entry.lastUse <= limit {
                if let pipeline = entry.pipeline { idle.append(pipeline) }
                entries[mode]?.pipeline = nil
            }
            return idle
        }
        for pipeline in idle { pipeline.terminate(grace: 0.1) }
    }

    /// How many pipelines run (for tests).
    var runningCount: Int { entries.withLock { $0.values.filter { $0.pipeline != nil }.count } }

    /// The running pipeline of `mode` (for tests).
    func running(_ mode: String) -> ProcessRunner.Pipeline? { entries.withLock { $0[mode]?.pipeline } }

    // MARK: Mode files

    /// The programs a mode's stages may run: Apertium's and its libraries' stream processors, which
    /// all take `-z`.
    static let stagePrograms: Set<String> = [
        "lt-proc", "cg-proc", "apertium-tagger", "apertium-pretransfer", "apertium-transfer", "apertium-interchunk",
        "apertium-postchunk", "apertium-anaphora", "lrx-proc", "lsx-proc", "rtx-proc",
    ]

    /// The stages of a mode file (`lt-proc '/usr/share/…/fr-es.automorf.bin' | apertium-tagger -g $2 …`),
    /// each in null-flush mode (`-z` first), `$1` as `-n` (no marks on unknown words) and `$2` left
    /// out; `nil` unless the text is one line of plain commands: a known stage program, then options
    /// (`-b`) and absolute paths, bare or in single quotes. The text is untrusted: nothing else — no
    /// other variable, quote, redirection, substitution or separator — is accepted, and no shell
    /// ever reads it. `find` resolves a program's name to its path.
    static func stages(ofMode text: String, find: (String) -> String? = { ProcessRunner.find($0) })
        -> [ProcessRunner.Command]?
    {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, line.utf8.count <= 16 << 10,
            !line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        var commands: [ProcessRunner.Command] = []
        var words: [String] = []
        var scalars = line.unicodeScalars[...]
        func endCommand() -> Bool {
            guard let name = words.first, stagePrograms.contains(name), let path = find(name) else { return false }
            commands.append(ProcessRunner.Command(path, ["-z"] + words.dropFirst()))
            words = []
            return true
        }
        while let scalar = scalars.first {
            switch scalar {
            case " ":
                scalars = scalars.dropFirst()
            case "|":
                guard endCommand() else { return nil }
                scalars = scalars.dropFirst()
            case "'":
                let body = scalars.dropFirst()
                guard let close = body.firstIndex(of: "'") else { return nil }
                let word = String(String.UnicodeScalarView(body[..<close]))
                guard word.hasPrefix("/") else { return nil }
                words.append(word)
                scalars = body[body.index(after: close)...]
                guard scalars.first.map({ $0 == " " || $0 == "|" }) ?? true else { return nil }
            default:
                let end = scalars.firstIndex { $0 == " " || $0 == "|" } ?? scalars.endIndex
                let word = String(String.UnicodeScalarView(scalars[..<end]))
                scalars = scalars[end...]
                if word == "$1" {
                    guard !words.isEmpty else { return nil }
                    words.append("-n")
                } else if word == "$2" {
                    guard !words.isEmpty else { return nil }
                } else if words.isEmpty {
                    guard stagePrograms.contains(word) else { return nil }
                    words.append(word)
                } else {
                    let isOption =
                        word.count >= 2 && word.hasPrefix("-")
                        && word.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    let isPath =
                        word.hasPrefix("/")
                        && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._+-".contains($0)) }
                    guard isOption || isPath else { return nil }
                    words.append(word)
                }
            }
        }
        guard endCommand() else { return nil }
        return commands
    }

    // MARK: Apertium's text format

    /// The characters the stream format escapes with `\`.
    private static let reserved: Set<Unicode.Scalar> = ["^", "$", "@", "/", "<", ">", "{", "}", "[", "]", "\\"]
    /// The characters the text format keeps as blanks (`~` marks post-generation, so it is hidden too).
    private static let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "~"]

    /// Plain text as Apertium's stream, as `apertium-destxt` makes it: reserved characters escaped,
    /// blanks other than one space kept in superblanks (`[\n\n]`), a sentence end (`.[]`) before a
    /// blank line and at the end. NUL, the request separator, is left out.
    static func deformat(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var blank = String.UnicodeScalarView()
        func endBlank() {
            if blank.count == 1, blank.first == " " {
                out.append(" ")
            } else if !blank.isEmpty {
                let scalars = Array(blank)
                let paragraph = zip(scalars, scalars.dropFirst()).contains { $0 == "\n" && $1 == "\n" }
                if paragraph { out.append(contentsOf: ".[]".unicodeScalars) }
                out.append("[")
                out.append(contentsOf: blank)
                out.append("]")
            }
            blank = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars where scalar != "\0" {
            if blanks.contains(scalar) {
                blank.append(scalar)
                continue
            }
            endBlank()
            if reserved.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        out.append(contentsOf: ".[]".unicodeScalars)
        endBlank()
        return String(out)
    }

    /// Apertium's stream as plain text, as `apertium-retxt` makes it: sentence ends added by
    /// ``deformat(_:)`` (`.[]`) and superblanks' brackets removed, escapes undone.
    static func reformat(_ stream: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(stream.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\\" {
                if i + 1 < scalars.count { out.append(scalars[i + 1]) }
                i += 2
                continue
            }
            if scalar == ".", i + 2 < scalars.count, scalars[i + 1] == "[", scalars[i + 2] == "]" {
                i += 3
                continue
            }
            if scalar != "[", scalar != "]" { out.append(scalar) }
            i += 1
        }
        return String(out)
    }
}
