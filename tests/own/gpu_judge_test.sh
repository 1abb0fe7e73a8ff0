#!/usr/bin/env bash
# gpu_judge_test.sh — on this machine's GPU, check's judge against the known
# tricks (tests/own/cheats/) and for the honest kernels: the issue's trick
# (read nothing, write N) fails every call, with the seed it drew said and
# a fresh one drawn each time; a sample fails, and --data with the said seed
# repeats the same inputs; a sum cached by the input's address fails from
# the first call that reuses a buffer; a copy to the host or a host
# function between launch()'s launches is not replayed, the verdict naming
# its line (copy_expected.cu, host_function_between.cu); a kernel that
# faults in the judged calls is a verdict (faults_when_judged.cu); work left on a
# stream of its own is timed until the GPU is idle and said; a sum made on
# the host fails at once (no kernel ran); every float kernel of
# tests/own/corpus/, my_reduce.cu and every exercise's solution sums all 23
# calls right (atomics in any order, Kahan, a serial thread 0, two
# launches; and tests/own/corpus/replay/'s shapes: one past the end, an
# argument struct in device memory, a table of pointers, stream memory
# operations), and the integer-only kernels fail on the judge's data, as they
# say they would; cub_temp_async's judged calls (cudaMallocAsync every call)
# take about its kernels' time, the pool keeping what it frees.  Where the
# tracer counts the elements read (reads.txt) the tricks that read nothing
# fail that rule too; where it does not, that is said.  Skips (77) without a
# GPU.
# Usage: gpu_judge_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
skip_without_gpu "the judge's timed calls need one"
run_rv() { timeout 300 "$rv" "$@" --build-cache "$tmp/cache"; }
rv_run=(run_rv)
cheats=$src/tests/own/cheats
seed_of() { sed -n 's/^data \(signed:[0-9]*\) (repeat with --data .*/\1/p' "$tmp/out"; }
calls_line() { grep -E '^  (ok|FAIL|--) +calls:' "$tmp/out"; }
reads_said() { # WHAT TEXT: the reads rule fails with TEXT, or the tracer counts no reads here
    if grep -q '^  --     reads: not judged' "$tmp/out"; then
        echo "NOTE: $1: the tracer here leaves no count of the reads (reads.txt): the reads rule was not judged"
    else
        check "$1: $2" grep -qF "$2" "$tmp/out"
    fi
}

# the issue's trick
expect 1 "FAIL   calls: warm-up 1 of 3: sum 33554432, expected" check "$cheats/reads_nothing.cu" --exercise 5 \
    --summary "$tmp/c.json"
check "reads_nothing: all 23 calls wrong" grep -qF "(23 of the 23 calls wrong" "$tmp/out"
check "reads_nothing: the traced sum is wrong too" grep -q '^  FAIL   sum:' "$tmp/out"
check "the seed drawn is said, with how to repeat it" grep -qE '^data signed:[0-9]+ \(repeat with --data signed:[0-9]+\)$' \
    "$tmp/out"
seed1=$(seed_of)
check "--summary: no pass, not verified, calls false, the data" python3 -c '
import json, sys; s = json.load(open(sys.argv[1])); ok = {r["name"]: r["ok"] for r in s["rules"]}
sys.exit(not (s["pass"] is False and s["verified"] is False and ok["calls"] is False and s["data"] == sys.argv[2]))' \
    "$tmp/c.json" "$seed1"
reads_said reads_nothing "FAIL   reads: reads 0 of 33,554,432 input elements; element 0 is never read"
expect 1 "FAIL   calls:" check "$cheats/reads_nothing.cu" --exercise 1
seed2=$(seed_of)
check "each check draws a seed of its own ($seed1, $seed2)" test -n "$seed2" -a "$seed1" != "$seed2"

# a sample; the same --data again gives the same inputs: the traced run's
# data, and the judged calls' (stream 1000 of it, when --data names them;
# a check that draws its data draws the judged calls' apart)
expect 1 "FAIL   calls:" check "$cheats/reads_half_doubles.cu" --exercise 1
seed=$(seed_of)
expect 1 "data $seed, as --data gave it" check "$cheats/reads_half_doubles.cu" --exercise 1 --data "$seed"
first=$(calls_line | sed 's/.*expected \([^ ]*\) .*/\1/')
expect 1 "data $seed, as --data gave it" check "$cheats/reads_half_doubles.cu" --exercise 1 --data "$seed"
again=$(calls_line | sed 's/.*expected \([^ ]*\) .*/\1/')
check "--data $seed twice: the same reference for the first wrong call ($first, $again)" test -n "$first" -a "$first" = "$again"
reads_said reads_half_doubles "element 1 is never read"

# a cache by the input's address: wrong from the first call whose buffer
# comes round again with new values (3 buffers in turn)
# a cache by the input's address: its host code never runs where the calls
# are judged (the judge's runner replays what the traced call queued, an
# honest sum), so the judged calls are its kernel's real work
expect "0|1" "ok     calls: every one of the 23 calls" check "$cheats/cache_by_pointer.cu" --exercise 1

# the tricks the judge's runner closes (src/tracer/judge.cu): each fails by
# the calls it judged, however the student's host code hunted or rewrote
for trick in seed_hunt rewrite_results lingering_helper traced_count gpu_memory_hunt; do
    expect 1 "FAIL   calls: warm-up" check "$cheats/$trick.cu" --exercise 1
done
# host work between launch()'s launches: not replayed, and the verdict names
# the student's line (the tracer's frames of the call read with addr2line);
# the words of before ("(call 1 of the traced run)") mean no line was found
line=$(grep -n 'cudaMemcpy(host.data(), in' "$cheats/copy_expected.cu" | cut -d: -f1)
expect 1 "FAIL   calls: not replayed: launch() copies GPU memory to the host at line $line, between its launches" \
    check "$cheats/copy_expected.cu" --exercise 1 --keep "$tmp/ce"
check "copy_expected: the copy's frames recorded (queued.txt: 'fetch ... at OFF,...')" \
    grep -qE '^fetch [0-9]+ [0-9]+ stream [0-9]+ at [0-9a-f]+(,[0-9a-f]+)*$' "$tmp/ce/queued.txt"
check "copy_expected: the line kept for --replay (judged.txt)" \
    grep -qxF "$(printf 'not replayed: host-at-line\tcopy\t%s\t1' "$line")" "$tmp/ce/judged.txt"
hf=$src/tests/own/host_function_between.cu
line=$(grep -n 'the line the verdict names' "$hf" | cut -d: -f1)
expect 1 "FAIL   calls: not replayed: launch() runs host code in a stream at line $line, between its launches" \
    check "$hf" --exercise 1
# a kernel that faults in the judged calls: a verdict on it, not an error
expect 1 "FAIL   calls: call 3: your kernel made an illegal memory access" check "$src/tests/own/faults_when_judged.cu" \
    --exercise 1
expect 1 "FAIL   fast:" check "$cheats/redefined_timers.cu" --exercise 5
check "redefined_timers: every call right, only slow" grep -qF "ok     calls: every one of the 23 calls" "$tmp/out"

# a doctored recording can only launch the student's own kernels on fresh
# data: one block instead of the grid, or half of n given to the kernel,
# and the runner's sums are wrong, never right
run_rv check "$src/tests/own/my_reduce.cu" --exercise 1 --keep "$tmp/k" >/dev/null 2>&1
judge=$(dirname "$(readlink -f "$rv")")/rvjudge
for doctor in 's/ grid [0-9]+ 1 1 / grid 1 1 1 /' 's/( params [0-9a-f]{32})00000002/\100000001/'; do
    cp "$tmp/k/queued.txt" "$tmp/q.txt"
    sed -i -E "0,/^launch /{/^launch /$doctor}" "$tmp/k/queued.txt"
    # the bound check holds every sum to (4 u + 2^-30) of its magnitudes, as
    # reducevis does (sumcheck.h); the runner's ok/wrong is then the judge's
    python3 "$src/tests/own/judge_line.py" signed:77 "$judge" "$tmp/k/queued.txt" "$tmp/k" 33554432 256 2.4e-7 \
        >"$tmp/d.out" 2>&1
    check "a doctored recording ($doctor): its calls summed wrong" grep -q ' wrong$' "$tmp/d.out"
    check "a doctored recording ($doctor): none of its timed calls right" sh -c "! grep -q '^timed .* ok\$' '$tmp/d.out'"
    cp "$tmp/q.txt" "$tmp/k/queued.txt"
done

# work left on another stream: right, timed to the GPU's idle, and said
expect "0|1" "ok     calls: every one of the 23 calls" check "$cheats/other_stream.cu" --exercise 1
check "other_stream: the work past the end event is said" grep -q "^note: in [0-9]* of the 20 timed calls work went on" \
    "$tmp/out"
# a sum made on the host: no kernel ran, and that fails at once
expect 1 "FAIL   gpu: " check "$cheats/host_sum.cu" --exercise 1
check "host_sum: the sum must come from the GPU, it says" grep -q "the sum must come from the GPU" "$tmp/out"

# honest kernels: every call right, in any order of additions
for f in "$src"/tests/own/corpus/*.cu "$src"/tests/own/corpus/replay/*.cu "$src/tests/own/my_reduce.cu" \
    "$src"/docs/exercises/*/solution.cu; do
    name=${f#"$src"/}
    case $(basename "$f") in
    int_data.cu|atomic_shared_int.cu|reduce_add_sync_int.cu)   # right only on integer data, as each says
        expect 1 "FAIL   calls:" check "$f" --exercise 1 ;;
    *)
        expect "0|1" "ok     calls: every one of the 23 calls" check "$f" --exercise 1
        check "$name: its traced sum right" grep -q '^  ok     sum:' "$tmp/out"
        grep -E '^(data|speed|  (ok|FAIL|--) +(calls|reads|timed))' "$tmp/out" | sed "s|^|    $name: |" ;;
    esac
done
# CUB's temporary storage from cudaMallocAsync every call: each judged call
# ends in a wait for the GPU, and a pool that gave the memory back at each
# wait would have cudaMallocAsync map it again in every call, host time in
# the call's (2 to 3 times its kernels' on the H200); the timed calls keep
# it in the pool (driver.cu), so a call takes about its kernels' time
run_rv check "$src/tests/own/corpus/cub_temp_async.cu" --exercise 1 --keep "$tmp/ta" >"$tmp/out" 2>&1
check "cub_temp_async: each judged call about its kernels' time, the pool keeping what it frees" python3 -c '
import statistics, sys
lines = open(sys.argv[1]).read().splitlines()
events = [float(l.split(" event_ms ")[1].split()[0]) for l in lines if l.startswith("timed ")]
times = [float(x) for l in lines if l.startswith("ms ") for x in l.split()[1:]]
r = statistics.median(times) / statistics.median(events)
print("    cub_temp_async: judged %.4f ms a call, its kernels %.4f ms (%.2fx)" % (statistics.median(times), statistics.median(events), r))
sys.exit(not (len(events) == 20 and len(times) == 20 and r < 1.3))' "$tmp/ta/judged.txt"
expect 0 "PASS" check "$src/docs/exercises/5-fast/solution.cu" --exercise 5
grep -E '^(data|speed|PASS|  (ok|FAIL) +(timed|fast))' "$tmp/out" | sed 's/^/    exercise 5: /'
finish "gpu judge"
