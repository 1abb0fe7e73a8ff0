#!/usr/bin/env bash
# gpu_trace_test.sh — `reducevis trace` on this machine's GPU: a student's
# file traced, timed untraced, opened by inspect and proven against nothing
# less than its own sum; a hanging kernel stopped with its message; a shipped kernel traced
# unchanged and proven equal to the model; and `capture` of every version
# (a kernel without trace macros goes through the tracer) at block sizes 64,
# 256 and 1024, ones, random and the last block of a ragged N, each equal to
# the CPU model bit for bit (test_fidelity).  Skips (77) with a message where
# there is no GPU; tests/gpu/own_trace.sh is the whole run for the recordings.
# Usage: gpu_trace_test.sh path/to/reducevis SOURCE_DIR path/to/test_fidelity
set -u
rv=$1 src=$2 fidelity=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
skip_without_gpu "the recordings under assets/ are tested by own_recorded"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
expect 0 "right" trace "$src/tests/own/my_reduce.cu" --no-view --n 1048576 -o "$tmp/mine.rvt"
# its own timed calls too, untraced (the driver's time mode), their median said
check "the timed run's median said" grep -qE "^timed without the tracer: [0-9.]+ ms for the whole reduction" "$tmp/out"
# the module the traced run loaded is the cubin the compile listed (nvcc_split.h)
command -v nvdisasm >/dev/null && check "its machine code listed while compiling" grep -q "the machine code listed while compiling" "$tmp/out"
expect 0 "my_reduce.cu" inspect "$tmp/mine.rvt"
expect 0 "WRONG SUM" trace "$src/tests/own/wrong_sum.cu" --no-view --no-time --n 1048576 -o "$tmp/wrong.rvt"
expect 2 "did not finish" trace "$src/tests/own/hang.cu" --no-view --timeout 5 -o "$tmp/hang.rvt"
check "no trace of a hanging kernel" test ! -e "$tmp/hang.rvt"
expect 0 "right" trace --kernel v4 --no-view --no-time --n 1048576 -o "$tmp/v4.rvt"
expect 0 "EQUAL" prove "$tmp/v4.rvt"

# capture of the versions without trace macros (their capture says "traced
# unchanged"; test_gpu covers the others): block sizes 64, 256 and 1024, ones,
# random, and the last block of a ragged N, each equal to the model bit for
# bit.  Six at a time: compiling the traced kernel dominates.
unchanged=""
for v in $("$rv" versions | awk '/^v[0-9]/ {print $1}'); do
    timeout 300 "$rv" capture --version "$v" --n 4096 -o "$tmp/probe-$v.rvt" >"$tmp/probe-$v.log" 2>&1
    grep -q "traced unchanged" "$tmp/probe-$v.log" && unchanged="$unchanged $v"
done
check "some versions are captured unchanged (got:$unchanged)" test -n "$unchanged"
one_capture() { # version block-size data n last|first
    local f="$tmp/cap-$1-b$2-${3/:/}-$4-$5.rvt" grid blk=0
    if [ "$5" = last ]; then # the grid from the model's trace of the same run
        grid=$("$rv" simulate --version "$1" --block-size "$2" --data "$3" --n "$4" -o "$f.sim" | sed -n 's/.* of \([0-9]*\),.*/\1/p')
        blk=$((grid - 1))
    fi
    timeout 300 "$rv" capture --version "$1" --block-size "$2" --data "$3" --n "$4" --block "$blk" -o "$f" >"$f.log" 2>&1
}
export -f one_capture; export rv tmp
for v in $unchanged; do
    for b in 64 256 1024; do
        echo "$v $b ones 33554432 first"; echo "$v $b random:5 33554432 first"; echo "$v $b index 1000003 last"
    done
done | xargs -P 6 -L 1 bash -c 'one_capture "$0" "$1" "$2" "$3" "$4"'
for v in $unchanged; do
    for f in "$tmp"/cap-$v-*.rvt.log; do
        t=${f%.log}
        check "$(basename "$t"): captured ($(tail -1 "$f" | cut -c1-160))" test -s "$t"
        [ -s "$t" ] && check "$(basename "$t"): the model matches it bit for bit" "$fidelity" "$t"
    done
done
finish gpu_trace
