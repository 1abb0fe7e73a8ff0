#!/usr/bin/env bash
# cheats.sh BUILD_DIR LOG — the exploit suite (tests/own/cheats/*.cu) against
# `reducevis check --exercise 5` on this machine's GPU: every cheat must FAIL
# (exit 1) with a rule that names what it did; the honest answers (exercise
# 5's solution, tests/own/my_reduce.cu, and two corpus kernels of other
# shapes) must not be failed by the judge's new rules (calls, reads).  The
# log gives each file's verdict lines.  Exit 0 when every cheat failed and no
# honest file failed a judge's rule; 1 otherwise; 2 on bad usage.
set -uo pipefail
export LC_ALL=C
[ $# -eq 2 ] || { echo "usage: cheats.sh BUILD_DIR LOG" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
R=$(readlink -f "$1/reducevis")
log=$2
[ -x "$R" ] || { echo "cheats.sh: no reducevis in $1" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "== cheats on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
for f in "$src"/tests/own/cheats/*.cu; do
    name=$(basename "$f" .cu)
    start=$(date +%s.%N)
    timeout -s KILL 300 "$R" check "$f" --exercise 5 >"$tmp/out" 2>&1
    rc=$?
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    if [ "$rc" = 1 ]; then verdict="FAILED, as it must"; else verdict="NOT FAILED (exit $rc)"; bad=$((bad + 1)); fi
    say ""
    say "== $name: $verdict, ${secs} s"
    grep -E '^(data |  FAIL|  ok |  --|note:|reducevis)' "$tmp/out" | sed 's/^/    /' | tee -a "$log"
done
for f in "$src/docs/exercises/5-fast/solution.cu" "$src/tests/own/my_reduce.cu" \
         "$src/tests/own/corpus/grid_sized_to_gpu.cu" "$src/tests/own/corpus/cub_device_reduce.cu"; do
    name=${f#"$src"/}
    timeout -s KILL 300 "$R" check "$f" --exercise 5 >"$tmp/out" 2>&1
    rc=$?
    say ""
    say "== honest $name: exit $rc"
    grep -E '^(data |  FAIL|  ok |  --|note:|reducevis)' "$tmp/out" | sed 's/^/    /' | tee -a "$log"
    if grep -qE '^  FAIL +(calls|reads|sum):' "$tmp/out"; then
        say "  => an honest kernel failed a judge's rule"
        bad=$((bad + 1))
    fi
done
say ""
say "== $bad problem(s)"
[ "$bad" -eq 0 ]
