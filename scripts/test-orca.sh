#!/usr/bin/env bash
# Orca reads the GTK edit menu (EDIT-MENU.md §15): runs Tests/ATSPI/check_orca.py — Debian's Orca screen
# reader against editmenu-gtk on Xvfb, in a D-Bus session of its own where the accessibility bus starts
# on demand — and checks what Orca presents for the keyboard menu from Orca's debug log. Installs Orca
# first (scripts/setup-orca.sh).
#   usage: scripts/test-orca.sh [path/to/editmenu-gtk]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-orca.sh
binary="${1:-.build/gtk/debug/editmenu-gtk}"
[ -x "$binary" ] || { echo "no $binary: build with swift build --traits GTK --scratch-path .build/gtk" >&2; exit 2; }
# Debian's python3 (not another one on PATH): pyatspi is installed for it.
exec dbus-run-session -- /usr/bin/python3 Tests/ATSPI/check_orca.py "$binary" \
  2> >(grep -v -e 'fd limit' -e 'dbus-daemon' -e 'SpiRegistry' >&2)
