#!/usr/bin/env bash
# Builds the GTK host (Hosts/GTK) and runs its tests: unit tests and the end-to-end tests on Xvfb with
# xdotool input, which also refresh the screenshots in Hosts/GTK/docs/. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-gtk.sh
swift build --package-path Hosts/GTK --build-tests
swift test --package-path Hosts/GTK --skip-build
