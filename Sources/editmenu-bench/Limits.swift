import Foundation

/// The machine's own limits, measured in the same run as the figures set beside them
/// (`editmenu-bench --limits`; `docs/performance.md`, "Limits").
enum MachineLimits {
    /// One frame at 60 Hz: what a person sees as immediate.
    static let frame = 1.0 / 60

    /// Reading 10 kB once at the memory's speed: the best of `runs` scans of a 10 kB text already in
    /// the cache, sixteen bytes a vector, each byte read once and combined — the floor for anything that
    /// looks at a 10 kB selection, such as data detection.
    static func scan10kB(runs: Int = 200) -> Double {
        let buffer = Array(DocumentGenerator.generate(targetBytes: 10_000).prefix(10_000))
        var sink = SIMD16<UInt8>()
        let repeats = 100
        let seconds = buffer.withUnsafeBytes { raw -> Double in
            var fastest = Double.infinity
            for _ in 0..<runs {
                let start = now()
                for _ in 0..<repeats {
                    var acc = SIMD16<UInt8>()
                    var i = 0
                    while i + 16 <= raw.count {
                        acc &+= raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                        i += 16
                    }
                    sink ^= acc
                }
                fastest = min(fastest, (now() - start) / Double(repeats))
            }
            return fastest
        }
        // Keeps the scans from being optimised away.
        if sink == SIMD16(repeating: 0xA5) { progress("(scan checksum \(sink))") }
        return seconds
    }
}

/// `--detection`'s last line: the slowest text beside reading 10 kB once.
func detectionLimitLine(_ results: [DetectionBenchResult], scan: Double) -> String {
    let slowest = results.filter { !$0.name.hasPrefix(" ") }.max { $0.best < $1.best }
    return "  the machine's limit: reading the 10 kB once at the memory's speed (SIMD, in cache) \(formatSeconds(scan))"
        + (slowest.map {
            String(format: "; the slowest text (%@) takes %.0f× that", $0.name, $0.best / max(scan, 1e-12))
        } ?? "")
}
