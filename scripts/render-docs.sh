#!/usr/bin/env bash
# Renders the README's pictures of each menu style into docs/ from the golden scenarios.
# usage: scripts/render-docs.sh   (builds editmenu in debug first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product editmenu >/dev/null
tool=.build/debug/editmenu
golden=Tests/EditMenuKitTests/Golden
mkdir -p docs
"$tool" render "$golden/compact-phone.json" -o docs/style-compact.svg
"$tool" render "$golden/compact-phone.json" --page 1 -o docs/style-compact-page2.svg
"$tool" render "$golden/compact-rtl.json" -o docs/style-compact-rtl.svg
"$tool" render "$golden/vertical-pad.json" -o docs/style-vertical.svg
"$tool" render "$golden/context-menu-mac.json" -o docs/style-context-menu.svg
"$tool" render "$golden/menu-bar-mac.json" -o docs/style-menu-bar.svg
echo "wrote docs/style-*.svg"
