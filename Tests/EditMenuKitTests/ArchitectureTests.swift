import Foundation
import Testing

/// ARCHITECTURE.md's claims, checked against the sources: its import table matches Package.swift
/// and every source file's imports, and outside tools run only through `EditMenuServices.ProcessRunner`.
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

    /// The project's own modules (targets of Package.swift a source may import).
    static let projectModules: Set<String> = [
        "EditMenuKit", "EditMenuScenario", "EditMenuServices", "EditMenuTerminal", "EditMenuDemo", "EditMenuGTK",
        "CGtk",
    ]

    /// ARCHITECTURE.md's table: each library target and the project modules it may import.
    static func documentedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let target = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard projectModules.contains(target) else { continue }
            let words = cells[3].split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
            table[target] = Set(words).intersection(projectModules)
        }
        return table
    }

    /// Package.swift's dependencies of target `name` that are project modules: the quoted names
    /// between its declaration (a line starting `.target(`, `.executableTarget(` …) and the next.
    static func packageDependencies(of name: String) throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var declarations: [[String]] = []
        for line in manifest.split(separator: "\n") {
            let trimmed = line.drop(while: \.isWhitespace)
            if [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("].contains(where: trimmed.hasPrefix)
            {
                declarations.append([])
            }
            guard !declarations.isEmpty else { continue }
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            declarations[declarations.count - 1] += quoted
        }
        let declaration = declarations.first { $0.first == name } ?? []
        return Set(declaration.dropFirst()).intersection(projectModules)
    }

    @Test("ARCHITECTURE.md's import table matches Package.swift and every source file's imports")
    func importTable() throws {
        let table = try Self.documentedImports()
        #expect(Set(table.keys) == Self.projectModules.subtracting(["CGtk"]), "a library target missing from the table")
        for (target, allowed) in table.sorted(by: { $0.key < $1.key }) {
            #expect(
                try Self.packageDependencies(of: target) == allowed,
                "\(target): Package.swift and ARCHITECTURE.md differ")
            for file in try Self.swiftFiles(under: "Sources/\(target)") {
                for line in file.text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                        words[..<index].allSatisfy({ $0.hasPrefix("@") })
                    else { continue }
                    let module = String(words[index + 1])
                    if Self.projectModules.contains(module) {
                        #expect(allowed.contains(module), "\(file.path) imports \(module), which \(target) may not")
                    }
                    if module == "_FoundationICU" {
                        #expect(file.path == "Sources/EditMenuKit/ICU/ICU.swift", "\(file.path) imports ICU directly")
                    }
                }
            }
        }
    }
}
