#!/usr/bin/env bash
# Runs every libFuzzer target in Fuzz/ for a bounded time, under AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]   SECONDS per target (default 30); all targets by default
#
# The targets build as their own package (Fuzz/Package.swift, depending on the core by path) in
# .build/fuzz, so the normal build is untouched. Each run reads the committed seed corpus
# (Fuzz/corpus/<target>/) and writes what it discovers to .build/fuzz-corpus/<target>/, so CI never
# changes the checkout. A crash, a sanitizer report or a violated property stops the target, saves the
# input under .build/fuzz-artifacts/ and makes the script exit 1 (replay: `<binary> <artifact>`).
# Every finding becomes a regression test (Tests/*/Reliability*) and its input joins the seed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzPresent FuzzInputParser FuzzEditing FuzzDetector FuzzPasteboard)
fi

scratch=.build/fuzz
# -sanitize=fuzzer instruments for coverage and links libFuzzer; lld, because gold trips over the
# sanitizer runtime's debug information.
echo "== building fuzz targets (ASan + libFuzzer) in $scratch"
mkdir -p "$scratch"
# SwiftPM keeps its build plan when files are only added to the core (a path dependency here), and then
# builds without them: the plan is made again each time (a few seconds).
rm -f "$scratch/debug.yaml"
if ! swift build --package-path Fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >"$scratch/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$scratch/build.log" | grep -v '^\[' >&2 || true
    echo "error: building the fuzz targets failed" >&2
    exit 2
fi
bin="$(swift build --package-path Fuzz --scratch-path "$scratch" --show-bin-path \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)"

status=0
mkdir -p .build/fuzz-artifacts
for target in "${targets[@]}"; do
    if [ ! -x "$bin/$target" ]; then echo "error: $bin/$target was not built" >&2; exit 2; fi
    work=".build/fuzz-corpus/$target"
    mkdir -p "$work"
    echo "== $target: ${seconds}s"
    log=".build/fuzz-artifacts/$target.log"
    if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 "$bin/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix=".build/fuzz-artifacts/$target-" "$work" "Fuzz/corpus/$target" >"$log" 2>&1; then
        grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|DONE" "$log" | tr '\n' ' '; echo
    else
        status=1
        echo "FINDING in $target (log: $log):" >&2
        grep -E "ERROR|Fatal error|property violated|SUMMARY|artifact_prefix|Test unit written" "$log" | head -20 >&2
    fi
done
exit $status
