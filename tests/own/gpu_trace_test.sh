#!/usr/bin/env bash
# gpu_trace_test.sh — `reducevis trace` on this machine's GPU: a student's
# file traced, opened by inspect and proven against nothing less than its own
# sum; a hanging kernel stopped with its message; a shipped kernel traced
# unchanged and proven equal to the model.  Skips (77) with a message where
# there is no GPU; tests/gpu/own_trace.sh is the whole run for the recordings.
# Usage: gpu_trace_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$1 src=$2
if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then
    echo "SKIP: no GPU here (nvidia-smi finds none); the recordings under assets/ are tested by own_recorded"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
expect 0 "right" trace "$src/tests/own/my_reduce.cu" --no-view --n 1048576 -o "$tmp/mine.rvt"
expect 0 "my_reduce.cu" inspect "$tmp/mine.rvt"
expect 0 "WRONG SUM" trace "$src/tests/own/wrong_sum.cu" --no-view --no-time --n 1048576 -o "$tmp/wrong.rvt"
expect 2 "did not finish" trace "$src/tests/own/hang.cu" --no-view --timeout 5 -o "$tmp/hang.rvt"
check "no trace of a hanging kernel" test ! -e "$tmp/hang.rvt"
expect 0 "right" trace --kernel v4 --no-view --no-time --n 1048576 -o "$tmp/v4.rvt"
expect 0 "EQUAL" prove "$tmp/v4.rvt"
finish gpu_trace
