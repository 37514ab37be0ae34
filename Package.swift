// swift-tools-version:6.1
import PackageDescription

/// Targets that need GTK 4's headers (Debian's `libgtk-4-dev`) only with the `GTK` trait:
/// `swift build --traits GTK`, or `.package(url: …, traits: ["GTK"])` from another package.
let gtk = TargetDependencyCondition.when(traits: ["GTK"])

let package = Package(
    name: "EditMenuKit",
    defaultLocalization: "en",
    products: [
        .library(name: "EditMenuKit", targets: ["EditMenuKit", "EditMenuText", "EditMenuDataDetection"]),
        .library(name: "EditMenuTerminal", targets: ["EditMenuTerminal"]),
        .library(name: "EditMenuScenario", targets: ["EditMenuScenario"]),
        .library(name: "EditMenuServices", targets: ["EditMenuServices"]),
        .library(name: "EditMenuGTK", targets: ["EditMenuGTK"]),
        .executable(name: "editmenu", targets: ["editmenu"]),
        .executable(name: "editmenu-bench", targets: ["editmenu-bench"]),
        .executable(name: "editmenu-gtk", targets: ["editmenu-gtk"]),
    ],
    traits: [
        .trait(name: "GTK", description: "The GTK 4 host (EditMenuGTK, editmenu-gtk); needs libgtk-4-dev."),
        .default(enabledTraits: []),
    ],
    targets: [
        // The core, in layers the compiler keeps (ARCHITECTURE.md): text and editing at the bottom, data
        // detection on it, the kit on both (it re-exports them: `import EditMenuKit` gives a host everything).
        .target(name: "EditMenuText", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(name: "EditMenuDataDetection", dependencies: ["EditMenuText"]),
        .target(
            name: "EditMenuKit",
            dependencies: ["EditMenuText", "EditMenuDataDetection"],
            resources: [.copy("Localization/Strings"), .copy("Emoji/Generated/Annotations")]
        ),
        .target(name: "EditMenuScenario", dependencies: ["EditMenuKit"]),
        .target(name: "EditMenuServices", dependencies: ["EditMenuKit"]),
        .target(name: "EditMenuTerminal", dependencies: ["EditMenuKit", "EditMenuServices"]),
        .target(name: "EditMenuDemo", dependencies: ["EditMenuKit", "EditMenuTerminal", "EditMenuServices"]),
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(
            name: "EditMenuGTK",
            dependencies: ["EditMenuKit", "EditMenuServices", .target(name: "CGtk", condition: gtk)]),
        .executableTarget(
            name: "editmenu",
            dependencies: ["EditMenuKit", "EditMenuScenario", "EditMenuTerminal", "EditMenuDemo", "EditMenuServices"]),
        .executableTarget(
            name: "editmenu-bench", dependencies: ["EditMenuKit", "EditMenuTerminal", "EditMenuDemo", "EditMenuServices"]),
        // The heavy limit cases (SECURITY.md), out of `swift test`: `scripts/limits.sh` builds and runs them.
        .executableTarget(name: "editmenu-limits", dependencies: ["EditMenuKit", "EditMenuTerminal", "EditMenuDemo"]),
        .executableTarget(
            name: "editmenu-gtk",
            dependencies: ["EditMenuGTK", "EditMenuKit", "EditMenuServices", .target(name: "CGtk", condition: gtk)]),
        .executableTarget(
            name: "terminal-notes", dependencies: ["EditMenuKit", "EditMenuTerminal"], path: "Examples/TerminalNotes"),
        .executableTarget(
            name: "gtk-notes", dependencies: ["EditMenuKit", "EditMenuGTK", .target(name: "CGtk", condition: gtk)],
            path: "Examples/GTKNotes"),
        .target(
            name: "EditMenuTestSupport", dependencies: ["EditMenuKit", "EditMenuServices"], path: "Tests/EditMenuTestSupport"),
        .testTarget(
            name: "EditMenuKitTests",
            dependencies: [
                "EditMenuKit", "EditMenuText", "EditMenuDataDetection", "EditMenuScenario", "EditMenuTestSupport",
            ],
            resources: [.copy("Golden"), .copy("Resources/DetectionCorpus")]
        ),
        .testTarget(
            name: "EditMenuTerminalTests",
            dependencies: ["EditMenuTerminal", "EditMenuDemo", "EditMenuKit", "EditMenuServices", "EditMenuTestSupport"]),
        .testTarget(name: "EditMenuServicesTests", dependencies: ["EditMenuServices", "EditMenuKit", "EditMenuTestSupport"]),
        .testTarget(
            name: "EditMenuGTKTests",
            dependencies: ["EditMenuGTK", "EditMenuKit", "EditMenuTestSupport", .target(name: "CGtk", condition: gtk)]),
    ],
    swiftLanguageModes: [.v6]
)
