#!/usr/bin/env bash
# own_trace.sh — `reducevis trace` on a GPU, end to end: the student files of
# tests/own (one traced, one hanging, one out of bounds, one wrong, one that
# does not compile), a hostile file name, every shipped kernel traced
# unchanged (`--kernel`, ones and random data, block 256) and compared with
# its capture and the CPU model (`reducevis prove`), every version's
# `capture` at block 256 (a kernel without trace macros traced unchanged and
# adopted; these are the bundled traces, named as `record` names them), and
# the time of `trace` at block 1024.  Everything it made goes to $OUT (or /tmp/own-out):
# traces, the raw records and machine code they came from, logs.
# Run from the repository root on a machine with a GPU.
set -uo pipefail
out=${OUT:-/tmp/own-out}
mkdir -p "$out/raw" "$out/traces"
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p /tmp/keep
secs() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }
log="$out/own-trace.txt"
say() { echo "$*" | tee -a "$log"; }
if [ -z "${RV_BIN:-}" ]; then
    cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF >"$out/cmake.log" 2>&1 &&
        cmake --build build-gpu -j"$(nproc)" --target trace_tools >>"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
fi
R=$(readlink -f "${RV_BIN:-./build-gpu/reducevis}")
say "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) ; $(nvcc --version | tail -1)"
say "== tools: $(command -v nvdisasm) $(command -v compute-sanitizer)"
dev=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z ' 'a-z-')

# keep what a trace came from (not the input array or the program)
keep_raw() { mkdir -p "$out/raw/$2"; local g; for g in raw.rvraw kernel.sass traced.txt timed.txt run.txt student.cu nvcc.log traced.log tool-error.txt; do
    [ -f "$1/$g" ] && cp "$1/$g" "$out/raw/$2/"; done; }

say "== a first look: my_reduce, and when the traced run fails, the tracer's own account of it"
rm -rf /tmp/keep/first
timeout -s KILL 120 $R trace tests/own/my_reduce.cu --n 1048576 --no-view --no-time --keep /tmp/keep/first -o /tmp/first.rvt 2>&1 | tee -a "$log"
if [ "${PIPESTATUS[0]}" != 0 ]; then
    cat /tmp/keep/first/traced.log /tmp/keep/first/tool-error.txt 2>/dev/null | tail -20 | tee -a "$log"
    lib=$(dirname "$R")/librvtracer.so
    ldd "$lib" | tee -a "$log"
    (cd /tmp/keep/first && for how in plain nopatch patch; do
        say "-- the program alone: $how"
        case $how in
        plain) timeout -s KILL 60 ./program trace "$(sed -n "s/^data //p" run.txt)" 1048576 256 r.txt ;;
        *) env CUDA_INJECTION64_PATH="$lib" RV_TRACER_OUT=/tmp/keep/first RV_TRACER_DEBUG=1 \
               RV_TRACER_NOPATCH=$([ $how = nopatch ] && echo 1 || echo 0) CUDA_MODULE_LOADING=EAGER \
               RV_TRACER_PATCHES=$(dirname "$R")/rvtracer_patches.fatbin timeout -s KILL 60 ./program trace "$(sed -n "s/^data //p" run.txt)" 1048576 256 r.txt ;;
        esac >"$out/first-$how.txt" 2>&1
        echo "rc=$?" >>"$out/first-$how.txt"
        tail -40 "$out/first-$how.txt" | tee -a "$log"
    done)
    keep_raw /tmp/keep/first first
    exit 1
fi
keep_raw /tmp/keep/first first

say "== student files"
for f in my_reduce wrong_sum; do
    for b in 256 1024; do
        k=/tmp/keep/$f-$b; rm -rf "$k"
        start=$(date +%s.%N)
        $R trace tests/own/$f.cu --block-size $b --data random:1 --no-view --keep "$k" -o "$out/traces/$dev-$f-b$b.rvt" 2>&1 | tee -a "$log"
        say "rc=${PIPESTATUS[0]} wall $(secs "$start") s ($f, block $b)"
        keep_raw "$k" "$f-b$b-random1"
    done
done
for f in hang out_of_bounds does_not_compile; do
    say "-- $f"
    start=$(date +%s.%N)
    $R trace tests/own/$f.cu --timeout 10 --no-view -o "$out/traces/$f.rvt" >>"$log" 2>&1
    say "rc=$? wall $(secs "$start") s; written: $(ls "$out/traces/$f.rvt" 2>/dev/null || echo none)"
done
say "-- the GPU after the hang: my_reduce again"
$R trace tests/own/my_reduce.cu --no-view --no-time -o /tmp/after-hang.rvt 2>&1 | tee -a "$log"
say "-- a hostile file name"
hostile="/tmp/my reduce \"quoted\"; \$(touch pwned).cu"
cp tests/own/my_reduce.cu "$hostile"
(cd /tmp && $R trace "$hostile" --no-view --no-time -o "/tmp/hostile.rvt") 2>&1 | tee -a "$log"
say "rc=${PIPESTATUS[0]}; pwned file: $(ls /tmp/pwned pwned 2>/dev/null || echo none)"

say "== shipped kernels, traced unchanged (six at a time: compiling dominates)"
one_kernel() {
    v=$1 d=$2 dn=${2/:/}
    k=/tmp/keep/$v-$dn; rm -rf "$k"
    $R trace --kernel $v --block-size 256 --data $d --no-view --no-time --keep "$k" \
        -o "$out/traces/$dev-own-$v-b256-$dn.rvt" >"$out/raw/$v-$dn.log" 2>&1
    echo "rc=$?" >>"$out/raw/$v-$dn.log"
    keep_raw "$k" "$v-b256-$dn"
}
export -f one_kernel keep_raw; export R out dev
for v in $($R versions | awk '/^v[0-9]/{print $1}'); do echo "$v ones"; echo "$v random:1"; done |
    xargs -P 6 -L 1 bash -c 'one_kernel $0 $1'
for f in "$out"/raw/*.log; do say "$(basename "$f" .log): $(tr '\n' ' ' <"$f" | cut -c1-300)"; done

say "== capture, every version (a kernel without trace macros through the tracer), as record names them"
mkdir -p "$out/captures"
for v in $($R versions | awk '/^v[0-9]/{print $1}'); do
    for d in ones random:1; do
        f="$out/captures/$dev-$v-b256-${d/:/}.rvt"
        start=$(date +%s.%N)
        $R capture --version $v --block-size 256 --data $d -o "$f" >"$out/cap.log" 2>&1
        say "capture $v $d: rc=$? wall $(secs "$start") s: $(tr '\n' ' ' <"$out/cap.log" | cut -c1-260)"
    done
done

say "== the proof: each unchanged kernel against the CPU model, access by access"
for t in "$out"/traces/$dev-own-*.rvt; do
    $R prove "$t" >>"$log" 2>&1
    say "$(basename "$t") against the model: rc=$?"
    cap=$out/captures/$(basename "$t" | sed 's/-own-/-/')   # the capture of the same run
    if [ -f "$cap" ]; then
        $R prove "$t" "$cap" >>"$log" 2>&1
        say "$(basename "$t") against $(basename "$cap"): rc=$?"
    fi
done
ls -la "$out/traces" | tee -a "$log"
# one archive: the device returns a bounded number of files
(cd "$out" && tar czf own-trace.tgz traces raw captures && rm -rf traces raw captures)
