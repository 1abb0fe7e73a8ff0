#!/usr/bin/env bash
# stamped_versions.sh — every shipped version's waves build (cmake/
# waves_build.cmake: the kernel file with RV_WAVES_STAMPS in a namespace of
# its own) compiled to PTX for sm_90, no GPU needed: each kernel of each
# file, every block size, reads the timer and %smid and makes the 16-byte
# stores of kernels/waves.cuh, and finds its slots in constant memory: the
# per-warp stamps (RV_WAVES_BLOCK) three 16-byte stores at least, the tree
# stamp (RV_WAVES_TREE, v0 to v7) one, its sum's with it, and no other
# global store (its waves build's result line rewritten into the stamp's,
# exactly once a file: cmake/waves_build.cmake), and a read of the timer
# before its first barrier besides its entry's (two reads before it) and
# its result's; and no kernel file's plain text (the
# timed and traced builds) says more than the one `RV_WAVES_BLOCK();` or
# `RV_WAVES_TREE();` on its kernel's `{` line, which the embedded source
# leaves out (cmake/embed_sources.cmake).
# Usage: stamped_versions.sh NVCC SOURCE_DIR WRAPPER_DIR
set -u
nvcc=$1 src=$2 wdir=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
n=0
for k in "$src"/kernels/v*_*.cu; do
    stem=$(basename "$k" .cu)
    n=$((n + 1))
    [ -f "$wdir/waves_$stem.cu" ] || no "$stem has no waves build in $wdir"
    globals=$(grep -c '__global__' "$k")
    stamps=$(grep -c -E '^\{   RV_WAVES_(BLOCK|TREE)\(\);$' "$k")
    [ "$stamps" = "$globals" ] || no "$stem: $globals kernels but $stamps lines '{   RV_WAVES_BLOCK();' or '{   RV_WAVES_TREE();'"
    if grep -q '^{   RV_WAVES_TREE();$' "$k"; then
        echo "$stem" >>"$tmp/trees"
        rewritten=$(grep -c 'rv_waves_write(rv_waves_tree_(), .*// rv:write$' "$wdir/waves_$stem.cu" 2>/dev/null)
        [ "$rewritten" = 1 ] || no "$stem: its waves build has ${rewritten:-no} result lines rewritten for the tree stamp, not 1"
    fi
done
[ $n -gt 0 ] || no "no kernel files in $src/kernels"
# two at a time: nvcc takes most of this test's time
ls "$wdir"/waves_*.cu | xargs -P2 -I{} sh -c \
    '"$0" -O3 -std=c++17 -arch=sm_90 -DRV_WAVES_STAMPS -I"$1/src" -I"$1/kernels" -ptx -o "$2/$(basename {} .cu).ptx" {} 2>"$2/$(basename {} .cu).err" ||
     { echo "FAIL: {} does not compile:"; head -20 "$2/$(basename {} .cu).err"; }' "$nvcc" "$src" "$tmp" | tee "$tmp/compile"
grep -q FAIL "$tmp/compile" && fail=1
for p in "$tmp"/*.ptx; do
    [ -f "$p" ] || continue
    # each .entry's body: from its line to the next .entry
    stem=$(basename "$p" .ptx)
    stem=${stem#waves_}
    tree=0
    grep -qx "$stem" "$tmp/trees" 2>/dev/null && tree=1
    awk -v file="$stem" -v tree=$tree '
        function judge() {
            if (name == "") return
            entries++
            if (timer < 2 + tree || (tree && (bars < 1 || first != 2)) || smid < 1 ||
                (tree ? stores != 1 || all != 1 : stores < 3) || !slots)
                printf "FAIL: %s: %s (%s) reads the timer %d times, %d of them before the first of %d barriers, %%smid %d, has %d stamp stores of %d global stores, slots %s\n",
                       file, name, tree ? "the tree stamp" : "the per-warp stamps", timer, first, bars, smid, stores,
                       all, slots ? "read" : "never read"
        }
        /^\.visible \.entry|^\.entry/ { judge(); name = $NF; timer = smid = stores = all = slots = bars = first = 0 }
        /^[ \t]*(bar|barrier)\.sync/ { if (!bars++) first = timer }
        /%globaltimer/ { timer++ }
        /%smid/ { smid++ }
        /st\.global/ { all++ }
        /st\.global\.v2\.u64/ { if (!tree) stores++ }
        /st\.global\.v4\.u32/ { if (tree) stores++ }
        /ld\.const\.u64.*rv_waves_slots/ { slots = 1 }
        END { judge(); if (!entries) printf "FAIL: %s: no kernel in its PTX\n", file; else printf "%s: %d kernels stamped\n", file, entries }
    ' "$p"
done | tee "$tmp/judged"
grep -q FAIL "$tmp/judged" && fail=1
[ $fail = 0 ] && echo "PASS: $n kernel files, every kernel stamped in its waves build"
exit $fail
