#!/usr/bin/env python3
"""corpus_compare.py — a trace's shared-memory, atomic and copy counts beside
Nsight Compute's, launch by launch, for the corpus of student reductions
(tests/own/corpus/; tests/gpu/corpus.sh records, tests/own/corpus_recorded.sh
checks the recordings).

    corpus_compare.py NAME TRACE_JSON NCU_CSV [EXPLAINED]
    corpus_compare.py --check-explained EXPLAINED CORPUS_DIR

TRACE_JSON is `reducevis inspect --json FILE.rvt`, whose "launches" member
holds, for every traced launch:
    {"launch": k, "of": K, "kernel": MANGLED, "grid": G, "block_size": B,
     "smem": {"ld_requests", "ld_wavefronts", "st_requests", "st_wavefronts",
              "atom_requests", "atom_wavefronts"},
     "global_atom_requests": g,
     "grid_counts": {"ld_requests", ..., "global_atom_requests", "async_requests",
                     "async_bytes", "bulk_copies", "bulk_bytes", "dsmem_ld_requests",
                     "dsmem_st_requests", "dsmem_atom_requests"} or null}
"smem" and "global_atom_requests" are block 0's, from its steps;
"grid_counts" every block's, counted on the GPU by the tracer.  Where a
launch has grid_counts they are compared (a whole launch, as ncu counts it),
else block 0's (recordings made before the tracer counted the grid, of
one-block launches).
NCU_CSV is `ncu --csv --print-kernel-base mangled --metrics ...` of the same
one-block run: one row per kernel launch per metric; its k-th launch (by the
ID column) is the trace's launch k.  Values may hold thousands separators
("1,212") or be "n/a".

Requests compare with smsp__sass_inst_executed_op_shared_{ld,st,atom}.sum,
wavefronts with smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_{ld,st,atom}.sum
(the instructions' own wavefronts, as `verify` reads them: on an H200 the
hardware's l1tex__data_pipe_lsu_wavefronts_mem_shared_op_* counted 9 for 8
one-lane stores in one run of three, the SASS-level counter 8 in all three;
assets/logs/corpus-nvidia-h200-l1tex-counter.txt, an earlier run compared with the l1tex counters),
atom_waves_per_req (whole-grid counts only) is the shared atomics'
wavefronts per request, in each; global_atom_requests with
smsp__sass_inst_executed_op_global_atom.sum +
smsp__sass_inst_executed_op_global_red.sum.  Counted over the whole grid
only: async_requests and async_bytes (cp.async, SASS LDGSTS) with
smsp__sass_inst_executed_op_ldgsts.sum and
smsp__sass_data_bytes_mem_shared_op_ldgsts.sum; bulk_copies (cp.async.bulk,
UBLKCP) with BULK_COPIES_METRIC (below);
dsmem_{ld,st,atom}_requests (other blocks' shared memory) with
smsp__sass_inst_executed_op_dshared_{ld,st,atom}.sum (a block's own shared
memory reached through the cluster's mapping, with its own rank, is a
shared load or store in both: tests/own/cluster_own_rank.cu).  These six are
compared only where the ncu.csv has their metrics: a recording made before
they were asked for says "NOT ASKED" for them and is not failed by it.
Besides the counters, the number of launches, and each launch's kernel,
grid and block size, must agree.

EXPLAINED (tests/own/corpus/EXPLAINED) lists differences that have a written
reason, one a line: NAME COUNTER REASON (COUNTER one of the names printed, or
* for all of the file's counters); # starts a comment.  --check-explained
fails (exit 1) naming each line that is not a corpus file, a known counter
and a reason.

Prints one line per launch and counter: EQUAL, DIFFERENT, or EXPLAINED (with
the reason).  Exit status: 0 when every counter is EQUAL or EXPLAINED, 1 when
one is DIFFERENT, 2 when an input cannot be read (a trace without
"launches", an ncu.csv with no launch).
"""
import csv
import io
import json
import sys

# The bulk copies of the Tensor Memory Accelerator, one a copy: "# of TMA
# instructions sent to TMA".  On an H200 (tma_tile.cu, one copy a block)
# it and the other candidate, sm__inst_executed_pipe_tma.sum, both counted
# 1 (assets/logs/hopper-nvidia-h200.txt); that one is recorded too
# (tests/gpu/corpus.sh) and shown beside it, not compared.  The TMA's bytes
# read from L2 (1280 for the 1024-byte tile) are shown, not compared: they
# are the memory system's, not the copy's.
BULK_COPIES_METRIC = "l1tex__tmain_requests.sum"

# counter name -> (where in a trace launch, ncu metrics whose sum it equals);
# where None: counted over the whole grid only ("grid_counts")
COUNTERS = [
    ("ld_requests", ("smem", "ld_requests"), ["smsp__sass_inst_executed_op_shared_ld.sum"]),
    ("ld_wavefronts", ("smem", "ld_wavefronts"), ["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]),
    ("st_requests", ("smem", "st_requests"), ["smsp__sass_inst_executed_op_shared_st.sum"]),
    ("st_wavefronts", ("smem", "st_wavefronts"), ["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]),
    ("atom_requests", ("smem", "atom_requests"), ["smsp__sass_inst_executed_op_shared_atom.sum"]),
    ("atom_wavefronts", ("smem", "atom_wavefronts"), ["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"]),
    ("global_atom_requests", ("global_atom_requests",),
     ["smsp__sass_inst_executed_op_global_atom.sum", "smsp__sass_inst_executed_op_global_red.sum"]),
    ("async_requests", None, ["smsp__sass_inst_executed_op_ldgsts.sum"]),
    ("async_bytes", None, ["smsp__sass_data_bytes_mem_shared_op_ldgsts.sum"]),
    ("bulk_copies", None, [BULK_COPIES_METRIC]),
    ("dsmem_ld_requests", None, ["smsp__sass_inst_executed_op_dshared_ld.sum"]),
    ("dsmem_st_requests", None, ["smsp__sass_inst_executed_op_dshared_st.sum"]),
    ("dsmem_atom_requests", None, ["smsp__sass_inst_executed_op_dshared_atom.sum"]),
]
# Counters whose metrics the recordings made before them did not ask ncu
# for: compared only where the ncu.csv has their metrics, and said to be
# not asked where it has not (tests/own/hopper_recorded.sh says SKIPPED for
# such a recording).  Every other counter's metric missing is DIFFERENT.
ASKED_LATER = {"async_requests", "async_bytes", "bulk_copies", "dsmem_ld_requests", "dsmem_st_requests",
               "dsmem_atom_requests"}
# Shown beside the counts where the ncu.csv has them, never compared: the
# other candidate for the bulk copies, and the bytes the TMA's loads moved
# through the crossbar (1280 for one 1024-byte copy on an H200: not the
# copies' bytes).
SHOWN = [("bulk_copies", "sm__inst_executed_pipe_tma.sum"),
         ("bulk_bytes", "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum")]
METRICS = sorted({m for _, _, ms in COUNTERS for m in ms} | {m for _, m in SHOWN})


class Unreadable(Exception):
    pass


def number(text):
    """An ncu value: '1,212' -> 1212, 'n/a' (or empty) -> None."""
    t = (text or "").strip().replace(",", "").replace("\u202f", "").replace(" ", "")
    if t in ("", "n/a", "N/A"):
        return None
    try:
        v = float(t)
    except ValueError:
        return None
    return int(v) if v == int(v) else v


def dims(text):
    """'(256, 1, 1)' -> 256 (the product), '256' -> 256; None if unreadable."""
    parts = [p for p in (text or "").replace("(", " ").replace(")", " ").replace(",", " ").split() if p]
    try:
        out = 1
        for p in parts:
            out *= int(p)
        return out if parts else None
    except ValueError:
        return None


def ncu_launches(path):
    """The launches of an ncu --csv listing, in launch order:
    [{"kernel", "grid", "block", "metrics": {name: value}}]."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise Unreadable(f"cannot read {path}: {e}")
    # ncu's own messages (==PROF==, ==WARNING==) and the program's output may
    # stand around the CSV: it starts at the header, every row is quoted
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        raise Unreadable(f"{path} holds no ncu CSV (no \"ID\" header line)")
    rows = csv.DictReader(io.StringIO("\n".join(l for l in lines[start:] if l.startswith('"'))))
    by_id = {}
    for r in rows:
        try:
            k = int(r.get("ID", ""))
        except ValueError:
            continue
        l = by_id.setdefault(k, {"kernel": r.get("Kernel Name", ""), "grid": dims(r.get("Grid Size")),
                                 "block": dims(r.get("Block Size")), "metrics": {}})
        l["metrics"][r.get("Metric Name", "")] = number(r.get("Metric Value"))
    if not by_id:
        raise Unreadable(f"{path} lists no kernel launch")
    return [by_id[k] for k in sorted(by_id)]


def trace_launches(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise Unreadable(f"cannot read {path}: {e}")
    launches = doc.get("launches")
    if not isinstance(launches, list) or not launches:
        raise Unreadable(f"{path} has no \"launches\" member: this reducevis's inspect --json does not "
                         "give a traced launch's counts")
    return sorted(launches, key=lambda l: l.get("launch", 0))


def trace_value(launch, where):
    v = launch
    for key in where:
        v = v.get(key) if isinstance(v, dict) else None
    return v


def read_explained(path):
    """{(name, counter): reason} from an EXPLAINED table."""
    out = {}
    if not path:
        return out
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                parts = line.split(None, 2)
                if len(parts) < 3:
                    raise Unreadable(f"{path}: '{line}' is not NAME COUNTER REASON")
                out[(parts[0], parts[1])] = parts[2]
    except OSError as e:
        raise Unreadable(f"cannot read {path}: {e}")
    return out


CHECKS = ["launches", "kernel", "grid", "block_size", "atom_waves_per_req"]


def check_explained(path, corpus_dir):
    import os
    known = {c for c, _, _ in COUNTERS} | set(CHECKS) | {"*"}
    ok = True
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            parts = line.split("#", 1)[0].split(None, 2)
            if not parts:
                continue
            if len(parts) < 3 or parts[1] not in known or \
                    not os.path.isfile(os.path.join(corpus_dir, parts[0] + ".cu")):
                print(f"{path}:{n}: '{line.strip()}' is not CORPUS_FILE COUNTER REASON "
                      f"(COUNTER: {' '.join(sorted(known))})")
                ok = False
    return ok


def compare(name, tr, nc, explained):
    """Lines to print, and whether every difference is explained."""
    lines, ok = [], True

    def verdict(counter, a, b):
        nonlocal ok
        if a is not None and a == b:
            return "EQUAL"
        why = explained.get((name, counter)) or explained.get((name, "*"))
        if why:
            return f"EXPLAINED ({why})"
        ok = False
        return "DIFFERENT"

    v = verdict("launches", len(tr), len(nc))
    lines.append(f"  {'launches':22s} {len(tr):>10} {len(nc):>10}  {v}")
    for k in range(min(len(tr), len(nc))):
        t, n = tr[k], nc[k]
        lines.append(f"  launch {k + 1} of {len(tr)}: {t.get('kernel', '?')}, grid {t.get('grid', '?')}, "
                     f"block {t.get('block_size', '?')}  (ncu: {n['kernel']}, grid {n['grid']}, block {n['block']})")
        for counter, a, b in (("kernel", t.get("kernel"), n["kernel"]), ("grid", t.get("grid"), n["grid"]),
                              ("block_size", t.get("block_size"), n["block"])):
            if a != b:
                lines.append(f"    {counter:20s} {str(a):>10} {str(b):>10}  {verdict(counter, a, b)}")
        # the whole grid's counts where the tracer counted them (every block,
        # as ncu counts a launch); else block 0's, from the steps
        whole = t.get("grid_counts") if isinstance(t.get("grid_counts"), dict) else None
        lines.append(f"    counted over {'the whole grid' if whole else 'block ' + str(t.get('block', 0)) + ' only'}")
        not_asked = []
        for counter, where, metrics in COUNTERS:
            if counter in ASKED_LATER and any(m not in n["metrics"] for m in metrics):
                not_asked.append(counter)
                continue
            a = whole.get(counter) if whole else (trace_value(t, where) if where else None)
            vals = [n["metrics"].get(m) for m in metrics]
            b = None if any(x is None for x in vals) else sum(vals)
            shown = "n/a" if b is None else b
            lines.append(f"    {counter:20s} {str(a):>10} {str(shown):>10}  {verdict(counter, a, b)}")
        if not_asked:
            lines.append(f"    NOT ASKED of ncu (this ncu.csv predates them): {' '.join(not_asked)}")
        for counter, metric in SHOWN:
            if metric in n["metrics"]:
                a = whole.get(counter) if whole else None
                lines.append(f"    {counter:20s} {str(a):>10} {str(n['metrics'][metric]):>10}  "
                             f"(shown, not compared: ncu's {metric})")
        # how many wavefronts a shared atomic request takes: timing moves the
        # requests of a compare-and-swap loop, never this ratio (2 for a CAS)
        if whole:
            ta, tw = whole.get("atom_requests"), whole.get("atom_wavefronts")
            na = n["metrics"].get("smsp__sass_inst_executed_op_shared_atom.sum")
            nw = n["metrics"].get("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum")
            if ta and na:
                a, b = round(tw / ta, 3), (round(nw / na, 3) if nw is not None else None)
                lines.append(f"    {'atom_waves_per_req':20s} {str(a):>10} {str(b):>10}  "
                             f"{verdict('atom_waves_per_req', a, b)}")
    return lines, ok


def main(argv):
    if len(argv) == 4 and argv[1] == "--check-explained":
        try:
            return 0 if check_explained(argv[2], argv[3]) else 1
        except OSError as e:
            print(f"cannot read {argv[2]}: {e}")
            return 2
    if len(argv) not in (4, 5):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    name, tj, nc = argv[1], argv[2], argv[3]
    try:
        explained = read_explained(argv[4] if len(argv) == 5 else None)
        lines, ok = compare(name, trace_launches(tj), ncu_launches(nc), explained)
    except Unreadable as e:
        print(f"  cannot compare: {e}")
        return 2
    print(f"  {'counter':22s} {'trace':>10} {'ncu':>10}")
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
