#!/usr/bin/env bash
# Builds the DocC documentation of every library product with the toolchain's own `docc` (no package
# plugin needed): `swift symbolgraph-extract` reads each built module's public API, `docc convert` turns
# it and the module's catalog (Sources/<Module>/<Module>.docc) into a documentation archive
# (.build/<Module>.doccarchive). Warnings fail the build — a broken ``Symbol`` link or an uncurated
# topic is a defect like any other.
#
# EditMenuGTK needs the GTK trait's build (GTK 4's headers, `scripts/setup-gtk.sh`); without
# `pkg-config gtk4` it is skipped with a note, and `--require-gtk` (CI) makes that an error.
set -euo pipefail
cd "$(dirname "$0")/.."
require_gtk=false
[[ "${1:-}" == "--require-gtk" ]] && require_gtk=true
docc=$(command -v docc || echo /opt/swift/usr/bin/docc)
target="$(uname -m)-unknown-linux-gnu"

# document MODULE BIN_PATH [EXTRA symbolgraph-extract ARGS…]
document() {
  local module=$1 bin=$2
  shift 2
  local graphs=".build/symbol-graphs/$module" out=".build/$module.doccarchive"
  rm -rf "$graphs" "$out"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$target" \
    -minimum-access-level public -output-dir "$graphs" "$@"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.editmenukit.$module" \
    --output-path "$out" --warnings-as-errors --diagnostic-level warning 2>&1 | tail -n 40
  echo "documentation: $out"
}

modules=(EditMenuKit EditMenuTerminal EditMenuServices EditMenuScenario)
# One target per `swift build` (it builds only the last `--target` it is given).
for module in "${modules[@]}"; do swift build --target "$module" 2>&1 | tail -n 1; done
bin=$(swift build --show-bin-path)
# EditMenuKit re-exports its layers, and its catalog documents their types as its own.
document EditMenuKit "$bin" -experimental-allowed-reexported-modules=EditMenuText,EditMenuDataDetection
for module in "${modules[@]:1}"; do document "$module" "$bin"; done

if pkg-config --exists gtk4 2>/dev/null; then
  swift build --traits GTK --scratch-path .build/gtk --target EditMenuGTK 2>&1 | tail -n 1
  gtk_bin=$(swift build --traits GTK --scratch-path .build/gtk --show-bin-path)
  gtk_flags=()
  for flag in $(pkg-config --cflags gtk4); do gtk_flags+=(-Xcc "$flag"); done
  document EditMenuGTK "$gtk_bin" -I Sources/CGtk -Xcc -DGTK "${gtk_flags[@]}"
elif $require_gtk; then
  echo "documentation: EditMenuGTK needs GTK 4's headers (bash scripts/setup-gtk.sh)" >&2
  exit 1
else
  echo "documentation: EditMenuGTK skipped — no GTK 4 headers here (bash scripts/setup-gtk.sh adds them)"
fi
