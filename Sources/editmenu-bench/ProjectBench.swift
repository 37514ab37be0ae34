import EditMenuKit
import Foundation

/// The operations every run times, in order, with the keys of `--json` and the names of the tables.
enum Operation: String, CaseIterable {
    case load, selectWord, selectAllCopy, cut, undoCut, paste, undoPaste

    /// The name in the tables.
    var title: String {
        switch self {
        case .load: "Load the file"
        case .selectWord: "Double-tap word selection (middle)"
        case .selectAllCopy: "Select All + Copy"
        case .cut: "Cut 10 MB (middle)"
        case .undoCut: "Undo Cut"
        case .paste: "Paste 10 MB (middle)"
        case .undoPaste: "Undo Paste"
        }
    }

    /// Whether this is an editing operation (everything but loading the file).
    var isEditing: Bool { self != .load }

    /// The peers' names for it (`../shared/peers/common.py`); a peer's load is reading and decoding
    /// the file plus filling its buffer, as the project's load reads, validates and indexes the file.
    var peerKeys: [String] {
        switch self {
        case .load: ["read_decode_file", "load"]
        case .selectWord: ["select_word_mid"]
        case .selectAllCopy: ["select_all_copy"]
        case .cut: ["cut_10m"]
        case .undoCut: ["undo_cut"]
        case .paste: ["paste_10m"]
        case .undoPaste: ["undo_paste"]
        }
    }
}

/// Seconds per operation and the peak RSS of the process that ran them.
struct Measurement {
    var seconds: [Operation: Double]
    var peakRSSMiB: Double
    /// The project only: reading back the whole text Select All + Copy put on the pasteboard, and the
    /// peak RSS once that is done (both outside the contract: Copy itself only promises the text).
    var copyRead: Double?
    var peakWithReadBackMiB: Double?
    /// Reading the file through from the page cache, 1 MiB at a time into one buffer (what
    /// `dd if=FILE of=/dev/null bs=1M` does): the machine's limit for a load, measured in the same run.
    var pageCacheRead: Double?
}

/// The best of `runs` reads of the file at `path` from start to end with `read(2)`, 1 MiB at a time
/// into one buffer, as `dd bs=1M` reads it: the page cache's speed, the limit a load is measured against.
func measurePageCacheRead(path: String, runs: Int = 5) throws -> Double {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    return try best(of: runs) { _ in
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
        }
    }
}

/// Times the operations on the document at `path` in this process, each the best of `runs`.
/// `cutBytes` is how much Cut removes from the middle (and Paste puts back); `nil` is a tenth.
/// Returns the times and what reading the copied text back costs (outside the contract).
func measureProject(path: String, cutBytes: Int?, runs: Int = 5) throws -> (Measurement, copyRead: Double) {
    // The limit: the file read through from the page cache (which this also fills).
    let pageCacheRead = try measurePageCacheRead(path: path, runs: runs)
    // Load: read and validate the file into a piece table. The previous run's document is let go
    // before the clock starts: unmapping 100 MiB takes milliseconds of its own, which are not loading.
    var storage: TextStorage? = nil
    var load = Double.infinity
    for _ in 0..<runs {
        storage = nil
        let start = now()
        storage = try TextStorage(contentsOfFile: path)
        load = min(load, now() - start)
    }
    var editor = TextEditor(storage: storage!, undoLevels: 100)
    storage = nil
    let byteCount = editor.storage.byteCount
    let middle = byteCount / 2
    let pasteboard = InMemoryPasteboard()

    // Double tap near the middle: select the word.
    _ = editor.apply(.doubleTap, atByte: middle)
    let selectWord = best(of: runs) { run in
        _ = editor.apply(.doubleTap, atByte: middle + run * 37)
    }
    guard !editor.selection.isEmpty else { throw BenchError("double tap selected nothing at \(middle)") }

    // Select All + Copy.
    let selectAllCopy = try best(of: runs) { _ in
        try editor.perform(.selectAll, pasteboard: pasteboard)
        try editor.perform(.copy, pasteboard: pasteboard)
    }
    pasteboard.clear()

    // Cut from the middle, then undo.
    let cutSize = min(byteCount, cutBytes ?? byteCount / 10)
    var cut = Double.infinity, undoCut = Double.infinity
    for _ in 0..<runs {
        editor.select((middle - cutSize / 2)..<(middle - cutSize / 2 + cutSize))
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
    for _ in 0..<runs {
        editor.select(middle..<middle)
        var start = now()
        try editor.perform(.paste, pasteboard: pasteboard)
        paste = min(paste, now() - start)
        start = now()
        try editor.perform(.undo, pasteboard: pasteboard)
        undoPaste = min(undoPaste, now() - start)
    }
    guard editor.storage.byteCount == byteCount else { throw BenchError("undo of paste did not restore the size") }

    let measurement = Measurement(
        seconds: [
            .load: load, .selectWord: selectWord, .selectAllCopy: selectAllCopy,
            .cut: cut, .undoCut: undoCut, .paste: paste, .undoPaste: undoPaste,
        ],
        peakRSSMiB: peakRSSMiB(), pageCacheRead: pageCacheRead)

    // Outside the contract: reading back what Select All + Copy put on the pasteboard (what another
    // application pays when it pastes; Copy itself only promises the data).
    try editor.perform(.selectAll, pasteboard: pasteboard)
    try editor.perform(.copy, pasteboard: pasteboard)
    let copyRead = best(of: runs) { _ in
        _ = pasteboard.items().first?.data(for: .plainText)?.count
    }
    return (measurement, copyRead)
}

/// The one-line JSON of a measurement (`editmenu-bench --json`).
func measurementJSON(_ m: Measurement, sizeMiB: Double? = nil, extra: [(String, String)] = []) -> String {
    var fields: [String] = []
    if let sizeMiB { fields.append("\"sizeMiB\": \(format(sizeMiB))") }
    fields.append("\"seconds\": \(secondsJSON(m.seconds))")
    fields.append("\"peakRSSMiB\": \(String(format: "%.1f", m.peakRSSMiB))")
    if let read = m.pageCacheRead { fields.append("\"pageCacheReadSeconds\": \(String(format: "%.6g", read))") }
    fields += extra.map { "\"\($0.0)\": \($0.1)" }
    return "{" + fields.joined(separator: ", ") + "}"
}

/// `{"load": …, "selectWord": …}` in the order of ``Operation``.
func secondsJSON(_ seconds: [Operation: Double]) -> String {
    "{"
        + Operation.allCases.compactMap { op in
            seconds[op].map { "\"\(op.rawValue)\": \(String(format: "%.6g", $0))" }
        }.joined(separator: ", ") + "}"
}

/// Reads a measurement printed by ``measurementJSON`` (a child's output).
func parseMeasurement(_ object: [String: Any]) throws(BenchError) -> Measurement {
    guard let peakRSSMiB = (object["peakRSSMiB"] as? NSNumber)?.doubleValue else {
        throw BenchError("no \"peakRSSMiB\" in the child's output")
    }
    guard let seconds = object["seconds"] as? [String: Any] else {
        throw BenchError("no \"seconds\" in the child's output")
    }
    var times: [Operation: Double] = [:]
    for op in Operation.allCases {
        guard let value = (seconds[op.rawValue] as? NSNumber)?.doubleValue else {
            throw BenchError("no \"\(op.rawValue)\" in the child's output")
        }
        times[op] = value
    }
    return Measurement(
        seconds: times, peakRSSMiB: peakRSSMiB, copyRead: (object["copyReadSeconds"] as? NSNumber)?.doubleValue,
        pageCacheRead: (object["pageCacheReadSeconds"] as? NSNumber)?.doubleValue)
}

/// Measures the project on the document at `path` in a child process (this executable with
/// `--file`), so the peak RSS is that of loading and editing the document only: the child reports its
/// peak through the seven operations, before it reads the copied text back. (A child's `ru_maxrss`
/// starts at its parent's peak — `posix_spawn` shares the parent's memory until `exec` — so the
/// parent keeps the documents out of its own memory until every child has run.)
func measureProjectInChild(path: String, cutBytes: Int?, smoke: Bool = false) throws -> Measurement {
    var arguments = ["--file", path, "--json"] + (smoke ? ["--smoke"] : [])
    if let cutBytes { arguments += ["--cut", String(cutBytes)] }
    let child = try runChild(currentExecutablePath(), arguments, environment: ProcessInfo.processInfo.environment)
    guard child.succeeded, let object = lastJSONObject(in: child.standardOutput) else {
        throw BenchError("measuring \(path) failed (\(child.statusDescription)): \(child.standardError.suffix(800))")
    }
    var measurement = try parseMeasurement(object)
    measurement.peakWithReadBackMiB = child.peakRSSMiB
    return measurement
}
