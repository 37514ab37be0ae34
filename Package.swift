// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EditMenuKit",
    defaultLocalization: "en",
    products: [
        .library(name: "EditMenuKit", targets: ["EditMenuKit"]),
        .executable(name: "editmenu", targets: ["editmenu"]),
        .executable(name: "editmenu-bench", targets: ["editmenu-bench"]),
    ],
    targets: [
        .target(
            name: "EditMenuKit",
            resources: [.copy("Localization/Strings")],
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        .executableTarget(name: "editmenu", dependencies: ["EditMenuKit"]),
        .executableTarget(name: "editmenu-bench", dependencies: ["EditMenuKit"]),
        .testTarget(name: "EditMenuKitTests", dependencies: ["EditMenuKit"]),
    ],
    swiftLanguageModes: [.v6]
)
