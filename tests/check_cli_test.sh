#!/usr/bin/env bash
# check_cli_test.sh — `reducevis check` without a GPU: bad input gets a
# message and its exit status (1 usage, 2 nothing to judge), a trace that is
# not an own trace fails, a .cu file without a GPU gives trace's own message
# and 2, and own traces built by test_rules are judged with the documented
# exit status (0 pass, 1 fail), the time against the bundled v8 included.
# The timed run's checked calls, written into a kept folder as the driver
# writes them (test_run_facts), are read back by `trace --replay`: a wrong
# call named, the time the median of the checked calls.
# Usage: check_cli_test.sh path/to/reducevis path/to/test_rules SOURCE_DIR path/to/test_run_facts
set -u
rv=$1 make_traces=$2 src=$3 run_facts=$4
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

# One table (src/cli/check_opts.c) says which options each way of judging
# takes, and --help's usage is printed from it.  Every option the shell is
# offered stands in the usage and is explained below it; the lines take
# what they should: --trace's and --replay's the judging alone, the .cu
# file's every option of tracing a file.  Each option of the file's line
# that --trace's lacks is refused with --trace and with --replay as one of
# tracing a file; each of --trace's is taken with it.
"$rv" check --help >"$tmp/help"
usage=$(sed -n '/^usage:/,/^$/p' "$tmp/help")
for o in $("$rv" check --options | cut -f1 | cut -d' ' -f1 | grep -vx -- --help); do
    check "check --help's usage names $o" grep -qE -- "(\[| )$o( |\]|$)" <<<"$usage"
    check "check --help explains $o" grep -qE -- "^  $o( |$)" "$tmp/help"
done
# a line of the usage, with the lines it is folded onto
usage_line() {
    awk -v p="$1" 'index($0, p) == 1 { on = 1; print; next } on && /^                       [^ ]/ { print; next }
                   { on = 0 }' "$tmp/help"
}
file_line=$(usage_line "usage: reducevis check FILE.cu ")
trace_line=$(usage_line "       reducevis check --trace ")
replay_line=$(usage_line "       reducevis check --replay ")
names() { grep -oE -- '--[a-z-]+' <<<"$1" | sort | tr '\n' ' '; }
check "--trace's usage line takes the judging alone ($(names "$trace_line"))" \
    test "$(names "$trace_line")" = "--exercise --save-trace --summary --trace "
check "--replay's usage line takes the judging alone ($(names "$replay_line"))" \
    test "$(names "$replay_line")" = "--exercise --replay --save-trace --summary "
check "the .cu file's usage line takes every option of tracing ($(names "$file_line"))" \
    test "$(names "$file_line")" = "$("$rv" check --options | cut -f1 | cut -d' ' -f1 |
        grep -vxE -- '--(help|trace|replay|prepare-cache|waves-into)' | sort | tr '\n' ' ')"
# a value of each kind the table names; --gpu-gate-fd's is a socket, on fd 9
value_of() {
    case $1 in
    N) echo 1024 ;; B) echo 128 ;; PATTERN) echo ones ;; S) echo 5 ;; FD) echo 9 ;; DIR) echo "$tmp" ;;
    *) echo "$tmp/f" ;;
    esac
}
gate=(python3 -c 'import os, socket, sys
a, b = socket.socketpair(); os.dup2(a.fileno(), 9); os.execvp(sys.argv[1], sys.argv[1:])')
while read -r o v; do
    [[ $trace_line == *" [$o"* ]] && continue
    value=() && [ -n "$v" ] && value=("$(value_of "$v")")
    prefix=() && [ "$o" = --gpu-gate-fd ] && prefix=("${gate[@]}")
    expect 1 "$o is an option of tracing a file; a trace given with --trace" \
        check --trace "$tmp/x.rvt" --exercise 1 "$o" "${value[@]}"
    expect 1 "$o is an option of tracing a file; a run given with --replay" \
        check --replay "$tmp" --exercise 1 "$o" "${value[@]}"
done < <(grep -oE -- '\[--[a-z-]+( [A-Z][A-Za-z.]*)?\]' <<<"$file_line" | tr -d '[]')
prefix=()
expect 2 "cannot open"                     check --trace "$tmp/x.rvt" --exercise 1 --save-trace "$tmp/s.rvt" \
                                                 --summary "$tmp/s.json"
# the GPU's turns: one keeper; a lock folder the node lacks is the node's (EX_TEMPFAIL), not a verdict
expect 1 "give --gpu-gate-fd or --gpu-lock, not both" check "$start" --exercise 1 --gpu-lock "$tmp" --gpu-lock "$tmp"
expect 75 "--gpu-lock: cannot open $tmp/no such;'dir/reducevis-gpu-" check "$start" --exercise 1 --gpu-lock "$tmp/no such;'dir"
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
# the options of tracing, given with the file, go to tracing it: the same
# message, no usage error
expect 2 "reducevis check: "               check "$start" --exercise 1 --n 1024 --block-size 128 --data ones \
                                                 --timeout 5 --no-time --waves --keep "$tmp/tracing-kept" \
                                                 --build-cache "$tmp/tracing-cache" --mark-reuse "$tmp/tracing-reuse"
got=$(sed -n 's/^reducevis check: //p' "$tmp/err")
check "check traces with its tracing options ('$got' vs '$want')" test -n "$want" -a "$got" = "$want"
prefix=()

# The two stages: --build-only compiles (no GPU needed), --built runs what it
# left; a folder the compile wrote in is untrusted, so --built reads its
# stamp without following a link and writes its files anew.
expect 1 "not both"                        check "$start" --exercise 1 --build-only "$tmp/b" --built "$tmp/b"
expect 1 "--built needs a value"           check "$start" --exercise 1 --built
expect 1 "--build-only needs a value"      check "$start" --exercise 1 --build-only ""
expect 1 "an option of tracing a file"     check --trace "$tmp/x.rvt" --exercise 1 --built "$tmp/b"
expect 1 "--keep is not needed"            check "$start" --exercise 1 --built "$tmp/b" --keep "$tmp/k"
expect 2 "not a folder a build was kept in" check "$start" --exercise 1 --built "$tmp/missing"
: >"$tmp/afile"
expect 2 "not a folder"                    check "$start" --exercise 1 --built "$tmp/afile"
expect 2 "cannot make the folder"          check "$start" --exercise 1 --build-only "$tmp/afile"
expect 2 "cannot make the folder"          check "$start" --exercise 1 --build-only "$tmp/missing/deeper"
mkdir "$tmp/empty"
expect 2 "holds no build"                  check "$start" --exercise 1 --built "$tmp/empty"
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    b=$tmp/built
    expect 0 "compiled into"               check "$start" --exercise 1 --build-only "$b"
    check "--build-only left a program and its stamp" test -f "$b/program" -a -f "$b/build.txt"
    prefix=(env CUDA_VISIBLE_DEVICES=-1)
    expect 2 "reducevis check: "           check "$start" --exercise 1 --built "$b"
    got=$(sed -n 's/^reducevis check: //p' "$tmp/err")
    check "--built without a GPU says what trace says ('$got' vs '$want')" test -n "$want" -a "$got" = "$want"
    prefix=()
    expect 2 "build of another source"     check "$src/docs/exercises/1-converge/solution.cu" --exercise 1 --built "$b"
    mv "$b/build.txt" "$tmp/stamp"
    ln -s "$tmp/stamp" "$b/build.txt"
    expect 2 "holds no build"              check "$start" --exercise 1 --built "$b"
    rm "$b/build.txt" && mv "$tmp/stamp" "$b/build.txt"
    mv "$b/program" "$tmp/program" && ln -s "$tmp/program" "$b/program"
    expect 2 "holds no program"            check "$start" --exercise 1 --built "$b"
    rm "$b/program"
    if [ ! -f "$(dirname "$rv")/librvtracer.so" ]; then
        echo "SKIPPED: --sandbox --built (the tracer was not built: nvcc and the Compute Sanitizer)"
    elif command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-all /bin/true 2>/dev/null; then
        # what the build left is replaced, never written through: a link
        # where the input goes, a student.cu that is not FILE's
        expect 0 "compiled into"           check "$start" --exercise 1 --sandbox --build-only "$b"
        echo "victim" >"$tmp/victim"
        ln -s "$tmp/victim" "$b/input.bin"
        echo "// not the student's file" >"$b/student.cu"
        prefix=(env RV_TRACE_WITHOUT_GPU=1)
        expect 2 "the kernel failed"       check "$start" --exercise 1 --sandbox --built "$b"
        prefix=()
        check "--built wrote nothing through a link it found" test "$(cat "$tmp/victim")" = victim
        check "--built shows FILE's own source, not what the build left" cmp -s "$start" "$b/student.cu"
    else
        echo "SKIPPED: --sandbox --built (no bubblewrap that can make a sandbox here)"
    fi
    # a file that does not compile: nvcc's message at its line, and no build left
    sed 's/unsigned int tid = threadIdx.x;/unsigned int tid = not_declared_here;/' "$start" >"$tmp/broken.cu"
    line=$(grep -n not_declared_here "$tmp/broken.cu" | cut -d: -f1)
    expect 2 "broken.cu($line): error"     check "$tmp/broken.cu" --exercise 1 --build-only "$b" --summary "$tmp/broken.json"
    check "a failed compile leaves no build" test ! -e "$b/build.txt" -a ! -e "$b/program"
    check "--summary of a file that does not compile: pass false, reason compile" python3 -c '
import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["pass"] is False and s["reason"] == "compile" and s["exercise"] == 1 and s["ms"] is None))' "$tmp/broken.json"
else
    echo "SKIPPED: --build-only and --built on a compiled file (no nvcc)"
fi

# Own traces built in code (test_rules DIR): verdicts and exit status.
"$make_traces" "$tmp" || { echo "FAIL: test_rules could not write its traces"; exit 1; }
# a recorded trace keeps neither the count of the elements read nor the
# timed calls' sums: those two rules are said not judged, never passed, and
# the verdict is not a verified one
for n in 1 2 3; do
    expect 0 "that could be judged hold; 2 could not be (not a verified verdict)" \
                                           check --trace "$tmp/add-during-load.rvt" --exercise $n
done
check "a recorded trace: calls not judged, and why" grep -q "^  --     calls: not judged: a recorded trace" "$tmp/out"
check "a recorded trace: reads not judged, and why" grep -q "^  --     reads: not judged: a recorded trace" "$tmp/out"
check "a recorded trace: its data, not a verified verdict" grep -q "^data ones, as the trace was recorded" "$tmp/out"
expect 1 "warp tail: only 1 step after the last tree level (step 7" check --trace "$tmp/add-during-load.rvt" --exercise 4
expect 1 "synced: step 3 (warp s=16, line 20)" check --trace "$tmp/unsynced.rvt" --exercise 4
expect 0 "assets/results/nvidia-h200.json" check --trace "$tmp/add-during-load.rvt" --exercise 5
expect 1 "no bundled results for nvidia-a100-sxm4-80gb" check --trace "$tmp/a100.rvt" --exercise 5
# The speed said for every exercise: the trace's own time and its GB/s (the
# bundled trace of my_reduce, made again from its kept folder).
"$rv" trace --replay "$src/assets/own-raw/nvidia-h200-my_reduce-b256" -o "$tmp/my.rvt" >"$tmp/replay.txt" ||
    { echo "FAIL: trace --replay of my_reduce"; exit 1; }
timed=$(sed -n 's/^timed without the tracer: \([0-9.]*\) ms.*, \([0-9.]*\) GB\/s$/\1 ms, \2 GB\/s/p' "$tmp/replay.txt")
check "trace --replay gives my_reduce's time" test -n "$timed"
expect 0 "speed: $timed"                   check --trace "$tmp/my.rvt" --exercise 1
check "a recorded trace: no same-run time of v8, and why" grep -q "no time of v8 in this run (a recorded trace" "$tmp/out"

# --waves-into: the waves run alone of a kept run, added to its trace,
# judging nothing.  Its usage line takes running what --built kept and
# where to write; any option of judging or of tracing anew is refused; the
# trace must be the kept run's (a student's kernel, the same source, N and
# data), and with no GPU the trace given is left as it was.
waves_line=$(usage_line "       reducevis check FILE.cu --waves-into ")
check "--waves-into's usage line takes the kept run's running alone ($(names "$waves_line"))" \
    test "$(names "$waves_line")" = "--built --gpu-gate-fd --gpu-lock --sandbox --save-trace --timeout --waves-into "
wk=$tmp/waves-kept
cp -r "$src/assets/own-raw/nvidia-h200-my_reduce-b256" "$wk"
for o in "--exercise 1" "--n 1024" "--data ones" "--waves" "--summary $tmp/w.json" "--mark-reuse $tmp/w"; do
    # shellcheck disable=SC2086 # the option and its value, two words
    expect 1 "${o%% *} does not go with --waves-into" check "$wk/student.cu" --waves-into "$tmp/my.rvt" --built "$wk" $o
done
expect 1 "needs the .cu file and --built DIR" check "$wk/student.cu" --waves-into "$tmp/my.rvt"
expect 2 "holds no build (no build.txt)"   check "$wk/student.cu" --waves-into "$tmp/my.rvt" --built "$wk"
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    "$rv" check "$wk/student.cu" --exercise 1 --build-only "$wk" >"$tmp/out" 2>&1 ||
        { echo "FAIL: my_reduce does not compile into its kept folder"; cat "$tmp/out"; exit 1; }
    expect 2 "holds the build of another source" check "$start" --waves-into "$tmp/my.rvt" --built "$wk"
    expect 2 "is not a trace of a student's kernel" check "$wk/student.cu" --waves-into "$tmp/v0.rvt" --built "$wk"
    expect 2 "is not the trace of the run kept in" check "$wk/student.cu" --waves-into "$tmp/add-during-load.rvt" \
                                                     --built "$wk" --save-trace "$tmp/w.rvt"
    check "a trace refused: nothing written" test ! -e "$tmp/w.rvt"
    expect 2 "cannot open"                 check "$wk/student.cu" --waves-into "$tmp/none.rvt" --built "$wk"
    cp "$tmp/my.rvt" "$tmp/my-before.rvt"
    # no GPU: trace's own message (no GPU, or no tracer in a build without one)
    prefix=(env CUDA_VISIBLE_DEVICES=-1)
    expect 2 "reducevis check: "           check "$wk/student.cu" --waves-into "$tmp/my.rvt" --built "$wk"
    prefix=()
    got=$(sed -n 's/^reducevis check: //p' "$tmp/err")
    check "--waves-into without a GPU says what trace says ('$got' vs '$want')" test -n "$want" -a "$got" = "$want"
    check "no GPU: the trace left as it was, none beside it" \
        test -z "$(cmp "$tmp/my.rvt" "$tmp/my-before.rvt" 2>&1)" -a ! -e "$tmp/my.rvt.part"
else
    echo "SKIPPED: --waves-into on a compiled file (no nvcc)"
fi

# The tracer's count of the elements read (reads.txt), hand-written into a
# copy of my_reduce's kept folder and read back by `trace --replay`, which
# says it as check does: none is said when there is none, a corrupt one is
# not trusted, all read, none read, some read twice.
keep=$tmp/kept
cp -r "$src/assets/own-raw/nvidia-h200-my_reduce-b256" "$keep"
replay_reads() { "$rv" trace --replay "$keep" -o "$tmp/r.rvt" >"$tmp/out" 2>&1; }
replay_reads
check "no reads.txt: nothing said of the reads" test -z "$(grep '^reads:' "$tmp/out")"
echo "reads n 33554432 read 33554432 unread 0 first_unread -1 more_than_once 0 most 1" >"$keep/reads.txt"
replay_reads
check "every element read" grep -qx "reads: every one of the 33,554,432 input elements is read" "$tmp/out"
echo "reads n 33554432 read 0 unread 33554432 first_unread 0 more_than_once 0 most 0" >"$keep/reads.txt"
replay_reads
check "none read: element 0 is never read" \
    grep -qx "reads: reads 0 of 33,554,432 input elements; element 0 is never read" "$tmp/out"
echo "reads n 33554432 read 33554432 unread 0 first_unread -1 more_than_once 1024 most 2" >"$keep/reads.txt"
replay_reads
check "1,024 read twice: said" \
    grep -qx "reads: every one of the 33,554,432 input elements is read, 1,024 of them more than once (up to 2 times)" "$tmp/out"
echo "reads n 33554432 read 33554432 unread 7 first_unread -1 more_than_once 0 most 1" >"$keep/reads.txt"
replay_reads
check "a corrupt count is not trusted, and why" \
    grep -q "^reads: the tracer's count of the reads (reads.txt) cannot be trusted: read and unread" "$tmp/out"
# the timed run's calls as the driver writes them, call 8 (timed call 5) off by 10^6
rm "$keep/reads.txt"
"$run_facts" timed "$keep" random:1 33554432 8 || { echo "FAIL: test_run_facts could not write timed.txt"; exit 1; }
replay_reads
check "a wrong timed call is named" grep -q "^calls: call 5 of 20: sum [0-9.e+]*, expected [0-9.e+]* ± [0-9.e+]*: wrong (1 of the 23 calls wrong" \
    "$tmp/out"
check "the time: the median of the checked calls (0.0420 ms)" grep -q "^timed without the tracer: 0.0420 ms" "$tmp/out"
sed -i 's/ ref \([0-9]\)/ ref 9\1/' "$keep/timed.txt"
replay_reads
check "references changed: the results are not trusted, and there is no time" \
    grep -q "^calls: the timed run's results cannot be trusted: call [0-9]* of the timed run" "$tmp/out"

# --save-trace and --summary: bad paths said before anything runs, the
# trace judged written again whole (it loads and judges the same), and the
# summary's verdict, rules and speed (my_reduce's own time) as JSON.
expect 1 "--summary needs a value"         check --trace "$tmp/my.rvt" --exercise 1 --summary
expect 2 "cannot write $tmp/missing/s.json" check --trace "$tmp/my.rvt" --exercise 1 --summary "$tmp/missing/s.json"
expect 2 "it is a folder"                  check --trace "$tmp/my.rvt" --exercise 1 --save-trace "$tmp"
expect 1 "nothing is traced"               check "$start" --exercise 1 --build-only "$tmp/b2" --save-trace "$tmp/b2.rvt"
expect 1 "an option of tracing a file"     check --trace "$tmp/my.rvt" --exercise 1 --no-time
expect 1 "FAIL: 1 of the 7 rules"          check --trace "$tmp/my.rvt" --exercise 5 --save-trace "$tmp/again.rvt" \
                                                 --summary "$tmp/my5.json"
check "--save-trace leaves no .part file" test ! -e "$tmp/again.rvt.part" -a ! -e "$tmp/my5.json.part"
check "the saved trace is the trace judged" cmp -s "$tmp/my.rvt" "$tmp/again.rvt"
expect 0 "speed: $timed"                   check --trace "$tmp/again.rvt" --exercise 1 --summary "$tmp/my1.json"
ms=${timed%% ms*}
check "--summary: exercise 1 passes its 6 rules (calls and reads not judged: null), unverified, my_reduce's time" python3 -c '
import json, sys; s = json.load(open(sys.argv[1])); ms = float(sys.argv[2])
names = [r["name"] for r in s["rules"]]
ok = {r["name"]: r["ok"] for r in s["rules"]}
sys.exit(not (s["exercise"] == 1 and s["pass"] is True and s["verified"] is False and s["reason"] is None
              and s["data"] == "random:1" and names == ["own", "sum", "calls", "reads", "whole", "converged"]
              and ok == {"own": True, "sum": True, "calls": None, "reads": None, "whole": True, "converged": True}
              and abs(s["ms"] - ms) < 1e-4 and s["gbps"] > 0
              and s["mark"] == "v8" and s["mark_ms"] is None and s["percent_of_mark"] is None))' "$tmp/my1.json" "$ms"
check "--summary: exercise 5 fails on its fast rule alone" python3 -c '
import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["pass"] is False and s["verified"] is False
              and [r["name"] for r in s["rules"] if r["ok"] is False] == ["fast"]))' "$tmp/my5.json"
expect 2 "cannot open"                     check --trace "$tmp/missing.rvt" --exercise 2 --summary "$tmp/load.json"
check "--summary of a trace that does not load: reason load" python3 -c '
import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["pass"] is False and s["verified"] is False and s["reason"] == "load" and s["data"] is None
              and s["rules"] == []))' "$tmp/load.json"
# --data: the judge's own pattern is accepted, a bad one refused before anything runs
expect 1 "unknown data pattern 'signed:x'" check "$start" --exercise 1 --data signed:x
prefix=(env CUDA_VISIBLE_DEVICES=-1)
expect 2 "reducevis check: "               check "$start" --exercise 1 --data signed:12345 --summary "$tmp/nogpu.json"
prefix=()
check "--summary without a GPU: reason run, nothing verified" python3 -c '
import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["pass"] is False and s["verified"] is False and s["reason"] == "run"))' "$tmp/nogpu.json"
finish "check"
