import EditMenuKit
import Foundation

/// Data detection on a 10 kB selection (the target: under 1 ms per 10 kB, docs/data-detection.md), on four kinds of text: the
/// benchmark document's mixed-script prose, text dense with items of every type, digit groups
/// (the phone and tracking scanners' worst case) and dates and times in many languages (the date
/// scanner's). Each figure is the best of 20 runs, with the median; then the time of each type's
/// detector alone on the slowest text. Each text is detected once untimed first (the lexicons and
/// tables are built on first use), and each line ends with a digest of the whole result, so a change
/// that must keep the results can be checked by comparing two runs' digests.
struct DetectionBenchResult {
    var name: String
    var bytes: Int
    var items: Int
    var best: Double
    var median: Double
    /// FNV-1a of the result's description (items, values, actions).
    var digest: UInt64
}

/// Times `runs` detections of the whole of `text`, and returns the times, sorted, and the last result.
/// A profiler counts one text's instructions with `valgrind --tool=callgrind
/// --dump-before='*detectionDigest*' --toggle-collect='*timedDetection*'` (dumps 1–4: the four texts).
@inline(never)
func detectionTiming(_ detector: DataDetector, _ text: String, runs: Int) -> ([Double], SelectionDetection) {
    let count = text.count
    var times: [Double] = []
    var result = SelectionDetection.none
    for _ in 0..<runs {
        let start = now()
        let detected = timedDetection(detector, text, count)
        times.append(now() - start)
        // The previous run's result is freed here, after the clock is read: freeing it is not detection.
        result = detected
    }
    return (times.sorted(), result)
}

/// One detection, exactly what is timed (a function of its own for a profiler's `--toggle-collect`).
@inline(never)
func timedDetection(_ detector: DataDetector, _ text: String, _ count: Int) -> SelectionDetection {
    detector.detect(inCharacterRange: 0..<count, of: text)
}

/// FNV-1a of a detection's description (items, values, actions): equal digests, equal results.
func detectionDigest(_ result: SelectionDetection) -> UInt64 {
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in String(describing: result).utf8 {
        digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return digest
}

func measureDetection(runs: Int = 20) -> [DetectionBenchResult] {
    let size = 10_000
    func cut(_ text: String) -> String {
        var out = ""
        for c in text {
            if out.utf8.count + c.utf8.count > size { break }
            out.append(c)
        }
        return out
    }
    let prose = cut(String(decoding: DocumentGenerator.generate(targetBytes: 2 * size), as: UTF8.self))
    let dense = cut(
        String(
            repeating: "Meet at 1 Infinite Loop, Cupertino, CA 95014 on December 5, 2026 at 3:00 PM. "
                + "Call +1 (408) 555-0123 or mail jane.doe@example.com, see https://www.apple.com/ipad/ "
                + "— flight BA283, parcel 1Z999AA10123456784. ", count: 60))
    let digits = cut(String(repeating: "12 34 56 78 90 1234 5678 3.14 2.0.1 $19.99 ", count: 300))
    let dates = cut(
        String(
            repeating: "5 грудня 2026, 12.–14. März 2027, 2026年12月5日, March 3-5, 2027 at 10:00 PST, "
                + "через 3 часа, lunedì 7 dicembre, 3/4/79 [14:32] 2026-11-30 14:05:33.123 ", count: 60))
    let texts = [
        ("mixed-script prose", prose), ("dense: every type", dense), ("digit groups", digits), ("dates", dates),
    ]
    let detector = DataDetector(referenceDate: Date(timeIntervalSince1970: 1_795_996_800))
    for (_, text) in texts { _ = detector.detect(inCharacterRange: 0..<text.count, of: text) }
    func measure(_ detector: DataDetector, _ name: String, _ text: String) -> DetectionBenchResult {
        let (times, result) = detectionTiming(detector, text, runs: runs)
        return DetectionBenchResult(
            name: name, bytes: text.utf8.count, items: result.items.count, best: times[0],
            median: times[times.count / 2], digest: detectionDigest(result))
    }
    let results = texts.map { measure(detector, $0.0, $0.1) }
    guard let slowest = results.indices.max(by: { results[$0].best < results[$1].best }) else { return results }
    let perType = DataType.allCases.map { type -> DetectionBenchResult in
        var single = detector
        single.types = [type]
        return measure(single, "  \(type.rawValue) alone", texts[slowest].1)
    }
    return results + perType
}

func detectionLines(_ results: [DetectionBenchResult]) -> [String] {
    ["Data detection on a 10 kB selection (DataDetector.detect(inCharacterRange:of:), best and median of 20):"]
        + results.map {
            "  \($0.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \($0.bytes) bytes, \($0.items) items: "
                + "best \(formatSeconds($0.best)), median \(formatSeconds($0.median)), "
                + "results \(String($0.digest, radix: 16))"
        }
}
