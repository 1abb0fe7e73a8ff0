#!/usr/bin/env bash
# gpu_record.sh OUTDIR — everything the GPU machine is needed for, in one go:
# build the CUDA side (no SDL2 there), run the GPU tests, capture every
# version's trace at the default configuration with two data patterns, time
# every version and CUB (N = 2^25 and the sweep), compare the predictions with
# Nsight Compute (`reducevis verify`); the ctest run includes compute-sanitizer
# memcheck of every version (tests/gpu/memcheck.sh).  OUTDIR receives assets/ (traces and results named with
# the device) and the logs; commit what lands in OUTDIR/assets.
set -uo pipefail
out=${1:?usage: tests/gpu_record.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out/assets/traces" "$out/assets/results" "$out/logs"
log() { echo "== [${SECONDS}s] $*" | tee -a "$out/logs/summary.txt"; }

name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
slug=$(echo "$name" | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9]\+/-/g' -e 's/^-//' -e 's/-$//')
log "device: $name ($slug)"
nvidia-smi >"$out/logs/nvidia-smi.txt" 2>&1

log "build"
cmake -S . -B build-gpu -DRV_WITH_VIEWER=OFF -DCMAKE_BUILD_TYPE=Release ${RV_CUDA_ARCH:+-DCMAKE_CUDA_ARCHITECTURES=$RV_CUDA_ARCH} >"$out/logs/build.txt" 2>&1 &&
    cmake --build build-gpu -j"$(nproc)" >>"$out/logs/build.txt" 2>&1 || { log "build FAILED"; exit 1; }
rv=build-gpu/reducevis

log "tests (all, GPU included: sums, capture = model, bench checks, memcheck of every version, big N)"
# GPU tests one at a time: the big-N test holds most of the GPU's memory.
# Both runs always: a recording made for a changed kernel fails its old
# fidelity tests until the new traces are committed, and says nothing of the GPU.
(cd build-gpu && ctest --output-on-failure -j4 -LE gpu >"$out/logs/ctest.txt" 2>&1); log "ctest (no GPU) exit $?"
(cd build-gpu && ctest --output-on-failure -L gpu >>"$out/logs/ctest.txt" 2>&1); log "ctest (GPU) exit $?"
grep -E "tests passed|Failed|SKIPPED" "$out/logs/ctest.txt" | tee -a "$out/logs/summary.txt"

log "capture"
versions=$($rv versions | awk '/^v[0-9]/ {print $1}')
for data in ones random:1; do
    for v in $versions; do
        f="$out/assets/traces/$slug-$v-b256-${data/:/}.rvt"
        $rv capture --version $v --data $data -o "$f" >>"$out/logs/capture.txt" 2>&1 || log "capture $v $data FAILED"
    done
done
tail -3 "$out/logs/capture.txt" >>"$out/logs/summary.txt"

log "bench N = 2^25"
$rv bench -o "$out/assets/results/$slug.json" >"$out/logs/bench.txt" 2>&1; log "bench exit $?"
cat "$out/logs/bench.txt" >>"$out/logs/summary.txt"
log "bench sweep"
$rv bench --sweep --repeat 30 -o "$out/assets/results/$slug-sweep.json" >"$out/logs/bench-sweep.txt" 2>&1; log "sweep exit $?"

log "verify: predictions against Nsight Compute, racecheck"
$rv verify -o "$out/assets/results/$slug-verify.json" >"$out/logs/verify.txt" 2>"$out/logs/verify-progress.txt"
log "verify exit $?"; cat "$out/logs/verify.txt" >>"$out/logs/summary.txt"
log "shared-memory instructions in the machine code (sm_90)"
cuobjdump -sass -arch sm_90 $rv 2>/dev/null | grep -E "Function :|LDS|STS|BAR|WARPSYNC|SHFL" >"$out/logs/sass-shared.txt"
log "sass lines: $(wc -l <"$out/logs/sass-shared.txt")"

log "done"
