#!/usr/bin/env bash
# judge_recording_test.sh — the judge's runner (rvjudge) trusts nothing in
# the recording of what launch() queued (src/tracer/queued.h), which the
# student's program could have written: each doctored recording gets a
# clear "cannot be replayed" answer (a key, which reducevis puts into words:
# src/own/run/judged_run.c), never a run, before any GPU is asked
# for — a kernel of the judge's own named, a pointer into memory that is
# none of in[], out[] or launch()'s, GPU memory read back to the host and
# then more work queued (the frames of the host's call carried in the
# answer), a line of no known form, a recording cut short,
# none at all.  A recording that holds none of these gets past every
# check (then, with no GPU, the runner's CUDA start-up fails; on a GPU, its
# missing module is said).  No GPU is needed.
# Usage: judge_recording_test.sh path/to/rvjudge SOURCE_DIR
set -u
judge=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
n=1024
head="queued 1
arrays in 139900000000000 $n out 139900100000000 139900200000000 34 stream 94000000000000
call 1 m $n"
kernel="launch 0 _Z6reducePKfPfj grid 4 1 1 block 256 1 1 cluster 1 1 1 smem 1024 coop 0 stream 94000000000000 params"
in_hex=$(python3 -c 'import struct; print(struct.pack("<Q", 139900000000000).hex())')
out_hex=$(python3 -c 'import struct; print(struct.pack("<Q", 139900100000000).hex())')
near_hex=$(python3 -c 'import struct; print(struct.pack("<Q", 139900000000000 + (3 << 30)).hex())')
n_hex=$(python3 -c 'import struct; print(struct.pack("<I", 1024).hex() + "00000000")')
valid="$head
$kernel $in_hex$out_hex$n_hex"
run() { # NAME TEXT: the runner on a recording holding TEXT (NONE: no file)
    [ "$2" = NONE ] || printf '%s\n' "$2" >"$tmp/$1.txt"
    python3 "$src/tests/own/judge_line.py" signed:7 "$judge" "$tmp/$1.txt" "$tmp" "$n" 256 4 >"$tmp/$1.out" 2>&1
    echo $? >"$tmp/$1.rc"
}
refused() { # NAME TEXT KEY: refused with KEY (a regular expression: the runner's key and
           # arguments, tab-separated) as its answer, exit 0, no call asked for
    run "$1" "$2"
    if grep -q "^U: $3" "$tmp/$1.out" && [ "$(cat "$tmp/$1.rc")" = 0 ] && ! grep -q '^warmup\|^timed' "$tmp/$1.out"; then
        ok
    else
        bad "$1: expected a refusal saying '$3', got (exit $(cat "$tmp/$1.rc")):"; cat "$tmp/$1.out"
    fi
}
refused driver_kernel "$head
launch 0 _ZN16reducevis_driver10fill_inputENS_7patternEPfm grid 4 1 1 block 256 1 1 cluster 1 1 1 smem 0 coop 0 stream 0 params $out_hex" \
    "judge-kernel"
refused foreign_pointer "$head
$kernel $in_hex$near_hex$n_hex" "foreign-pointer"
refused fetch_then_launch "$head
fetch 139900000000000 4096 stream 0
$kernel $in_hex$out_hex$n_hex" "host-between.copy.1$"
refused host_function_then_launch "$head
hold host-function
$kernel $in_hex$out_hex$n_hex" "host-between.host-code.1$"
# ... with the frames of the host's call (the tracer's " at OFF,..."):
# carried in the key, for reducevis to name the student's line; frames not
# of that form make a line of no known form
refused fetch_at_then_launch "$head
fetch 139900000000000 4096 stream 0 at 8bf9,a9d1
$kernel $in_hex$out_hex$n_hex" "host-between.copy.1.at 8bf9,a9d1$"
refused host_function_at_then_launch "$head
hold host-function at abbf
$kernel $in_hex$out_hex$n_hex" "host-between.host-code.1.at abbf$"
for at in "12;x" "0x12" "ABC" "1,,2" "" "1,2,3,4,5,6,7,8,9,a,b,c,d,e,f,10,11"; do
    refused "fetch_at_bad_$(printf %s "$at" | tr -c 'a-zA-Z0-9' _)" "$head
fetch 139900000000000 4096 stream 0 at $at
$kernel $in_hex$out_hex$n_hex" "bad-line.4$"
done
refused garbled "$valid
launch 0 oops" "bad-line.5$"
refused bad_hex "$head
$kernel 12zz" "bad-line.4$"
refused out_of_order "$head
call 3 m 16" "bad-line.4$"
refused graph "$valid
unreplayable graph" "tool.graph.1$"
refused cut_short "queued 1" "incomplete$"
refused no_arrays "call 1 m $n" "incomplete$"
refused missing NONE "no-recording"
refused wrong_n "${valid/call 1 m $n/call 1 m 99}" "call-n.1.99.1024$"

# what passes every check: the GPU (none here) or its module (missing) says the rest
run valid "$valid"
if grep -q '^U: ' "$tmp/valid.out"; then
    if grep -q "^U: module.$(printf '_Z6reducePKfPfj')" "$tmp/valid.out"; then ok
    else bad "valid: refused: $(cat "$tmp/valid.out")"; fi
elif [ "$(cat "$tmp/valid.rc")" = 3 ] && grep -qi "the CUDA context" "$tmp/valid.out"; then ok
else bad "valid: expected the CUDA start-up to fail here (exit 3), got exit $(cat "$tmp/valid.rc"): $(cat "$tmp/valid.out")"; fi
# the recording a fetch ends, written back unchanged (Thrust's sum): replayable
run fetched_back "$valid
fetch 139900100000000 4 stream 0 at 8bf9
upload-fetched 139900100000000 0 4 stream 0"
if grep -q '^U: host-between' "$tmp/fetched_back.out"; then bad "fetched_back: refused: $(cat "$tmp/fetched_back.out")"; else ok; fi
echo "judge_recording: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
