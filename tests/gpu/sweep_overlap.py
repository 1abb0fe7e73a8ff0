#!/usr/bin/env python3
"""sweep_overlap.py A.json B.json [VERSION] — do two sweeps agree?

For each N both sweeps hold, the ratio of VERSION's time to CUB's (default:
the version bench compares with CUB, v8) is given with its spread, from q1 of
one over q3 of the other to q3 over q1, as `bench --show` prints it.  Two
sweeps taken one after the other agree when, at every N, their spreads
overlap.  Prints one line per N; exit status 0 when every N overlaps, 1 when
one does not, 2 on bad input.
"""
import json
import sys


def spreads(path, version):
    with open(path) as f:
        runs = json.load(f)["runs"]
    by = {(r["version"], r["n"]): r for r in runs if r.get("gpus", 1) == 1}
    out = {}
    for (v, n), r in by.items():
        c = by.get(("cub", n))
        if v != version or c is None or r.get("q1_ms") is None or c.get("q1_ms") is None:
            continue
        out[n] = (r["q1_ms"] / c["q3_ms"], r["median_ms"] / c["median_ms"], r["q3_ms"] / c["q1_ms"])
    return out


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    version = sys.argv[3] if len(sys.argv) == 4 else "v8"
    try:
        a, b = spreads(sys.argv[1], version), spreads(sys.argv[2], version)
    except (OSError, ValueError, KeyError) as e:
        print(f"sweep_overlap.py: {e}", file=sys.stderr)
        return 2
    common = sorted(set(a) & set(b))
    if not common:
        print("sweep_overlap.py: no N with quartiles in both files", file=sys.stderr)
        return 2
    bad = 0
    print(f"{version} / cub, median [q1/q3 .. q3/q1], first sweep | second sweep")
    for n in common:
        (alo, am, ahi), (blo, bm, bhi) = a[n], b[n]
        ok = alo <= bhi and blo <= ahi
        bad += not ok
        print(f"  2^{n.bit_length() - 1:<2} {am:.3f} [{alo:.3f}..{ahi:.3f}] | {bm:.3f} [{blo:.3f}..{bhi:.3f}]"
              f"  {'overlap' if ok else 'APART'}")
    print(f"{len(common) - bad} of {len(common)} sizes overlap")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
