#!/usr/bin/env bash
# waves.sh — the waves run on a GPU (src/tracer/waves.h), for assets/:
#  1. the real step of %globaltimer, which stamps each block's start and end
#     (tests/gpu/globaltimer.cu), printed;
#  2. every version v0 .. v10 traced unchanged with its waves (`reducevis
#     trace --kernel V --waves`, N = 2^25, block 256), each trace read back
#     and checked (`reducevis inspect`: every block once, every SM below the
#     SM count, no SM holding more blocks with all their warps at once than
#     its occupancy bound nor more at all than its limit of blocks,
#     docs/waves.md) and its waves printed; the
#     traces go to $OUT/waves/DEVICE-V.rvt (for assets/waves/);
#  3. what the waves run costs: each version's program in its time mode (3
#     warm-up and 20 timed whole reductions, CUDA events) alone and under the
#     waves run's tool (RV_TRACER_WAVES=all: every launch stamped), in turn,
#     twice each; the median of each way's faster round and their ratio
#     (the target: within 1.05).
# Everything it prints is also in $OUT/waves/DEVICE-waves.txt.
# Run from the repository root on a machine with a GPU:  tests/gpu/waves.sh
# (RV_BIN=path/to/reducevis: a build to use instead of building build-gpu;
# WAVES_VERSIONS="v0 v8": those versions only).
set -uo pipefail
out=${OUT:-/tmp/waves-out}
mkdir -p "$out/waves"
export PATH=/usr/local/cuda/bin:$PATH
if ! nvidia-smi -L >/dev/null 2>&1; then echo "SKIPPED: no GPU"; exit 77; fi
dev=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z ' 'a-z-')
log="$out/waves/$dev-waves.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
if [ -z "${RV_BIN:-}" ]; then
    cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF \
        -DRV_WITH_CLASS=OFF >"$out/waves/cmake.log" 2>&1 &&
        cmake --build build-gpu -j"$(nproc)" --target trace_tools >>"$out/waves/cmake.log" 2>&1 ||
        { tail -30 "$out/waves/cmake.log"; exit 1; }
fi
R=$(readlink -f "${RV_BIN:-./build-gpu/reducevis}")
B=$(dirname "$R")
san=${RV_TRACER_SANITIZER:-/usr/local/cuda/compute-sanitizer/libsanitizer-public.so}
say "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1) ; $(nvcc --version | tail -1)"

say "== 1. the clock"
gt=$(mktemp)
nvcc -O2 -arch=sm_90 -o "$gt" tests/gpu/globaltimer.cu && "$gt" 2>&1 | tee -a "$log"
rm -f "$gt"

N=33554432
fail=0
say "== 2. every version's waves at N = $N, block 256"
# the lesson's versions first (v0 against v6 against v8; v10's clusters, v9): a run cut
# short still brings those
for v in ${WAVES_VERSIONS:-v0 v6 v8 v10 v9 v1 v2 v3 v4 v5 v7}; do
    k=$(mktemp -d)
    t="$out/waves/$dev-$v.rvt"
    if ! timeout -s KILL 240 "$R" trace --kernel "$v" --waves --no-time --no-view --n $N --keep "$k" -o "$t" \
        >"$k/trace.out" 2>&1; then
        say "$v: the trace with its waves failed:"; tail -5 "$k/trace.out" | tee -a "$log"
        fail=1; rm -rf "$k"; continue
    fi
    if ! "$R" inspect "$t" >"$k/inspect.txt" 2>&1; then
        say "$v: the recording is refused:"; tail -3 "$k/inspect.txt" | tee -a "$log"
        fail=1; rm -rf "$k"; continue
    fi
    say "-- $v"
    sed -n '/^waves run, launch/,$p' "$k/inspect.txt" | tee -a "$log"
    "$R" inspect --json "$t" >"$out/waves/$dev-$v.json" 2>/dev/null

    # 3. the cost: the program's time mode, alone and stamped, in turn
    timed() { # OUTFILE [waves]
        if [ "${2:-}" = waves ]; then
            mkdir -p "$k/o-$1"
            (cd "$k" && env CUDA_INJECTION64_PATH="$B/librvtracer.so" RV_TRACER_OUT="$k/o-$1" \
                RV_TRACER_PATCHES="$B/rvtracer_waves.fatbin" RV_TRACER_SANITIZER="$san" RV_TRACER_WAVES=all \
                LD_LIBRARY_PATH="$(dirname "$san")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" CUDA_MODULE_LOADING=EAGER \
                timeout -s KILL 120 ./program time ones $N 256 "$1" 1e-3 >/dev/null 2>&1)
            [ -s "$k/o-$1/tool-error.txt" ] && { echo "tool: $(head -2 "$k/o-$1/tool-error.txt")" >&2; return 1; }
        else
            (cd "$k" && timeout -s KILL 120 ./program time ones $N 256 "$1" 1e-3 >/dev/null 2>&1)
        fi
        # the median of the 20 timed calls (the file's `ms` line)
        awk '/^ms / { for (i = 2; i <= NF; i++) print $i }' "$k/$1" | sort -g |
            awk '{ a[NR] = $1 } END { if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'

    }
    p1=$(timed p1.txt) w1=$(timed w1.txt waves) p2=$(timed p2.txt) w2=$(timed w2.txt waves)
    if [ -z "$p1" ] || [ -z "$w1" ] || [ -z "$p2" ] || [ -z "$w2" ]; then
        say "$v: a timed run failed (alone: '$p1' '$p2', stamped: '$w1' '$w2')"; fail=1
    else
        awk -v v="$v" -v p1="$p1" -v p2="$p2" -v w1="$w1" -v w2="$w2" 'BEGIN {
            p = (p1 < p2 ? p1 : p2); w = (w1 < w2 ? w1 : w2);
            printf "%s: whole reduction, median of 20: alone %.4f ms, waves run %.4f ms: ratio %.3f%s\n",
                   v, p, w, w / p, (w / p > 1.05 ? "  (over 1.05)" : "") }' | tee -a "$log"
    fi
    rm -rf "$k"
done
say "== the recordings: $(ls "$out/waves"/*.rvt 2>/dev/null | wc -l) traces in $out/waves (for assets/waves/)"
exit $fail
