#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer.
#
#   scripts/sanitizers.sh [address|thread]…    both by default
#
# Each sanitizer builds in its own scratch path (.build/asan, .build/tsan), so the normal build is
# untouched. Any sanitizer report fails the run (halt_on_error), as does a failing test.
#
# Both run the whole suite, the tmux end-to-end tests included (their `editmenu demo` is built with the
# same sanitizer). TSan suppresses only the reports scripts/tsan-suppressions.txt explains
# (Synchronization.Mutex, whose futex slow path TSan cannot see).
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
if [ ${#sanitizers[@]} -eq 0 ]; then sanitizers=(address thread); fi

export SWIFT_BACKTRACE=enable=no   # the sanitizers print their own reports
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0:strict_string_checks=1:detect_stack_use_after_return=1"
# Mutex-protected state only: see the file for why (a false positive of Synchronization.Mutex).
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan-suppressions.txt"

for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
    address) scratch=.build/asan ;;
    thread) scratch=.build/tsan ;;
    *) echo "error: unknown sanitizer \"$sanitizer\" (address or thread)" >&2; exit 2 ;;
    esac
    echo "== swift test --sanitize=$sanitizer (scratch $scratch)"
    start=$(date +%s)
    # gold prints thousands of harmless "Cannot export local symbol '__asan_…'" warnings: keep them
    # out of the output.
    mkdir -p "$scratch"
    if ! swift build --sanitize="$sanitizer" --scratch-path "$scratch" --build-tests >"$scratch/build.log" 2>&1; then
        grep -v "Cannot export local symbol" "$scratch/build.log" | grep -v '^\[' >&2 || true
        echo "error: the $sanitizer build failed" >&2
        exit 1
    fi
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch"
    echo "== $sanitizer: clean in $(( $(date +%s) - start ))s"
done
