import EditMenuDemo
import EditMenuKit
import Foundation

/// `--compare`: the project and the peers on the same document, then scaling, menu latency and
/// terminal latency, then the benchmark's targets (docs/performance.md) checked against what was measured.
struct Comparison {
    let options: BenchOptions
    /// Code points the peers cut and paste (`PEER_CUT`): their 10,000,000 on 100 MiB, in proportion on
    /// other sizes. The project cuts a tenth of the document in bytes.
    var peerCutUnits: Int { Int(10_000_000 * min(1, options.sizeMiB / 100)) }

    var project: Measurement?
    var peers: [(Peer, Result<PeerResult, BenchError>)] = []
    var setupProblem: String?
    /// Scaling: per document size, the project with a tenth cut and with the smallest size's cut.
    var scaling: [(sizeMiB: Double, tenth: Measurement, small: Measurement, menu: MenuLatencyResult)] = []
    var smallCutBytes = 0
    var terminal: TerminalLatencyResult?
    /// The compared document's size in bytes.
    var documentBytes = 0

    init(options: BenchOptions) {
        self.options = options
    }

    mutating func run() throws {
        progress("generating the \(format(options.sizeMiB)) MiB document (../shared/peers/gen.py's algorithm)…")
        let document = try TemporaryDocument(sizeMiB: options.sizeMiB)
        defer { document.remove() }
        documentBytes =
            ((try? FileManager.default.attributesOfItem(atPath: document.path)[.size]) as? NSNumber)?.intValue ?? 0
        progress("EditMenuKit: best of 5 in a child process…")
        let project = try measureProjectInChild(path: document.path, cutBytes: nil, smoke: options.smoke)
        self.project = project
        try runPeers(document: document.path)
        if options.json {
            print(comparisonJSON())
            return
        }
        print(comparisonTable())
        print()
        try runScaling(largest: (document, project))
        print(scalingTable())
        print()
        progress("terminal host: input-to-frame latency on the \(format(options.sizeMiB)) MiB file…")
        let terminal = try measureTerminalLatency(path: document.path, cycles: options.terminalCycles)
        self.terminal = terminal
        print(terminalLatencyLines(terminal, sizeMiB: options.sizeMiB).joined(separator: "\n"))
        print()
        print(targetLines().joined(separator: "\n"))
    }

    mutating func runPeers(document path: String) throws {
        guard let setup = PeerSetup.locate(environment: ProcessInfo.processInfo.environment) else {
            setupProblem =
                "the peers' scripts were not found: run from a checkout next to shared/ (../shared/peers) or set PEERS_DIR;"
                + " install them with  bash ../shared/peers/setup.sh VENV  and run with  PEER_VENV=VENV"
            progress("editmenu-bench: " + setupProblem!)
            return
        }
        var missing: [String] = []
        for peer in Peer.all where options.peerKeys?.contains(peer.key) ?? true {
            if let why = setup.missing(peer) {
                missing.append(peer.key)
                peers.append((peer, .failure(BenchError("not installed: \(why)"))))
                continue
            }
            progress("\(peer.key): best of \(options.peerRuns)…")
            do {
                let result = try runPeer(
                    peer, setup: setup, document: path, cutUnits: peerCutUnits,
                    runs: options.peerRuns, log: progress)
                peers.append((peer, .success(result)))
            } catch {
                progress("editmenu-bench: \(error)")
                peers.append((peer, .failure(error)))
            }
        }
        if !missing.isEmpty {
            setupProblem = "missing peers (\(missing.joined(separator: ", "))): \(setup.installHint)"
            progress("editmenu-bench: " + setupProblem!)
        }
    }

    // MARK: Comparison

    func comparisonJSON() -> String {
        let project = self.project.map { measurementJSON($0) } ?? "null"
        let peerFields = peers.map { peer, result in
            let value = (try? result.get()).map { measurementJSON($0.measurement) } ?? "null"
            return "\"\(peer.key)\": \(value)"
        }
        return "{\"project\": \(project), \"peers\": {\(peerFields.joined(separator: ", "))}}"
    }

    func comparisonTable() -> String {
        guard let project else { return "" }
        var lines: [String] = []
        let measured = peers.compactMap { peer, result in (try? result.get()).map { (peer, $0) } }
        lines.append(
            "Comparison: \(format(options.sizeMiB)) MiB generated document, EditMenuKit best of 5, peers best of "
                + "\(options.peerRuns); ratio = peer time / EditMenuKit time (higher is better for EditMenuKit); "
                + machineDescription())
        lines.append("")
        lines.append("| Operation | EditMenuKit | " + measured.map { $0.0.title }.joined(separator: " | ") + " |")
        lines.append("|---|--:|" + String(repeating: "--:|", count: measured.count))
        for op in Operation.allCases {
            let mine = project.seconds[op] ?? 0
            let cells = measured.map { _, result -> String in
                guard let theirs = result.measurement.seconds[op] else { return "—" }
                return "\(formatSeconds(theirs)) (\(ratio(theirs, mine)))"
            }
            lines.append("| \(op.title) | \(formatSeconds(mine)) | " + cells.joined(separator: " | ") + " |")
        }
        if let copyRead = project.copyRead, let copy = project.seconds[.selectAllCopy] {
            let cells = measured.map { _, result -> String in
                guard let theirs = result.measurement.seconds[.selectAllCopy] else { return "—" }
                return "\(formatSeconds(theirs)) (\(ratio(theirs, copy + copyRead)))"
            }
            lines.append(
                "| Select All + Copy, then the text read back | \(formatSeconds(copy + copyRead)) | "
                    + cells.joined(separator: " | ") + " |")
        }
        let rss = measured.map { _, result in
            String(
                format: "%.0f MiB (%@)", result.measurement.peakRSSMiB,
                ratio(result.measurement.peakRSSMiB, project.peakRSSMiB))
        }
        lines.append(
            String(format: "| Peak RSS of the process | %.0f MiB | ", project.peakRSSMiB) + rss.joined(separator: " | ")
                + " |")
        lines.append("")
        lines.append("Notes:")
        lines.append(
            "- Load: EditMenuKit reads the file, validates the UTF-8 and builds its piece table and line index;"
                + " a peer's load is reading and decoding the file in Python plus filling its buffer.")
        lines.append(
            "- Cut and Paste: EditMenuKit cuts a tenth of the document (\(documentBytes / 10) bytes);"
                + " the peers cut \(peerCutUnits) code points (about \(String(format: "%.1f", Double(peerCutUnits) * 1.03 / 1e6)) MB)."
                + " Each undo restores the whole document and is checked.")
        lines.append(
            "- Copy: EditMenuKit's Copy puts a promise of the text on the pasteboard (a snapshot of the piece table);"
                + " the bytes are produced when someone reads them. The row \"then the text read back\" adds reading all"
                + " 100 MiB back as `Data` (what a paste elsewhere costs), against the same peer figures, which already hold the text."
        )
        lines.append(
            "- Peak RSS: each in its own process (EditMenuKit in a child per document), through the seven operations"
                + (project.peakWithReadBackMiB.map {
                    String(format: "; EditMenuKit's is %.0f MiB once the copied text is also read back", $0)
                } ?? "")
                + ".")
        for (peer, result) in peers {
            switch result {
            case .success(let r):
                let version = r.version.isEmpty ? "" : " \(r.version)"
                let checks =
                    r.failedChecks.isEmpty ? "" : "; its own checks FAILED: \(r.failedChecks.joined(separator: ", "))"
                lines.append("- \(peer.title)\(version): \(peer.note)\(checks).")
            case .failure(let error):
                lines.append("- \(peer.title): not measured — \(error).")
            }
        }
        if let setupProblem { lines.append("- \(setupProblem)") }
        return lines.joined(separator: "\n")
    }

    // MARK: Scaling

    /// The project on 1, 10 and `options.sizeMiB` MiB (each in a child process), each with a tenth cut
    /// and with a fixed cut the size of the smallest document's tenth; menu latency on each.
    mutating func runScaling(largest: (TemporaryDocument, Measurement)?) throws {
        let sizes = [1.0, 10.0, options.sizeMiB].reduce(into: [Double]()) {
            if !$0.contains($1) && $1 <= options.sizeMiB { $0.append($1) }
        }
        smallCutBytes = Int(sizes[0] * 1024 * 1024) / 10
        // Every child first: a child's peak RSS starts at this process's, which loading documents here
        // for the menu latency would raise.
        var measured: [(TemporaryDocument, Bool, Measurement, Measurement)] = []
        defer { for (document, owned, _, _) in measured where owned { document.remove() } }
        for size in sizes {
            progress("scaling: \(format(size)) MiB…")
            let reuse = largest.flatMap { $0.0.sizeMiB == size ? $0 : nil }
            let document = try reuse?.0 ?? TemporaryDocument(sizeMiB: size)
            let tenth = try reuse?.1 ?? measureProjectInChild(path: document.path, cutBytes: nil, smoke: options.smoke)
            let small = try measureProjectInChild(path: document.path, cutBytes: smallCutBytes, smoke: options.smoke)
            measured.append((document, reuse == nil, tenth, small))
        }
        for (document, _, tenth, small) in measured {
            progress(
                "scaling: menu latency on \(format(document.sizeMiB)) MiB (\(options.menuPresentations) presentations)…"
            )
            let editor = TextEditor(storage: try TextStorage(contentsOfFile: document.path))
            let menu = measureMenuLatency(editor: editor, count: options.menuPresentations)
            scaling.append((document.sizeMiB, tenth, small, menu))
        }
    }

    /// How a cost grows: by `factor` when the document (or the edit) grows 100×.
    static func growth(_ factor: Double) -> Bool { factor >= 10 }

    func scalingTable() -> String {
        guard let first = scaling.first, let last = scaling.last else { return "" }
        var lines: [String] = []
        lines.append(
            "Scaling: EditMenuKit on \(scaling.map { "\(format($0.sizeMiB)) MiB" }.joined(separator: ", ")),"
                + " cutting and pasting a tenth of each document; the last columns repeat the largest document with"
                + " the smallest one's edit (\(smallCutBytes) bytes) to separate the document's size from the edit's")
        lines.append("")
        let header =
            scaling.map { "\(format($0.sizeMiB)) MiB" } + [
                "\(format(last.sizeMiB)) MiB, \(smallCutBytes / 1024) KiB edit", "grows with",
            ]
        lines.append("| Operation | " + header.joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "--:|", count: scaling.count + 1) + "---|")
        for op in Operation.allCases {
            let cells = scaling.map { formatSeconds($0.tenth.seconds[op] ?? 0) }
            let small = last.small.seconds[op] ?? 0
            // The document grows with a fixed edit: smallest document vs largest, both with the small edit.
            let byDocument = small / max(first.small.seconds[op] ?? 0, 1e-9)
            // The edit grows on a fixed document: the largest document's small edit vs its tenth.
            let byEdit = (last.tenth.seconds[op] ?? 0) / max(small, 1e-9)
            let docGrows = Self.growth(byDocument), editGrows = op.isEditing && op != .selectWord && Self.growth(byEdit)
            let verdict =
                docGrows && editGrows ? "document and edit" : docGrows ? "document" : editGrows ? "edit" : "neither"
            let factors =
                String(format: "document ×%.1f", byDocument)
                + (op == .load || op == .selectWord ? "" : String(format: ", edit ×%.1f", byEdit))
            let title = op.title.replacingOccurrences(of: "10 MB", with: "a tenth")
            lines.append(
                "| \(title) | " + cells.joined(separator: " | ")
                    + " | \(formatSeconds(small)) | \(verdict) (\(factors)) |")
        }
        let menuMedian = scaling.map { formatSeconds($0.menu.summary.median) }
        let menuP99 = scaling.map { formatSeconds($0.menu.summary.p99) }
        let menuFactor = last.menu.summary.p99 / max(first.menu.summary.p99, 1e-9)
        lines.append(
            "| Menu presentation, median | " + menuMedian.joined(separator: " | ") + " | — | "
                + (Self.growth(last.menu.summary.median / max(first.menu.summary.median, 1e-9))
                    ? "document" : "neither")
                + String(format: " (document ×%.1f)", last.menu.summary.median / max(first.menu.summary.median, 1e-9))
                + " |")
        lines.append(
            "| Menu presentation, p99 | " + menuP99.joined(separator: " | ") + " | — | "
                + (Self.growth(menuFactor) ? "document" : "neither") + String(format: " (document ×%.1f)", menuFactor)
                + " |")
        let rss = scaling.map { String(format: "%.0f MiB", $0.tenth.peakRSSMiB) }
        lines.append(
            "| Peak RSS | " + rss.joined(separator: " | ")
                + String(format: " | %.0f MiB | document |", last.small.peakRSSMiB))
        lines.append("")
        lines.append(contentsOf: menuLatencyLines(last.menu, sizeMiB: last.sizeMiB))
        return lines.joined(separator: "\n")
    }

    // MARK: Targets

    func targetLines() -> [String] {
        guard let project else { return [] }
        var lines = ["Targets (docs/performance.md):"]
        func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
        if let read = project.pageCacheRead, let load = project.seconds[.load] {
            lines.append(
                "- load at most 2× the file's read from the page cache: \(verdict(load <= 2 * read))"
                    + String(
                        format: " (%@ vs %@, %.1f×)", formatSeconds(load), formatSeconds(read), load / max(read, 1e-12))
            )
        }
        let measured = peers.compactMap { peer, result in (try? result.get()).map { (peer, $0.measurement) } }
        if let gtk = measured.first(where: { $0.0.key == "gtk4" })?.1 {
            let ratios = Operation.allCases.filter(\.isEditing).map { op in
                (op, (gtk.seconds[op] ?? 0) / max(project.seconds[op] ?? 0, 1e-12))
            }
            let worst = ratios.min { $0.1 < $1.1 }!
            lines.append(
                "- at least 4× faster than GTK 4 on every editing operation: \(verdict(worst.1 >= 4))"
                    + String(format: " (smallest ratio %.1f×, %@)", worst.1, worst.0.title))
            let share = project.peakRSSMiB / max(gtk.peakRSSMiB, 1e-9)
            lines.append(
                "- peak RSS at most a third of GTK 4's: \(verdict(share <= 1.0 / 3))"
                    + String(format: " (%.0f MiB vs %.0f MiB, %.2f×)", project.peakRSSMiB, gtk.peakRSSMiB, share))
        } else {
            lines.append("- GTK 4 targets: not checked, GTK 4 was not measured")
        }
        var slowest: (String, Operation, Double)?
        for (peer, m) in measured {
            for op in Operation.allCases {
                let r = (m.seconds[op] ?? 0) / max(project.seconds[op] ?? 0, 1e-12)
                if slowest == nil || r < slowest!.2 { slowest = (peer.title, op, r) }
            }
        }
        if let slowest {
            lines.append(
                "- never slower than any peer on any operation: \(verdict(slowest.2 >= 1))"
                    + String(format: " (smallest ratio %.1f×, %@ vs %@)", slowest.2, slowest.1.title, slowest.0))
        }
        if let first = scaling.first, let last = scaling.last, scaling.count > 1 {
            let word = (last.tenth.seconds[.selectWord] ?? 0) / max(first.tenth.seconds[.selectWord] ?? 0, 1e-12)
            let menu = last.menu.summary.median / max(first.menu.summary.median, 1e-12)
            lines.append(
                "- word selection independent of document size: \(verdict(!Self.growth(word)))"
                    + String(
                        format: " (%@ → %@ from %@ to %@ MiB, ×%.1f)",
                        formatSeconds(first.tenth.seconds[.selectWord] ?? 0),
                        formatSeconds(last.tenth.seconds[.selectWord] ?? 0), format(first.sizeMiB),
                        format(last.sizeMiB), word))
            lines.append(
                "- menu presentation independent of document size: \(verdict(!Self.growth(menu)))"
                    + String(
                        format: " (median ×%.1f from %@ to %@ MiB)", menu, format(first.sizeMiB), format(last.sizeMiB)))
            lines.append(
                "- menu presentation p99 under 100 µs: \(verdict(last.menu.summary.p99 < 100e-6))"
                    + " (\(formatSeconds(last.menu.summary.p99)) on \(format(last.sizeMiB)) MiB)")
        }
        if let terminal {
            lines.append(
                "- terminal input-to-frame p99 under 2 ms: \(verdict(terminal.all.p99 < 2e-3))"
                    + " (\(formatSeconds(terminal.all.p99)) on \(format(options.sizeMiB)) MiB)")
        }
        return lines
    }
}

/// `12.3×`, or `0.8×` when the peer is faster.
func ratio(_ theirs: Double, _ mine: Double) -> String {
    let r = theirs / max(mine, 1e-12)
    return r >= 100 ? String(format: "%.0f×", r) : String(format: "%.1f×", r)
}

func menuLatencyLines(_ result: MenuLatencyResult, sizeMiB: Double) -> [String] {
    let s = result.summary
    return [
        "Menu presentation on \(format(sizeMiB)) MiB: selection facts + data detection on a \(result.selectedCharacters)-character"
            + " selection + rules + German titles + layout, \(result.itemCount) items (\(result.itemIDs.joined(separator: ", ")));"
            + " \(s.count) presentations: median \(formatSeconds(s.median)), p99 \(formatSeconds(s.p99)), max \(formatSeconds(s.max))",
        "  by phase (median / p99): "
            + zip(["selection facts", "data detection", "rules + titles", "layout"], result.phases).map {
                "\($0.0) \(formatSeconds($0.1.median)) / \(formatSeconds($0.1.p99))"
            }.joined(separator: ", "),
    ]
}

func terminalLatencyLines(_ result: TerminalLatencyResult, sizeMiB: Double) -> [String] {
    var lines = [
        "Terminal host (DemoApp, \(result.columns)×\(result.rows) cells) on the \(format(sizeMiB)) MiB file: input event → handle → render → frame bytes,"
            + " \(result.all.count) events (\(result.framesWithMenu) presented a menu); opening the file took \(formatSeconds(result.openSeconds)); "
            + (result.marksSpelling ? "misspelled words marked (Enchant); " : "no spell checker installed; ")
            + machineDescription(),
        "",
        "| Input | events | median | p99 | max | CPU median | CPU p99 | CPU max |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    let cpu = Dictionary(uniqueKeysWithValues: result.byKindCPU + [("all", result.allCPU)])
    for (kind, s) in result.byKind + [("all", result.all)] {
        let c = cpu[kind]
        lines.append(
            "| \(kind) | \(s.count) | \(formatSeconds(s.median)) | \(formatSeconds(s.p99)) | \(formatSeconds(s.max)) | "
                + "\(c.map { formatSeconds($0.median) } ?? "–") | \(c.map { formatSeconds($0.p99) } ?? "–") | "
                + "\(c.map { formatSeconds($0.max) } ?? "–") |")
    }
    lines.append(
        "(CPU: the measuring thread's own CPU time for the same events, CLOCK_THREAD_CPUTIME_ID — the work on the"
            + " input path without the time the scheduler gave other processes; wall time includes that)")
    return lines
}

/// Cores and load, so the reader knows what else was running.
func machineDescription() -> String {
    var load = [Double](repeating: 0, count: 3)
    let n = getloadavg(&load, 3)
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores"
        + (n > 0 ? String(format: ", load average %.2f", load[0]) : "")
}
