// swift-tools-version:6.0
// libFuzzer targets over EditMenuKit. Not part of the main package: `scripts/fuzz.sh` builds it with
// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer supplies `main`) and runs each target.
import Foundation
import PackageDescription

/// The core package is the parent directory; a path dependency's identity is its directory name
/// (the checkout, a worktree, CI's copy), so it is computed rather than spelled.
let coreDirectory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let core = coreDirectory.lastPathComponent

let fuzzTargets = ["FuzzPresent", "FuzzInputParser", "FuzzEditing", "FuzzDetector", "FuzzPasteboard"]

let package = Package(
    name: "EditMenuKitFuzz",
    dependencies: [.package(path: coreDirectory.path)],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "EditMenuKit", package: core)])
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport",
                    .product(name: "EditMenuKit", package: core),
                    .product(name: "EditMenuTerminal", package: core),
                    .product(name: "EditMenuScenario", package: core),
                ])
        },
    swiftLanguageModes: [.v6]
)
