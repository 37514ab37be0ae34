#!/usr/bin/env bash
# The GTK menu as a screen reader hears it: runs Tests/ATSPI/check_menu.py — a real AT-SPI client
# (Debian's python3-pyatspi) — against editmenu-gtk on Xvfb, in a D-Bus session of its own, where the
# accessibility bus (at-spi-bus-launcher) and its registry start on demand. scripts/test-gtk.sh calls it
# after building; the other GTK tests keep accessibility off (NO_AT_BRIDGE, GTK_A11Y=none) to stay fast.
#   usage: scripts/test-gtk-atspi.sh [path/to/editmenu-gtk]
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/gtk/debug/editmenu-gtk}"
[ -x "$binary" ] || { echo "no $binary: build with swift build --traits GTK --scratch-path .build/gtk" >&2; exit 2; }
# Debian's python3 (not another one on PATH): pyatspi is installed for it.
exec dbus-run-session -- /usr/bin/python3 Tests/ATSPI/check_menu.py "$binary" 2> >(grep -v -e 'fd limit' -e 'dbus-daemon' -e 'SpiRegistry' >&2)
