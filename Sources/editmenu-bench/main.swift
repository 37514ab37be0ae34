// editmenu-bench: times the editing operations on a generated mixed-script document.
//
//   swift run -c release editmenu-bench [--size MiB] [--json] [--emit FILE]
//
// Each figure is the best of 5 runs. --emit writes the generated document and exits (to check it
// against ../shared/peers/gen.py).
import EditMenuKit
import Foundation

struct BenchOptions {
    var sizeMiB = 100.0
    var json = false
    var emit: String?

    static let usage = "usage: editmenu-bench [--size MiB] [--json] [--emit FILE]"

    init(_ arguments: [String]) throws(BenchError) {
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--json": json = true
            case "--size":
                guard i + 1 < arguments.count else { throw BenchError("--size needs a number of MiB") }
                guard let size = Double(arguments[i + 1]), size > 0, size <= 4096 else {
                    throw BenchError("--size: \"\(arguments[i + 1])\" is not a size in MiB between 0 and 4096")
                }
                sizeMiB = size
                i += 1
            case "--emit":
                guard i + 1 < arguments.count else { throw BenchError("--emit needs a file path") }
                emit = arguments[i + 1]
                i += 1
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
    return Double(usage.ru_maxrss) / 1024  // KiB on Linux
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

func run(_ options: BenchOptions) throws {
    let targetBytes = Int(options.sizeMiB * 1024 * 1024)
    let path = options.emit ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("editmenu-bench-\(getpid()).txt").path
    try write(DocumentGenerator.generate(targetBytes: targetBytes), to: path)
    if options.emit != nil { return }
    defer { try? FileManager.default.removeItem(atPath: path) }

    // Load: read and validate the file into a piece table.
    var storage: TextStorage? = nil
    let load = try best { _ in
        storage = nil
        storage = try TextStorage(contentsOfFile: path)
    }
    var editor = TextEditor(storage: storage!, undoLevels: 100)
    storage = nil
    let byteCount = editor.storage.byteCount
    let middle = byteCount / 2
    let pasteboard = InMemoryPasteboard()

    // Double tap near the middle: select the word.
    _ = editor.apply(.doubleTap, atByte: middle)
    let selectWord = best { run in
        _ = editor.apply(.doubleTap, atByte: middle + run * 37)
    }
    guard !editor.selection.isEmpty else { throw BenchError("double tap selected nothing at \(middle)") }

    // Select All + Copy.
    let selectAllCopy = try best { _ in
        try editor.perform(.selectAll, pasteboard: pasteboard)
        try editor.perform(.copy, pasteboard: pasteboard)
    }
    pasteboard.clear()

    // Cut a tenth from the middle, then undo.
    let tenth = byteCount / 10
    var cut = Double.infinity, undoCut = Double.infinity
    for _ in 0..<5 {
        editor.select((middle - tenth / 2)..<(middle - tenth / 2 + tenth))
        var start = now()
        try editor.perform(.cut, pasteboard: pasteboard)
        cut = min(cut, now() - start)
        start = now()
        try editor.perform(.undo, pasteboard: pasteboard)
        undoCut = min(undoCut, now() - start)
    }
    guard editor.storage.byteCount == byteCount else { throw BenchError("undo of cut did not restore the size") }

    // Paste that much at the middle, then undo.
    var paste = Double.infinity, undoPaste = Double.infinity
    for _ in 0..<5 {
        editor.select(middle..<middle)
        var start = now()
        try editor.perform(.paste, pasteboard: pasteboard)
        paste = min(paste, now() - start)
        start = now()
        try editor.perform(.undo, pasteboard: pasteboard)
        undoPaste = min(undoPaste, now() - start)
    }
    guard editor.storage.byteCount == byteCount else { throw BenchError("undo of paste did not restore the size") }

    let seconds: [(String, Double)] = [
        ("load", load), ("selectWord", selectWord), ("selectAllCopy", selectAllCopy),
        ("cut", cut), ("undoCut", undoCut), ("paste", paste), ("undoPaste", undoPaste),
    ]
    let peak = peakRSSMiB()

    // Outside the contract, for the plain output only: reading back what Select All + Copy put on
    // the pasteboard (what another application pays when it pastes; Copy itself only promises).
    try editor.perform(.selectAll, pasteboard: pasteboard)
    try editor.perform(.copy, pasteboard: pasteboard)
    let copyRead = best { _ in
        _ = pasteboard.items().first?.data(for: .plainText)?.count
    }
    if options.json {
        let times = seconds.map { "\"\($0.0)\": \(String(format: "%.6g", $0.1))" }.joined(separator: ", ")
        print("{\"sizeMiB\": \(format(options.sizeMiB)), \"seconds\": {\(times)}, \"peakRSSMiB\": \(String(format: "%.1f", peak))}")
    } else {
        print("document: \(format(options.sizeMiB)) MiB (\(byteCount) bytes), cut/paste \(tenth) bytes, best of 5")
        for (name, value) in seconds {
            let shown = value < 0.001 ? String(format: "%8.1f µs", value * 1e6) : String(format: "%8.2f ms", value * 1e3)
            print("  \(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(shown)")
        }
        print(String(format: "  peak RSS       %8.1f MiB (%.2f× the document)", peak, peak / options.sizeMiB))
        print(String(format: "  then reading the whole copied text back as Data: %.2f ms, peak RSS %.1f MiB",
                     copyRead * 1e3, peakRSSMiB()))
    }
}

func format(_ size: Double) -> String {
    size == size.rounded() ? String(Int(size)) : String(size)
}

do {
    try run(try BenchOptions(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("editmenu-bench: \(error)\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}
