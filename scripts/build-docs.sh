#!/usr/bin/env bash
# Builds EditMenuKit's DocC documentation with the toolchain's own `docc` (no package plugin needed):
# `swift symbolgraph-extract` reads the built module's public API, `docc convert` turns it and the catalog
# (Sources/EditMenuKit/EditMenuKit.docc) into a documentation archive. Warnings fail the build — a
# broken ``Symbol`` link or an uncurated topic is a defect like any other.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/symbol-graphs
out=.build/EditMenuKit.doccarchive
rm -rf "$graphs" "$out"
mkdir -p "$graphs"
swift build --target EditMenuKit 2>&1 | tail -n 1
bin=$(swift build --show-bin-path)
swift symbolgraph-extract -module-name EditMenuKit -I "$bin/Modules" -target "$(uname -m)-unknown-linux-gnu" \
  -minimum-access-level public -output-dir "$graphs" \
  -experimental-allowed-reexported-modules=EditMenuText,EditMenuDataDetection
docc=$(command -v docc || echo /opt/swift/usr/bin/docc)
"$docc" convert Sources/EditMenuKit/EditMenuKit.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name EditMenuKit --fallback-bundle-identifier org.editmenukit.EditMenuKit \
  --output-path "$out" --warnings-as-errors --diagnostic-level warning 2>&1 | tail -n 40
echo "documentation: $out"
