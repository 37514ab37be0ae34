// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EditMenuKit",
    defaultLocalization: "en",
    products: [
        .library(name: "EditMenuKit", targets: ["EditMenuKit"]),
        .executable(name: "editmenu", targets: ["editmenu"]),
    ],
    targets: [
        .target(
            name: "EditMenuKit",
            resources: [.copy("Localization/Strings")],
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        .executableTarget(name: "editmenu", dependencies: ["EditMenuKit"]),
        .testTarget(
            name: "EditMenuKitTests",
            dependencies: ["EditMenuKit"],
            resources: [.copy("Resources/DetectionCorpus")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
