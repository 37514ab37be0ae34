// swift-tools-version:6.0
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which is whatever the repository was cloned as.
let core = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let kit = Target.Dependency.product(name: "EditMenuKit", package: core.lastPathComponent)

// The GTK 4 host: EditMenuKit's edit menu on real GTK widgets. A separate package so that the core stays
// free of system libraries; it needs Debian's `libgtk-4-dev` (`scripts/setup-gtk.sh`).
let package = Package(
    name: "EditMenuGTK",
    products: [
        .library(name: "EditMenuGTK", targets: ["EditMenuGTK"]),
        .executable(name: "editmenu-gtk", targets: ["editmenu-gtk"]),
    ],
    dependencies: [.package(path: "../..")],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "EditMenuGTK", dependencies: ["CGtk", kit]),
        .executableTarget(
            name: "editmenu-gtk",
            dependencies: ["EditMenuGTK", "CGtk", kit]),
        .testTarget(
            name: "EditMenuGTKTests",
            dependencies: ["EditMenuGTK", "CGtk", kit]),
    ],
    swiftLanguageModes: [.v6]
)
