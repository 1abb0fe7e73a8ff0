#!/usr/bin/env bash
# gpu_check_mark_test.sh — on this machine's GPU, a check of a student's file
# times the version to beat in the same run, from the build that
# `check --prepare-cache` left and by its timed run alone: exercise 5's speed
# line and fast rule name its time ("... timed in this run on this GPU, block
# B"), the summary has it (mark_ms, percent_of_mark), the cached build is
# used as it is (nothing compiled again), and no work folder stays behind;
# the same with --sandbox and --built, as a class runs it.  A kept folder
# (--keep, or --built's) holds the version to beat's timed run beside the
# student's, and `check --replay` of it gives the same verdict with no GPU.
# The machine code is listed during the compile (rvnvccsplit), or by
# nvdisasm after it where the compile did not list the module the run
# loaded: the summary's "disassembly" is null in the first case, nvdisasm's
# time in the second, and the kept listing is the compile's in the first only.
# Skips (77) with a message where there is no GPU.
# Usage: gpu_check_mark_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
skip_without_gpu "check's time of the version to beat needs one"
mkdir "$tmp/work"
run_rv() { timeout 300 env TMPDIR="$tmp/work" "$rv" "$@"; }
rv_run=(run_rv)
mine=$src/tests/own/my_reduce.cu

expect 0 ", the version to beat, is compiled in" check --prepare-cache "$tmp/cache"
mark=$(sed -n 's/^\(.*\), the version to beat, is compiled in .*/\1/p' "$tmp/out")
prog=$(echo "$tmp"/cache/*/program)
kept=$(stat -c '%i %Y' "$prog")
said="$mark timed in this run on this GPU, block [0-9]+"

# judged: the speed line, the fast rule and the summary hold the time
judged() { # what
    check "$1: the speed line names $mark's time from this run ($(grep '^speed' "$tmp/out"))" \
        grep -qE "^speed: [0-9.]+ ms, [0-9.]+ GB/s; $said: [0-9.]+ ms, [0-9.]+ GB/s; yours runs at [0-9]+% of its speed$" \
        "$tmp/out"
    check "$1: the fast rule holds the kernel to that time" grep -qE "fast: [0-9.]+ ms against [0-9.]+ ms \($said\)" \
        "$tmp/out"
    check "$1: --summary has $mark's time" python3 -c '
import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["mark"] == sys.argv[2] and s["mark_ms"] > 0 and s["percent_of_mark"] > 0))' "$tmp/s.json" "$mark"
    check "$1: --summary says where the time went, every stage run" python3 -c '
import json, sys; t = json.load(open(sys.argv[1]))["seconds"]
ran = [t[k] for k in ("traced_run", "timed_run", "trace", "mark")]
listing = t["disassembly"]   # null: listed during the compile; else nvdisasm ran after it
sys.exit(not (all(x and x > 0 for x in ran) and (listing is None or listing > 0)
              and t["whole"] >= t["traced_run"] + t["timed_run"] + t["mark"]))' \
        "$tmp/s.json"
    check "$1: the cached build used as it is" test "$(stat -c '%i %Y' "$prog")" = "$kept"
    check "$1: no work folder left ($(ls "$tmp/work"))" test -z "$(ls -A "$tmp/work")"
}
# listed: the kept folder's listing is one the compile made (listed-K.sass)
# exactly when the summary says nvdisasm did not run
listed() { # what summary folder
    check "$1: the machine code listed during the compile, or after it when it was not" python3 -c '
import glob, json, os, sys
t = json.load(open(sys.argv[1]))["seconds"]
sass = open(os.path.join(sys.argv[2], "kernel.sass"), "rb").read()
compiled = [open(p, "rb").read() for p in glob.glob(os.path.join(sys.argv[2], "listed-*.sass"))]
print("disassembly:", t["disassembly"], "; the compile listed", len(compiled), "module(s)")
sys.exit(not ((t["disassembly"] is None) == (sass in compiled)))' "$2" "$3"
}
expect "0|1" "timed in this run on this GPU" check "$mine" --exercise 5 --build-cache "$tmp/cache" \
    --summary "$tmp/s.json"
judged "check"
# kept: the version to beat's timed run beside the student's, and the same
# verdict again from the folder (check --replay)
run_rv check "$mine" --exercise 5 --build-cache "$tmp/cache" --keep "$tmp/kept" --summary "$tmp/k.json" \
    >"$tmp/live" 2>&1
live=$?
check "--keep: the version to beat's timed run kept beside the student's" test -s "$tmp/kept/mark-timed.txt"
check "--keep: the kernel's listing, made beside the timed run, put in the kept folder" \
    grep -q "^[[:space:]]*\.text\." "$tmp/kept/kernel.sass"
listed "--keep" "$tmp/k.json" "$tmp/kept"
check "no folder of nvdisasm's left behind ($(ls "$tmp/work"))" test -z "$(ls -A "$tmp/work")"
"$rv" check --replay "$tmp/kept" --exercise 5 >"$tmp/again" 2>&1
again=$?
check "--replay of the kept folder: the check's exit status ($live, $again)" test "$live" = "$again"
check "--replay of the kept folder: the check's rules, line for line" \
    diff <(grep -E '^  (ok|FAIL|--) ' "$tmp/live") <(grep -E '^  (ok|FAIL|--) ' "$tmp/again")
if command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-all /bin/true 2>/dev/null; then
    expect 0 "compiled into"               check "$mine" --exercise 5 --sandbox --build-only "$tmp/built"
    expect "0|1" "timed in this run on this GPU" check "$mine" --exercise 5 --sandbox --built "$tmp/built" \
        --build-cache "$tmp/cache" --summary "$tmp/s.json"
    judged "--sandbox --built"
    listed "--sandbox --built" "$tmp/s.json" "$tmp/built"
    check "--built: the version to beat's timed run kept in the folder" test -s "$tmp/built/mark-timed.txt"
else
    echo "SKIPPED: --sandbox --built (no bubblewrap that can make a sandbox here)"
fi
finish gpu_check_mark
