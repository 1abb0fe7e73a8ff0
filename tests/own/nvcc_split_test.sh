#!/usr/bin/env bash
# nvcc_split_test.sh — the student's compile split (src/own/nvcc/nvcc_split.c):
# nvcc's own steps, the host's and the device's side by side, make a program
# of a small file and of a Thrust one (`check --build-only`: no GPU needed),
# with one nvcc command (its -dryrun) and the split's note saying so; a file
# that does not compile gets the very message plain nvcc gives
# (RV_NVCC_SPLIT=0), once, for an error of cudafe++, of cicc and of ptxas,
# and with nvcc's own warning first; a plan with a step the split does not
# know (an nvcc on PATH that adds one to its -dryrun) is compiled by plain
# nvcc, and the note says why; rvnvccsplit, beside reducevis, needs only the
# C library, and where it is missing plain nvcc compiles, said so; and the
# same in the sandbox, where it can be made.  Skips (77) without nvcc.
# Usage: nvcc_split_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$(realpath "$1") src=$(cd "$2" && pwd)
real=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$real" ] || { echo "SKIPPED: nvcc not found"; exit 77; }
tmp=$(mktemp -d)
trap '[ -n "${RV_KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
export RV_TRACE_ARCH=${RV_TRACE_ARCH:-sm_90} XDG_CACHE_HOME=$tmp/xdg
small=$src/docs/exercises/1-converge/solution.cu thrust=$src/tests/own/corpus/thrust_reduce.cu

# an nvcc that writes its arguments down, then is the real one; with
# RV_TEST_MYSTERY=1 its plan ends with a step nobody knows
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s/nvcc.log"\n' "$tmp" >"$tmp/bin/nvcc"
printf 'if [ "$1" = -dryrun ] && [ "${RV_TEST_MYSTERY:-0}" = 1 ]; then\n' >>"$tmp/bin/nvcc"
printf '    "%s" "$@" 2>&1; rc=$?; echo "#\\$ mystery-tool --frobnicate"; exit $rc\nfi\n' "$real" >>"$tmp/bin/nvcc"
printf 'exec "%s" "$@"\n' "$real" >>"$tmp/bin/nvcc"
chmod +x "$tmp/bin/nvcc"
logged() { PATH=$tmp/bin:$PATH "$@"; }

# build NAME FILE EXERCISE [options]: check --build-only into $tmp/NAME, the log anew
build() {
    local name=$1 file=$2 ex=$3
    shift 3
    : >"$tmp/nvcc.log"
    rv_run=(logged run_rv)
    expect 0 "compiled into" check "$file" --exercise "$ex" --build-only "$tmp/$name" "$@"
    rv_run=(run_rv)
}
noted() { grep -q -- "$2" "$tmp/$1/nvcc-split.txt" 2>/dev/null; }
lines() { test "$(wc -l <"$tmp/nvcc.log")" -eq "$1"; }
dryrun_only() { lines 1 && grep -q -- "^-dryrun .* -o $tmp/$1/program $tmp/$1/student.cu $tmp/$1/driver.o\$" "$tmp/nvcc.log"; }

# 1. a small file and a Thrust one: split, one nvcc command (its plan)
build warm "$small" 1   # the driver's object into the cache first
build s1 "$small" 1
check "a small file: split" noted s1 "^split: "
check "a small file: nvcc asked only for its plan (-dryrun), beside the driver's object" dryrun_only s1
check "a small file: a program" test -x "$tmp/s1/program"
check "no temporary folder of the split left" test -z "$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'rv-nvcc-*' -user "$(id -u)" -newer "$tmp/bin/nvcc" 2>/dev/null)"
build t1 "$thrust" 5
check "Thrust's file: split" noted t1 "^split: "
check "Thrust's file: one nvcc command" dryrun_only t1
check "Thrust's file: a program" test -x "$tmp/t1/program"

# 2. plain nvcc: asked for, or for a plan with a step the split does not know
RV_TEST_MYSTERY=1 build m1 "$small" 1
check "an unknown step in the plan: plain nvcc, and the note says why" noted m1 "^plain nvcc: .*mystery-tool"
check "... nvcc run twice: its plan, then the compile itself" \
    bash -c 'lines=$(wc -l <"$1"); [ "$lines" -eq 2 ] && head -1 "$1" | grep -q "^-dryrun " && ! tail -1 "$1" | grep -q -- -dryrun' \
    _ "$tmp/nvcc.log"
check "... and a program" test -x "$tmp/m1/program"
RV_NVCC_SPLIT=0 build p1 "$small" 1
check "RV_NVCC_SPLIT=0: plain nvcc, no plan asked" bash -c '[ "$(wc -l <"$1")" -eq 1 ] && ! grep -q -- -dryrun "$1"' _ "$tmp/nvcc.log"
check "RV_NVCC_SPLIT=0: the note says so" noted p1 "^plain nvcc: RV_NVCC_SPLIT=0"

# 3. a file that does not compile: plain nvcc's message, once
cat >"$tmp/device_only.cu" <<'EOF'
int host_only(int x) { return x + 1; }
__global__ void k(const float *in, float *out, unsigned int n) { out[0] = host_only((int)in[0]); }
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{ k<<<1, block, 0, stream>>>(in, out, n); return 1; }
EOF
cat >"$tmp/ptxas.cu" <<'EOF'
__global__ void k(const float *in, float *out, unsigned int n)
{ __shared__ float s[100000]; s[threadIdx.x] = in[threadIdx.x]; __syncthreads(); out[0] = s[n % 100000]; }
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{ k<<<1, block, 0, stream>>>(in, out, n); return 1; }
EOF
# same_error NAME FILE TEXT [options]: split and plain, the same output, TEXT in it once
same_error() {
    local name=$1 file=$2 text=$3
    shift 3
    run_rv check "$file" --exercise 1 --build-only "$tmp/$name-split" "$@" >"$tmp/$name-split.out" 2>&1 </dev/null
    local rc=$?
    RV_NVCC_SPLIT=0 run_rv check "$file" --exercise 1 --build-only "$tmp/$name-plain" "$@" >"$tmp/$name-plain.out" 2>&1 </dev/null
    check "$name: split, nvcc failed, and check's exit status is plain nvcc's" \
        bash -c '[ "$1" -ne 0 ] && [ "$1" -eq "$2" ] && grep -q "^split: .*exit [1-9]" "$3"' _ $rc $? "$tmp/$name-split/nvcc-split.txt"
    check "$name: the message plain nvcc gives" cmp -s "$tmp/$name-split.out" "$tmp/$name-plain.out"
    check "$name: '$text' said once" test "$(grep -cF -- "$text" "$tmp/$name-split.out")" -eq 1
    cmp -s "$tmp/$name-split.out" "$tmp/$name-plain.out" || diff "$tmp/$name-plain.out" "$tmp/$name-split.out" | head -8
}
same_error cudafe "$src/tests/own/does_not_compile.cu" '"undeclared_name" is undefined'
same_error cicc "$tmp/device_only.cu" 'from a __global__ function("k") is not allowed'
same_error ptxas "$tmp/ptxas.cu" 'uses too much shared data'
RV_TRACE_ARCH=native same_error native "$src/tests/own/does_not_compile.cu" '"undeclared_name" is undefined'

# 4. rvnvccsplit needs only the C library, so that the sandbox runs it
#    wherever reducevis's own libraries lie (the GPU machines' bundle has
#    them in a folder no sandbox shows); without it, plain nvcc, said so
helper=$(dirname "$rv")/rvnvccsplit
check "rvnvccsplit beside reducevis" test -x "$helper"
only_libc() { ! ldd "$1" | awk '{print $1}' | grep -v -E '^(linux-vdso|/lib64/ld-linux|libc)[.-]' | grep -q .; }
if grep -aq __asan_init "$helper"; then   # test.sh's sanitizer build: its runtime too, and no split in the sandbox
    echo "SKIPPED: rvnvccsplit's libraries (an AddressSanitizer build)"
else
    check "rvnvccsplit links only the C library ($(ldd "$helper" 2>&1 | awk '{print $1}' | tr '\n' ' '))" only_libc "$helper"
fi
mkdir -p "$tmp/alone" && cp "$rv" "$tmp/alone/"
rv_saved=$rv rv=$tmp/alone/reducevis   # a reducevis with no rvnvccsplit beside it, nor a tracer folder named
RV_TRACER_DIR=$tmp/alone expect 0 "compiled into" check "$small" --exercise 1 --build-only "$tmp/alone1"
check "no rvnvccsplit: plain nvcc, said so" noted alone1 "^plain nvcc: rvnvccsplit was not found"
rv=$rv_saved

# 5. in the sandbox: rvnvccsplit runs in it, as nvcc did
if command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-all /bin/true 2>/dev/null; then
    expect 0 "compiled into" check "$small" --exercise 1 --sandbox --build-only "$tmp/sb1"
    check "--sandbox: a program" test -x "$tmp/sb1/program"
    if noted sb1 "AddressSanitizer"; then # the sanitizer build (test.sh's build-asan): plain nvcc
        echo "SKIPPED: rvnvccsplit in the sandbox (an AddressSanitizer build does not start there)"
    else
        check "--sandbox: split" noted sb1 "^split: "
        same_error sandbox "$src/tests/own/does_not_compile.cu" '"undeclared_name" is undefined' --sandbox
    fi
else
    echo "SKIPPED: the sandbox's compile (no bubblewrap that can make a sandbox here)"
fi
# 6. the machine code listed while the host's half compiles: each cubin
#    ptxas made goes to nvdisasm (here one that writes down what it read),
#    kept beside the program only when the compile succeeded
mkdir "$tmp/nd"
printf '#!/bin/sh\n[ -n "${RV_TEST_ND_FAIL:-}" ] && exit 1\necho "listing of $*"; md5sum <"$4"\n' >"$tmp/nd/nvdisasm"
chmod +x "$tmp/nd/nvdisasm"
with_nd() { PATH=$tmp/nd:$PATH "$@"; }
rv_run=(with_nd run_rv)
expect 0 "compiled into" check "$thrust" --exercise 5 --build-only "$tmp/l1"
check "listed while compiling: the note says so" noted l1 "listed 1 of 1\$"
check "... nvdisasm read the cubin with its line table (-g -gi -c)" grep -q "^listing of -g -gi -c /.*\.cubin\$" "$tmp/l1/listed-0.sass"
check "... the cubin it read is kept, and is the one in the program" python3 -c '
import hashlib, sys
cubin = open(sys.argv[1], "rb").read(); listing = open(sys.argv[2]).read()
sys.exit(not (len(cubin) > 1000 and hashlib.md5(cubin).hexdigest() in listing and cubin in open(sys.argv[3], "rb").read()))' \
    "$tmp/l1/listed-0.cubin" "$tmp/l1/listed-0.sass" "$tmp/l1/program"
check "... nothing half-written left" test -z "$(find "$tmp/l1" -name '*.part')"
expect 2 "does not compile" check "$src/tests/own/does_not_compile.cu" --exercise 1 --build-only "$tmp/l1"
check "a compile that fails keeps no listing (nor an earlier one)" test -z "$(find "$tmp/l1" -name 'listed-*')"
RV_TEST_ND_FAIL=1 expect 0 "compiled into" check "$small" --exercise 1 --build-only "$tmp/l2"
check "nvdisasm failed: the program all the same, and no listing" \
    bash -c 'test -x "$1/program" && test -z "$(find "$1" -name "listed-*")" && grep -q "listed 0 of 1" "$1/nvcc-split.txt"' _ "$tmp/l2"
rv_run=(run_rv)
if ! command -v nvdisasm >/dev/null; then
    expect 0 "compiled into" check "$small" --exercise 1 --build-only "$tmp/l3"
    check "no nvdisasm: split, nothing listed" bash -c 'grep -q "listed 0 of 0" "$1/nvcc-split.txt" && test -z "$(find "$1" -name "listed-*")"' _ "$tmp/l3"
fi
finish nvcc_split
