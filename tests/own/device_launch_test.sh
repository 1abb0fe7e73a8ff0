#!/usr/bin/env bash
# device_launch_test.sh — a file whose kernel launches a kernel (dynamic
# parallelism, tests/own/device_launch.cu) compiles: nvcc refuses it in
# whole-program mode ("requires separate compilation mode"), and reducevis
# compiles it again with -rdc=true -lcudadevrt and says so in
# nvcc-split.txt; a file that does not compile for another reason is
# compiled once, with nvcc's own message; an ordinary file is compiled as
# before (no -rdc).  Each nvcc command line is read from the log of an nvcc
# on PATH that writes it down and runs the real one; `check --build-only`
# compiles as trace's build stage does (no GPU needed), in the sandbox too
# where one can be made.  Skips (77) without nvcc.
# Usage: device_launch_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$(realpath "$1") src=$(cd "$2" && pwd)
real=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$real" ] || { echo "SKIPPED: nvcc not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 300 "$rv" "$@"; }
export RV_TRACE_ARCH=${RV_TRACE_ARCH:-sm_90} XDG_CACHE_HOME=$tmp/xdg
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s/nvcc.log"\nexec "%s" "$@"\n' "$tmp" "$real" >"$tmp/bin/nvcc"
chmod +x "$tmp/bin/nvcc"
logged() { PATH=$tmp/bin:$PATH "$@"; }
rv_run=(logged run_rv)

# one compile: NAME FILE [options]; the nvcc log anew
build() {
    local name=$1 file=$2
    shift 2
    : >"$tmp/nvcc.log"
    expect "${want:-0}" "${said:-compiled into}" check "$file" --exercise 5 --build-only "$tmp/$name" "$@"
}
student() { grep -E "(^| )[^ ]*student\.cu( |$)" "$tmp/nvcc.log"; }

build cdp "$src/tests/own/device_launch.cu"
check "the kernel that launches a kernel is a program" test -x "$tmp/cdp/program"
check "nvcc ran on it twice: as ever, then in separate compilation mode ($(student | wc -l))" \
    test "$(student | wc -l)" -eq 2
check "the second with -rdc=true and the device runtime" sh -c "tail -1 '$tmp/nvcc.log' | grep -q -- '-rdc=true' && tail -1 '$tmp/nvcc.log' | grep -q -- '-lcudadevrt'"
check "nvcc-split.txt says why ($(cat "$tmp/cdp/nvcc-split.txt" 2>/dev/null))" \
    grep -q "^plain nvcc: separate compilation (-rdc=true -lcudadevrt): the file launches kernels from kernels" "$tmp/cdp/nvcc-split.txt"

# an ordinary file (one with asynchronous copies, tests/own/async_tile.cu,
# which the tracer records as cp.async steps on a GPU)
build plain "$src/tests/own/async_tile.cu"
check "an ordinary file: nvcc once, without -rdc" sh -c "[ \$(grep -c student.cu '$tmp/nvcc.log') -eq 1 ] && ! grep -q -- -rdc '$tmp/nvcc.log'"

printf '__global__ void k(float *x) { x[0] = not_declared; }\n' >"$tmp/broken.cu"
want=2 said="broken.cu does not compile" build broken "$tmp/broken.cu"
check "a file that does not compile for another reason: nvcc once ($(student | wc -l))" test "$(student | wc -l)" -eq 1

# in the sandbox the logging nvcc is not seen: the real one compiles
if command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-all /bin/true 2>/dev/null; then
    rv_run=(run_rv)
    build sandboxed "$src/tests/own/device_launch.cu" --sandbox
    check "in the sandbox too: separate compilation, the device runtime found" test -x "$tmp/sandboxed/program"
else
    echo "note: no sandbox here: the sandboxed compile is not tried"
fi
finish device_launch
