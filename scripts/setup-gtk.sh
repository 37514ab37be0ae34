#!/usr/bin/env bash
# Installs what the GTK host (the GTK trait) needs, idempotently: only what is missing, via Debian's packages.
#   libgtk-4-dev  GTK 4 headers and pkg-config file     xvfb     the X server the end-to-end tests run on
#   xdotool       real X input for those tests          xclip    the real X clipboard, read and written
#   imagemagick   `import` for screenshots              fonts-dejavu-core  a font for Pango to measure with
set -euo pipefail
need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v xclip >/dev/null || need+=(xclip)
command -v import >/dev/null || need+=(imagemagick)
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
