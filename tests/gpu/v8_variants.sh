#!/usr/bin/env bash
# v8_variants.sh OUT.txt — builds and runs the v8 tuning bench (v8_variants.cu)
# on the GPU machine, twice, so that the run-to-run noise shows beside the
# differences between variants; then, where Nsight Compute is installed, the
# duration of each kernel alone at N = 2^25 (no launch gaps, caches flushed),
# which splits CUB's time into its two kernels.
set -euo pipefail
out=${1:?usage: tests/gpu/v8_variants.sh OUT.txt}
here=$(dirname "$0")
arch=native; [ -n "${RV_CUDA_ARCH:-}" ] && arch=sm_$RV_CUDA_ARCH
bin=$(mktemp -d)/v8_variants
nvcc -O3 -std=c++17 -arch="$arch" --extended-lambda -o "$bin" "$here/v8_variants.cu"
{
    "$bin" 30; echo; "$bin" 30
    if command -v ncu >/dev/null; then
        echo; echo "Nsight Compute, N = 2^25, one run each: kernel, gpu__time_duration.sum (us), median of its launches"
        ncu --metrics gpu__time_duration.sum "$bin" 1 25 25 2>/dev/null | python3 "$here/v8_variants_ncu.py"
    fi
} | tee "$out"
