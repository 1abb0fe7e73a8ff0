#!/usr/bin/env bash
# grid_cost.sh BUILD_DIR — what counting every block costs the traced run:
# corpus kernels traced at N = 2^25, the traced run's time as the tracer runs
# it (every block counted) beside the same program run with
# RV_TRACER_NOCOUNT=1 (the traced block recorded, the grid not counted), each
# twice in turn; prints one line per file with the faster of each and the ratio.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
B=$(readlink -f "$1")
R=$B/reducevis
N=33554432
san=${RV_TRACER_SANITIZER:-/usr/local/cuda/compute-sanitizer/libsanitizer-public.so}
echo "== the cost of whole-grid counting at N = $N on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
for name in two_launches xor_swizzle grid_stride_shared atomic_shared_float own_partials cub_device_reduce; do
    k=$(mktemp -d)
    "$R" trace "$src/tests/own/corpus/$name.cu" --no-view --no-time --n $N --keep "$k" -o "$k/t.rvt" >/dev/null 2>&1 ||
        { echo "$name: trace failed"; continue; }
    run() {
        (cd "$k" && env -i PATH="$PATH" CUDA_INJECTION64_PATH="$B/librvtracer.so" RV_TRACER_OUT="$k/o$1" \
            RV_TRACER_PATCHES="$B/rvtracer_patches.fatbin" RV_TRACER_SANITIZER="$san" \
            LD_LIBRARY_PATH="$(dirname "$san")" CUDA_MODULE_LOADING=EAGER RV_TRACER_NOCOUNT="$2" \
            ./program trace "$(sed -n "s/^data //p" run.txt)" $N 256 "r$1.txt" >/dev/null 2>&1 && awk '/^traced_ms/ { print $2 }' "r$1.txt")
    }
    mkdir -p "$k/oa" "$k/ob" "$k/oc" "$k/od"
    a=$(run a 0) b=$(run b 1) c=$(run c 0) d=$(run d 1)
    awk -v n="$name" -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN {
        w = (a < c ? a : c); o = (b < d ? b : d);
        printf "%-22s counted %8.1f ms  not counted %8.1f ms  ratio %.2f\n", n, w, o, (o > 0 ? w / o : 0) }'
    rm -rf "$k"
done
