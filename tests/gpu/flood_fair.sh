#!/usr/bin/env bash
# flood_fair.sh — no student's GPU work in another's timed calls (issue 58),
# on a GPU machine: exercise 5's solution checked as a class checks it
# (`check --sandbox --mark-reuse`, its turns kept with the others' through
# the node's lock files, `--gpu-lock`, as on a Slurm cluster: the class's
# gate needs libmicrohttpd, which the GPU machines lack) beside
# tests/own/hostile/copy_flood.cu, a right reduction whose thread and atexit
# function keep 512 MiB copies and memsets going for seconds after launch().
#   1. alone: 5 checks one after another, each timing v8 itself, before
#      the flood and 5 more after it: the judged time and v8's, medians of
#      the 10 (a check alone moves by some 5% from one to the next: its
#      own context, clocks and memory, so single checks prove nothing);
#   2. beside the flood, with turns: the flooding check started, then 6
#      honest checks 0.5 s apart sharing one --mark-reuse file; the median
#      of their judged times, and of the v8 times they were given, must be
#      within 3% of alone's (each check's own difference is printed);
#   3. the control, beside the flood with no turns at all: the same checks'
#      times, to show the flood bites (printed, not held to anything); their
#      --mark-reuse file holds the fastest v8 time of step 1, taken 2 minutes
#      before, so v8 is timed again and, spoilt, is not kept: the v8 time
#      they are given must be within the 5% a kept time may be slower than
#      the fastest (mark_reuse.h), and how many were not kept is printed.
# Every figure is printed; the log goes to assets/logs/<device>-flood-fair.txt
# (the device's name as nvidia-smi gives it, lower case, spaces as dashes).
# Exit 0 when steps 2 and 3 hold, 1 otherwise, 2 on bad usage.
# bwrap: the system's, else the carried .debs (tests/gpu/carried_bwrap.sh).
# Usage, from the repository root (a headless build, as tests/gpu/*.sh do):
#   cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
#         -DRV_WITH_VIEWER=OFF -DRV_WITH_CLASS=OFF
#   cmake --build build-gpu -j"$(nproc)" --target trace_tools
#   tests/gpu/flood_fair.sh build-gpu
set -uo pipefail
export LC_ALL=C
unset LANGUAGE
[ $# -eq 1 ] || { echo "usage: tests/gpu/flood_fair.sh BUILD_DIR" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
rv=$(readlink -f "$1/reducevis")
[ -x "$rv" ] || { echo "flood_fair.sh: no reducevis in $1" >&2; exit 2; }
export PATH=/usr/local/cuda/bin:$PATH
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
[ -n "$device" ] || { echo "flood_fair.sh: nvidia-smi names no GPU" >&2; exit 2; }
slug=$(printf '%s' "$device" | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
log=$src/assets/logs/$slug-flood-fair.txt
sol=$src/docs/exercises/5-fast/solution.cu
flood=$src/tests/own/hostile/copy_flood.cu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/gpu/carried_bwrap.sh" || { echo "$carried_bwrap"; exit 1; }
export CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
HONEST=6 ALONE=5

run() {
    mkdir -p "$tmp/locks"
    echo "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1); $(bwrap --version)"
    [ -n "$carried_bwrap" ] && echo "== $carried_bwrap"
    # v8's build, then every check's compile, before anything is timed
    "$rv" check --prepare-cache "$tmp/cache" --sandbox >"$tmp/prepare.log" 2>&1 ||
        { echo "FAIL: v8's build:"; tail -20 "$tmp/prepare.log"; return 1; }
    local names=() k
    for k in $(seq $((2 * ALONE))); do names+=("alone$k"); done
    for step in turns bare; do
        names+=("$step-flood")
        for k in $(seq $HONEST); do names+=("$step$k"); done
    done
    for k in "${names[@]}"; do
        local f=$sol
        case $k in *-flood) f=$flood ;; esac
        "$rv" check "$f" --exercise 5 --sandbox --timeout 30 --build-cache "$tmp/cache" --build-only "$tmp/w-$k" \
            >"$tmp/build-$k.log" 2>&1 &
    done
    wait
    for k in "${names[@]}"; do
        [ -x "$tmp/w-$k/program" ] || { echo "FAIL: $k did not compile:"; tail -20 "$tmp/build-$k.log"; return 1; }
    done

    # check NAME FILE [OPTIONS...]: the summary in $tmp/NAME.json, its words in $tmp/NAME.out
    check() {
        local name=$1 f=$2
        shift 2
        "$rv" check "$f" --exercise 5 --sandbox --timeout 30 --build-cache "$tmp/cache" --built "$tmp/w-$name" \
            --summary "$tmp/$name.json" "$@" >"$tmp/$name.out" 2>&1
        echo "$?" >"$tmp/$name.rc"
    }
    # what NAME's summary holds: ms mark_ms percent
    figures() {
        python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))
print("%s %s %s" % (s.get("ms") or 0, s.get("mark_ms") or 0, s.get("percent_of_mark") or 0))' "$tmp/$1.json" 2>/dev/null ||
            echo "0 0 0"
    }
    # the speed line and where v8's time came from
    said() { grep -E '^speed:|FAIL|reducevis check:' "$tmp/$1.out" | sed 's/^/      /'; }
    median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
    # within A B [SHARE]: A within SHARE (default 0.03) of B
    within() { awk -v a="$1" -v b="$2" -v d="${3:-0.03}" 'BEGIN { exit !(a > 0 && b > 0 && a <= b * (1 + d) && a >= b * (1 - d)) }'; }
    pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", (b > 0 ? (a / b - 1) * 100 : 0) }'; }

    local ms=() v8=()
    # alone FIRST LAST: checks alone$FIRST..alone$LAST one after another
    alone() {
        local k m v p
        for k in $(seq "$1" "$2"); do
            check "alone$k" "$sol" --gpu-lock "$tmp/locks" --mark-reuse "$tmp/mark-alone$k.txt"
            read -r m v p <<<"$(figures "alone$k")"
            echo "   alone$k: exit $(cat "$tmp/alone$k.rc"), judged $m ms, v8 $v ms ($p% of v8)"
            ms+=("$m") v8+=("$v")
        done
    }
    echo "== 1. alone: exercise 5's solution, $ALONE checks one after another, each timing v8 (5 more after step 2)"
    alone 1 "$ALONE"
    local bad=0

    # flood STEP OPTIONS...: the flooding check, then the honest ones beside it
    beside() {
        local step=$1
        shift
        local t0=$SECONDS
        check "$step-flood" "$flood" "$@" &
        sleep 2.5   # its traced run started, its first launch() returned: the flood is on
        for k in $(seq $HONEST); do
            check "$step$k" "$sol" "$@" --mark-reuse "$tmp/mark-$step.txt" &
            sleep 0.5
        done
        wait
        read -r fm _ fp <<<"$(figures "$step-flood")"
        echo "   the flooding check: exit $(cat "$tmp/$step-flood.rc"), $((SECONDS - t0)) s, judged $fm ms ($fp% of v8)"
        said "$step-flood"
    }

    echo "== 2. beside the flood, with turns (--gpu-lock): $HONEST honest checks sharing one --mark-reuse file"
    beside turns --gpu-lock "$tmp/locks"
    echo "   ... and alone again, the flood over"
    alone $((ALONE + 1)) $((2 * ALONE))
    local ms_alone v8_alone
    ms_alone=$(echo "${ms[*]}" | median)
    v8_alone=$(echo "${v8[*]}" | median)
    echo "   alone, median of $((2 * ALONE)): judged $ms_alone ms (from $(echo "${ms[*]}" | tr ' ' '\n' | sort -g | head -1)" \
         "to $(echo "${ms[*]}" | tr ' ' '\n' | sort -g | tail -1)), v8 $v8_alone ms"
    awk -v a="$ms_alone" -v b="$v8_alone" 'BEGIN { exit !(a > 0 && b > 0) }' ||
        { echo "FAIL: no time alone"; cat "$tmp/alone1.out"; return 1; }
    local tms=() tv8=()
    for k in $(seq $HONEST); do
        read -r m v p <<<"$(figures "turns$k")"
        echo "   turns$k: exit $(cat "$tmp/turns$k.rc"), judged $m ms ($(pct "$m" "$ms_alone") on alone), v8 $v ms" \
             "($(pct "$v" "$v8_alone"))"
        said "turns$k"
        tms+=("$m") tv8+=("$v")
    done
    local ms_turns v8_turns ok=ok
    ms_turns=$(echo "${tms[*]}" | median)
    v8_turns=$(echo "${tv8[*]}" | median)
    within "$ms_turns" "$ms_alone" && within "$v8_turns" "$v8_alone" || { ok=NOT; bad=$((bad + 1)); }
    echo "   beside the flood, median of $HONEST: judged $ms_turns ms ($(pct "$ms_turns" "$ms_alone") on alone)," \
         "v8 $v8_turns ms ($(pct "$v8_turns" "$v8_alone")): $ok within 3%"

    echo "== 3. the control: beside the flood with no turns; v8's fastest of step 1 kept 2 minutes before"
    local n block
    read -r n block <<<"$(sed -n 's/^mark v8 n \([0-9]*\) block \([0-9]*\) .*/\1 \2/p' "$tmp/mark-alone1.txt")"
    if [ -z "$n" ]; then
        echo "FAIL: step 1 kept no v8 time in $tmp/mark-alone1.txt"
        bad=$((bad + 1))
    else
        local now
        now=$(date +%s)
        # the file's own line (mark_reuse.h): a time too old to share, its fastest still fresh
        printf 'mark v8 n %s block %s ms %s at %s.000 best %s best_at %s.000\n' "$n" "$block" "$v8_alone" \
            $((now - 120)) "$v8_alone" $((now - 120)) >"$tmp/mark-bare.txt"
    fi
    beside bare
    for k in $(seq $HONEST); do
        read -r m v p <<<"$(figures "bare$k")"
        local ok=ok
        within "$v" "$v8_alone" 0.05 || { ok=NOT; bad=$((bad + 1)); }
        echo "   bare$k: exit $(cat "$tmp/bare$k.rc"), judged $m ms ($(pct "$m" "$ms_alone") on alone: no turns)," \
             "v8 $v ms ($(pct "$v" "$v8_alone")): $ok within 5%"
        said "bare$k"
    done
    echo "   v8 timed beside the flood and not kept (its fastest stood in): in" \
         "$(grep -l 'so that time is not kept' "$tmp"/bare[0-9].out | wc -l) of $HONEST checks"
    echo "== $bad problem(s)"
    [ "$bad" -eq 0 ]
}

run 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
