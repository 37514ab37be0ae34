#!/usr/bin/env bash
# Installs what the tests need, idempotently: only what is missing, from Debian's packages.
#   unicode-data  WordBreakTest.txt, GraphemeBreakTest.txt, EastAsianWidth.txt (Unicode conformance tests)
#   tmux          end-to-end tests of `editmenu demo` in a real terminal
#   xdg-utils     xdg-email (Share ▸ Mail) and xdg-open (Search With, data actions)
#   unicode-cldr-core  CLDR annotations for scripts/generate-emoji-data.py (Emoji & Symbols names)
# and the language services' tools (docs/services.md says which item each brings back):
#   wordnet                         Look Up (local fallback)  apertium, apertium-*        Translate
#   dictd, dict-gcide, dict-wn      Look Up (English)         dict-freedict-*-eng         Look Up (others)
#   espeak-ng                       Speech                    libenchant-2-2, hunspell-*  spelling
# with the Hunspell dictionaries, FreeDict dictionaries and Apertium pairs Debian has for the shipped
# menu languages (docs/services.md has the table). The tests start their own dictd
# (scripts/start-dictd.sh); a desktop uses Debian's dictd service.
set -euo pipefail
need=()
command -v python3 >/dev/null || need+=(python3)
[ -f /usr/share/unicode/auxiliary/WordBreakTest.txt ] || need+=(unicode-data)
command -v tmux >/dev/null || need+=(tmux)
command -v xdg-email >/dev/null || need+=(xdg-utils)
[ -f /usr/share/unicode/cldr/common/annotations/en.xml ] || need+=(unicode-cldr-core)
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
# Translate: every pair between shipped languages Debian has (and en-ca, es-ca, fr-ca, pt-ca, whose
# Catalan side the pivot reaches), through which fr, pt, it, … reach English by one pivot.
apertium_pairs="apertium-eng-spa apertium-fr-es apertium-es-pt apertium-spa-ita apertium-eng-cat apertium-spa-cat
  apertium-fra-cat apertium-por-cat apertium-cat-ita apertium-dan-nor apertium-swe-dan apertium-swe-nor
  apertium-rus-ukr"
# Look Up: the monolingual English dictionaries and every FreeDict dictionary from a shipped language into
# English (none exists for he, ko, nb, ru, uk, zh).
dict_packages="dictd dict-gcide dict-wn dict-freedict-ara-eng dict-freedict-ces-eng dict-freedict-dan-eng
  dict-freedict-deu-eng dict-freedict-ell-eng dict-freedict-fin-eng dict-freedict-fra-eng dict-freedict-ita-eng
  dict-freedict-jpn-eng dict-freedict-nld-eng dict-freedict-pol-eng dict-freedict-por-eng dict-freedict-spa-eng
  dict-freedict-swe-eng dict-freedict-tur-eng"
# shellcheck disable=SC2086
for package in wordnet apertium $apertium_pairs $dict_packages espeak-ng libenchant-2-2 \
  hunspell-en-us hunspell-ru hunspell-de-de hunspell-fr hunspell-es hunspell-it hunspell-pt-br hunspell-pt-pt \
  hunspell-nl hunspell-sv hunspell-da hunspell-no hunspell-pl hunspell-cs hunspell-uk hunspell-tr hunspell-el \
  hunspell-ar hunspell-he hunspell-ko; do
  installed "$package" || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # A container has no init: Debian's dictd service may fail to start there, which is not an error here
  # (the tests start their own dictd).
  apt-get install -y -qq "${need[@]}" >/dev/null || dpkg --configure -a >/dev/null 2>&1 || true
  for package in "${need[@]}"; do installed "$package" || { echo "setup: $package did not install" >&2; exit 1; }; done
fi
