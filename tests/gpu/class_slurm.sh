#!/usr/bin/env bash
# class_slurm.sh — the class bench through Slurm on a GPU machine, beside the
# direct run on the same machine: a one-node cluster (munged, slurmctld and
# slurmd of its own, tests/class/slurm_cluster.py) with this machine's GPUs
# as its gres, and `class --slurm rvq` judging each kernel as a job step
# (tests/gpu/class_slurm.py), then the same bench without Slurm
# (tests/gpu/class_submit.py).  RV_BENCH_STUDENTS (default 100; 300 for the
# lecture hall) sets the students within a minute; RV_BENCH_MODES ("slurm
# direct" by default) which of the two runs, in that order;
# RV_BENCH_SLURM_SHARD=N (each GPU shared out as N shards, --slurm-shard) and
# RV_BENCH_SLURM_NODES=K (K nodes on this machine) shape the cluster, and
# name the log (-shard, -Knodes).
# Where Slurm and munge are not installed (the GPU machines have no network),
# the .debs tests/gpu/fetch-debs.sh saved in .debs/slurm/ are unpacked with
# dpkg-deb -x and used from there (RV_SLURM_ROOT; Debian names the daemons
# slurmd-wlm & co); slurmd starts its slurmstepd from /usr/sbin/slurmstepd
# only, so a link to the unpacked one is put there where none is (root).
# Usage, from the repository root:  tests/gpu/class_slurm.sh BUILD_DIR
#                               or:  tests/gpu/class_slurm.sh --bundle
# --bundle takes the build tests/gpu/bundle.sh made on a machine with the
# class's libraries (.gpu/bundle.tar.xz), as tests/gpu/class_submit.sh does.
# Writes assets/logs/<device>-class-slurm[-shard][-Knodes]-<N>.txt and
# <device>-class-direct-<N>.txt (N students), and copies to $OUT.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: tests/gpu/class_slurm.sh BUILD_DIR"; exit 2; }
build=$1
carried=$src   # where .debs/ was carried: the checkout this script is in
if [ "$build" = --bundle ]; then
    build=$("$src/tests/gpu/unbundle.sh") || exit 1
    src=$(cat "$src/.gpu/root.txt")
    export RV_CLASS_FONT=$build/bundle-lib/DejaVuSans.ttf
fi
out=${OUT:-/tmp/class-slurm-out}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
students=${RV_BENCH_STUDENTS:-100}
export RV_BENCH_STUDENTS=$students
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
slug=$(printf '%s' "${device:-no-gpu}" | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
ngpus=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l)
[ "$ngpus" -gt 1 ] && slug=$slug-x$ngpus
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

if ! command -v slurmctld >/dev/null && [ ! -x /usr/sbin/slurmctld ]; then
    debs=$(ls "$carried"/.debs/slurm/*.deb "$src"/.debs/slurm/*.deb 2>/dev/null | sort -u)
    [ -n "$debs" ] || { echo "FAIL: no Slurm here and no .debs/slurm/*.deb carried (run tests/gpu/fetch-debs.sh)"; exit 1; }
    for d in $debs; do dpkg-deb -x "$d" "$tmp/slurm-root"; done
    export RV_SLURM_ROOT=$tmp/slurm-root
    if [ ! -e /usr/sbin/slurmstepd ]; then
        ln -s "$RV_SLURM_ROOT/usr/sbin/slurmstepd-wlm" /usr/sbin/slurmstepd ||
            { echo "FAIL: slurmd needs /usr/sbin/slurmstepd (root, to link the unpacked one there)"; exit 1; }
        trap 'rm -f /usr/sbin/slurmstepd; rm -rf "$tmp"' EXIT
    fi
    libs=$RV_SLURM_ROOT/usr/lib/x86_64-linux-gnu
    missing=$(LD_LIBRARY_PATH=$libs/slurm-wlm:$libs ldd "$RV_SLURM_ROOT/usr/sbin/slurmd-wlm" \
        "$RV_SLURM_ROOT/usr/sbin/munged" | grep "not found" | sort -u)
    [ -z "$missing" ] || { echo "FAIL: the unpacked Slurm lacks libraries: $missing"; exit 1; }
fi

# the Slurm run's log is named for how its cluster was made (class_slurm.py's knobs)
tag=
[ -n "${RV_BENCH_SLURM_SHARD:-}" ] && tag=-shard
[ "${RV_BENCH_SLURM_NODES:-1}" -gt 1 ] && tag=$tag-${RV_BENCH_SLURM_NODES}nodes
status=0
for mode in ${RV_BENCH_MODES:-slurm direct}; do
    log=$src/assets/logs/$slug-class-$mode$([ $mode = slurm ] && echo "$tag")-$students.txt
    {
        echo "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1); $(bwrap --version)"
        echo "== $mode: $students students within a minute; run as $(id -un); cgroup: $(stat -fc %T /sys/fs/cgroup 2>&1)"
        if [ $mode = slurm ]; then
            python3 "$src/tests/gpu/class_slurm.py" "$rv" "$src"
        else
            python3 "$src/tests/gpu/class_submit.py" "$rv" "$src"
        fi
    } 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    [ "$rc" -eq 0 ] || status=$rc
    cp "$log" "$out/"
done
exit "$status"
