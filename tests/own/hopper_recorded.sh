#!/usr/bin/env bash
# hopper_recorded.sh — Hopper's own idioms as recorded on GPUs, checked with
# no GPU.  tests/own/async_tile.cu (cp.async), pipeline_stages.cu (a
# two-stage cuda::pipeline), tma_tile.cu (a bulk copy of the Tensor Memory
# Accelerator with a cuda::barrier), cluster_reduce.cu (a cluster of 4
# summing through distributed shared memory), graph_launch.cu (both
# launches through a CUDA graph) and device_launch.cu (a kernel that
# launches a kernel) were traced on a GPU and held to Nsight Compute by
# tests/gpu/corpus.sh (copied into tests/own/corpus/ there, with
# CORPUS_ONLY); their folders are kept in assets/own-raw/hopper/DEVICE/NAME/.
# For each: `trace --replay` makes the trace, its counts equal Nsight
# Compute's (tests/own/corpus_compare.py, with hopper.EXPLAINED), cp.async's
# (LDGSTS), the bulk copies' and other blocks' shared memory's (dshared)
# among them, the recording is of the file as it is now, and what makes it
# Hopper's is in the trace:
#  - async_tile: its first step is the tile copied by cp.async;
#  - pipeline_stages: its first step is the stage copied by cp.async, the
#    next the read after the pipeline's wait, then the store of each
#    thread's own sum from its register (not a tree level);
#  - tma_tile: its first step is the tile copied by one bulk copy, and the
#    next the tree's first level after the barrier's wait, no race in it;
#  - async_tile and pipeline_stages copy in[] once (4 bytes an element),
#    cluster_reduce reads 3 other blocks' s[0] a cluster, tma_tile makes one
#    bulk copy a block: counted over the whole grid;
#  - cluster_reduce: the step after cluster.sync() reads s[0] of blocks 1,
#    2 and 3 of the cluster ("dsmem 1 2 3");
#  - cluster_reduce also says its clusters, and that each cluster sums its
#    tile;
#  - graph_launch: both of the graph's kernels are launches with their steps;
#  - device_launch: one launch, which says that kernels it starts from the
#    GPU are not launches of their own;
#  - cluster_own_rank (checked once it is recorded; until then a note says
#    how): every block's thread 0 reads s[0] of ranks 0 to 3 through the
#    cluster's mapping, and its own s[0] is its own shared memory, as Nsight
#    Compute counts it: 3 loads of distributed shared memory a block, not 4,
#    and the step names blocks 1, 2 and 3 only.
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
names="async_tile pipeline_stages tma_tile cluster_reduce graph_launch device_launch cluster_own_rank"
later=""

# held NAME WHAT EXPR: EXPR (Python, over NAME's first launch l of inspect
# --json and l's whole-grid counts g) holds
held() {
    local name=$1 what=$2 expr=$3
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
        case " $later " in
        *" $name "*)
            [ -d "$dir" ] || echo "note: $dev/$name is not recorded yet (tests/gpu/corpus.sh with tests/own/$name.cu" \
                "copied into tests/own/corpus/ and CORPUS_ONLY=$name, unpacked into assets/own-raw/hopper)" ;;
        *) check "$dev/$name is recorded" test -d "$dir" ;;
        esac
        [ -d "$dir" ] || continue
        dir=$(unpacked "$dir")
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
        check "$dev/$name: cp.async's, the bulk copies' and other blocks' shared memory's counts asked of ncu" \
            sh -c '! grep -q "NOT ASKED" "$1"' _ "$tmp/$name.cmp"
        run_rv inspect "$rvt" >"$tmp/$name.txt" 2>&1
        run_rv trace --replay "$dir" -o "$tmp/again.rvt" >"$tmp/$name.said" 2>&1
    done
    held async_tile "its tile copied by cp.async, 4 bytes an element of in[], counted over the grid" \
        "g['async_requests'] > 0 and g['async_bytes'] == 4 * l['n']"
    held pipeline_stages "each element of in[] copied by cp.async once, 4 bytes each, counted over the grid" \
        "g['async_requests'] > 0 and g['async_bytes'] == 4 * l['n']"
    held cluster_reduce "thread 0 of each cluster of 4 reads s[0] of 3 other blocks: 3 loads of distributed shared memory a cluster" \
        "g['dsmem_ld_requests'] == 3 * (l['grid'] // 4) > 0 and g['dsmem_st_requests'] == g['dsmem_atom_requests'] == 0"
    held tma_tile "one bulk copy of the Tensor Memory Accelerator a block, its tile's bytes" \
        "g['bulk_copies'] == l['grid'] and g['bulk_bytes'] == 4 * l['n']"
    check "$dev/async_tile: step 0 is the tile copied by cp.async" \
        grep -qE "^step  0  cp.async +line 23 +256 of 256 threads execute" "$tmp/async_tile.txt"
    check "$dev/cluster_reduce: after cluster.sync(), thread 0 reads s[0] of blocks 1, 2 and 3" \
        grep -qE "^step +[0-9]+  dsmem 1 2 3 +line 36 +1 of 256 threads execute  \(after cluster.sync\(\)" "$tmp/cluster_reduce.txt"
    check "$dev/cluster_reduce: clusters of 4 blocks, the traced block rank 0" \
        grep -qxF "cluster: clusters of 4 blocks, the traced block is rank 0 of its cluster" "$tmp/cluster_reduce.txt"
    check "$dev/cluster_reduce: each cluster sums its tile" \
        grep -qF "launch 1 of 2: 4 blocks in clusters of 4, each cluster sums its tile into out[]" "$tmp/cluster_reduce.said"
    check "$dev/pipeline_stages: step 0 is the stage copied by cp.async" \
        grep -qE "^step  0  cp.async +line 32 +256 of 256 threads execute" "$tmp/pipeline_stages.txt"
    check "$dev/pipeline_stages: step 1 reads it after the pipeline's wait" \
        grep -qE "^step  1  read +line 49 +256 of 256 threads execute  \(after the wait for the asynchronous copies" \
        "$tmp/pipeline_stages.txt"
    check "$dev/pipeline_stages: step 2 stores each thread's own sum from its register, no tree level" \
        grep -qE "^step  2  store +line 53 +256 of 256 threads execute" "$tmp/pipeline_stages.txt"
    check "$dev/tma_tile: step 0 is the tile copied by one bulk copy" \
        grep -qE "^step  0  cp.async.bulk +line 43 +256 of 256 threads execute" "$tmp/tma_tile.txt"
    check "$dev/tma_tile: step 1 is the tree's first level, after the barrier's wait, no race" \
        grep -qE "^step  1  s=128 +line 23 +128 of 256 threads execute  \(after the wait for the asynchronous copies" \
        "$tmp/tma_tile.txt"
    check "$dev/tma_tile: no step reads a word with nothing ordering it" sh -c '! grep -q UNSYNCED "$1"' _ "$tmp/tma_tile.txt"
    check "$dev/device_launch: one launch, which says its kernels launched from the GPU are not launches of their own" \
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); l = d["launches"]
sys.exit(not (len(l) == 1 and l[0]["gpu_launches_untraced"]))' "$tmp/device_launch.json"
    if [ -f "$tmp/cluster_own_rank.json" ]; then
        held cluster_own_rank "every block reads s[0] of its 3 other blocks (3 dshared loads a block), its own s[0] a shared load" \
            "g['dsmem_ld_requests'] == 3 * l['grid'] > 0 and g['dsmem_st_requests'] == g['dsmem_atom_requests'] == 0"
        check "$dev/cluster_own_rank: after cluster.sync(), thread 0 reads s[0] of blocks 1, 2 and 3, its own not among them" \
            grep -qE "^step +[0-9]+  dsmem 1 2 3 +line 41 +1 of 256 threads execute  \(after cluster.sync\(\)" \
            "$tmp/cluster_own_rank.txt"
    fi
    check "$dev/graph_launch: both of the graph's kernels are launches with their steps" \
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); l = d["launches"]
sys.exit(not (len(l) == 2 and all(len(x["steps"]) == 10 for x in l)))' "$tmp/graph_launch.json"
done
check "Hopper recordings exist (assets/own-raw/hopper/DEVICE/NAME/)" test "$devices" -ge 1
finish hopper_recorded
