#!/usr/bin/env bash
# cheats.sh BUILD_DIR LOG [OUT_DIR] — the exploit suite (tests/own/cheats/*.cu)
# against `reducevis check --exercise 5` on this machine's GPU: every cheat
# must FAIL (exit 1) with a rule that names what it did; the honest answers
# (exercise 5's solution, tests/own/my_reduce.cu, and two corpus kernels of
# other shapes) must not be failed by the judge's new rules (calls, reads);
# a beginner's mistakes (tests/own/mistakes/*.cu: empty_kernel.cu,
# writes_nothing.cu, whose block 0 makes no access at all) must end in a
# verdict, FAIL (exit 1) with the rules they break named (sum, calls,
# reads), never in an error.
# The log gives each file's verdict lines.  CHEATS_ONLY="NAME ...": those
# recordings alone, by their folder's name (a cheat's, honest-NAME,
# mistake-NAME), to complete a device's recordings.
#
# With OUT_DIR, each check keeps its work (--keep), and of it what
# `reducevis check --replay` needs to give the same verdict without a GPU
# (src/cli/check_replay.h) stays in OUT_DIR/DEVICE/NAME/: run.txt (with the
# seed the check drew), student.cu, traced.txt, launches.txt, counts.txt,
# allocs.txt, reads.txt, judged.txt (the judge's runner's calls; timed.txt
# from a check before the runner), queued.txt (what launch() queued),
# mark-timed.txt (the version to beat's judged calls), the records
# raw-K.rvraw and listings kernel*.sass gzipped (gzip -9n); beside them
# check.txt, what the check printed, and recorded.txt (source, role
# cheat|honest|mistake, exercise, exit: the check's status).  NAME is the cheat's own, honest-NAME for an honest
# answer, mistake-NAME for a mistake.  The
# program, its 128 MiB input and the logs are deleted.  Each folder is then
# replayed here (tests/own/cheats_replay.sh) and must give the check's
# verdict again.  The folders are packed into OUT_DIR/cheats-DEVICE.tgz (set
# CHEATS_KEEP_TREE=1 to leave OUT_DIR/DEVICE/ as a tree instead):
#   tar xzf cheats-DEVICE.tgz -C assets/own-raw/cheats
# puts them where tests/own/cheats_recorded.sh (the test own_cheats_recorded)
# reads them.  DEVICE is the GPU's name lower-cased, every run of other
# characters a '-' (nvidia-h100-80gb-hbm3), as tests/gpu/corpus.sh names it.
#
# Exit 0 when every cheat failed, no honest file failed a judge's rule and
# every recording replayed to its check's verdict; 1 otherwise; 2 on bad
# usage.  Run on a machine with a GPU, nvcc, nvdisasm and compute-sanitizer;
# BUILD_DIR holds reducevis and its tracer, e.g.
#   cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF
#   cmake --build build-gpu -j"$(nproc)" --target trace_tools
set -uo pipefail
export LC_ALL=C
unset LANGUAGE
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: cheats.sh BUILD_DIR LOG [OUT_DIR]" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
R=$(readlink -f "$1/reducevis")
log=$2
out=${3:+$(readlink -m "$3")}
[ -x "$R" ] || { echo "cheats.sh: no reducevis in $1" >&2; exit 2; }
export PATH=/usr/local/cuda/bin:$PATH
dev=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//')
[ -n "$dev" ] || { echo "cheats.sh: nvidia-smi names no GPU" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$out" ]; then
    rm -rf "${out:?}/$dev" && mkdir -p "$out/$dev" || exit 2
fi
bad=0
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "== cheats on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"

# check FILE, its work kept in $tmp/k; its words in $tmp/out, its status in $rc
check_file() {
    rm -rf "$tmp/k"
    local start=$(date +%s.%N)
    timeout -s KILL 300 "$R" check "$1" --exercise 5 ${out:+--keep "$tmp/k"} >"$tmp/out" 2>"$tmp/err"
    rc=$?
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
}

# the verdict's lines into the log
say_verdict() {
    cat "$tmp/out" "$tmp/err" | grep -E '^(data |  FAIL|  ok |  --|note:|reducevis)' | sed 's/^/    /' | tee -a "$log"
}

# NAME ROLE FILE: what replay needs of the work kept, packed small, then
# replayed; a problem counted when it does not give the check's verdict
keep_recording() {
    local name=$1 role=$2 f=$3 k=$out/$dev/$1
    if [ ! -f "$tmp/k/run.txt" ]; then
        say "  no recording kept: the check left no run.txt"
        return
    fi
    mkdir -p "$k"
    for g in run.txt student.cu traced.txt launches.txt counts.txt allocs.txt reads.txt timed.txt judged.txt queued.txt mark-timed.txt; do
        [ -f "$tmp/k/$g" ] && cp "$tmp/k/$g" "$k/"
    done
    for g in "$tmp/k"/raw*.rvraw "$tmp/k"/kernel*.sass; do
        [ -f "$g" ] && gzip -9nc "$g" >"$k/$(basename "$g").gz"
    done
    cp "$tmp/out" "$k/check.txt"
    printf 'source %s\nrole %s\nexercise 5\nexit %s\n' "${f#"$src"/}" "$role" "$rc" >"$k/recorded.txt"
    if bash "$src/tests/own/cheats_replay.sh" "$R" "$k" >"$tmp/replay" 2>&1; then
        say "  replayed without the GPU: the same verdict ($(du -sk "$k" | cut -f1) KiB kept)"
    else
        say "  replayed without the GPU: NOT the same verdict:"
        sed 's/^/    /' "$tmp/replay" | tee -a "$log"
        bad=$((bad + 1))
    fi
}

# whether the recording NAME is one CHEATS_ONLY asks for (all when unset)
wanted() {
    [ -z "${CHEATS_ONLY:-}" ] && return 0
    case " $CHEATS_ONLY " in *" $1 "*) return 0 ;; esac
    return 1
}

for f in "$src"/tests/own/cheats/*.cu; do
    name=$(basename "$f" .cu)
    wanted "$name" || continue
    check_file "$f"
    if [ "$rc" = 1 ]; then verdict="FAILED, as it must"; else verdict="NOT FAILED (exit $rc)"; bad=$((bad + 1)); fi
    say ""
    say "== $name: $verdict, ${secs} s"
    say_verdict
    [ -n "$out" ] && keep_recording "$name" cheat "$f"
done
for f in "$src/docs/exercises/5-fast/solution.cu" "$src/tests/own/my_reduce.cu" \
         "$src/tests/own/corpus/grid_sized_to_gpu.cu" "$src/tests/own/corpus/cub_device_reduce.cu"; do
    rel=${f#"$src"/}
    case $rel in
    docs/exercises/*) name=honest-exercise5-solution ;;
    *) name=honest-$(basename "$f" .cu) ;;
    esac
    wanted "$name" || continue
    check_file "$f"
    say ""
    say "== honest $rel: exit $rc, ${secs} s"
    say_verdict
    if grep -qE '^  FAIL +(gpu|calls|reads|sum):' "$tmp/out"; then
        say "  => an honest kernel failed a judge's rule"
        bad=$((bad + 1))
    fi
    [ -n "$out" ] && keep_recording "$name" honest "$f"
done
for f in "$src"/tests/own/mistakes/*.cu; do
    name=mistake-$(basename "$f" .cu)
    wanted "$name" || continue
    check_file "$f"
    say ""
    say "== mistake ${f#"$src"/}: exit $rc, ${secs} s"
    say_verdict
    for rule in sum calls reads; do
        if ! grep -qE "^  FAIL +$rule:" "$tmp/out"; then
            say "  => the mistake's check did not FAIL $rule"
            bad=$((bad + 1))
        fi
    done
    if [ "$rc" != 1 ]; then
        say "  => the mistake's check did not end in a verdict (exit $rc, not 1)"
        bad=$((bad + 1))
    fi
    [ -n "$out" ] && keep_recording "$name" mistake "$f"
done
say ""
say "== $bad problem(s)"
if [ -n "$out" ] && [ "${CHEATS_KEEP_TREE:-0}" != 1 ]; then
    tar czf "$out/cheats-$dev.tgz" -C "$out" "$dev" && rm -rf "${out:?}/$dev"
    say "== recordings: $(du -sh "$out/cheats-$dev.tgz" | cut -f1) packed in $out/cheats-$dev.tgz; unpack with" \
        "tar xzf cheats-$dev.tgz -C assets/own-raw/cheats"
elif [ -n "$out" ]; then
    say "== recordings: $(du -sh "$out/$dev" | cut -f1) in $out/$dev"
fi
[ "$bad" -eq 0 ]
