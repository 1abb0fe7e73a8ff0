#!/usr/bin/env bash
# stamp_ptx.sh — the compiled stamps (kernels/waves.cuh) without a GPU: a
# sample kernel with two early returns (stamp_sample.cu) compiled to PTX for
# sm_90 in the waves build has its entry's time taken once and every way out
# stamped (a %globaltimer read and three 16-byte stores on each: a warp's
# own record, or warp 0's two on the block's slot, with %smid; no other
# special register: the host says a block's cluster and rank), and in the
# plain build nothing at all.
# Usage: stamp_ptx.sh NVCC KERNELS_DIR
set -u
nvcc=$1 kdir=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
"$nvcc" -O3 -arch=sm_90 -I"$kdir" -DRV_WAVES_STAMPS -ptx -o "$tmp/w.ptx" "$here/stamp_sample.cu" 2>"$tmp/err" ||
    { echo "FAIL: the waves build does not compile:"; cat "$tmp/err"; exit 1; }
"$nvcc" -O3 -arch=sm_90 -I"$kdir" -ptx -o "$tmp/p.ptx" "$here/stamp_sample.cu" 2>"$tmp/err" ||
    { echo "FAIL: the plain build does not compile:"; cat "$tmp/err"; exit 1; }
# the ways out: each a timer read and three 16-byte stores (a warp's record;
# warp 0's start and first exit, its end and SM); the entry one read
rets=$(grep -c 'ret;' "$tmp/w.ptx")
timers=$(grep -c '%globaltimer' "$tmp/w.ptx")
stores=$(grep -c 'st.global.v2.u64' "$tmp/w.ptx")
[ "$timers" -ge 4 ] || no "the waves build reads the timer $timers times: the entry and three ways out need 4 ($rets ret)"
[ "$stores" -ge 9 ] || no "the waves build has $stores 16-byte stores: 3 on each of three ways out need 9"
grep -q '%smid' "$tmp/w.ptx" || no "the waves build does not read %smid"
grep -qE '%cluster_ctarank|%is_explicit_cluster|%ctaid.y|%ctaid.z|%tid.y|%tid.z' "$tmp/w.ptx" &&
    no "the waves build reads a special register a one-dimensional stamp has no need of (each costs every exit)"
grep -q 'rv_waves_slots' "$tmp/w.ptx" || no "the waves build has no slots pointer"
for what in '%globaltimer' '%smid' 'rv_waves_slots' 'max.u64' 'st.global.v2.u64'; do
    grep -q "$what" "$tmp/p.ptx" && no "the plain build has '$what' in it: the stamps must compile to nothing"
done
[ $fail = 0 ] && echo "PASS: stamps on entry and on every way out ($timers timer reads, $stores 16-byte stores), none in the plain build"
exit $fail
