#!/usr/bin/env bash
# check_cost.sh — where a check's time goes on a GPU machine: exercise 1's
# solution checked 3 times as the class checks it (--sandbox, compiled first
# with --build-only, then --built), each stage's end read from the kept
# folder's files (their modification times), and the same with the
# whole-grid counting off (RV_TRACER_NOCOUNT=1) beside it; and the stages
# as the check itself counts them (--summary's seconds), where it does.
# Usage, from the repository root:  tests/gpu/check_cost.sh REDUCEVIS
set -uo pipefail
rv=$(readlink -f "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
sol=$src/docs/exercises/1-converge/solution.cu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$rv" check "$sol" --exercise 1 --sandbox --build-only "$tmp/w" >/dev/null 2>&1 || { echo "FAIL: no build"; exit 1; }
for mode in counted counted counted nocount; do
    rm -rf "$tmp/k" && cp -a "$tmp/w" "$tmp/k"
    t0=$(date +%s.%N)
    rm -f "$tmp/s.json"
    if [ $mode = nocount ]; then RV_TRACER_NOCOUNT=1 "$rv" check "$sol" --exercise 1 --sandbox --built "$tmp/k" --summary "$tmp/s.json" >"$tmp/out" 2>&1
    else "$rv" check "$sol" --exercise 1 --sandbox --built "$tmp/k" --summary "$tmp/s.json" >"$tmp/out" 2>&1; fi
    t1=$(date +%s.%N)
    printf '== %s: check --built %.2f s; %s\n' "$mode" "$(awk "BEGIN{print $t1 - $t0}")" "$(grep -E '^(PASS|FAIL)' "$tmp/out")"
    # the check's own account of its stages (a build that has one: --summary's seconds)
    python3 -c 'import json, sys; s = json.load(open(sys.argv[1])).get("seconds")
if s: print("==   stages: " + ", ".join("%s %s" % (k, "-" if v is None else "%.2f s" % v) for k, v in s.items()))' "$tmp/s.json" 2>/dev/null
    # each file's last write, in seconds after the start
    (cd "$tmp/k" && for f in $(ls -tr); do
        printf '   %6.2f  %s\n' "$(awk "BEGIN{print $(stat -c %.9Y "$f") - $t0}")" "$f"; done) | tail -25
done
