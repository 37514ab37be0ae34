// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EditMenuKit",
    defaultLocalization: "en",
    products: [
        .library(name: "EditMenuKit", targets: ["EditMenuKit"]),
        .library(name: "EditMenuTerminal", targets: ["EditMenuTerminal"]),
        .library(name: "EditMenuScenario", targets: ["EditMenuScenario"]),
        .library(name: "EditMenuServices", targets: ["EditMenuServices"]),
        .executable(name: "editmenu", targets: ["editmenu"]),
        .executable(name: "editmenu-bench", targets: ["editmenu-bench"]),
    ],
    targets: [
        .target(
            name: "EditMenuKit",
            resources: [.copy("Localization/Strings")],
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        .target(name: "EditMenuScenario", dependencies: ["EditMenuKit"]),
        .target(name: "EditMenuServices", dependencies: ["EditMenuKit"]),
        .target(name: "EditMenuTerminal", dependencies: ["EditMenuKit"]),
        .target(name: "EditMenuDemo", dependencies: ["EditMenuKit", "EditMenuTerminal", "EditMenuServices"]),
        .executableTarget(
            name: "editmenu",
            dependencies: ["EditMenuKit", "EditMenuScenario", "EditMenuTerminal", "EditMenuDemo", "EditMenuServices"]),
        .executableTarget(name: "editmenu-bench", dependencies: ["EditMenuKit", "EditMenuTerminal", "EditMenuDemo"]),
        .target(name: "EditMenuTestSupport", path: "Tests/EditMenuTestSupport"),
        .testTarget(
            name: "EditMenuKitTests",
            dependencies: ["EditMenuKit", "EditMenuScenario", "EditMenuTestSupport"],
            resources: [.copy("Golden"), .copy("Resources/DetectionCorpus")]
        ),
        .testTarget(
            name: "EditMenuTerminalTests",
            dependencies: [
                "EditMenuTerminal", "EditMenuDemo", "EditMenuKit", "EditMenuServices", "EditMenuTestSupport",
            ]),
        .testTarget(
            name: "EditMenuServicesTests", dependencies: ["EditMenuServices", "EditMenuKit", "EditMenuTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
