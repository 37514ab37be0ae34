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
# Pointer platforms (EDIT-MENU.md §8 and §10): the mac text context menu and an iPad menu opened at the
# pointer by a secondary click, and a compact menu whose arrow keeps to the straight edge at the container's edge.
"$tool" render "$golden/context-menu-mac-pointer.json" -o docs/style-context-menu-mac-pointer.svg
"$tool" render "$golden/vertical-pad-pointer.json" -o docs/style-vertical-pointer.svg
"$tool" render "$golden/compact-edge.json" -o docs/style-compact-edge.svg
# The two releases side by side (EDIT-MENU.md §13, docs/releases.md).
for scenario in docs/releases/*.json; do "$tool" render "$scenario" -o "${scenario%.json}.svg"; done
echo "wrote docs/style-*.svg and docs/releases/*.svg"
