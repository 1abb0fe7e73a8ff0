#!/usr/bin/env bash
# check_replay_test.sh — `reducevis check --replay DIR` without a GPU, on a
# kept folder made here: the records of my_reduce.cu recorded on an H200
# (assets/own-raw/nvidia-h200-my_reduce-b256, N = 2^25, random:1), with the
# tracer's count of the reads hand-written and the timed run's calls, the
# student's and the version to beat's, written as the driver writes them
# (test_run_facts).  That folder passes exercise 5 with every rule judged,
# never as a verified verdict; every doctored copy fails, or is not trusted:
# a timed call's sum changed, its reference changed, timed.txt gone or
# another stream's, an element missing from the count of the reads, a count
# that does not add up, another seed in run.txt, a run that started no
# kernel, damaged records; and the same of the judge's runner's calls
# (judged.txt), a kernel's fault in one of them among them.  A version to beat's timed run that is wrong,
# another stream's or bare times is not taken: the recorded results stand
# in, as in a check.  Then tests/own/cheats_replay.sh (which the recordings
# of tests/gpu/cheats.sh go through) tells the folder's verdict from a
# doctored one's.
# Usage: check_replay_test.sh path/to/reducevis SOURCE_DIR path/to/test_run_facts
set -u
export LC_ALL=C
unset LANGUAGE
rv=$1 src=$2 run_facts=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis check"
run_rv() { timeout 120 "$rv" "$@"; }
rv_run=(run_rv)
N=33554432
k=$tmp/kept
cp -r "$src/assets/own-raw/nvidia-h200-my_reduce-b256" "$k"
echo "reads n $N read $N unread 0 first_unread -1 more_than_once 0 most 1" >"$k/reads.txt"
"$run_facts" timed "$k" random:1 $N 0 && "$run_facts" timed "$k" random:1 $N 0 2 mark-timed.txt ||
    { echo "FAIL: test_run_facts could not write the timed runs"; exit 1; }
cp "$k/timed.txt" "$tmp/timed.txt"
cp "$k/mark-timed.txt" "$tmp/mark-timed.txt"
# a fresh copy of the folder, doctored by the commands given
doctor() { rm -rf "$tmp/d" && cp -r "$k" "$tmp/d" && (cd "$tmp/d" && eval "$1"); }

expect 1 "--replay needs a value"          check --exercise 5 --replay
expect 1 "not both"                        check "$src/tests/own/my_reduce.cu" --exercise 5 --replay "$k"
expect 1 "not both"                        check --trace "$tmp/x.rvt" --exercise 5 --replay "$k"
expect 1 "an option of tracing a file"     check --replay "$k" --exercise 5 --n 1000
expect 1 "an option of tracing a file"     check --replay "$k" --exercise 5 --keep "$tmp/again"
expect 1 "--exercise N is required"        check --replay "$k"
expect 2 "cannot read $tmp/missing/run.txt" check --replay "$tmp/missing" --exercise 5

# the folder as the check kept it: every rule judged and holding
expect 0 "PASS: all 7 rules of exercise 5 hold" check --replay "$k" --exercise 5 --summary "$tmp/s.json"
check "the data the run kept, said as a replay's" grep -qx "data random:1, as the run kept says (a replay: not a verified verdict)" "$tmp/out"
check "every call checked" grep -qx "  ok     calls: every one of the 23 calls (3 warm-ups, 20 timed) summed its own input right" "$tmp/out"
check "every element read" grep -qx "  ok     reads: every one of the 33,554,432 input elements is read" "$tmp/out"
check "the version to beat's time from its kept timed run" \
    grep -q "^  ok     fast: 0.0420 ms against 0.0420 ms (v8 timed in this run on this GPU, block 256): 100% of its speed" "$tmp/out"
check "--summary: a pass, never verified" python3 -c '
import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["pass"] is True and s["verified"] is False and s["data"] == "random:1" and abs(s["mark_ms"] - 0.042) < 1e-9))' "$tmp/s.json"
check "--summary: a replay ran no stage, and says how long it took as a whole" python3 -c '
import json, sys; t = json.load(open(sys.argv[1]))["seconds"]
sys.exit(not (all(t[k] is None for k in ("compile", "traced_run", "disassembly", "timed_run", "trace", "mark",
                                         "wait_shared", "wait_alone"))
              and 0 < t["whole"] < 60))' "$tmp/s.json"
check "--summary: each stage of a check in order, its turns' waits, and the stages one check at a time" python3 -c '
import json, sys; s = json.load(open(sys.argv[1])); t = s["seconds"]
stages = ["compile", "traced_run", "disassembly", "timed_run", "trace", "mark", "wait_shared", "wait_alone", "whole"]
sys.exit(not (list(t) == stages and all(v is None or v > 0 for v in t.values())
              and s["serialised"] == ["timed_run", "mark"]))' "$tmp/s.json"
cp "$tmp/out" "$tmp/pass.txt"

# doctored: each must fail, or not be trusted
doctor "sed -i -E '/^timed 5 /s/ sum [0-9.e+]+ / sum 1000000 /' timed.txt"
expect 1 "FAIL   calls: call 5 of 20: sum 1000000, expected" check --replay "$tmp/d" --exercise 5
# (a reference summed again here, when the call drawn for it is this one; else its sum is wrong)
doctor "sed -i -E '/^timed 7 /s/ ref ([0-9])/ ref 9\1/' timed.txt"
expect 1 "FAIL   calls:"                   check --replay "$tmp/d" --exercise 5
doctor "rm timed.txt"
expect 1 "FAIL   calls: the timed run's results cannot be trusted: the timed run left no results (timed.txt)" check --replay "$tmp/d" --exercise 5
doctor "cp mark-timed.txt timed.txt"
expect 1 "did not get the input it was owed" check --replay "$tmp/d" --exercise 5
doctor "echo 'reads n $N read $((N - 1)) unread 1 first_unread $((N - 1)) more_than_once 0 most 1' >reads.txt"
expect 1 "FAIL   reads: reads 33,554,431 of 33,554,432 input elements; element 33,554,431 is never read" \
    check --replay "$tmp/d" --exercise 5
doctor "echo 'reads n $N read $N unread 1 first_unread -1 more_than_once 0 most 1' >reads.txt"
expect 1 "FAIL   reads: the tracer's count of the reads (reads.txt) cannot be trusted" check --replay "$tmp/d" --exercise 5
doctor "echo 'reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 0 most 1' >reads.txt"
expect 1 "FAIL   reads:" check --replay "$tmp/d" --exercise 5
doctor "sed -i 's/^data random:1$/data random:2/' run.txt"
expect 1 "FAIL   calls: the timed run's results cannot be trusted" check --replay "$tmp/d" --exercise 5
check "another seed in run.txt: the data said are run.txt's" grep -q "^data random:2, as the run kept says" "$tmp/out"
doctor "rm -f raw*.rvraw kernel*.sass launches.txt && echo 'alloc 1 addr 4096 bytes 134217728 kind cudaMalloc at 0 call 0' >allocs.txt"
expect 1 "FAIL   gpu: my_reduce.cu: launch() started no kernel on the GPU: the sum must come from the GPU" \
    check --replay "$tmp/d" --exercise 5
doctor "head -c 1000 raw.rvraw >r && mv r raw.rvraw"
expect 2 "damaged"                         check --replay "$tmp/d" --exercise 5
# the version to beat's kept run: a wrong sum, another stream's, bare times
for bad in "sed -i -E '/^timed 2 /s/ sum [0-9.e+]+ / sum 1 /' mark-timed.txt" "cp timed.txt mark-timed.txt" \
           "echo 'ms 0.5 0.5 0.5' >mark-timed.txt" "rm mark-timed.txt"; do
    doctor "$bad"
    run_rv check --replay "$tmp/d" --exercise 5 >"$tmp/out" 2>"$tmp/err"
    check "mark-timed.txt doctored ($bad): not taken, and said" \
        grep -q "holds no time of the version to beat to trust" "$tmp/err"
    check "mark-timed.txt doctored ($bad): the recorded results stand in" \
        test -z "$(grep 'v8 timed in this run' "$tmp/out")" -a -n "$(grep -E '^  (ok|FAIL) +fast:.*results' "$tmp/out")"
done

# the judged calls of the judge's runner (judged.txt, on streams of the
# judged data run.txt names once they are over): judged from there, the
# traced run's timed.txt passed over; a doctored sum, another judged seed
# and a call that could not be replayed each fail
j=$tmp/judged
cp -r "$k" "$j" && rm "$j/timed.txt" && echo "judged random:7" >>"$j/run.txt"
"$run_facts" timed "$j" random:7 $N 0 1 judged.txt && "$run_facts" timed "$j" random:7 $N 0 2 mark-timed.txt ||
    { echo "FAIL: test_run_facts could not write the judged calls"; exit 1; }
expect 0 "PASS: all 7 rules of exercise 5 hold" check --replay "$j" --exercise 5
check "the judged data said after the data" grep -qx "judged calls: made by the judge's runner on streams of random:7, drawn apart from the traced run's data" "$tmp/out"
cp "$tmp/timed.txt" "$j/timed.txt"
sed -i -E '/^timed 5 /s/ sum [0-9.e+]+ / sum 1000000 /' "$j/judged.txt"
expect 1 "FAIL   calls: call 5 of 20" check --replay "$j" --exercise 5
"$run_facts" timed "$j" random:7 $N 0 1 judged.txt
sed -i 's/^judged random:7$/judged random:8/' "$j/run.txt"
expect 1 "FAIL   calls: the timed run's results cannot be trusted" check --replay "$j" --exercise 5
sed -i 's/^judged random:8$/judged random:7/' "$j/run.txt"
printf 'not replayed: host-between\tcopy\t1\n' >"$j/judged.txt"
expect 1 "FAIL   calls: not replayed: launch() copies GPU memory to the host between its launches (call 1 of the traced run)" check --replay "$j" --exercise 5
# ... as a check keeps it where the frames of the host's call named the student's line
printf 'not replayed: host-at-line\tcopy\t14\t1\n' >"$j/judged.txt"
expect 1 "FAIL   calls: not replayed: launch() copies GPU memory to the host at line 14, between its launches: the judge" check --replay "$j" --exercise 5
printf 'not replayed: host-at-line\thost-code\t9\t2\n' >"$j/judged.txt"
expect 1 "FAIL   calls: not replayed: launch() runs host code in a stream at line 9, between its launches" check --replay "$j" --exercise 5
printf 'not replayed: no-such-key\tx\n' >"$j/judged.txt"
expect 1 "FAIL   calls: not replayed: the judge's runner could not replay launch(): no-such-key" check --replay "$j" --exercise 5
check "not replayed: no time said either" grep -q "^  FAIL   timed: no time: the judged calls could not be replayed" "$tmp/out"
# a kernel that faulted in a judged call: a verdict, kept as the check kept
# it, with the word the runner left as it was where there was one
printf 'faulted: fault\t3\tcudaErrorIllegalAddress\n' >"$j/judged.txt"
expect 1 "FAIL   calls: call 3: your kernel made an illegal memory access" check --replay "$j" --exercise 5
check "faulted: no time said either" grep -q "^  FAIL   timed: no time: a kernel faulted in the judged calls" "$tmp/out"
printf 'faulted: fault\t1\tcudaErrorIllegalAddress\tparam\t_Z1kPf\t0\t7\n' >"$j/judged.txt"
expect 1 "FAIL   calls: call 1: your kernel made an illegal memory access, after kernel _Z1kPf was given a pointer the judge could not map (parameter bytes 0..7)" check --replay "$j" --exercise 5

# a recording as tests/gpu/cheats.sh keeps it: the records gzipped, what the
# check printed (its own data line), its status
r=$tmp/rec
cp -r "$k" "$r" && gzip -9n "$r/raw.rvraw" "$r/kernel.sass"
{ echo "data random:1 (repeat with --data random:1)"; grep -vE '^(data |replayed from )' "$tmp/pass.txt"; } >"$r/check.txt"
printf 'source tests/own/my_reduce.cu\nrole honest\nexercise 5\nexit 0\n' >"$r/recorded.txt"
replay_ok() { bash "$src/tests/own/cheats_replay.sh" "$rv" "$1" >"$tmp/out" 2>&1; }
check "cheats_replay.sh: the recording gives its verdict again" replay_ok "$r"
sed -i -E '/^timed 5 /s/ sum [0-9.e+]+ / sum 1000000 /' "$r/timed.txt"
check "cheats_replay.sh: a doctored timed.txt is another verdict" test "$(replay_ok "$r"; echo $?)" = 1
check "... and said" grep -q "FAIL   calls: call 5 of 20" "$tmp/out"
cp "$tmp/timed.txt" "$r/timed.txt"
sed -i 's/^data random:1 (repeat with --data random:1)$/data random:3 (repeat with --data random:3)/' "$r/check.txt"
check "cheats_replay.sh: a check that said another seed than run.txt keeps" test "$(replay_ok "$r"; echo $?)" = 1
sed -i 's/^exit 0$/exit 1/' "$r/recorded.txt"
check "cheats_replay.sh: another exit status" grep -q "the replay exited 0, the check 1" \
    <(bash "$src/tests/own/cheats_replay.sh" "$rv" "$r" 2>&1)
finish check_replay
