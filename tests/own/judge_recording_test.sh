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
# none at all; a word of uploaded data near in[] that maps to nothing; the
# driver's second out[] used in call 1, where launch() was not given it,
# refused alike by a memset, a copy, a kernel's parameter and an uploaded
# word; a stream memory operation on memory the judge does not know, or of
# a form it does not know.  A recording that holds none of these gets past
# every check (then, with no GPU, the runner's CUDA start-up fails; on a
# GPU, its missing module is said): one whose kernel is given `in` and
# `in + n`, an argument struct uploaded into memory launch() keeps, a table
# of pointers, stream memory operations ordering two streams, the second
# out[] from call 2 on.  No GPU is needed.
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

# words of uploaded data, and stream memory operations
q() { python3 -c 'import struct, sys; print(b"".join(struct.pack("<Q", int(a, 0)) for a in sys.argv[1:]).hex())' "$@"; }
in=139900000000000 out0=139900100000000 out1=139900200000000 mine=139900300000000
alloc="alloc $mine 64 sync stream 0"
refused upload_foreign_word "$head
$alloc
upload $mine 24 stream 0 data $(q $in $((in + (3 << 30))) 1024)
$kernel $in_hex$out_hex$n_hex" "foreign-word.1.8.15$"
refused upload_into_nothing "$head
upload $((in + (3 << 30))) 8 stream 0 data $(q $in)
$kernel $in_hex$out_hex$n_hex" "unknown-memory.copy-into.0x"
# the driver's second out[] in call 1: every path says the same
out1_hex=$(q $out1)
refused out1_memset "$head
memset $out1 136 1 136 1 0 stream 0
$kernel $in_hex$out_hex$n_hex" "not-given.1$"
refused out1_copy "$head
copy $out0 $out1 4 stream 0
$kernel $in_hex$out_hex$n_hex" "not-given.1$"
refused out1_param "$head
$kernel $in_hex$out1_hex$n_hex" "not-given.1$"
refused out1_word "$head
$alloc
upload $mine 16 stream 0 data $(q $in $out1)
$kernel $(q $mine)" "not-given.1$"
refused out1_wait "$head
waitvalue $((out1 + 4)) 1 32 0 stream 0
$kernel $in_hex$out_hex$n_hex" "not-given.1$"
refused wait_unknown "$head
waitvalue 4096 1 32 0 stream 0" "unknown-memory.wait-on.0x1000$"
refused write_unknown "$head
writevalue 4096 1 64 0 stream 0" "unknown-memory.write-to.0x1000$"
refused wait_bits "$head
$alloc
waitvalue $mine 1 16 0 stream 0" "bad-line.5$"
refused wait_flags "$head
$alloc
waitvalue $mine 1 32 4 stream 0" "bad-line.5$"
refused write_flags "$head
$alloc
writevalue $mine 1 32 2 stream 0" "bad-line.5$"
refused wait_value32 "$head
$alloc
waitvalue $mine 4294967296 32 0 stream 0" "bad-line.5$"
# a value a stream writes after a copy to the host is the host's making
refused fetch_then_write_value "$head
$kernel $in_hex$out_hex$n_hex
fetch $in 4096 stream 0 at 8bf9
writevalue $out0 1065353216 32 0 stream 0" "host-between.copy.1.at 8bf9$"
refused batch_barrier "$valid
unreplayable cuStreamBatchMemOp-operation-6" "tool.cuStreamBatchMemOp-operation-6.1$"

# what passes every check: the GPU (none here) or its module (missing) says the rest
passes() { # NAME TEXT
    run "$1" "$2"
    if grep -q '^U: ' "$tmp/$1.out"; then
        if grep -q "^U: module.$(printf '_Z6reducePKfPfj')" "$tmp/$1.out"; then ok
        else bad "$1: refused: $(cat "$tmp/$1.out")"; fi
    elif [ "$(cat "$tmp/$1.rc")" = 3 ] && grep -qi "the CUDA context" "$tmp/$1.out"; then ok
    else bad "$1: expected the CUDA start-up to fail here (exit 3), got exit $(cat "$tmp/$1.rc"): $(cat "$tmp/$1.out")"; fi
}
passes valid "$valid"
# first and last = in + n (one past the end, also out[0]'s start here)
passes one_past_end "$head
$kernel $(q $in $((in + 4 * n)))$out_hex$n_hex"
passes one_past_mine "$head
$alloc
$kernel $(q $mine $((mine + 64)))$out_hex$n_hex"
# in, out, n in a struct uploaded into memory launch() allocated once; a
# table of pointers into in[]; out[1] from call 2 on
passes arg_struct "$head
$alloc
upload $mine 24 stream 0 data $(q $in $out0 $n)
$kernel $(q $mine)"
passes pointer_table "$head
$alloc
upload $mine 32 stream 0 data $(q $in $((in + 1024)) $((in + 2048)) $((in + 4 * n)))
$kernel $(q $mine)$out_hex$n_hex"
passes out1_in_call_2 "$valid
call 2 m 4
memset $out1 4 1 4 4 0 stream 0
$kernel $(q $out0 $out1 4)"
# two streams ordered by a flag launch() keeps: a write after the side
# stream's kernel, a wait on the main stream (and the 64-bit forms)
passes stream_memops "$head
$alloc
memset $mine 64 1 64 1 0 stream 0
$kernel $in_hex$out_hex$n_hex
writevalue $mine 1 32 0 stream 94000000000001
waitvalue $mine 1 32 1 stream 94000000000000
writevalue $((mine + 8)) 7 64 1 stream 94000000000001
waitvalue $((mine + 8)) 7 64 0 stream 94000000000000"
# the recording a fetch ends, written back unchanged (Thrust's sum): replayable
run fetched_back "$valid
fetch 139900100000000 4 stream 0 at 8bf9
upload-fetched 139900100000000 0 4 stream 0"
if grep -q '^U: host-between' "$tmp/fetched_back.out"; then bad "fetched_back: refused: $(cat "$tmp/fetched_back.out")"; else ok; fi
echo "judge_recording: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
