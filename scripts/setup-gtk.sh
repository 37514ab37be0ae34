#!/usr/bin/env bash
# Installs what the GTK host (the GTK trait) needs, idempotently: only what is missing, via Debian's packages.
#   libgtk-4-dev  GTK 4 headers and pkg-config file     xvfb     the X server the end-to-end tests run on
#   xdotool       real X input for those tests          xclip    the real X clipboard, read and written
#   imagemagick   `import` for screenshots              fonts-dejavu-core  a font for Pango to measure with
#   python3-pyatspi  the AT-SPI client of the accessibility test    at-spi2-core  the accessibility bus
#   dbus          dbus-run-session, a session bus for that test
#   adwaita-icon-theme  the freedesktop icons (edit-cut, edit-copy …) menu items draw (EDIT-MENU.md §13)
set -euo pipefail
need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v xclip >/dev/null || need+=(xclip)
command -v import >/dev/null || need+=(imagemagick)
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || need+=(python3-pyatspi)
[ -x /usr/libexec/at-spi-bus-launcher ] || need+=(at-spi2-core)
command -v dbus-run-session >/dev/null || need+=(dbus)
[ -f /usr/share/icons/Adwaita/index.theme ] || need+=(adwaita-icon-theme)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
