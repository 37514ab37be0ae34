#!/usr/bin/env bash
# Builds a package outside this repository that depends on it by its repository URL — as an app would —
# and imports EditMenuKit, EditMenuTerminal and, through the GTK trait, EditMenuGTK. Checks the committed
# HEAD (SwiftPM fetches a URL dependency through git). Needs GTK 4's headers: installs them first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-gtk.sh
repo=$(pwd)
revision=$(git rev-parse HEAD)
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/NotesApp"
cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "NotesApp",
    dependencies: [.package(url: "file://$repo", revision: "$revision", traits: ["GTK"])],
    targets: [
        .executableTarget(
            name: "NotesApp",
            dependencies: [
                .product(name: "EditMenuKit", package: "$identity"),
                .product(name: "EditMenuTerminal", package: "$identity"),
                .product(name: "EditMenuGTK", package: "$identity"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
EOF
cat > "$work/Sources/NotesApp/main.swift" <<'EOF'
import EditMenuGTK
import EditMenuKit
import EditMenuTerminal

// A host is a few facts and a draw call away: check that the SDK's pieces are all reachable.
let host = HeadlessHost(.text(TextEditor(text: "Call +1 (408) 555-0123", selection: 5..<22)))
let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .phone))
controller.present(input: .touch)
let terminal = EditMenuConfiguration.terminal(idiom: .pad)
let gtk: GTKEditMenuInteraction.Type = GTKEditMenuInteraction.self
print(host.shownMenu?.commands.map(\.id.rawValue).joined(separator: ",") ?? "no menu", terminal.idiom, gtk)
EOF
cd "$work"
swift build 2>&1 | grep -v "prohibited flag" | tail -n 3
./.build/debug/NotesApp
