#!/usr/bin/env bash
# fair_runner.sh BUILD_DIR LOG [OUT_DIR] — the judge's runner replays honest
# code as it ran (issue 58), on this machine's GPU, with `reducevis check
# --exercise 1` as a class runs it (--sandbox where bubblewrap is found):
#  - the corpus's four shapes (tests/own/corpus/replay/): one_past_end (first and
#    last = in + n), arg_struct (in, out, n in a struct uploaded into kept
#    memory), pointer_table (a table of chunk bounds, one past the end
#    included) and stream_memops (two streams ordered by cuStreamWriteValue32
#    and cuStreamWaitValue32) each sum all 23 judged calls right, and their
#    recordings hold the shape (the word in + n, the uploaded pointers, the
#    waitvalue and writevalue lines);
#  - tests/own/faults_when_judged.cu, right when traced and faulting in its
#    third judged call through a parameter the runner could not map, gets
#    the verdict "FAIL calls: call 3: your kernel made an illegal memory
#    access, after kernel ... was given a pointer the judge could not map
#    (parameter bytes 16..23)", exit 1, kept in judged.txt ("faulted: "),
#    and `check --replay` of the kept folder says the same;
#  - the two cheats against the runner: cheats/doctored_table.cu (its
#    recording's upload doctored after the traced run: the doctoring is
#    checked to have happened) fails its calls; cheats/write_value_sum.cu is
#    not replayed, its cudaMemcpy's line named.
# The log gives each check's verdict lines.  With OUT_DIR, the two cheats
# are then checked and kept by tests/gpu/cheats.sh (CHEATS_ONLY) into
# OUT_DIR/cheats-DEVICE.tgz, for assets/own-raw/cheats/ (its log beside the
# given LOG, LOG.cheats).
# BUILD_DIR is made (Release, headless) when it holds no reducevis.
# Exit 0 when every case held, 1 otherwise, 2 on bad usage.
set -uo pipefail
export LC_ALL=C
unset LANGUAGE
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: fair_runner.sh BUILD_DIR LOG [OUT_DIR]" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$1 log=$2 out=${3:-}
export PATH=/usr/local/cuda/bin:$PATH
if [ ! -x "$build/reducevis" ]; then
    echo "== building $build"
    cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF \
        -DRV_WITH_CLASS=OFF >"$build.cmake.log" 2>&1 &&
        cmake --build "$build" -j"$(nproc)" --target trace_tools >>"$build.cmake.log" 2>&1 ||
        { tail -30 "$build.cmake.log"; exit 1; }
fi
R=$(readlink -f "$build/reducevis")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "== fair runner on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
box=()
command -v bwrap >/dev/null 2>&1 && box=(--sandbox)
bad=0
ok() { say "  ok: $*"; }
no() { say "  FAILED: $*"; bad=$((bad + 1)); }

# The checks run at once (their verdicts are what counts here, not their
# times): start FILE KEEP puts one in the background, its words kept in
# KEEP.out and its status in KEEP.rc; check FILE KEEP, once all have ended,
# takes them into $tmp/out and $rc and logs the verdict.
start() {
    rm -rf "$2" "$2.out" "$2.rc"
    ( timeout -s KILL 400 "$R" check "$1" --exercise 1 ${box[@]+"${box[@]}"} --keep "$2" --build-cache "$tmp/cache" \
        >"$2.out" 2>&1; echo $? >"$2.rc" ) &
}
check() {
    cp "$2.out" "$tmp/out" 2>/dev/null || : >"$tmp/out"
    rc=$(cat "$2.rc" 2>/dev/null || echo none)
    say ""
    say "== ${1#"$src"/}: exit $rc"
    grep -E '^(data |  FAIL|  ok |  --|note:|reducevis|check:)' "$tmp/out" | sed 's/^/    /' | tee -a "$log"
}
# the version to beat's build made once, before the checks share the cache
"$R" check --prepare-cache "$tmp/cache" >"$tmp/prepare.out" 2>&1 || { cat "$tmp/prepare.out"; exit 1; }
shapes="one_past_end arg_struct pointer_table stream_memops"
for s in $shapes; do start "$src/tests/own/corpus/replay/$s.cu" "$tmp/k-$s"; done
start "$src/tests/own/faults_when_judged.cu" "$tmp/k-fault"
start "$src/tests/own/cheats/doctored_table.cu" "$tmp/k-doctored"
start "$src/tests/own/cheats/write_value_sum.cu" "$tmp/k-write"
wait

# A queued.txt's words: WHAT is a python expression over `arrays` (in, n,
# out0, out1), `uploads` (each upload's 8-byte words) and `launches` (each
# launch's parameter words) and `lines`
recording_has() { # QUEUED WHAT
    python3 - "$1" "$2" <<'EOF'
import struct, sys
lines = open(sys.argv[1]).read().splitlines()
arrays = {}
uploads, launches = [], []
def words(h, skip=0):
    b = bytes.fromhex(h) if h != "-" else b""
    return [struct.unpack_from("<Q", b, i)[0] for i in range(skip, len(b) - 7, 8)]
for l in lines:
    f = l.split()
    if f[0] == "arrays":
        arrays = {"in": int(f[2]), "n": int(f[3]), "out0": int(f[5]), "out1": int(f[6])}
    elif f[0] == "upload":
        uploads.append(words(f[f.index("data") + 1], (8 - int(f[1]) % 8) % 8))
    elif f[0] == "launch":
        launches.append(words(f[f.index("params") + 1]))
sys.exit(0 if eval(sys.argv[2]) else 1)
EOF
}

end_of_in='arrays["in"] + 4 * arrays["n"]'
shape() { # NAME WHAT-OF-ITS-RECORDING DESCRIPTION
    local f=$src/tests/own/corpus/replay/$1.cu k=$tmp/k-$1
    check "$f" "$k"
    if [ "$rc" = 0 -o "$rc" = 1 ] && grep -q '^  ok     calls: every one of the 23 calls' "$tmp/out" &&
        grep -q '^  ok     sum:' "$tmp/out"; then
        ok "$1: every judged call summed right, the traced sum too"
    else
        no "$1: not every judged call right (or not judged)"
    fi
    if [ -f "$k/queued.txt" ] && recording_has "$k/queued.txt" "$2"; then ok "$1: its recording holds $3"
    else no "$1: its recording does not hold $3"; sed 's/^/    queued: /' "$k/queued.txt" 2>/dev/null | cut -c1-200 | head -20 | tee -a "$log"; fi
}
shape one_past_end "any($end_of_in in w for w in launches)" "the word in + n (one past the end)"
shape arg_struct "any(arrays['in'] in w and arrays['out0'] in w for w in uploads)" "an upload of in and out"
shape pointer_table "any(arrays['in'] in w and $end_of_in in w for w in uploads)" "a table from in to in + n"
shape stream_memops "any(l.startswith('waitvalue ') for l in lines) and any(l.startswith('writevalue ') for l in lines)" \
    "waitvalue and writevalue lines"

# a kernel that faults in the judged calls: a verdict, kept, replayed
k=$tmp/k-fault
check "$src/tests/own/faults_when_judged.cu" "$k"
fault_said='FAIL   calls: call 3: your kernel made an illegal memory access, after kernel _Z12sum_or_faultPKfPfS0_j was given a pointer the judge could not map (parameter bytes 16..23)'
if [ "$rc" = 1 ] && grep -qxF "  $fault_said" "$tmp/out"; then
    ok "faults_when_judged: $fault_said, exit 1"
else
    no "faults_when_judged: expected exit 1 and '$fault_said'"
fi
if grep -q "^faulted: fault	3	cudaErrorIllegalAddress	param	_Z12sum_or_faultPKfPfS0_j	16	23$" "$k/judged.txt" 2>/dev/null; then
    ok "faults_when_judged: judged.txt keeps it"
else no "faults_when_judged: judged.txt: $(head -c 200 "$k/judged.txt" 2>/dev/null)"; fi
"$R" check --replay "$k" --exercise 1 >"$tmp/replay" 2>&1
rrc=$?
if [ "$rrc" = 1 ] && grep -qxF "  $fault_said" "$tmp/replay"; then
    ok "faults_when_judged: check --replay says the same"
else
    no "faults_when_judged: check --replay (exit $rrc):"; sed 's/^/    /' "$tmp/replay" | head -20 | tee -a "$log"
fi

# the cheats against the runner
k=$tmp/k-doctored
check "$src/tests/own/cheats/doctored_table.cu" "$k"
if [ "$rc" = 1 ] && grep -q '^  FAIL   calls: warm-up 1 of 3' "$tmp/out" && grep -q '^  ok     sum:' "$tmp/out"; then
    ok "doctored_table: its calls fail, its traced sum right"
else
    no "doctored_table: expected exit 1, the calls wrong from warm-up 1, the traced sum right"
fi
if [ -f "$k/queued.txt" ] && recording_has "$k/queued.txt" \
    "any(w[0] == arrays['in'] and w[1] == arrays['in'] + 4 * (arrays['n'] // 8) for w in uploads)"; then
    ok "doctored_table: the recording was doctored (last = first + n/8), as the trick needs"
else
    no "doctored_table: the recording was not doctored: the trick was not tried"
fi
line=$(grep -n 'the copy the verdict names' "$src/tests/own/cheats/write_value_sum.cu" | cut -d: -f1)
check "$src/tests/own/cheats/write_value_sum.cu" "$tmp/k-write"
if [ "$rc" = 1 ] &&
    grep -q "^  FAIL   calls: not replayed: launch() copies GPU memory to the host at line $line, between its launches" \
        "$tmp/out"; then
    ok "write_value_sum: not replayed, line $line named"
else
    no "write_value_sum: expected exit 1 and 'not replayed: ... at line $line'"
fi
if recording_has "$tmp/k-write/queued.txt" "any(l.startswith('writevalue ') for l in lines)"; then
    ok "write_value_sum: the stream's write recorded"
else
    no "write_value_sum: no writevalue line recorded"
fi

if [ -n "$out" ]; then
    say ""
    say "== the two cheats kept for assets/own-raw/cheats/ (tests/gpu/cheats.sh, log $log.cheats)"
    if CHEATS_ONLY="doctored_table write_value_sum" "$src/tests/gpu/cheats.sh" "$build" "$log.cheats" "$out" \
        >"$tmp/cheats.out" 2>&1; then
        ok "cheats.sh: both failed their checks, kept and replayed: $(ls "$out"/cheats-*.tgz 2>/dev/null | tr '\n' ' ')"
    else
        no "cheats.sh:"; tail -20 "$tmp/cheats.out" | tee -a "$log"
    fi
fi
say ""
say "== $bad problem(s)"
[ "$bad" -eq 0 ]
