import EditMenuKit
import Foundation

/// One timed Find operation.
struct FindBenchResult {
    var name: String
    var seconds: Double
    var detail: String
}

/// Find ▸ on the generated document of `sizeMiB`: Find Next to a match near the end (the issue's
/// target: under 100 ms for 100 MiB), with a needle whose first letters are everywhere, case-sensitive,
/// Find Previous to a match near the start, counting every match of a word that case folding
/// matters for, and Replace All of a common word then Undo. Each the best of `runs`.
func measureFind(sizeMiB: Double, runs: Int = 5) throws -> [FindBenchResult] {
    var bytes = DocumentGenerator.generate(targetBytes: Int(sizeMiB * 1024 * 1024))
    // A sentence near the end (at 99%, after a line feed) and one near the start (at 1%).
    func lineStart(near fraction: Double) -> Int {
        var i = Int(Double(bytes.count) * fraction)
        while i < bytes.count, bytes[i - 1] != 0x0A { i += 1 }
        return i
    }
    bytes.insert(contentsOf: Array("The NEEDLE in the haystack, then the zebra.\n".utf8), at: lineStart(near: 0.99))
    bytes.insert(contentsOf: Array("An early Bale of straw.\n".utf8), at: lineStart(near: 0.01))
    let storage = try TextStorage(utf8: bytes, invalid: .reject)
    bytes = []
    let end = storage.byteCount
    var results: [FindBenchResult] = []
    func time(_ name: String, _ query: FindQuery, from selection: Range<Int>, _ direction: FindDirection) {
        let finder = TextFinder(query)
        var match: FindMatch?
        let seconds = best(of: runs) { _ in match = finder.match(in: storage, after: selection, direction: direction) }
        let detail =
            match.map {
                "found at \(String(format: "%.1f", Double($0.range.lowerBound) / Double(end) * 100))% of the text"
                    + ($0.wrapped ? ", wrapped" : "")
            } ?? "not found"
        results.append(FindBenchResult(name: name, seconds: seconds, detail: detail))
    }
    time("Find Next \"needle\" from the start", FindQuery("needle"), from: 0..<0, .forward)
    time("Find Next \"the zebra\" (common start)", FindQuery("the zebra"), from: 0..<0, .forward)
    time("Find Next \"NEEDLE\", case-sensitive", FindQuery("NEEDLE", isCaseSensitive: true), from: 0..<0, .forward)
    time("Find Previous \"bale\" from the end", FindQuery("bale"), from: end..<end, .backward)

    let strasse = TextFinder(FindQuery("STRASSE"))
    var count = 0
    let countSeconds = best(of: runs) { _ in count = strasse.allMatches(in: storage).count }
    results.append(
        FindBenchResult(
            name: "Count \"STRASSE\" (matches Straße)", seconds: countSeconds, detail: "\(count) matches"))

    var replaced = 0
    let replaceSeconds = best(of: runs) { _ in
        var editor = TextEditor(storage: storage)
        replaced = (try? editor.replaceAll(FindQuery("café"), with: "cafe")) ?? 0
    }
    results.append(
        FindBenchResult(
            name: "Replace All \"café\" with \"cafe\"", seconds: replaceSeconds, detail: "\(replaced) replaced"))
    var editor = TextEditor(storage: storage)
    _ = try editor.replaceAll(FindQuery("café"), with: "cafe")
    let undoSeconds = best(of: 1) { _ in try? editor.undo() }
    results.append(
        FindBenchResult(
            name: "Undo Replace All", seconds: undoSeconds,
            detail: editor.storage.byteCount == end ? "bytes restored" : "BYTE COUNT DIFFERS"))
    return results
}

func findLines(_ results: [FindBenchResult], sizeMiB: Double) -> [String] {
    [
        "Find on a \(format(sizeMiB)) MiB document (TextFinder over the piece table, best of 5; target: Find Next under 100 ms):"
    ]
        + results.map {
            "  \($0.name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(formatSeconds($0.seconds).padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.detail)"
        }
}
