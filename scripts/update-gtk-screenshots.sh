#!/usr/bin/env bash
# Runs the GTK host's end-to-end tests and copies the pictures they take of each style into docs/gtk/
# (the README shows them). The tests themselves never write into the source tree.
set -euo pipefail
cd "$(dirname "$0")/.."
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
EDITMENU_SCREENSHOTS="$shots" bash scripts/test-gtk.sh
cp "$shots"/*.png docs/gtk/
ls docs/gtk/*.png
