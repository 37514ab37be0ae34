#!/usr/bin/env bash
# Installs what the tests need, idempotently: only what is missing, from Debian's packages.
#   unicode-data  WordBreakTest.txt, GraphemeBreakTest.txt, EastAsianWidth.txt (Unicode conformance tests)
#   tmux          end-to-end tests of `editmenu demo` in a real terminal
#   xdg-utils     xdg-email (Share ▸ Mail) and xdg-open (Search With, data actions)
#   unicode-cldr-core  CLDR annotations for scripts/generate-emoji-data.py (Emoji & Symbols names)
set -euo pipefail
need=()
command -v python3 >/dev/null || need+=(python3)
[ -f /usr/share/unicode/auxiliary/WordBreakTest.txt ] || need+=(unicode-data)
command -v tmux >/dev/null || need+=(tmux)
command -v xdg-email >/dev/null || need+=(xdg-utils)
[ -f /usr/share/unicode/cldr/common/annotations/en.xml ] || need+=(unicode-cldr-core)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
