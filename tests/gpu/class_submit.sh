#!/usr/bin/env bash
# class_submit.sh — the class's students' kernels on a GPU machine: three
# students sending a start file, a solution, a file that does not compile and
# a hostile one, then 100 students within one minute ($RV_BENCH_STUDENTS;
# median and p95 from submit to verdict, each GPU's turns and busy share), a
# kernel timed alone and beside others, and a kill while checks run side by
# side (tests/gpu/class_submit.py says each).  tests/gpu/class_submit.py does
# the work; this finds bwrap (tests/gpu/sandbox.sh's way: the system's, else
# the carried .debs/) and builds the class, which needs libmicrohttpd and SDL2.
# Usage, from the repository root:  tests/gpu/class_submit.sh BUILD_DIR
#                               or:  tests/gpu/class_submit.sh --bundle
# --bundle takes the build that tests/gpu/bundle.sh made on a machine with
# the class's libraries (.gpu/bundle.tar.xz): the checkout is copied to the
# path it was built at, and the class draws with the bundle's font.
# Writes its log to assets/logs/<device>-class-submit.txt (the device's name
# as nvidia-smi gives it, lower case, spaces as dashes, and -xN on a machine
# of N GPUs), to commit, and a
# copy to $OUT (or /tmp/class-submit-out).  RV_BENCH_COMPILERS=N and
# RV_BENCH_SLOTS=N set the class's --compilers and --gpu-slots.
# RV_BENCH_HOSTILE=1 adds five hostile students to the benchmark's (a fork
# bomb, a process army holding host memory, one holding the GPU's memory in
# 40 processes, one spinning every core, one flooding the GPU with copies
# and memsets after launch() and main() return: tests/own/hostile/) and writes
# <device>-class-submit-hostile.txt instead, to set beside the log without.
# RV_BENCH_WAVES=1 starts the class with --waves (each judged kernel's grid
# recorded after its verdict: what a class pays for the students' grids,
# and when they come) and writes
# <device>-class-submit-waves.txt, its same lines to set beside the log
# without.  RV_BENCH_LIBRARY=1 adds a few students sending right programs
# built on CUB, Thrust, grid.sync(), cp.async and the TMA (class_submit.py's
# LIBRARY), each to its exercise, which the relay's stops for hostile host
# code must not stop; the log is <device>-class-submit-library.txt.  The
# switches combine (-hostile-waves-library).  With no GPU,
# `python3 tests/gpu/class_submit.py --list .` checks the library table.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: tests/gpu/class_submit.sh BUILD_DIR"; exit 2; }
build=$1
if [ "$build" = --bundle ]; then
    build=$("$src/tests/gpu/unbundle.sh") || exit 1
    src=$(cat "$src/.gpu/root.txt")
    export RV_CLASS_FONT=$build/bundle-lib/DejaVuSans.ttf
fi
out=${OUT:-/tmp/class-submit-out}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
slug=$(printf '%s' "${device:-no-gpu}" | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
ngpus=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l)
[ "$ngpus" -gt 1 ] && slug=$slug-x$ngpus   # a class over several GPUs: a log of its own
suffix=${RV_BENCH_HOSTILE:+-hostile}
[ "${RV_BENCH_WAVES:-}" = 1 ] && suffix=$suffix-waves
[ "${RV_BENCH_LIBRARY:-}" = 1 ] && suffix=$suffix-library
log=$src/assets/logs/$slug-class-submit$suffix.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$build/reducevis" ]; then
    cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$out/cmake.log" 2>&1 &&
        cmake --build "$build" -j"$(nproc)" --target trace_tools >>"$out/cmake.log" 2>&1 ||
        { tail -30 "$out/cmake.log"; exit 1; }
fi
rv=$(readlink -f "$build/reducevis")
"$rv" class --help >/dev/null 2>&1 || { echo "FAIL: this build has no class server (libmicrohttpd, SDL2)"; exit 1; }

. "$src/tests/gpu/carried_bwrap.sh" || { echo "$carried_bwrap"; exit 1; }
{
    echo "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1); $(bwrap --version)"
    echo "== run as $(id -un); cgroup: $(stat -fc %T /sys/fs/cgroup 2>&1)"
    [ "${RV_BENCH_WAVES:-}" = 1 ] &&
        echo "== RV_BENCH_WAVES=1: the class ran with --waves (every judged kernel's grid recorded after its verdict)"
    [ "${RV_BENCH_LIBRARY:-}" = 1 ] &&
        echo "== RV_BENCH_LIBRARY=1: library students beside the honest ones (CUB, Thrust, grid.sync(), cp.async, TMA)"
    python3 "$src/tests/gpu/class_submit.py" "$rv" "$src"
} 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
cp "$log" "$out/"
exit "$rc"
