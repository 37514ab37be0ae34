#!/usr/bin/env bash
# Installs what the tests need, idempotently: only what is missing, via Debian's packages.
set -euo pipefail
need=()
command -v python3 >/dev/null || need+=(python3)
[ -f /usr/share/unicode/auxiliary/WordBreakTest.txt ] || need+=(unicode-data)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
