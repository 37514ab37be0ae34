#!/usr/bin/env bash
# Smoke-runs every editmenu-bench mode on a small document (--smoke: few repetitions): each must exit 0
# and print the lines its table starts with. It checks that the benchmark runs, never how fast: the
# figures of a smoke run mean nothing (docs/performance.md says how to measure).
#   usage: scripts/bench-smoke.sh [BENCH]     BENCH: an editmenu-bench binary (default: the debug build,
#                                             built here if missing, as `swift test` leaves it)
# --gtk runs when the GTK build is there. --compare runs with one peer, GTK 4 (Debian's python3-gi and gir1.2-gtk-4.0, installed here when
# missing); the other peers need a venv with PySide6, textual and prompt_toolkit (../shared/peers/setup.sh)
# and are not run here.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${1:-}
if [ -z "$bench" ]; then
    swift build --product editmenu-bench 2>&1 | tail -n 1
    bench=.build/debug/editmenu-bench
fi
# The peers: $SHARED/peers when SHARED is set, else the bench finds shared/peers next to the checkout
# or one of its parents.
if [ -n "${SHARED:-}" ]; then export PEERS_DIR="$SHARED/peers"; fi

need=()
for p in python3-gi gir1.2-gtk-4.0; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
if [ ${#need[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failures=0
# run NAME PATTERN… -- ARGS…: runs the bench with ARGS; every PATTERN (grep -E) must match its output.
run() {
    local name=$1 patterns=() started=$SECONDS
    shift
    while [ "$1" != "--" ]; do patterns+=("$1"); shift; done
    shift
    if ! "$bench" "$@" --smoke >"$out/$name.out" 2>"$out/$name.err"; then
        echo "FAIL $name: editmenu-bench $* --smoke exited $?"
        tail -n 20 "$out/$name.err"
        failures=$((failures + 1))
        return
    fi
    for p in "${patterns[@]}"; do
        if ! grep -Eq -- "$p" "$out/$name.out"; then
            echo "FAIL $name: no line matching /$p/ in the output of editmenu-bench $* --smoke:"
            head -n 40 "$out/$name.out"
            failures=$((failures + 1))
            return
        fi
    done
    echo "ok   $name ($((SECONDS - started)) s)"
}

run default '^document: 1 MiB' '^  load ' '^  peak RSS' '^Data detection on a 10 kB' '^Find on a 1 MiB' -- --size 1
run json '^\{"sizeMiB": 1, "seconds": \{"load": ' -- --size 1 --json
run menu '^Menu through EditMenuController' '^  200-character selection +[0-9]+ menus: median' \
    '^  misspelled word' '^Menu presentation on 1 MiB' '^  by phase' -- --menu --size 1
run terminal '^Terminal host' '^\| all \|' '^\| all, no spell checker \|' -- --terminal --size 1
run detection '^Data detection on a 10 kB' '^  mixed-script prose' "^  the machine's limit: reading the 10 kB once" \
    -- --detection
run find '^Find on a 1 MiB' 'Find Next "needle" from the start .*found' 'Undo Replace All .*bytes restored' \
    -- --find --size 1
run language '^Language services' -- --language
run compare '^Comparison: 1 MiB' '^\| Operation \| EditMenuKit \| GTK 4 \|' \
    '^\| Load the file \| .* \| .*×\) \|' '^Scaling: ' '^Terminal host' '^Targets' \
    -- --compare --size 1 --peers gtk4 --peer-runs 1
# The GTK host's latency needs its GTK build (scripts/test-gtk.sh makes it, earlier in CI), Xvfb, xdotool.
if [ -x .build/gtk/debug/editmenu-gtk ] && command -v Xvfb >/dev/null && command -v xdotool >/dev/null; then
    EDITMENU_GTK=.build/gtk/debug/editmenu-gtk run gtk '^GTK host' '^\| right click → menu painted \| 3 \|' \
        '^\| Shift\+F10 → menu painted, first item focused \| 3 \|' '^\| Down → focus moved, painted \| 3 \|' -- --gtk
else
    echo "skip gtk: no .build/gtk/debug/editmenu-gtk (scripts/test-gtk.sh builds it), or no Xvfb/xdotool"
fi

if [ "$failures" -gt 0 ]; then
    echo "bench-smoke: $failures mode(s) failed"
    exit 1
fi
echo "bench-smoke: every mode ran"
