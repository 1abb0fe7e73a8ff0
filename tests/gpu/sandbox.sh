#!/usr/bin/env bash
# sandbox.sh — `trace --sandbox` on a GPU machine (root, no network, no
# bubblewrap installed): the hostile files of tests/own/hostile/ with their
# attack before main and again in launch() (with the GPU in use), a kernel
# that never ends and one that writes where it must not, each contained, and
# after each `reducevis trace tests/own/my_reduce.cu --sandbox --no-view`
# traces as before (the GPU still works).  The cases are
# tests/own/sandbox_test.sh's, run with RV_SANDBOX_GPU=1.
#
# bwrap: the system's, else the .debs that tests/gpu/fetch-debs.sh saved in
# .debs/ (carried to the machine), unpacked with dpkg-deb -x into a folder of
# their own; their libraries are used only where the system lacks them.
#
# Usage, from the repository root:  tests/gpu/sandbox.sh BUILD_DIR [GROUP...]
#   BUILD_DIR  a build with the tracer (made there, Release, when it holds no
#              reducevis yet)
#   GROUP      start (the host attacks before main), launch (the same in
#              launch()), other (normal, refusal, includes, big source, the two
#              kernels, an ordinary user); default: all three
# Writes its log to $OUT/sandbox-gpu.txt (or /tmp/sandbox-out); exits 1 when
# a case failed.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: tests/gpu/sandbox.sh BUILD_DIR [start|launch|other]..."; exit 2; }
build=$1
shift
groups=${*:-start launch other}
out=${OUT:-/tmp/sandbox-out}
mkdir -p "$out"
log=$out/sandbox-gpu.txt
: >"$log"
say() { echo "$*" | tee -a "$log"; }
export PATH=/usr/local/cuda/bin:$PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$build/reducevis" ]; then
    say "== building $build"
    cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF \
        >"$out/cmake.log" 2>&1 &&
        cmake --build "$build" -j"$(nproc)" --target trace_tools >>"$out/cmake.log" 2>&1 ||
        { tail -30 "$out/cmake.log"; exit 1; }
fi
rv=$(readlink -f "$build/reducevis")

. "$src/tests/gpu/carried_bwrap.sh" || { say "$carried_bwrap"; exit 1; }
[ -n "$carried_bwrap" ] && say "$carried_bwrap"
say "== $(bwrap --version); running as $(id -un) (uid $(id -u)); kernel $(uname -r)"
say "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1); $(nvcc --version | tail -1)"
say "== $(ls -l /dev/nvidia* 2>&1 | awk '{print $1, $3, $4, $NF}' | tr '\n' ';')"
say "== user namespaces: max_user_namespaces=$(cat /proc/sys/user/max_user_namespaces 2>/dev/null)"

passed=0 failed=0 skipped=0
one() { # STRIKE CASE
    local t0 rc
    t0=$(date +%s)
    RV_SANDBOX_GPU=1 RV_SANDBOX_STRIKE=$1 "$src/tests/own/sandbox_test.sh" "$rv" "$src" "$2" >"$tmp/case.txt" 2>&1
    rc=$?
    case $rc in
        0) passed=$((passed + 1)) ;;
        77) skipped=$((skipped + 1)) ;;
        *) failed=$((failed + 1)) ;;
    esac
    say "-- $2 (attack at $1): exit $rc, $(($(date +%s) - t0)) s: $(tail -1 "$tmp/case.txt")"
    [ $rc -eq 0 ] || sed 's/^/     /' "$tmp/case.txt" | head -40 | tee -a "$log"
}

say "== a normal file first: reducevis trace tests/own/my_reduce.cu --sandbox --no-view"
if ! (cd "$src" && timeout 300 "$rv" trace tests/own/my_reduce.cu --sandbox --no-view --keep "$tmp/first" \
        -o "$tmp/first.rvt") 2>&1 | tee -a "$log"; then
    # what the sandbox kept from the GPU: the logs of each step, the same
    # file without the sandbox (it is ours), and what the sandbox sees
    say "== it failed; the kept logs:"
    for f in "$tmp"/first/*.log; do say "--- $(basename "$f")"; tail -20 "$f" | tee -a "$log"; done
    say "== the same without --sandbox:"
    (cd "$src" && timeout 300 "$rv" trace tests/own/my_reduce.cu --no-view --no-time -o "$tmp/plain.rvt") 2>&1 | tee -a "$log"
    say "== inside a sandbox made the same way: ids, limits, /dev, the driver's files"
    cat >"$tmp/look.cu" <<'EOF'
#include <cstdlib>
__attribute__((constructor)) static void look()
{
    system("id; ulimit -a; ls -la /dev /dev/nvidia-caps /proc/driver/nvidia 2>&1; cat /proc/self/mountinfo | cut -d' ' -f4,5 | head -60");
}
unsigned int launch(const float *, float *, unsigned int, unsigned int, cudaStream_t) { return 1; }
EOF
    timeout 120 "$rv" trace "$tmp/look.cu" --sandbox --no-view --no-time --n 4096 --keep "$tmp/look" >/dev/null 2>&1
    head -150 "$tmp/look/traced.log" | tee -a "$log"
fi
host_cases="system secrets socket forkbomb bigalloc hostloop bigfile diskfill flood gpumem gpuhog"
for g in $groups; do
    case $g in
        start | launch) for c in $host_cases; do one "$g" "$c"; done ;;
        other) for c in normal refuse include_passwd include_secret bigsource kernel_forever kernel_corrupt as_user; do
                   one start "$c"
               done ;;
        *) say "unknown group $g"; exit 2 ;;
    esac
done
say "== sandbox on the GPU: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
