#!/usr/bin/env bash
# shapes_cli_test.sh — a student's launch of any shape through the command
# line, no GPU: the records of a 48-thread block (a partial last warp) and of
# a 16×16 one, written as kept run folders by `test_shapes --replay-dir`,
# become traces (`trace --replay`), `inspect` says their shape, `export`
# draws a frame of each; a launch that reads one element past in[] is refused
# with the launch said whole before the builder's words ("launch 1: thread 0
# of block 0 read in[192] ...", never "1thread 0 ..."), and no trace written;
# a write one past out[], which lies just after in[], is named by out[]; a
# tile copied by cp.async, or by one bulk copy of the Tensor Memory
# Accelerator, is a step of its own, named so, and the step after the wait
# for it says so; a cluster's barrier and its blocks' shared memory read by
# another are said; the grid's counts of those copies and of the other
# blocks' shared memory are said apart, and kept as format 7; a block that
# made no access at all is a trace of one empty step, said so, and judged.
# Usage: shapes_cli_test.sh path/to/reducevis path/to/test_shapes
set -u
rv=$1 maker=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 120 "$rv" "$@"; }
rv_run=(run_rv)
unset DISPLAY WAYLAND_DISPLAY

check "test_shapes writes the kept run folders" "$maker" --replay-dir "$tmp"

# records -> traces of any shape
expect 0 "traced unchanged" trace --replay "$tmp/b48" -o "$tmp/b48.rvt"
expect 0 "traced unchanged" trace --replay "$tmp/b16x16" -o "$tmp/b16x16.rvt"
expect 0 "block size 48"    inspect "$tmp/b48.rvt"
expect 0 "warp  1  full      16 lanes" inspect "$tmp/b48.rvt"
expect 0 "shape: block 16×16 (threads numbered x fastest), grid 2×2: the traced block is blockIdx (0, 0, 0)" \
    inspect "$tmp/b16x16.rvt"
expect 0 '"block_dim": [16, 16, 1]' inspect --json "$tmp/b16x16.rvt"
expect 0 '"grid_dim": [2, 2, 1]'    inspect --json "$tmp/b16x16.rvt"

# a frame of each, drawn (where the viewer is built)
if "$rv" export --help >/dev/null 2>&1; then
    expect 0 "" export "$tmp/b48.rvt" --steps 1 --size 1280x720 -o "$tmp/png48"
    check "a frame of the 48-thread trace" test -s "$(ls "$tmp"/png48/*.png 2>/dev/null | head -1)"
    expect 0 "" export "$tmp/b16x16.rvt" --steps 1 --size 1280x720 -o "$tmp/png256"
    check "a frame of the 16x16 trace" test -s "$(ls "$tmp"/png256/*.png 2>/dev/null | head -1)"
    if [ -n "${RV_SHAPES_KEEP:-}" ]; then cp "$tmp"/png48/*.png "$tmp"/png256/*.png "$RV_SHAPES_KEEP"/; fi
fi

# the tile copied by cp.async (the tracer's RV_RAW_ASYNC writes): one step
# that reads in[] and writes shared memory, named for what it is, and said
# so in the frame's words where the viewer is built
expect 0 "traced unchanged" trace --replay "$tmp/async" -o "$tmp/async.rvt"
expect 0 "step  0  cp.async       line 6      48 of 48 threads execute" inspect "$tmp/async.rvt"
expect 0 "global loads: 1 request, 4 sectors" inspect "$tmp/async.rvt"
expect 0 '"label": "cp.async"' inspect --json "$tmp/async.rvt"
# ... and the pipeline's wait before the barrier: the step after it says so
expect 0 "step  1  write          line 11      1 of 48 threads execute  (after the wait for the asynchronous copies: the copies waited for are in shared memory from here on)" \
    inspect "$tmp/async.rvt"

# the tile copied by one bulk copy of the Tensor Memory Accelerator (the
# tracer's RV_RAW_BULK, once for the warp that issued it): one step whose
# pieces read every element of in[] and write every shared word, named for
# what it is; the mbarrier's wait said on the step after it
expect 0 "traced unchanged" trace --replay "$tmp/bulk" -o "$tmp/bulk.rvt"
expect 0 "step  0  cp.async.bulk  line 6      48 of 48 threads execute" inspect "$tmp/bulk.rvt"
expect 0 "step  1  write          line 11      1 of 48 threads execute  (after the wait for the asynchronous copies: the copies waited for are in shared memory from here on)" \
    inspect "$tmp/bulk.rvt"
expect 0 '"label": "cp.async.bulk"' inspect --json "$tmp/bulk.rvt"
expect 0 '"after_async_wait": true' inspect --json "$tmp/bulk.rvt"
expect 0 '"after_async_wait": false' inspect --json "$tmp/b48.rvt"
expect 0 "global loads: 1 request, 4 sectors" inspect "$tmp/bulk.rvt"

# a block of a cluster (the tracer's RV_RAW_CLUSTER barrier and RV_RAW_REMOTE
# reads): the step after cluster.sync() says so, and the one that reads the
# other blocks' shared memory names them, kept out of this block's picture
expect 0 "traced unchanged" trace --replay "$tmp/cluster" -o "$tmp/cluster.rvt"
expect 0 "step  1  dsmem 1 2 3    line 11      1 of 48 threads execute  (after cluster.sync(): every block of the cluster waits)  (other blocks' shared memory: distributed shared memory)" \
    inspect "$tmp/cluster.rvt"
expect 0 '"after_cluster_sync": true, "dsmem": true' inspect --json "$tmp/cluster.rvt"
expect 0 "cluster: clusters of 4 blocks, the traced block is rank 0 of its cluster" inspect "$tmp/cluster.rvt"
expect 0 '"cluster_dim": [4, 1, 1]' inspect --json "$tmp/cluster.rvt"
expect 0 '"cluster_dim": [1, 1, 1]' inspect --json "$tmp/b48.rvt"
expect 0 "block size 48" inspect "$tmp/cluster.rvt"

# the grid's copies and other blocks' shared memory (the tracer's counts.txt
# of the last three): counted apart from the shared loads and stores, said
# on a line of their own and in --json, and kept in the trace as format 7
# (a run without them stays format 4 here), the same bytes when replayed
# again
format_of() { od -An -tu4 -j8 -N4 "$1" | tr -d ' '; }
expect 0 "counted apart from the shared loads and stores, as Nsight Compute counts them: cp.async 8 requests 768 bytes" \
    inspect "$tmp/async.rvt"
expect 0 '"async_requests": 8, "async_bytes": 768, "bulk_copies": 0' inspect --json "$tmp/async.rvt"
expect 0 "counted apart from the shared loads and stores, as Nsight Compute counts them: bulk copies 4 (768 bytes)" \
    inspect "$tmp/bulk.rvt"
expect 0 '"bulk_copies": 4, "bulk_bytes": 768' inspect --json "$tmp/bulk.rvt"
expect 0 "counted apart from the shared loads and stores, as Nsight Compute counts them: other blocks' shared memory: loads 3 requests, stores 0 requests, atomics 0 requests" \
    inspect "$tmp/cluster.rvt"
expect 0 '"dsmem_ld_requests": 3, "dsmem_st_requests": 0, "dsmem_atom_requests": 0' inspect --json "$tmp/cluster.rvt"
expect 0 "whole grid, every block (counted on the GPU): shared loads 192 requests" inspect "$tmp/cluster.rvt"
for n in async bulk cluster; do
    check "$n: written as format 7 (got $(format_of "$tmp/$n.rvt"))" test "$(format_of "$tmp/$n.rvt")" = 7
    run_rv trace --replay "$tmp/$n" -o "$tmp/$n.again.rvt" >/dev/null 2>&1
    check "$n: replayed again, the same bytes" cmp -s "$tmp/$n.rvt" "$tmp/$n.again.rvt"
done
check "b48 (not counted): still format 4 (got $(format_of "$tmp/b48.rvt"))" test "$(format_of "$tmp/b48.rvt")" = 4
run_rv inspect "$tmp/b48.rvt" >"$tmp/said" 2>&1
check "b48: no line of copies" test "$(grep -c "counted apart" "$tmp/said")" = 0

# a run whose code launches kernels from the GPU (run.txt's gpu_launches, from
# the device runtime in its modules): the trace says those launches are not
# in it, in words and in --json
expect 0 "traced unchanged" trace --replay "$tmp/gpu_launches" -o "$tmp/gpu_launches.rvt"
expect 0 "launched from the GPU: the kernels this program starts from a kernel (dynamic parallelism) are not launches of their own here" inspect "$tmp/gpu_launches.rvt"
expect 0 '"gpu_launches_untraced": true' inspect --json "$tmp/gpu_launches.rvt"
expect 0 '"gpu_launches_untraced": false' inspect --json "$tmp/b48.rvt"

# a launch whose block 0 made no shared or global access (an empty kernel,
# the tracer's records of it none at all): a trace of one step, "no access",
# with no thread in it, said so in words, in --json and in the picture's
# words (the HTML lesson's, where the viewer is built); and `check --replay`
# ends in a verdict, the rules it breaks failed (exit 1), never an error
expect 0 "traced unchanged" trace --replay "$tmp/empty" -o "$tmp/empty.rvt"
expect 0 "step  0  no access      line 0       0 of 48 threads execute" inspect "$tmp/empty.rvt"
expect 0 "no access: block 0 made no shared or global access; its one step has no thread in it" inspect "$tmp/empty.rvt"
expect 0 '"no_access": true' inspect --json "$tmp/empty.rvt"
expect 0 '"no_access": false' inspect --json "$tmp/b48.rvt"
if "$rv" export --help >/dev/null 2>&1; then
    expect 0 "" export "$tmp/empty.rvt" --html "$tmp/empty.html"
    check "the picture says block 0 made no access" grep -q "NO ACCESS: block 0 made no shared or global access" "$tmp/empty.html"
fi
expect 1 "FAIL   sum:" check --replay "$tmp/empty" --exercise 3
check "... the reads it did not make fail it" grep -q "^  FAIL   reads: reads 0 of 192 input elements" "$tmp/out"
check "... and so does its load that reads nothing" grep -q "^  FAIL   two a thread: no step reads the input" "$tmp/out"
check "... and its check ends in FAIL" grep -q "^FAIL: 5 of the 9 rules of exercise 3 broken" "$tmp/out"
check "... never the builder's error" sh -c '! grep -q "recorded nothing" "$1" "$2"' _ "$tmp/out" "$tmp/err"
# ... but a damaged recording of it is still an error
head -c 100 "$tmp/empty/raw.rvraw" >"$tmp/cut.rvraw" && cp -r "$tmp/empty" "$tmp/empty_cut" && mv "$tmp/cut.rvraw" "$tmp/empty_cut/raw.rvraw"
expect 2 "damaged" check --replay "$tmp/empty_cut" --exercise 1

# a launch that reads past in[]: its number, a colon, the builder's words
run_rv trace --replay "$tmp/past" -o "$tmp/past.rvt" >"$tmp/out" 2>"$tmp/err" </dev/null
got=$?
want="reducevis trace: launch 1: thread 0 of block 0 read in[192] at line 6, past the end of in[] (192 elements): an out-of-bounds access"
check "a launch past in[] is exit 2 (got $got)" test "$got" -eq 2
check "the message reads: $want (got: $(head -1 "$tmp/err"))" grep -qxF -- "$want" "$tmp/err"
check "no trace written from it" test ! -e "$tmp/past.rvt"
# out[] just after in[]: a write one past out[] is named by out[], not as a
# far index of in[] ("in[265], past the end of in[]")
run_rv trace --replay "$tmp/out_past" -o "$tmp/out_past.rvt" >"$tmp/out" 2>"$tmp/err" </dev/null
got=$?
want="reducevis trace: launch 1: thread 0 of block 0 wrote out[8] at line 11, past the end of out[] (8 elements): an out-of-bounds access"
check "a launch past out[] is exit 2 (got $got)" test "$got" -eq 2
check "the message names out[]: $want (got: $(head -1 "$tmp/err"))" grep -qxF -- "$want" "$tmp/err"
if LANGUAGE= LC_ALL= LANG=zh_CN.UTF-8 run_rv trace --replay "$tmp/past" -o "$tmp/past.rvt" >"$tmp/out" 2>"$tmp/zh" </dev/null; then
    check "in Chinese too it fails" false
elif grep -q "第 1 次启动：" "$tmp/zh"; then
    check "in Chinese: the launch said whole, then the words ($(head -1 "$tmp/zh"))" \
        grep -qE '^reducevis trace: 第 1 次启动：块 0 的线程 0 ' "$tmp/zh"
else
    echo "note: no Chinese catalogue here ($(head -1 "$tmp/zh")): the Chinese form is not checked"
fi
finish shapes
