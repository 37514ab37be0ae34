#!/usr/bin/env bash
# Builds the GTK host (the package's GTK trait) and runs its tests: unit tests and the end-to-end tests
# on Xvfb with xdotool input. Installs what is missing first. A scratch path of its own keeps the
# trait's build apart from the default one (switching traits in one build folder rebuilds everything).
# The tests save pictures of each style to $EDITMENU_SCREENSHOTS (default: a temporary folder);
# scripts/update-gtk-screenshots.sh copies them into docs/gtk/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-gtk.sh
swift build --traits GTK --scratch-path .build/gtk --build-tests
swift test --traits GTK --scratch-path .build/gtk --skip-build --filter EditMenuGTKTests
