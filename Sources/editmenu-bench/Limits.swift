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

    /// A fixed computation, with no memory traffic, no allocation and no system call, that takes about
    /// as long as a given median on this machine: timed as often as something that takes as long, its p99 is what the
    /// machine's scheduling alone adds to a p99 (interrupts, other processes, a virtual processor paused)
    /// — the floor for the p99 of anything of that median.
    struct SchedulingFloor {
        /// Steps of the computation in one run.
        private(set) var steps: Int
        private var state: UInt64 = 1

        /// A computation whose median run takes `median` seconds: its steps scaled three times by how far
        /// the median of 101 runs is from that.
        init(median: Double) {
            self.init(steps: 10_000)
            for _ in 0..<3 {
                let runs = (0...100).map { _ in time() }.sorted()
                steps = max(1, Int(Double(steps) * median / max(runs[50], 1e-9)))
            }
        }

        private init(steps: Int) { self.steps = steps }

        /// One run of the computation, seconds.
        mutating func time() -> Double {
            let start = now()
            var x = state
            for _ in 0..<steps { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
            state = x
            return now() - start
        }

        /// Keeps the computation from being optimised away.
        var checksum: UInt64 { state }
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
