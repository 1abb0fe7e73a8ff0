#!/usr/bin/env bash
# exercises.sh [REDUCEVIS] — the exercises on a GPU: every start.cu and
# solution.cu of docs/exercises/ traced with the defaults a student gets
# (block 256, N = 2^25, data ones, timed) into
#   $OUT/traces/<device>-ex<N>-start.rvt and -solution.rvt
# (the names assets/traces/exercises/ keeps, for the recorded-trace test),
# then `reducevis check FILE.cu --exercise N` on each file and `check --trace`
# on each recording.  Every start file must fail and every solution pass;
# the log, $OUT/exercises.txt, says where it is not so, and so does the exit
# status.  Run from the repository root on a machine with a GPU; REDUCEVIS
# defaults to ./build-gpu/reducevis (built without the viewer, e.g.
#   cmake -S . -B build-gpu -DRV_WITH_VIEWER=OFF -DCMAKE_BUILD_TYPE=Release
#   cmake --build build-gpu --target trace_tools).
set -uo pipefail
out=${OUT:-/tmp/exercises-out}
R=$(readlink -f "${1:-./build-gpu/reducevis}")
mkdir -p "$out/traces"
export PATH=/usr/local/cuda/bin:$PATH
log="$out/exercises.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
# the device as bundled assets name it: "NVIDIA H200" -> nvidia-h200
dev=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//')
say "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1); $(nvcc --version | tail -1); $R"
wrong=0
for d in docs/exercises/[0-9]*-*/; do
    n=$(basename "$d" | cut -d- -f1)
    for kind in start solution; do
        f="$d$kind.cu"
        rvt="$out/traces/$dev-ex$n-$kind.rvt"
        want=$([ $kind = start ] && echo 1 || echo 0)
        say ""
        say "== exercise $n, $kind: trace $f"
        # exercise 5 is judged at v8's block size (check's default there), so
        # its recording is made at it too
        extra=(); [ "$n" = 5 ] && extra=(--block-size 512)
        "$R" trace "$f" --no-view "${extra[@]}" -o "$rvt" 2>&1 | tee -a "$log"
        say "rc=${PIPESTATUS[0]}"
        say "-- check $f --exercise $n (traced again)"
        "$R" check "$f" --exercise "$n" 2>&1 | tee -a "$log"
        rc=${PIPESTATUS[0]}
        say "rc=$rc (want $want)"
        [ "$rc" = "$want" ] || { wrong=$((wrong + 1)); say "WRONG: check of $f exited $rc, not $want"; }
        [ -f "$rvt" ] || continue
        say "-- check --trace $(basename "$rvt") --exercise $n"
        "$R" check --trace "$rvt" --exercise "$n" 2>&1 | tee -a "$log"
        rc=${PIPESTATUS[0]}
        say "rc=$rc (want $want)"
        [ "$rc" = "$want" ] || { wrong=$((wrong + 1)); say "WRONG: check --trace of $rvt exited $rc, not $want"; }
    done
done
say ""
if [ $wrong -eq 0 ]; then say "ok: every start file fails its exercise and every solution passes"
else say "FAILED: $wrong verdict(s) not as expected"; fi
ls -la "$out/traces" | tee -a "$log"
[ $wrong -eq 0 ]
