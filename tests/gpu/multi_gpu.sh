#!/usr/bin/env bash
# multi_gpu.sh — the reduction across two GPUs through NCCL, for real (label
# `gpu`).  Needs two CUDA GPUs and NCCL; otherwise prints SKIPPED with the
# reason and exits 77.
#   1. one process, a thread per GPU: allreduce and reduce, an odd N (the
#      last slice takes the 3 left over), and the sum checked on every GPU
#   2. bench --gpus 2 at one N: the JSON it writes passes test_multi --check;
#      with one GPU visible it says so and times G = 1
#   3. two processes, the unique id through a file; then through NCCL_COMM_ID
#   4. failures: rank 1 vanishes after joining -> rank 0 ends with exit 2 and
#      an error, not a hang; rank 0 alone -> its wait times out (exit 2); a
#      unique id that leads nowhere -> exit 2
# Usage: multi_gpu.sh path/to/reducevis path/to/test_multi BUILD
set -u
rv=$1 checker=$2 build=$3
export NCCL_NVLS_ENABLE=0 # NVLink multicast stays off (shared machines)
if [ "$build" != nccl ]; then
    echo "SKIPPED: this build has no NCCL ($build)"
    exit 77
fi
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
if [ "${gpus:-0}" -lt 2 ]; then
    echo "SKIPPED: the reduction across GPUs needs two CUDA GPUs; nvidia-smi lists ${gpus:-0}"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 1. threads
for coll in allreduce reduce; do
    if timeout 300 "$rv" multi --gpus 2 --n 16777219 --nccl $coll --repeat 5 >"$tmp/out" 2>&1 &&
        grep -q "per slice then NCCL $coll" "$tmp/out" && grep -q ": ok" "$tmp/out"; then
        ok "multi --gpus 2 --nccl $coll"
    else
        bad "multi --gpus 2 --nccl $coll"; cat "$tmp/out"
    fi
done

# 2. bench --gpus 2 at one N, its JSON checked
if timeout 300 "$rv" bench --gpus 2 --n 2^26 --repeat 5 -o "$tmp/b.json" >"$tmp/out" 2>&1 &&
    "$checker" --check "$tmp/b.json" >>"$tmp/out" 2>&1 && "$rv" bench --show "$tmp/b.json" | grep -q "vs 1 GPU"; then
    ok "bench --gpus 2 --n 2^26 (JSON checked)"
else
    bad "bench --gpus 2"; cat "$tmp/out"
fi

# one GPU visible: it says so and runs G = 1
if CUDA_VISIBLE_DEVICES=0 timeout 300 "$rv" bench --gpus 2 --n 2^24 --repeat 5 >"$tmp/out" 2>&1 &&
    grep -q "only 1 GPU is present" "$tmp/out" && grep -q "^  v8 *1 " "$tmp/out" && ! grep -q "^  v8 *2 " "$tmp/out"; then
    ok "one GPU visible: bench --gpus 2 says so and times G = 1"
else
    bad "one GPU visible"; cat "$tmp/out"
fi

# 3. two processes: the id through a file, then through NCCL_COMM_ID
run_pair() { # run_pair NAME ARGS-FOR-BOTH...
    local name=$1
    shift
    timeout 300 "$rv" multi --rank 1 --nranks 2 "$@" >"$tmp/r1" 2>&1 &
    local p1=$!
    timeout 300 "$rv" multi --rank 0 --nranks 2 "$@" >"$tmp/r0" 2>&1
    local s0=$?
    wait $p1
    local s1=$?
    if [ $s0 -eq 0 ] && [ $s1 -eq 0 ] && grep -q ": ok" "$tmp/r0" && grep -q ": ok" "$tmp/r1"; then
        ok "two processes, $name"
    else
        bad "two processes, $name (exit $s0 and $s1)"; cat "$tmp/r0" "$tmp/r1"
    fi
}
run_pair "id file" --id-file "$tmp/id" --n 2^24 --repeat 5
NCCL_COMM_ID=127.0.0.1:$((20000 + RANDOM % 20000)) run_pair "NCCL_COMM_ID" --n 2^24 --repeat 5

# 4. failures end with exit 2 and a message, never a hang
rm -f "$tmp/id2"
start=$SECONDS
timeout 120 "$rv" multi --rank 1 --nranks 2 --id-file "$tmp/id2" --n 2^24 --exit-early --timeout 20 >"$tmp/r1" 2>&1 &
p1=$!
timeout 120 "$rv" multi --rank 0 --nranks 2 --id-file "$tmp/id2" --n 2^24 --timeout 20 >"$tmp/r0" 2>&1
s0=$?
wait $p1
s1=$?
if [ $s0 -eq 2 ] && [ $s1 -eq 3 ] && grep -q "reducevis multi: rank 0" "$tmp/r0"; then
    ok "rank 1 vanished: rank 0 ended with exit 2 after $((SECONDS - start)) s: $(grep 'reducevis multi' "$tmp/r0")"
else
    bad "rank 1 vanished: rank 0 exit $s0, rank 1 exit $s1"; cat "$tmp/r0" "$tmp/r1"
fi
start=$SECONDS
timeout 120 "$rv" multi --rank 0 --nranks 2 --id-file "$tmp/id3" --n 2^24 --timeout 10 >"$tmp/r0" 2>&1
s0=$?
if [ $s0 -eq 2 ] && grep -q "within 10 s" "$tmp/r0"; then
    ok "rank 0 alone: exit 2 after $((SECONDS - start)) s: $(grep 'reducevis multi' "$tmp/r0")"
else
    bad "rank 0 alone: exit $s0"; cat "$tmp/r0"
fi
# a well-formed id of a root that does not exist (all zero bytes)
zeros=$(printf '0%.0s' $(seq 256))
RV_NCCL_ID=$zeros timeout 120 "$rv" multi --rank 1 --nranks 2 --n 2^24 --timeout 10 >"$tmp/r1" 2>&1
s1=$?
if [ $s1 -eq 2 ] && grep -q "reducevis multi: rank 1" "$tmp/r1"; then
    ok "an id that leads nowhere: exit 2: $(grep 'reducevis multi' "$tmp/r1")"
else
    bad "an id that leads nowhere: exit $s1"; cat "$tmp/r1"
fi

echo "multi_gpu: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
