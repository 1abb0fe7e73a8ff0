#!/usr/bin/env bash
# hopper_recorded.sh — Hopper's own idioms as recorded on GPUs, checked with
# no GPU.  tests/own/async_tile.cu (cp.async), cluster_reduce.cu (a cluster
# of 4 summing through distributed shared memory) and graph_launch.cu (both
# launches through a CUDA graph) were traced on a GPU and held to Nsight
# Compute by tests/gpu/corpus.sh (copied into tests/own/corpus/ there, with
# CORPUS_ONLY); their folders are kept in assets/own-raw/hopper/DEVICE/NAME/;
# tma_tile.cu and pipeline_stages.cu are checked alike once a GPU run has
# kept theirs (until then the test says so).
# For each: `trace --replay` makes the trace, its counts equal Nsight
# Compute's (tests/own/corpus_compare.py), the recording is of the file as
# it is now, and what makes it Hopper's is in the trace:
#  - async_tile: its first step is the tile copied by cp.async;
#  - cluster_reduce: the step after cluster.sync() reads s[0] of blocks 1,
#    2 and 3 of the cluster ("dsmem 1 2 3");
#  - cluster_reduce also says its clusters, and that each cluster sums its
#    tile;
#  - graph_launch: both of the graph's kernels are launches with their steps;
#  - device_launch: one launch, which says that kernels it starts from the
#    GPU are not launches of their own;
#  - tma_tile: a step is the tile copied by one bulk copy of the Tensor
#    Memory Accelerator, and the step after the wait says so.
# Where a recording's ncu.csv has the metrics of cp.async (LDGSTS), bulk
# copies and other blocks' shared memory (dshared), corpus_compare.py holds
# the whole grid's counts of them to ncu's, and the idiom's own count is
# checked not to be nothing: async_tile's and pipeline_stages' cp.async
# copy in[] once (4 bytes an element), cluster_reduce reads 3 other blocks'
# s[0] a cluster, tma_tile makes one bulk copy a block.  A recording made
# before those metrics were asked for says SKIPPED for them (record it
# again with tests/gpu/corpus.sh), and its other counts are still held.
# Usage: hopper_recorded.sh path/to/reducevis SOURCE_DIR
set -u
rv=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 120 "$rv" "$@"; }
rv_run=(run_rv)
root=$src/assets/own-raw/hopper
names="async_tile cluster_reduce graph_launch device_launch"
later="tma_tile pipeline_stages"   # checked once a GPU run has kept their recordings

# held_later NAME WHAT EXPR: where NAME's recording asked ncu for the later
# metrics, EXPR (Python, over its first launch l of inspect --json and l's
# whole-grid counts g) holds; a recording from before them was said SKIPPED
held_later() {
    local name=$1 what=$2 expr=$3
    [ -s "$tmp/$name.cmp" ] && ! grep -q "NOT ASKED" "$tmp/$name.cmp" || return 0
    check "$dev/$name: $what" python3 -c "import json, sys
l = json.load(open(sys.argv[1]))['launches'][0]; g = l['grid_counts'] or {}
sys.exit(not ($expr))" "$tmp/$name.json"
}

devices=0
for devdir in "$root"/*/; do
    [ -d "$devdir" ] || continue
    dev=$(basename "$devdir")
    devices=$((devices + 1))
    rm -f "$tmp"/*.cmp "$tmp"/*.json "$tmp"/*.txt
    for name in $names $later; do
        dir=$devdir$name
        if [ ! -d "$dir" ] && [[ " $later " == *" $name "* ]]; then
            echo "note: $dev has no recording of tests/own/$name.cu yet: it is not checked from a GPU here"
            continue
        fi
        check "$dev/$name is recorded" test -d "$dir"
        [ -d "$dir" ] || continue
        check "$dev/$name: recorded from tests/own/$name.cu as it is now" cmp -s "$dir/student.cu" "$src/tests/own/$name.cu"
        rvt=$tmp/$dev-$name.rvt
        expect 0 "traced unchanged" trace --replay "$dir" -o "$rvt"
        [ -f "$rvt" ] || continue
        run_rv inspect --json "$rvt" >"$tmp/$name.json" 2>&1
        python3 "$src/tests/own/corpus_compare.py" "$name" "$tmp/$name.json" "$dir/ncu.csv" "$src/tests/own/hopper.EXPLAINED" \
            >"$tmp/$name.cmp" 2>&1
        compared=$?
        check "$dev/$name: the trace's counts equal Nsight Compute's" test "$compared" -eq 0
        [ "$compared" -eq 0 ] || sed 's/^/    /' "$tmp/$name.cmp"
        if grep -q "NOT ASKED" "$tmp/$name.cmp"; then
            echo "SKIPPED: $dev/$name: its ncu.csv predates the metrics of cp.async, bulk copies and other blocks'" \
                "shared memory, so those counts are not held to ncu here (record it again: tests/gpu/corpus.sh with CORPUS_ONLY)"
        fi
        run_rv inspect "$rvt" >"$tmp/$name.txt" 2>&1
        run_rv trace --replay "$dir" -o "$tmp/again.rvt" >"$tmp/$name.said" 2>&1
    done
    held_later async_tile "its tile copied by cp.async, 4 bytes an element of in[], counted over the grid" \
        "g['async_requests'] > 0 and g['async_bytes'] == 4 * l['n']"
    held_later pipeline_stages "each element of in[] copied by cp.async once, 4 bytes each, counted over the grid" \
        "g['async_requests'] > 0 and g['async_bytes'] == 4 * l['n']"
    held_later cluster_reduce "thread 0 of each cluster of 4 reads s[0] of 3 other blocks: 3 loads of distributed shared memory a cluster" \
        "g['dsmem_ld_requests'] == 3 * (l['grid'] // 4) > 0 and g['dsmem_st_requests'] == g['dsmem_atom_requests'] == 0"
    held_later tma_tile "one bulk copy of the Tensor Memory Accelerator a block, its tile's bytes" \
        "g['bulk_copies'] == l['grid'] and g['bulk_bytes'] == 4 * l['n']"
    check "$dev/async_tile: step 0 is the tile copied by cp.async" \
        grep -qE "^step  0  cp.async +line 23 +256 of 256 threads execute" "$tmp/async_tile.txt"
    check "$dev/cluster_reduce: after cluster.sync(), thread 0 reads s[0] of blocks 1, 2 and 3" \
        grep -qE "^step +[0-9]+  dsmem 1 2 3 +line 36 +1 of 256 threads execute  \(after cluster.sync\(\)" "$tmp/cluster_reduce.txt"
    check "$dev/cluster_reduce: clusters of 4 blocks, the traced block rank 0" \
        grep -qxF "cluster: clusters of 4 blocks, the traced block is rank 0 of its cluster" "$tmp/cluster_reduce.txt"
    check "$dev/cluster_reduce: each cluster sums its tile" \
        grep -qF "launch 1 of 2: 4 blocks in clusters of 4, each cluster sums its tile into out[]" "$tmp/cluster_reduce.said"
    # tma_tile.cu's (a bulk copy of the Tensor Memory Accelerator) once a
    # GPU run has kept it (copied into tests/own/corpus/ and recorded there
    # with CORPUS_ONLY=tma_tile); until then the bulk copy is proven from
    # records only (own_shapes_cli), and the loop above said so
    if [ -f "$tmp/tma_tile.txt" ]; then
        check "$dev/tma_tile: a step is the tile copied by one bulk copy" \
            grep -qE "^step +[0-9]+  cp.async.bulk +line [0-9]+ +256 of 256 threads execute" "$tmp/tma_tile.txt"
        check "$dev/tma_tile: the step after the barrier's wait says so" \
            grep -qF "(after the wait for the asynchronous copies: the block waits there for its tile)" "$tmp/tma_tile.txt"
    fi
    check "$dev/device_launch: one launch, which says its kernels launched from the GPU are not launches of their own" \
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); l = d["launches"]
sys.exit(not (len(l) == 1 and l[0]["gpu_launches_untraced"]))' "$tmp/device_launch.json"
    check "$dev/graph_launch: both of the graph's kernels are launches with their steps" \
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); l = d["launches"]
sys.exit(not (len(l) == 2 and all(len(x["steps"]) == 10 for x in l)))' "$tmp/graph_launch.json"
done
check "Hopper recordings exist (assets/own-raw/hopper/DEVICE/NAME/)" test "$devices" -ge 1
finish hopper_recorded
