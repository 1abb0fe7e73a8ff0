#!/usr/bin/env bash
# gpu_record.sh OUTDIR — the GPU machine's job: build the CUDA side (no SDL2
# there; RV_CUDA_ARCH=90 builds for that architecture only), `reducevis
# record` into OUTDIR/recording (traces, bench, sweeps, verify, and
# recording.json saying what is complete), then the GPU tests (ctest -L gpu,
# memcheck of every version and big N included).  Logs in OUTDIR.
set -uo pipefail
out=${1:?usage: tests/gpu_record.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
echo "== build"
cmake -S . -B build-gpu -DRV_WITH_VIEWER=OFF -DCMAKE_BUILD_TYPE=Release \
    ${RV_CUDA_ARCH:+-DCMAKE_CUDA_ARCHITECTURES=$RV_CUDA_ARCH} >"$out/build.txt" 2>&1 &&
    cmake --build build-gpu -j"$(nproc)" >>"$out/build.txt" 2>&1 || { echo "build FAILED (see $out/build.txt)"; exit 1; }
echo "== record"
build-gpu/reducevis record --out "$out/recording" --force
recorded=$?
echo "== GPU tests"
(cd build-gpu && ctest --output-on-failure -L gpu) >"$out/ctest-gpu.txt" 2>&1
tested=$?
grep -E "tests passed|Failed|SKIPPED" "$out/ctest-gpu.txt"
exit $((recorded || tested))
