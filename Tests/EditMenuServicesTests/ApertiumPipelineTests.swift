import EditMenuKit
import Foundation
import Testing

@testable import EditMenuServices

/// Whether process `pid` is gone (reaped: no zombie left either).
private func isGone(_ pid: pid_t) -> Bool {
    kill(pid, 0) != 0 && errno == ESRCH
}

@Suite("Long-lived pipelines of tools")
struct ProcessPipelineTests {
    @Test("Requests go through every tool, one answer per terminator, many times")
    func exchanges() throws {
        let pipeline = try ProcessRunner.Pipeline([.init("/bin/cat", []), .init("/bin/cat", [])])
        for text in ["one", "two words", String(repeating: "long ", count: 40_000), "last"] {
            let answer = try pipeline.exchange(Data(text.utf8), timeout: 30)
            #expect(String(decoding: answer, as: UTF8.self) == text)
        }
        #expect(pipeline.isRunning)
    }

    @Test("A request that is not answered in time stops the pipeline; every tool is reaped")
    func timeout() throws {
        let pipeline = try ProcessRunner.Pipeline([.init("/bin/cat", []), .init("/bin/sleep", ["30"])])
        let pids = pipeline.processIdentifiers
        let start = Date()
        #expect(throws: ProcessRunner.Failure.timedOut("/bin/cat", seconds: 0.3)) {
            try pipeline.exchange(Data("x".utf8), timeout: 0.3)
        }
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(!pipeline.isRunning)
        #expect(pids.allSatisfy(isGone))
        #expect(throws: ProcessRunner.Failure.self) { try pipeline.exchange(Data("y".utf8), timeout: 1) }
    }

    @Test("A tool that ends is reported, not waited for")
    func ended() throws {
        let pipeline = try ProcessRunner.Pipeline([.init("/bin/true", [])])
        #expect {
            try pipeline.exchange(Data("x".utf8), timeout: 30)
        } throws: { error in
            if case .ended = error as? ProcessRunner.Failure { return true }
            return false
        }
        #expect(!pipeline.isRunning)
    }

    @Test("A program that cannot start stops those already started")
    func cannotStart() {
        #expect(throws: ProcessRunner.Failure.self) {
            try ProcessRunner.Pipeline([.init("/bin/cat", []), .init("/nonexistent/tool", [])])
        }
        #expect(throws: ProcessRunner.Failure.self) { try ProcessRunner.Pipeline([]) }
    }

    @Test("Deallocating a pipeline ends and reaps its tools")
    func deallocation() throws {
        var pipeline: ProcessRunner.Pipeline? = try ProcessRunner.Pipeline([.init("/bin/cat", [])])
        let pids = pipeline?.processIdentifiers ?? []
        #expect(pids.count == 1 && !pids.contains(where: isGone))
        pipeline = nil
        #expect(pids.allSatisfy(isGone))
    }
}

@Suite("Apertium's mode files and text format")
struct ApertiumModeTests {
    private func find(_ name: String) -> String? { "/usr/bin/" + name }

    @Test("A mode file's commands become stages in null-flush mode")
    func stages() throws {
        let mode =
            "lt-proc '/usr/share/apertium/apertium-fr-es/fr-es.automorf.bin' | apertium-tagger -g $2 "
            + "'/usr/share/apertium/apertium-fr-es/fr-es.prob' | apertium-pretransfer | "
            + "lt-proc $1 /usr/share/apertium/apertium-fr-es/fr-es.autogen.bin\n"
        let stages = try #require(ApertiumPipelines.stages(ofMode: mode, find: find))
        #expect(
            stages == [
                .init("/usr/bin/lt-proc", ["-z", "/usr/share/apertium/apertium-fr-es/fr-es.automorf.bin"]),
                .init("/usr/bin/apertium-tagger", ["-z", "-g", "/usr/share/apertium/apertium-fr-es/fr-es.prob"]),
                .init("/usr/bin/apertium-pretransfer", ["-z"]),
                .init("/usr/bin/lt-proc", ["-z", "-n", "/usr/share/apertium/apertium-fr-es/fr-es.autogen.bin"]),
            ])
    }

    @Test("Anything but plain commands is refused: the mode file is untrusted data, never a shell's")
    func untrusted() {
        let refused = [
            "", "lt-proc /a; rm -rf /", "lt-proc $(touch /tmp/x)", "lt-proc `touch /tmp/x`", "lt-proc '/a' > /tmp/f",
            "sh -c 'rm -rf ~'", "lt-proc \"/a\"", "lt-proc /a\nlt-proc /b", "lt-proc $3", "lt-proc /a && lt-proc /b",
            "| lt-proc /a", "lt-proc /a |", "lt-proc /a || lt-proc /b", "lt-proc 'relative/path'", "lt-proc '/a'x",
            "lt-proc '/a", "lt-proc ../a", "lt-proc /a$HOME", "lt-proc /a*", "/usr/bin/lt-proc /a", "$1 /a",
            "lt-proc -w -- /a", "lt-proc /a & lt-proc /b",
        ]
        for text in refused {
            #expect(ApertiumPipelines.stages(ofMode: text, find: find) == nil, "\(text)")
        }
        #expect(ApertiumPipelines.stages(ofMode: "lt-proc /a", find: { _ in nil }) == nil, "not installed")
    }

    @Test("Every installed mode of a pair Translate offers runs as stages")
    func installedModes() throws {
        let translator = try #require(ApertiumTranslator.system(), "Apertium is not installed (scripts/setup.sh)")
        for pair in translator.pairs {
            let stages = try #require(pair.stages, "\(pair.mode)")
            #expect(stages.count >= 5 && stages.allSatisfy { $0.arguments.first == "-z" }, "\(pair.mode)")
        }
    }

    @Test("Text becomes Apertium's stream as apertium-destxt makes it, and back")
    func textFormat() throws {
        let destxt = try #require(ProcessRunner.find("apertium-destxt"), "apertium is not installed")
        let texts = [
            "Le chat dort.", "a\nb", "a\n\nb", "a.\n\nb", "a \n b", "a\tb", "a  b", "a ~ b", "a~b", "x]y [z] {w}",
            "^$@/<>\\ *#+", "Deux.\tTrois\r\nQuatre", "a\n \nb", "ñ é 猫 🐈", "a. ",
        ]
        for text in texts {
            // A hang detector, not a speed check: a loaded machine (CI's sanitizer runs) can be slow.
            let tool = try ProcessRunner.run(destxt, [], input: Data(text.utf8), timeout: 60)
            #expect(ApertiumPipelines.deformat(text) == tool.output, "\(text)")
            #expect(ApertiumPipelines.reformat(ApertiumPipelines.deformat(text)) == text, "\(text)")
        }
        #expect(ApertiumPipelines.deformat("a\0b") == "ab.[]", "NUL separates requests: it is left out")
    }
}

@Suite("Apertium pairs kept running")
struct ApertiumPipelineTranslationTests {
    let translator: ApertiumTranslator

    init() throws {
        translator = try #require(ApertiumTranslator.system(), "Apertium is not installed (scripts/setup.sh)")
    }

    @Test("A running pair translates as apertium does, text after text")
    func sameAsOneShot() throws {
        let cases: [(String, String, [String])] = [
            (
                "fr", "es",
                [
                    "Le chat dort dans la maison.", "Il pleut beaucoup en automne.\n\nLes enfants jouent dans la rue",
                    "Bonjour", "Je voudrais un café, s'il vous plaît ! <b> 3 € ~ [note]",
                    "^ $ @ / < > { } [ ] \\ * # + ~ | \\", "Le cœur naïf 🐈\r\nde l'été.", "  \t ",
                ]
            ),
            ("es", "en", ["El gato duerme en la casa.", "Llueve mucho en otoño.\tLos niños juegan."]),
            ("pt", "es", ["O gato dorme na casa."]),
            ("en", "ca", ["The cat is sleeping on the table.", "Where is the station?"]),
        ]
        for (source, target, texts) in cases {
            let pair = try #require(translator.pair(from: source, to: target), "no pair \(source)→\(target)")
            for text in texts {
                let expected = try translator.translateOneShot(text, with: pair)
                let piped = try #require(translator.pipelines.translate(text, pair: pair, timeout: 10), "\(text)")
                #expect(piped == expected, "\(pair.mode): \(text)")
            }
            #expect(translator.pipelines.running(pair.mode)?.isRunning == true)
        }
    }

    @Test("A pair whose stages died is started again; the translation in between still comes")
    func restart() throws {
        let translator = try #require(ApertiumTranslator.system())
        #expect(try translator.translate("Le chat dort.", from: "fr", to: "es") == "El gato duerme.")
        let first = try #require(translator.pipelines.running("fr-es"))
        let pids = first.processIdentifiers
        kill(pids[pids.count / 2], SIGKILL)
        #expect(try translator.translate("Le chien dort.", from: "fr", to: "es") == "El perro duerme.")
        let gone = pids.filter(isGone)
        #expect(gone == pids, "the broken pipeline's tools are reaped: \(pids.filter { !gone.contains($0) }) left")
        #expect(try translator.translate("Le chat mange.", from: "fr", to: "es") == "El gato come.")
        let second = try #require(translator.pipelines.running("fr-es"))
        #expect(second !== first && second.isRunning)
    }

    @Test("Beyond the limit the least recently used pair ends; an idle one ends after the idle limit")
    func limits() throws {
        let pipelines = ApertiumPipelines(limit: 1, idleLimit: 1)
        let french = try #require(translator.pair(from: "fr", to: "es"))
        let spanish = try #require(translator.pair(from: "es", to: "en"))
        #expect(pipelines.translate("Le chat dort.", pair: french, timeout: 10) == "El gato duerme.")
        let first = try #require(pipelines.running("fr-es")).processIdentifiers
        #expect(pipelines.translate("El gato duerme.", pair: spanish, timeout: 10) == "The cat sleeps.")
        #expect(pipelines.runningCount == 1 && pipelines.running("fr-es") == nil)
        #expect(first.allSatisfy(isGone))
        let second = try #require(pipelines.running("spa-eng")).processIdentifiers
        let deadline = Date().addingTimeInterval(10)
        // Ended from the idle check's thread: wait for it, within a bound.
        while !second.allSatisfy(isGone), Date() < deadline { usleep(50_000) }
        #expect(pipelines.runningCount == 0)
        #expect(second.allSatisfy(isGone))
    }

    @Test("Translators that go away end their pairs' tools")
    func deallocation() throws {
        var pids: [pid_t] = []
        do {
            let translator = try #require(ApertiumTranslator.system())
            _ = try translator.translate("Le chat dort dans la maison.", from: "fr", to: "en")
            pids = ["fr-es", "spa-eng"].flatMap { translator.pipelines.running($0)?.processIdentifiers ?? [] }
        }
        #expect(pids.count >= 10)
        #expect(pids.allSatisfy(isGone))
    }
}
