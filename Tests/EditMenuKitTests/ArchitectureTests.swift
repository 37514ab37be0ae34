import Foundation
import Testing

/// ARCHITECTURE.md's claims, checked against the sources: outside tools run only through
/// `EditMenuServices.ProcessRunner`.
@Suite("ARCHITECTURE.md holds")
struct ArchitectureTests {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `folder` (relative to the root), with its path relative to the root.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("Every outside tool runs through ProcessRunner: no other file starts a process")
    func toolsRunThroughTheProcessRunner() throws {
        let runner = "Sources/EditMenuServices/ProcessRunner.swift"
        // What starts a process in Swift on Linux: Foundation's Process, posix_spawn, fork/exec, system(3).
        let starters = [
            "Process()", "Foundation.Process(", "posix_spawn(", "posix_spawnp(", "fork()", "execv(", "execvp(",
        ]
        var offenders: [String] = []
        for folder in ["Sources", "Examples"] {
            for file in try Self.swiftFiles(under: folder) where file.path != runner {
                for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    for starter in starters where code.contains(starter) {
                        offenders.append("\(file.path):\(number + 1): \(starter)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "start tools with EditMenuServices.ProcessRunner instead: \(offenders)")
        #expect(try Self.swiftFiles(under: "Sources").contains { $0.path == runner })
    }
}
