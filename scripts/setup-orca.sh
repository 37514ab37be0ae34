#!/usr/bin/env bash
# Installs what the screen reader check (scripts/test-orca.sh) needs, idempotently: the GTK host's own
# (scripts/setup-gtk.sh), then Debian's Orca (which brings speech-dispatcher and its Python client).
set -euo pipefail
bash "$(dirname "$0")/setup-gtk.sh"
if ! command -v orca >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends orca >/dev/null
fi
