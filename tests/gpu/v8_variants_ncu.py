#!/usr/bin/env python3
"""v8_variants_ncu.py — summarises `ncu --metrics gpu__time_duration.sum` of
v8_variants on stdin: each kernel's median duration, named as the tuning
bench names its variants (the template arguments decoded)."""
import re
import statistics
import sys

WALK = ["grid", "seg", "tile"]
TICKET = ["fence", "acqrel", "no last block (probe)", "float atomic (probe)", "warp-final", "block0 waits"]
HINT = ["plain", "ldcs", "ldg"]


def name_of(header):
    m = re.search(r"reduce<(\d+), (\d+), (\d+), (\d+), (\d+), (\d+)>", header)
    grid = re.search(r"\((\d+), 1, 1\)x\(", header)
    if m:
        b, u, w, t, h, _ = map(int, m.groups())
        return f"{WALK[w]} B{b} U{u} {TICKET[t]} {HINT[h]} g{grid.group(1) if grid else '?'}"
    m = re.search(r"(empty_kernel|DeviceReduceSingleTileKernel|DeviceReduceKernel)", header)
    return ("cub::" if "Device" in m.group(1) else "") + m.group(1) if m else header.strip()[:60]


times, kernel = {}, None
for line in sys.stdin:
    if line.startswith("  ") and not line.startswith("    ") and "(" in line and "Context" in line:
        kernel = name_of(line)
    elif "gpu__time_duration.sum" in line and kernel:
        _, unit, value = line.split()[:3]
        scale = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0, "ms": 1e3, "msecond": 1e3}[unit]
        times.setdefault(kernel, []).append(float(value.replace(",", "")) * scale)
for k in sorted(times):
    print(f"  {k:<48} {statistics.median(times[k]):8.2f} us  ({len(times[k])} launches)")
