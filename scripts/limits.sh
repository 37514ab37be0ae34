#!/usr/bin/env bash
# Runs the heavy limit cases (SECURITY.md) and prints one line per case: case | outcome | time | peak RSS.
#
#   scripts/limits.sh [CASE…]    all cases by default:
#     paste-1gb            1 GiB of text on the pasteboard, pasted into a document
#     terminal-paste-1gb   1 GiB through the terminal's bracketed paste, into the demo
#     lines-10m            a 10 million-line file (440 MB) opened, drawn, edited at its end and saved
#     line-50mb            a single 50 MB line opened, drawn, edited, a word selected in it, saved
#     undo-100k            100 000 undo steps, undone and redone
#     events-10k           10 000 input events as one second of input, with 60 frames drawn
#
# Each case runs in its own process (a release build of the package's `editmenu-limits` target,
# Sources/editmenu-limits, in .build/limits, which drives the demo's own file open and save) with a 10-minute
# timeout: a hang fails the run, as does a wrong result or a missing message. Needs about 1.2 GiB of
# memory and 0.9 GB of disk (in .build/limits-work, removed afterwards). Not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
    cases=(paste-1gb terminal-paste-1gb lines-10m line-50mb undo-100k events-10k)
fi
mkdir -p .build/limits
if ! swift build -c release --product editmenu-limits --scratch-path .build/limits >.build/limits/build.log 2>&1; then
    cat .build/limits/build.log >&2
    exit 2
fi
bin="$(swift build -c release --scratch-path .build/limits --show-bin-path)/editmenu-limits"
work=.build/limits-work
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

status=0
echo "case | outcome | time | peak RSS"
for name in "${cases[@]}"; do
    if ! timeout 600 "$bin" "$name" "$work"; then
        echo "$name | FAILED (see above; exit 124 is the 10-minute timeout)" >&2
        status=1
    fi
done
exit $status
