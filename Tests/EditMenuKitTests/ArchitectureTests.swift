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

    /// Package.swift's target declarations (a line starting `.target(`, `.executableTarget(` …, up to the
    /// next): each target's kind, name, the quoted strings that follow (its dependencies, among others)
    /// and its `path:`, if any.
    static func packageTargets() throws -> [(kind: String, name: String, quoted: [String], path: String?)] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let kinds = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("]
        var declarations: [(kind: String, quoted: [String], path: String?)] = []
        for line in manifest.split(separator: "\n") {
            let trimmed = line.drop(while: \.isWhitespace)
            if let kind = kinds.first(where: trimmed.hasPrefix) { declarations.append((kind, [], nil)) }
            guard !declarations.isEmpty else { continue }
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            declarations[declarations.count - 1].quoted += quoted
            if let range = line.range(of: "path: \""), let path = line[range.upperBound...].split(separator: "\"").first
            {
                declarations[declarations.count - 1].path = String(path)
            }
        }
        return declarations.compactMap { declaration in
            declaration.quoted.first.map {
                (declaration.kind, $0, Array(declaration.quoted.dropFirst()), declaration.path)
            }
        }
    }

    /// The project's own modules a source may import: every library and system-library target of
    /// Package.swift (read from it, so a new target must join ARCHITECTURE.md's table).
    static func projectModules() throws -> Set<String> {
        Set(try packageTargets().filter { [".target(", ".systemLibrary("].contains($0.kind) }.map(\.name))
    }

    /// ARCHITECTURE.md's table: each library target and the project modules it may import.
    static func documentedImports() throws -> [String: Set<String>] {
        let modules = try projectModules()
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let target = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard modules.contains(target) else { continue }
            let words = cells[3].split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
            table[target] = Set(words).intersection(modules)
        }
        return table
    }

    /// Package.swift's dependencies of target `name` that are project modules.
    static func packageDependencies(of name: String) throws -> Set<String> {
        let declaration = try packageTargets().first { $0.name == name }
        return Set(declaration?.quoted ?? []).intersection(try projectModules())
    }

    @Test("ARCHITECTURE.md's import table matches Package.swift and every source file's imports")
    func importTable() throws {
        let table = try Self.documentedImports()
        let modules = try Self.projectModules()
        let systemLibraries = Set(try Self.packageTargets().filter { $0.kind == ".systemLibrary(" }.map(\.name))
        #expect(
            Set(table.keys) == modules.subtracting(systemLibraries),
            "ARCHITECTURE.md's table and Package.swift's library targets differ")
        let paths = Dictionary(try Self.packageTargets().map { ($0.name, $0.path ?? "Sources/\($0.name)") }) { a, _ in a
        }
        for (target, allowed) in table.sorted(by: { $0.key < $1.key }) {
            #expect(
                try Self.packageDependencies(of: target) == allowed,
                "\(target): Package.swift and ARCHITECTURE.md differ")
            for file in try Self.swiftFiles(under: paths[target] ?? "Sources/\(target)") {
                for line in file.text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                        words[..<index].allSatisfy({ $0.hasPrefix("@") })
                    else { continue }
                    let module = String(words[index + 1])
                    if modules.contains(module) {
                        #expect(allowed.contains(module), "\(file.path) imports \(module), which \(target) may not")
                    }
                    if module == "_FoundationICU" {
                        #expect(file.path == "Sources/EditMenuText/ICU/ICU.swift", "\(file.path) imports ICU directly")
                    }
                }
            }
        }
    }
}
