#!/usr/bin/env bash
# Installs what the Wayland end-to-end suite (scripts/test-wayland.sh) needs, idempotently: only what is
# missing, via Debian's packages, after the GTK host's own (scripts/setup-gtk.sh).
#   sway            a wlroots compositor; its headless backend is the desktop the suite runs on, and it
#                   offers the virtual keyboard and virtual pointer protocols the input comes through
#   wtype           keys, through the virtual keyboard protocol       grim   screenshots (wlr-screencopy)
#   wl-clipboard    wl-paste / wl-copy, the Wayland clipboard          libwayland-dev  wayland-scanner and
#   gcc             the C compiler for the suite's virtual pointer client (Tests/Wayland/)   libwayland-client
set -euo pipefail
bash "$(dirname "$0")/setup-gtk.sh"
need=()
command -v sway >/dev/null || need+=(sway)
command -v wtype >/dev/null || need+=(wtype)
command -v grim >/dev/null || need+=(grim)
command -v wl-paste >/dev/null || need+=(wl-clipboard)
command -v wayland-scanner >/dev/null && pkg-config --exists wayland-client 2>/dev/null || need+=(libwayland-dev)
command -v gcc >/dev/null || need+=(gcc)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends "${need[@]}" >/dev/null
fi
