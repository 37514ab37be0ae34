// editmenu-bench: times the editing operations on a generated mixed-script document, and compares
// them with GTK 4, Qt 6, textual and prompt_toolkit on the same document.
//
//   swift run -c release editmenu-bench [--size MiB] [--json]       the project alone
//   swift run -c release editmenu-bench --compare [--json]          side by side with the peers,
//                                                                   scaling, menu and terminal latency
//   editmenu-bench --scaling | --menu | --terminal                  one part of --compare
//   editmenu-bench --detection                                      data detection on a 10 kB selection
//   editmenu-bench --find [--size MiB]                              Find ▸ on the generated document (Find Next…)
//   editmenu-bench --language                                       Look Up, spelling suggestions, marking
//   editmenu-bench --gtk                                            the GTK host's latency on Xvfb (xdotool input,
//                                                                   the host's event log's timestamps)
//   editmenu-bench --emit FILE [--size MiB]                         write the document and exit
//   editmenu-bench --file FILE [--cut BYTES] [--json]               time an existing file in this process
//   editmenu-bench --terminal-file FILE                             the terminal latency on an existing file,
//                                                                   without a spell checker (a right-to-left text)
//   --smoke (with any mode)                                         few repetitions: checks that a mode runs
//                                                                   (scripts/bench-smoke.sh), its figures mean nothing
//   --peers KEY,…  (with --compare)                                 only these peers (gtk4, qt-doc, textual, prompt_toolkit)
//   --count N  (with --menu, --terminal, --terminal-file)            N menus through the controller (nothing else), or
//                                                                   N rounds of the terminal script: two runs with
//                                                                   different N under callgrind give the cost of one
//
// The project's figures are the best of 5 runs, measured in a child process per document so its peak
// RSS is that of the document alone; the peers' are the best of 3 runs of ../shared/peers/peer_*.py.
import EditMenuKit
import EditMenuServices
import Foundation

struct BenchOptions {
    enum Mode {
        case single, compare, scaling, menu, terminal, detection, language, find, gtk
        case emit(String)
        case terminalFile(String)
        case file(String)
    }

    var mode = Mode.single
    var sizeMiB = 100.0
    var json = false
    var cutBytes: Int?
    var peerRuns = 3
    /// `--peers`: the peers `--compare` runs (all of them when `nil`).
    var peerKeys: [String]?
    /// `--smoke`: few repetitions, to check that a mode runs (CI); the figures mean nothing then.
    var smoke = false
    /// `--count`: how many menus `--menu` presents through the controller (and nothing else), or how
    /// many rounds of its script `--terminal` plays.
    var count: Int?

    /// Menu presentations timed per measurement.
    var menuPresentations: Int { smoke ? 1_000 : 100_000 }
    /// Rounds of the terminal session script.
    var terminalCycles: Int { count ?? (smoke ? 4 : 400) }
    /// Runs per operation (the best is kept).
    var runs: Int { smoke ? 1 : 5 }
    /// Runs of each data detection text.
    var detectionRuns: Int { smoke ? 2 : 20 }

    static let usage = """
        usage: editmenu-bench [--size MiB] [--json]
               editmenu-bench --compare [--json] [--size MiB] [--peer-runs N] [--peers KEY,…]
               editmenu-bench --scaling | --menu | --terminal [--size MiB]
               editmenu-bench --detection | --language
               editmenu-bench --gtk        (the GTK host on Xvfb: EDITMENU_GTK or .build/gtk/…/editmenu-gtk)
               editmenu-bench --find [--size MiB]
               editmenu-bench --emit FILE [--size MiB]
               editmenu-bench --file FILE [--cut BYTES] [--json]
               editmenu-bench --terminal-file FILE
               any of them with --smoke: few repetitions, to check that it runs (the figures mean nothing)
               --menu, --terminal or --terminal-file with --count N: N menus through the controller only, or N
               rounds of the terminal script (two runs with different N under callgrind give the cost of one)
        peers: ../shared/peers (or $PEERS_DIR), Python venv $PEER_VENV (setup: bash ../shared/peers/setup.sh VENV)
        """

    init(_ arguments: [String]) throws(BenchError) {
        var i = 0
        func value(_ name: String) throws(BenchError) -> String {
            guard i + 1 < arguments.count else { throw BenchError("\(name) needs a value") }
            i += 1
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--json": json = true
            case "--smoke": smoke = true
            case "--peers":
                let text = try value("--peers")
                let keys = text.split(separator: ",").map(String.init)
                let known = Peer.all.map(\.key)
                guard !keys.isEmpty, keys.allSatisfy(known.contains) else {
                    throw BenchError(
                        "--peers: \"\(text)\" names no peer; the peers are \(known.joined(separator: ", "))")
                }
                peerKeys = keys
            case "--compare": mode = .compare
            case "--scaling": mode = .scaling
            case "--menu": mode = .menu
            case "--terminal": mode = .terminal
            case "--detection": mode = .detection
            case "--find": mode = .find
            case "--language": mode = .language
            case "--gtk": mode = .gtk
            case "--size":
                let text = try value("--size")
                guard let size = Double(text), size > 0, size <= 4096 else {
                    throw BenchError("--size: \"\(text)\" is not a size in MiB between 0 and 4096")
                }
                sizeMiB = size
            case "--cut":
                let text = try value("--cut")
                guard let bytes = Int(text), bytes > 0 else {
                    throw BenchError("--cut: \"\(text)\" is not a number of bytes")
                }
                cutBytes = bytes
            case "--peer-runs":
                let text = try value("--peer-runs")
                guard let runs = Int(text), (1...20).contains(runs) else {
                    throw BenchError("--peer-runs: \"\(text)\" is not a number of runs from 1 to 20")
                }
                peerRuns = runs
            case "--count":
                let text = try value("--count")
                guard let n = Int(text), (1...10_000_000).contains(n) else {
                    throw BenchError("--count: \"\(text)\" is not a count from 1 to 10000000")
                }
                count = n
            case "--emit": mode = .emit(try value("--emit"))
            case "--file": mode = .file(try value("--file"))
            case "--terminal-file": mode = .terminalFile(try value("--terminal-file"))
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default:
                throw BenchError("unknown argument \"\(arguments[i])\"")
            }
            i += 1
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Seconds on the monotonic clock.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The best of `runs` timings of `body` (which gets the run's index).
func best(of runs: Int = 5, _ body: (Int) throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for run in 0..<runs {
        let start = now()
        try body(run)
        fastest = min(fastest, now() - start)
    }
    return fastest
}

/// Peak resident set size of this process, MiB.
func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024 // KiB on Linux
}

/// Writes `bytes` to `path` without an intermediate copy.
func write(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, bytes.count - done) }
        if n < 0 {
            if errno == EINTR { continue }
            throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        done += n
    }
}

/// A generated document in a temporary file, removed by ``remove()``.
struct TemporaryDocument {
    var path: String
    var sizeMiB: Double

    /// Generates the document in a child process (`--emit`), so this process never holds it.
    init(sizeMiB: Double) throws {
        self.sizeMiB = sizeMiB
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("editmenu-bench-\(getpid())-\(format(sizeMiB))MiB.txt").path
        let child = try runChild(
            currentExecutablePath(), ["--emit", path, "--size", String(sizeMiB)],
            environment: ProcessInfo.processInfo.environment)
        guard child.succeeded else {
            throw BenchError(
                "generating \(path) failed (\(child.statusDescription)): \(child.standardError.suffix(800))")
        }
    }

    func remove() { unlink(path) }
}

func format(_ size: Double) -> String {
    size == size.rounded() ? String(Int(size)) : String(size)
}

/// A duration in the unit that suits it.
func formatSeconds(_ value: Double) -> String {
    if value < 1e-3 { return String(format: "%.1f µs", value * 1e6) }
    if value < 1 { return String(format: "%.2f ms", value * 1e3) }
    return String(format: "%.2f s", value)
}

/// Progress on standard error (the tables go to standard output).
func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func run(_ options: BenchOptions) throws {
    switch options.mode {
    case .emit(let path):
        try write(DocumentGenerator.generate(targetBytes: Int(options.sizeMiB * 1024 * 1024)), to: path)
    case .file(let path):
        let (measurement, copyRead) = try measureProject(path: path, cutBytes: options.cutBytes, runs: options.runs)
        let peakWithReadBack = peakRSSMiB()
        if options.json {
            print(
                measurementJSON(
                    measurement,
                    extra: [
                        ("copyReadSeconds", String(format: "%.6g", copyRead)),
                        ("peakWithReadBackMiB", String(format: "%.1f", peakWithReadBack)),
                    ]))
        } else {
            var m = measurement
            m.copyRead = copyRead
            m.peakWithReadBackMiB = peakWithReadBack
            printSingle(m, sizeMiB: nil)
        }
    case .find:
        print(
            findLines(try measureFind(sizeMiB: options.sizeMiB, runs: options.runs), sizeMiB: options.sizeMiB).joined(
                separator: "\n"))
    case .single:
        let document = try TemporaryDocument(sizeMiB: options.sizeMiB)
        defer { document.remove() }
        let measurement = try measureProjectInChild(
            path: document.path, cutBytes: options.cutBytes, smoke: options.smoke)
        if options.json {
            print(measurementJSON(measurement, sizeMiB: options.sizeMiB))
        } else {
            printSingle(measurement, sizeMiB: options.sizeMiB)
            print(detectionLines(measureDetection(runs: options.detectionRuns)).joined(separator: "\n"))
            print(
                findLines(try measureFind(sizeMiB: options.sizeMiB, runs: options.runs), sizeMiB: options.sizeMiB)
                    .joined(separator: "\n"))
        }
    case .compare:
        var comparison = Comparison(options: options)
        try comparison.run()
    case .scaling:
        var comparison = Comparison(options: options)
        try comparison.runScaling(largest: nil)
        print(comparison.scalingTable())
    case .menu:
        let document = try TemporaryDocument(sizeMiB: options.sizeMiB)
        defer { document.remove() }
        let editor = TextEditor(storage: try TextStorage(contentsOfFile: document.path))
        // With --count: that many menus on the selection, and no misspelled words or pieces.
        let words = options.count != nil ? 0 : options.smoke ? 10 : benchWords.count
        let whole = measureControllerMenu(
            editor: editor, count: options.count ?? options.menuPresentations / 5, words: words,
            measuresFloor: options.count == nil)
        let lines = controllerMenuLines(whole, sizeMiB: options.sizeMiB)
        if options.count != nil {
            print(lines.prefix(2).joined(separator: "\n")) // the selection's menus only
            return
        }
        print(lines.joined(separator: "\n"))
        print("The pieces of the pipeline alone (what the menu's own work costs, without the controller):")
        let result = measureMenuLatency(editor: editor, count: options.menuPresentations)
        print(menuLatencyLines(result, sizeMiB: options.sizeMiB).joined(separator: "\n"))
    case .detection:
        let results = measureDetection(runs: options.detectionRuns)
        print(detectionLines(results).joined(separator: "\n"))
        print(detectionLimitLine(results, scan: MachineLimits.scan10kB(runs: options.smoke ? 5 : 200)))
    case .terminalFile(let path):
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            terminalLatencyLines(
                try measureTerminalLatency(path: path, cycles: options.terminalCycles, marksSpelling: false),
                sizeMiB: Double(bytes) / Double(1 << 20)
            ).joined(separator: "\n"))
    case .gtk:
        print(gtkLatencyLines(try measureGTKLatency(count: options.smoke ? 3 : 100)).joined(separator: "\n"))
    case .language:
        print(languageLines(try measureLanguageServices()).joined(separator: "\n"))
    case .terminal:
        let document = try TemporaryDocument(sizeMiB: options.sizeMiB)
        defer { document.remove() }
        // The same session without a spell checker and with misspelled words marked, alternately, twice
        // each: the shared machine's load moves p99 more than anything measured here, so each keeps its
        // better run, and every run's p99 is printed too.
        var marked: [TerminalLatencyResult] = []
        var plain: [TerminalLatencyResult] = []
        for _ in 0..<2 {
            plain.append(
                try measureTerminalLatency(path: document.path, cycles: options.terminalCycles, marksSpelling: false))
            marked.append(try measureTerminalLatency(path: document.path, cycles: options.terminalCycles))
        }

        let best = { (runs: [TerminalLatencyResult]) in runs.min { $0.all.p99 < $1.all.p99 }! }
        let withMarks = best(marked)
        let without = best(plain)
        print(terminalLatencyLines(withMarks, sizeMiB: options.sizeMiB).joined(separator: "\n"))
        print(
            "| all, no spell checker | \(without.all.count) | \(formatSeconds(without.all.median)) | "
                + "\(formatSeconds(without.all.p99)) | \(formatSeconds(without.all.max)) | "
                + "\(formatSeconds(without.allCPU.median)) | \(formatSeconds(without.allCPU.p99)) | "
                + "\(formatSeconds(without.allCPU.max)) |")
        print(
            "(each the better of two runs, taken alternately, first without: p99 of every run without "
                + plain.map { formatSeconds($0.all.p99) }.joined(separator: ", ") + "; with marking "
                + marked.map { formatSeconds($0.all.p99) }.joined(separator: ", ")
                + " — the first run with marking also reads the Hunspell dictionaries from disk)")
    }
}

func printSingle(_ m: Measurement, sizeMiB: Double?) {
    print("document: \(sizeMiB.map { "\(format($0)) MiB" } ?? "file"), best of 5, measured in a child process")
    for op in Operation.allCases {
        print(
            "  \(op.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)) \(formatSeconds(m.seconds[op] ?? 0))")
    }
    print(String(format: "  peak RSS       %.1f MiB", m.peakRSSMiB))
    if let read = m.pageCacheRead, let load = m.seconds[.load] {
        print(
            "  the file read through from the page cache, 1 MiB at a time (as dd bs=1M): \(formatSeconds(read));"
                + String(format: " load is %.1f× that read (goal: at most 2×)", load / max(read, 1e-12)))
    }
    if let copyRead = m.copyRead {
        print(
            "  then reading the whole copied text back as Data: \(formatSeconds(copyRead))"
                + (m.peakWithReadBackMiB.map { String(format: ", peak RSS %.1f MiB", $0) } ?? ""))
    }
}

do {
    try run(try BenchOptions(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("editmenu-bench: \(error)\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}
