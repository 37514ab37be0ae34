#!/usr/bin/env bash
# Installs what the tests need, idempotently: only what is missing, from Debian's packages.
#   unicode-data  WordBreakTest.txt, GraphemeBreakTest.txt, EastAsianWidth.txt (Unicode conformance tests)
#   tmux          end-to-end tests of `editmenu demo` in a real terminal
#   xdg-utils     xdg-email (Share ▸ Mail) and xdg-open (Search With, data actions)
#   unicode-cldr-core  CLDR annotations for scripts/generate-emoji-data.py (Emoji & Symbols names)
# and the language services' tools (docs/services.md says which item each brings back):
#   wordnet                         Look Up                 apertium, apertium-eng-spa   Translate
#   espeak-ng                       Speech                  libenchant-2-2, hunspell-*   spelling
# with the Hunspell dictionaries Debian has for the shipped menu languages (none for fi, ja, zh).
set -euo pipefail
need=()
command -v python3 >/dev/null || need+=(python3)
[ -f /usr/share/unicode/auxiliary/WordBreakTest.txt ] || need+=(unicode-data)
command -v tmux >/dev/null || need+=(tmux)
command -v xdg-email >/dev/null || need+=(xdg-utils)
[ -f /usr/share/unicode/cldr/common/annotations/en.xml ] || need+=(unicode-cldr-core)
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
for package in wordnet apertium apertium-eng-spa espeak-ng libenchant-2-2 \
  hunspell-en-us hunspell-ru hunspell-de-de hunspell-fr hunspell-es hunspell-it hunspell-pt-br hunspell-pt-pt \
  hunspell-nl hunspell-sv hunspell-da hunspell-no hunspell-pl hunspell-cs hunspell-uk hunspell-tr hunspell-el \
  hunspell-ar hunspell-he hunspell-ko; do
  installed "$package" || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
