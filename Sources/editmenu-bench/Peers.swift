import Foundation

/// One of the toolkits in `../shared/peers/` that run the same operations on the same document.
struct Peer {
    /// The key in `--compare --json`.
    var key: String
    /// The column title.
    var title: String
    /// The script in the peers' folder, and its arguments.
    var script: String
    var arguments: [String]
    /// Whether it runs on the system's Python (GTK's PyGObject is Debian's) instead of the venv's.
    var usesSystemPython: Bool
    /// A Python statement that fails when the toolkit is not installed.
    var importProbe: String
    /// What its operations do differently, for the table's notes.
    var note: String

    static let all: [Peer] = [
        Peer(
            key: "gtk4", title: "GTK 4", script: "peer_gtk.py", arguments: [], usesSystemPython: true,
            importProbe: "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk",
            note: "GtkTextBuffer (PyGObject); Copy and Cut take the text as a string (get_text), no GdkClipboard"),
        Peer(
            key: "qt-doc", title: "Qt 6", script: "peer_qt.py", arguments: ["--mode", "doc"], usesSystemPython: false,
            importProbe: "import PySide6.QtWidgets",
            note:
                "QTextDocument + QPlainTextDocumentLayout + QTextCursor (PySide6, offscreen); Copy = selection().toPlainText()"
        ),
        Peer(
            key: "textual", title: "textual", script: "peer_textual.py", arguments: [], usesSystemPython: false,
            importProbe: "import textual",
            note: "TextArea under App.run_test(); no double-click word selection: its word regex around the caret"),
        Peer(
            key: "prompt_toolkit", title: "prompt_toolkit", script: "peer_pt.py", arguments: [],
            usesSystemPython: false,
            importProbe: "import prompt_toolkit",
            note:
                "Buffer + InMemoryClipboard; word = find_boundaries_of_current_word; Copy of everything is a Python slice of the whole str, which CPython returns without copying"
        ),
    ]
}

/// Where the peers' scripts and their Python are.
struct PeerSetup {
    var directory: String
    var venv: String

    static let systemPython = "/usr/bin/python3"

    /// The peers' folder: `$PEERS_DIR`, else `shared/peers` in the working directory or one of its
    /// ancestors (`../shared/peers` from a checkout next to `shared/`). The venv: `$PEER_VENV`, else
    /// `peers-venv` next to `shared/`.
    static func locate(environment: [String: String]) -> PeerSetup? {
        var directory = environment["PEERS_DIR"]
        if directory == nil {
            var url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            while url.path != "/" {
                let candidate = url.appendingPathComponent("shared/peers")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("common.py").path) {
                    directory = candidate.path
                    break
                }
                url.deleteLastPathComponent()
            }
        }
        guard let directory else { return nil }
        let venv =
            environment["PEER_VENV"]
            ?? URL(fileURLWithPath: directory).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("peers-venv").path
        return PeerSetup(directory: directory, venv: venv)
    }

    func python(for peer: Peer) -> String {
        peer.usesSystemPython ? Self.systemPython : "\(venv)/bin/python"
    }

    /// How to install what is missing.
    var installHint: String {
        "install the peers with:  bash \(directory)/setup.sh VENV   then run with  PEER_VENV=VENV"
            + " (now looking in \(venv))"
    }

    /// Why `peer` cannot run here, or `nil` when it can.
    func missing(_ peer: Peer) -> String? {
        let python = python(for: peer)
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) does not exist" }
        guard
            let probe = try? runChild(
                python, ["-c", peer.importProbe], environment: ProcessInfo.processInfo.environment),
            probe.succeeded
        else { return "\(python) cannot import it" }
        return nil
    }
}

/// A peer's best times and peak RSS over its runs.
struct PeerResult {
    var measurement: Measurement
    /// The toolkit's version and the like, from the peer's `info`.
    var version: String
    /// Checks the peer made on its own results that failed (lengths, undo restoring the text).
    var failedChecks: [String]
    var runs: Int
}

/// Runs `peer` `runs` times on the document at `path` and keeps, per operation, the fastest run
/// (like `run_all.py`), and the largest peak RSS.
func runPeer(
    _ peer: Peer, setup: PeerSetup, document path: String, cutUnits: Int, runs: Int,
    log: (String) -> Void
) throws(BenchError) -> PeerResult {
    var environment = ProcessInfo.processInfo.environment
    environment["PEER_DOC"] = path
    environment["PEER_CUT"] = String(cutUnits)
    environment["QT_QPA_PLATFORM"] = "offscreen"
    var best: [Operation: Double] = [:]
    var peak = 0.0
    var failed: Set<String> = []
    var version = ""
    for run in 1...runs {
        let child = try runChild(
            setup.python(for: peer), ["\(setup.directory)/\(peer.script)"] + peer.arguments,
            environment: environment)
        guard child.succeeded, let object = lastJSONObject(in: child.standardOutput),
            let times = object["times_s"] as? [String: Any]
        else {
            throw BenchError(
                "\(peer.key) run \(run) failed (\(child.statusDescription)): \(child.standardError.suffix(800))")
        }
        for op in Operation.allCases {
            var total = 0.0
            for key in op.peerKeys {
                guard let value = (times[key] as? NSNumber)?.doubleValue else {
                    throw BenchError("\(peer.key) printed no \"\(key)\" time")
                }
                total += value
            }
            best[op] = min(best[op] ?? .infinity, total)
        }
        peak = max(peak, child.peakRSSMiB)
        for (name, ok) in (object["checks"] as? [String: Any]) ?? [:] where (ok as? Bool) != true {
            failed.insert(name)
        }
        if let info = object["info"] as? [String: Any] {
            version = ["gtk", "qt", "textual", "version"].compactMap { info[$0] as? String }.first ?? ""
        }
        log(
            "  \(peer.key) run \(run)/\(runs): "
                + Operation.allCases.map { op in
                    "\(op.rawValue) \(formatSeconds(op.peerKeys.compactMap { (times[$0] as? NSNumber)?.doubleValue }.reduce(0, +)))"
                }.joined(separator: ", ") + String(format: ", peak RSS %.0f MiB", child.peakRSSMiB))
    }
    return PeerResult(
        measurement: Measurement(seconds: best, peakRSSMiB: peak), version: version,
        failedChecks: failed.sorted(), runs: runs)
}
