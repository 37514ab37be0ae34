// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EditMenuKit",
    defaultLocalization: "en",
    products: [
        .library(name: "EditMenuKit", targets: ["EditMenuKit"]),
        .library(name: "EditMenuTerminal", targets: ["EditMenuTerminal"]),
        .executable(name: "editmenu", targets: ["editmenu"]),
        .executable(name: "editmenu-bench", targets: ["editmenu-bench"]),
    ],
    targets: [
        .target(
            name: "EditMenuKit",
            resources: [.copy("Localization/Strings")],
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        .target(name: "EditMenuTerminal", dependencies: ["EditMenuKit"]),
        .executableTarget(name: "editmenu", dependencies: ["EditMenuKit", "EditMenuTerminal"]),
        .executableTarget(name: "editmenu-bench", dependencies: ["EditMenuKit", "EditMenuTerminal"]),
        .target(name: "EditMenuTestSupport", path: "Tests/EditMenuTestSupport"),
        .testTarget(
            name: "EditMenuKitTests",
            dependencies: ["EditMenuKit", "EditMenuTestSupport"],
            resources: [.copy("Golden"), .copy("Resources/DetectionCorpus")]
        ),
        .testTarget(name: "EditMenuTerminalTests", dependencies: ["EditMenuTerminal", "EditMenuKit", "EditMenuTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
