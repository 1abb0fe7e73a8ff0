#!/usr/bin/env bash
# memcheck.sh REDUCEVIS — compute-sanitizer memcheck over every version's
# timed kernels (`profile-one`: one whole reduction) and over `capture` (the
# instrumented kernel of a version with trace macros; capture also sums the
# whole array with the timed kernels) at N = 1, 31, 1000003 and 2^25 + 1:
# ragged tails, a single element, a grid of many blocks.  Any out-of-bounds
# or misaligned access, or a CUDA error, fails the test and names the version
# and N.  A kernel without trace macros is captured in a child process under
# the Compute Sanitizer tracer, and one process holds one sanitizer tool:
# under memcheck that child fails to start.  So such a version's capture
# (it says "traced unchanged") is not run under memcheck; its timed build is,
# and its traced run checks itself (an access outside in[] and out[] is an
# error naming the thread and line).
# Exits 77 (CTest: skipped) without a GPU or compute-sanitizer, saying why.
set -u
rv=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "SKIPPED: compute-sanitizer memcheck needs a CUDA GPU (nvidia-smi finds none)"
    exit 77
fi
if [ -z "$san" ]; then
    echo "SKIPPED: compute-sanitizer is not installed (it comes with the CUDA toolkit)"
    exit 77
fi
if ! "$rv" capture --version v0 --n 1 -o "$tmp/probe.rvt" >"$tmp/probe.log" 2>&1; then
    if grep -q "without CUDA" "$tmp/probe.log"; then
        echo "SKIPPED: this reducevis was built without CUDA"
        exit 77
    fi
    echo "FAIL: a plain capture fails before any sanitizer:"; cat "$tmp/probe.log"
    exit 1
fi
versions=$("$rv" versions | awk '/^v[0-9]/ {print $1}')
fail=0 runs=0
for v in $versions; do
    kinds="profile-one capture"
    "$rv" capture --version "$v" --n 4096 -o "$tmp/probe.rvt" 2>&1 | grep -q "traced unchanged" && kinds=profile-one
    for n in 1 31 1000003 33554433; do
        for what in $kinds; do
            runs=$((runs + 1))
            if [ $what = capture ]; then set -- -o "$tmp/t.rvt"; else set --; fi
            if ! timeout 300 "$san" --tool memcheck --error-exitcode 9 --print-limit 20 \
                    "$rv" $what --version "$v" --n "$n" --block-size 256 "$@" >"$tmp/log" 2>&1; then
                fail=$((fail + 1))
                echo "FAIL: memcheck $what $v N=$n:"
                tail -25 "$tmp/log" | sed 's/^/    /'
            elif ! grep -q "ERROR SUMMARY: 0 errors" "$tmp/log"; then
                fail=$((fail + 1))
                echo "FAIL: memcheck $what $v N=$n did not report 0 errors:"
                tail -10 "$tmp/log" | sed 's/^/    /'
            else
                echo "memcheck $what $v N=$n: 0 errors"
            fi
        done
    done
done
echo "memcheck: $runs runs, $fail failed"
[ "$fail" -eq 0 ]
