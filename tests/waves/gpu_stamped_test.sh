#!/usr/bin/env bash
# gpu_stamped_test.sh — a waves run on this machine's GPU, read back and
# checked.  A shipped version's (VERSION, v8 by default) is stamped in its
# kernel (kernels/waves.cuh, src/gpu/gpu_waves.cu): `trace --kernel v8
# --waves`, each launch's overhead measured on 20 launches each way.  A
# student's FILE.cu is recorded by the Compute Sanitizer's patch: `trace
# FILE.cu --waves`, its overhead measured on 20 timed whole reductions
# untraced and under the patch (rv_own_waves_cost), the same in every launch,
# and said by trace.  With EXERCISE too, `check FILE.cu --exercise EXERCISE
# --waves` through a gate (the node's lock files, `--gpu-lock`, as a class's
# checks on Slurm keep their turns: no class needed), its overhead measured
# by the judge's runner (src/own/trace/waves_cost.h: the judged calls'
# median untraced, the runner again under the patch), and the same in the
# sandbox, as a class runs it, where one can be made here (bwrap, or the
# .debs tests/gpu/fetch-debs.sh saved; else that case is skipped, said);
# and a grid recorded after its verdict (`check --waves-into` the verdict's
# trace, as a class with --waves does), which must leave the verdict's
# trace byte for byte with the waves after it.
# Either way each trace is read twice, by `inspect --json`
# and, apart from reducevis's own reader, byte by byte here (the RVTWAVE4
# section of docs/trace-format.md, its packed blocks unpacked here, or
# RVTWAVE5, the same with the GPU's GPCs after it, which a version's run
# has: each set numbered by its first SM, every cluster of the run on the
# SMs of one, and inspect --json saying the same): every launch recorded the way asked with
# its overhead measured (both times set), every block of the grid there
# exactly once, every SM id below the SM count, no block ending before it
# starts, and no SM holding more blocks whole at once than the occupancy the
# run asked for.  Skips (77) with a message where there is no GPU;
# tests/gpu/waves.sh measures every version's overhead.
# Usage: gpu_stamped_test.sh path/to/reducevis SOURCE_DIR [VERSION | FILE.cu [EXERCISE]]
set -u
rv=$1 src=$2 v=${3:-v8} ex=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
skip_without_gpu "the waves run needs one; waves_cli reads recorded traces without"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
if [ "${v%.cu}" != "$v" ]; then
    how=0
    expect 0 "waves: by the Compute Sanitizer's patch: the whole reduction took" \
        trace "$v" --waves --no-view --n 33554432 -o "$tmp/w.rvt"
    expect 0 "overhead: the whole reduction took" inspect "$tmp/w.rvt"
else
    how=1
    expect 0 "waves: stamped in the kernel" trace --kernel "$v" --waves --no-time --no-view --n 33554432 -o "$tmp/w.rvt"
    expect 0 "recorded: stamped in the kernel" inspect "$tmp/w.rvt"
fi
# read_back TRACE [map]: TRACE read by inspect --json and byte by byte, as
# above; with `map`, the GPU's GPCs required (every waves run on a GPU of
# clusters probes them: a version's, trace's and a check's)
read_back() {
    echo "== $1"
    "$rv" inspect --json "$1" >"$tmp/w.json" 2>"$tmp/w.err" || { echo "FAIL: inspect --json: $(cat "$tmp/w.err")"; fail=$((fail + 1)); }
    python3 - "$1" "$tmp/w.json" "$how" "${2:-}" <<'PY' && pass=$((pass + 1)) || fail=$((fail + 1))
import json, struct, sys
data = open(sys.argv[1], "rb").read()
js = json.load(open(sys.argv[2]))["waves"]
want_how = int(sys.argv[3])
word = ("patch", "stamps")[want_how]
bad = []
at = data.find(b"RVTWAVE4")
gpcs = at < 0
if gpcs:
    at = data.find(b"RVTWAVE5")
if at < 0:
    sys.exit("FAIL: no RVTWAVE4 or RVTWAVE5 section in the trace (the layouts written, with the cost measured)")
if sys.argv[4] == "map" and not gpcs:
    bad.append("a waves run of `trace` without the GPU's GPCs (RVTWAVE5)")

def var(at):
    """an unsigned LEB128 integer at `at`: its value and the next byte's place"""
    v = shift = 0
    while True:
        c = data[at]
        v |= (c & 0x7F) << shift
        at += 1
        shift += 7
        if not c & 0x80:
            return v, at

def zag(v):
    return (v >> 1) ^ -(v & 1)

def unpack(at, nblocks, base, tick, end):
    """the packed blocks: (block, sm, start, first exit, end, rank, flags) each"""
    out, nxt, prev = [], 0, base
    for _ in range(nblocks):
        f = []
        for _ in range(7):
            v, at = var(at)
            f.append(v)
        b = nxt + zag(f[0])
        start = (prev + zag(f[2]) * tick) % 2**64
        first = (start + f[3] * tick) % 2**64
        out.append((b, f[1], start, first, (first + f[4] * tick) % 2**64, f[5], f[6]))
        nxt, prev = b + 1, start
    if at != end:
        sys.exit(f"FAIL: the packed blocks end at {at}, their length says {end}")
    return out
n, = struct.unpack_from("<I", data, at + 8)
at += 12
runs = []  # each launch's tag, grid, cluster shape and (block, SM) pairs
if n != len(js):
    bad.append(f"the section holds {n} launches, inspect --json {len(js)}")
for k in range(n):
    h = struct.unpack_from("<16I", data, at)
    launch, grid, block, sm_count, bound, nblocks = h[0], h[1:4], h[4:7], h[10], h[11], h[15]
    how, repeats, plain_ns, waves_ns, base, tick, packed = struct.unpack_from("<IIQQQII", data, at + 64)
    at += 104
    ratio = waves_ns / plain_ns if plain_ns else 0.0
    blocks = grid[0] * grid[1] * grid[2]
    tag = f"launch {launch}"
    if how != want_how: bad.append(f"{tag}: recorded by {how}, not {want_how} ({word})")
    if repeats != 20 or not plain_ns or not waves_ns:
        bad.append(f"{tag}: overhead not measured ({repeats} repeats, {plain_ns} ns untraced, {waves_ns} ns recorded)")
    if nblocks != blocks: bad.append(f"{tag}: {nblocks} blocks recorded of {blocks}")
    seen, spans = set(), {}
    cluster = h[7:10]
    runs.append((tag, grid, cluster, []))
    for b, sm, start, first, end, rank, flags in unpack(at, nblocks, base, tick, at + packed):
        runs[-1][3].append((b, sm))
        if b in seen or b >= blocks: bad.append(f"{tag}: block {b} twice or outside the grid")
        seen.add(b)
        if sm >= sm_count: bad.append(f"{tag}: block {b} on SM {sm} of {sm_count}")
        if not (start <= first <= end): bad.append(f"{tag}: block {b} leaves before it starts")
        spans.setdefault(sm, []).append((start, first))
    at += packed
    # whole spans (first warp in to first warp out) at once on an SM: at most the
    # occupancy; a span ending at the very tick another starts hands over
    most = 0
    for sm, sp in spans.items():
        ev = sorted([(s, 1) for s, _ in sp] + [(e, 0) for _, e in sp])
        now = 0
        for _, d in ev:
            now += 1 if d else -1
            most = max(most, now)
    if most > bound: bad.append(f"{tag}: an SM held {most} blocks whole at once, over its occupancy {bound}")
    j = js[k]
    if j["recorded"] != word or j["repeats"] != 20 or abs(j["overhead"] - ratio) > 1e-6:
        bad.append(f"{tag}: inspect --json says {j['recorded']}, {j['repeats']} repeats, overhead {j['overhead']}")
    print(f"{tag}: {blocks} blocks on {len(spans)} of {sm_count} SMs, at most {most} whole at once (occupancy {bound}); "
          f"{('whole reduction', 'kernel')[want_how]} {plain_ns / 1e3:.1f} us untraced, {waves_ns / 1e3:.1f} us "
          f"recorded ({100 * (ratio - 1):+.1f}%)")
if gpcs:  # the GPCs' map after the launches
    sms, nsets, largest, clusters_run = struct.unpack_from("<4I", data, at)
    set_of = struct.unpack_from(f"<{sms}H", data, at + 16)
    if sms != js[0]["sm_count"]: bad.append(f"the GPCs' map has {sms} SMs, the GPU {js[0]['sm_count']}")
    firsts = [k for i, k in enumerate(set_of) if k != 0xFFFF and k not in set_of[:i]]
    if firsts != list(range(nsets)): bad.append(f"the GPCs' sets are not numbered by their first SM: {firsts[:20]}")
    for tag, grid, cluster, blocks in runs:
        if cluster == (1, 1, 1): continue
        where = {}
        for b, sm in blocks:
            x, y, z = b % grid[0], b // grid[0] % grid[1], b // (grid[0] * grid[1])
            c = (x // cluster[0], y // cluster[1], z // cluster[2])
            if where.setdefault(c, set_of[sm]) != set_of[sm]: bad.append(f"{tag}: cluster {c} on two GPCs of the map")
    j = js[0]["gpcs"]
    if not j or j["sets"] != nsets or [0xFFFF if v is None else v for v in j["set_of_sm"]] != list(set_of):
        bad.append(f"inspect --json says the GPCs are {j and j['sets']} sets, the file {nsets}")
    print(f"GPCs: {nsets} sets of {sms} SMs ({', '.join(str(set_of.count(k)) for k in range(nsets))}), "
          f"clusters of up to {largest}, {clusters_run} run")
if bad:
    print("FAIL:", *bad[:10], sep="\n    ")
    sys.exit(1)
PY
}
read_back "$tmp/w.rvt" map
[ -z "$ex" ] && { finish; exit; }

# recorded TAG: a check's waves recorded: its waves line said, its trace
# read back as above
recorded() {
    pass=$((pass + 1))
    grep -F "waves:" "$tmp/$1.out"
    read_back "$tmp/$1.rvt" map
}
# gated TAG ARGS...: `check FILE --exercise EX --waves` through the node's
# lock files (a gate: a class's check), its verdict either way, its line
# saying what the waves run cost (measured by the judge's runner), its trace
# kept in $tmp/TAG.rvt; 2: a sandbox cannot be made here
gated() {
    local tag=$1
    shift
    mkdir -p "$tmp/locks"
    timeout 600 "$rv" check "$v" --exercise "$ex" --waves --gpu-lock "$tmp/locks" --n 33554432 \
        --save-trace "$tmp/$tag.rvt" "$@" >"$tmp/$tag.out" 2>&1 </dev/null
    local rc=$?
    grep -q "no sandbox can be made here" "$tmp/$tag.out" && return 2
    if [ "$rc" -le 1 ] && grep -qF "waves: by the Compute Sanitizer's patch: the whole reduction took" "$tmp/$tag.out"; then
        recorded "$tag"
    else
        fail=$((fail + 1))
        echo "FAIL: $tag: check --waves through a gate -> exit $rc, its waves line and last words:"
        { grep -F "waves:" "$tmp/$tag.out"; tail -8 "$tmp/$tag.out"; } | sed 's/^/    /'
    fi
    return 0
}
# into TAG ARGS...: a kernel's grid as a class with --waves records it,
# after its verdict: the verdict's check on a build kept, without the
# waves, then `check FILE --waves-into` that check's trace on the same
# build, judging nothing, through the same gate; its trace must be the
# verdict's byte for byte with the waves section after it (the page shows
# the run that was judged), and is read back as above
into() {
    local tag=$1 rc
    shift
    mkdir -p "$tmp/locks"
    "$rv" check "$v" --exercise "$ex" --build-only "$tmp/$tag.b" "$@" >"$tmp/$tag.out" 2>&1 </dev/null &&
        timeout 600 "$rv" check "$v" --exercise "$ex" --built "$tmp/$tag.b" --gpu-lock "$tmp/locks" --n 33554432 \
            --save-trace "$tmp/$tag.v.rvt" "$@" >"$tmp/$tag.out" 2>&1 </dev/null
    rc=$?
    if [ "$rc" -le 1 ] && [ -s "$tmp/$tag.v.rvt" ]; then
        timeout 600 "$rv" check "$v" --waves-into "$tmp/$tag.v.rvt" --built "$tmp/$tag.b" --gpu-lock "$tmp/locks" \
            --save-trace "$tmp/$tag.rvt" "$@" >"$tmp/$tag.out" 2>&1 </dev/null
        rc=$?
    fi
    if [ "$rc" = 0 ] && grep -qF "waves: by the Compute Sanitizer's patch: the whole reduction took" "$tmp/$tag.out" &&
        python3 - "$tmp/$tag.v.rvt" "$tmp/$tag.rvt" <<'PY'; then
import sys
verdict, grid = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
if b"RVTWAVE" in verdict or not grid.startswith(verdict) or not grid[len(verdict):].startswith(b"RVTWAVE5"):
    sys.exit("FAIL: the trace with the grid is not the verdict's with a waves section after it")
PY
        recorded "$tag"
    else
        fail=$((fail + 1))
        echo "FAIL: $tag: check --waves-into after a verdict -> exit $rc, its last words:"
        tail -8 "$tmp/$tag.out" | sed 's/^/    /'
    fi
}
gated gate
into into
# the same in the sandbox, as a class runs its checks: the runner under the
# patch is shown the tracer, its patches and the Sanitizer's folder there
if ! . "$src/tests/gpu/carried_bwrap.sh"; then
    echo "SKIP (the sandboxed check): $carried_bwrap"
else
    [ -n "$carried_bwrap" ] && echo "$carried_bwrap"
    gated sandboxed --sandbox
    if [ $? = 2 ]; then
        echo "SKIP (the sandboxed check): $(grep -m1 'no sandbox' "$tmp/sandboxed.out")"
    else
        into sandboxed-into --sandbox
    fi
fi
finish
