#!/usr/bin/env bash
# check_cli_test.sh — `reducevis check` without a GPU: bad input gets a
# message and its exit status (1 usage, 2 nothing to judge), a trace that is
# not an own trace fails, a .cu file without a GPU gives trace's own message
# and 2, and own traces built by test_rules are judged with the documented
# exit status (0 pass, 1 fail), the time against the bundled v8 included.
# Usage: check_cli_test.sh path/to/reducevis path/to/test_rules SOURCE_DIR
set -u
rv=$1 make_traces=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_harness.sh"
rv_label="reducevis check"
run_rv() { timeout 60 "${prefix[@]}" "$rv" "$@"; }
rv_run=(run_rv)
prefix=()
start=$src/docs/exercises/1-converge/start.cu

expect 0 "usage: reducevis check"          check --help
expect 1 "--exercise N is required"        check "$start"
expect 1 "unknown exercise '9'"            check "$start" --exercise 9
expect 1 "unknown exercise '0'"            check "$start" --exercise 0
expect 1 "unknown exercise 'two'"          check "$start" --exercise two
expect 1 "--exercise needs a value"        check "$start" --exercise
expect 1 "give the .cu file"               check --exercise 1
expect 1 "not both"                        check "$start" --trace "$tmp/x.rvt" --exercise 1
expect 1 "an option of tracing a file"     check --trace "$tmp/x.rvt" --exercise 1 --n 1000
expect 1 "not an option of check"          check "$start" --exercise 1 --grid 4
expect 1 "power of two"                    check "$start" --exercise 1 --block-size 48
expect 1 "unknown option '--bogus'"        check "$start" --exercise 1 --bogus
expect 2 "cannot read"                     check "$tmp/missing.cu" --exercise 1
expect 2 "cannot open"                     check --trace "$tmp/missing.rvt" --exercise 1
printf 'hello world, not a trace' >"$tmp/junk.rvt"
expect 2 "not a reducevis trace"           check --trace "$tmp/junk.rvt" --exercise 1
"$rv" simulate --version v0 --n 4096 -o "$tmp/v0.rvt" >/dev/null
head -c 200 "$tmp/v0.rvt" >"$tmp/short.rvt"
expect 2 "truncated"                       check --trace "$tmp/short.rvt" --exercise 1
# a trace of a shipped version (the CPU model's) is no student's kernel
expect 1 "not of a kernel traced from a file" check --trace "$tmp/v0.rvt" --exercise 1

# No GPU (none here, or hidden): nothing to judge, and trace's own message.
prefix=(env CUDA_VISIBLE_DEVICES=-1)
expect 2 "reducevis check: "               check "$start" --exercise 1
got=$(sed -n 's/^reducevis check: //p' "$tmp/err")
"${prefix[@]}" "$rv" trace "$start" --no-view -o "$tmp/t.rvt" >/dev/null 2>"$tmp/trace-err"
want=$(sed -n 's/^reducevis trace: //p' "$tmp/trace-err")
check "check passes trace's message on ('$got' vs '$want')" test -n "$want" -a "$got" = "$want"
prefix=()

# Own traces built in code (test_rules DIR): verdicts and exit status.
"$make_traces" "$tmp" || { echo "FAIL: test_rules could not write its traces"; exit 1; }
for n in 1 2 3; do
    expect 0 "PASS: all"                   check --trace "$tmp/add-during-load.rvt" --exercise $n
done
expect 1 "warp tail: only 1 step after the last tree level (step 7" check --trace "$tmp/add-during-load.rvt" --exercise 4
expect 1 "synced: step 3 (warp s=16, line 20)" check --trace "$tmp/unsynced.rvt" --exercise 4
expect 0 "assets/results/nvidia-h200.json" check --trace "$tmp/add-during-load.rvt" --exercise 5
expect 1 "no bundled results for nvidia-a100-sxm4-80gb" check --trace "$tmp/a100.rvt" --exercise 5
finish "check"
