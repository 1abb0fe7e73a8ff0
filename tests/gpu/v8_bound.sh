#!/usr/bin/env bash
# v8_bound.sh REDUCEVIS OUT.txt — what bounds v8 and CUB at N = 2^30 on this
# GPU: Nsight Compute's speed of light (DRAM and SM throughput as % of peak),
# memory workload (bytes, achieved bandwidth), occupancy and launch figures of
# v8's one kernel and CUB's two, in the launch configuration `reducevis bench`
# gives them (one round of every version at N = 2^30 under ncu, which
# profiles only the kernels named).  Committed as assets/logs/<device>-v8-bound.txt.
set -uo pipefail
rv=${1:?usage: tests/gpu/v8_bound.sh REDUCEVIS OUT.txt}
out=${2:?usage: tests/gpu/v8_bound.sh REDUCEVIS OUT.txt}
command -v ncu >/dev/null || { echo "SKIPPED: Nsight Compute (ncu) is not on the PATH" | tee "$out"; exit 0; }
ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    -k regex:'reduce_v8|DeviceReduce' --launch-count 3 \
    "$rv" bench --n 2^30 --repeat 1 2>&1 | grep -vE "^ *$" | tee "$out"
