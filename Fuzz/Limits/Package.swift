// swift-tools-version:6.0
// The heavy limit cases of issue 9 (1 GB paste, 10 million lines, a 50 MB line, 100 000 undo steps,
// 10 000 input events per second), kept out of `swift test`: `scripts/limits.sh` builds and runs them.
import Foundation
import PackageDescription

/// The core package is two folders up; a path dependency's identity is its directory name.
let coreDirectory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
    .deletingLastPathComponent()
let core = coreDirectory.lastPathComponent

let package = Package(
    name: "EditMenuKitLimits",
    dependencies: [.package(path: coreDirectory.path)],
    targets: [
        .executableTarget(
            name: "editmenu-limits",
            dependencies: [
                .product(name: "EditMenuKit", package: core),
                .product(name: "EditMenuTerminal", package: core),
                .product(name: "EditMenuDemo", package: core),
            ])
    ],
    swiftLanguageModes: [.v6]
)
