#!/usr/bin/env bash
# corpus_recorded.sh — the corpus of student reductions (tests/own/corpus/)
# as recorded on GPUs by tests/gpu/corpus.sh, checked with no GPU: for every
# folder assets/own-raw/corpus/DEVICE/NAME/ (the records of a one-block
# trace, and ncu.csv: Nsight Compute on the same run)
#  - `reducevis trace --replay` makes a trace of the records;
#  - that trace's counts (`inspect --json`, "launches") equal Nsight
#    Compute's, launch by launch and counter by counter
#    (tests/own/corpus_compare.py), except where tests/own/corpus/EXPLAINED
#    gives the difference a written reason;
#  - each device has at least 20 recordings, every corpus file among them,
#    and there is at least one device:
#    with no recordings at all the test fails, it does not pass empty.
# A recording whose student.cu is no longer the corpus file is still
# checked (its records and its file belong together), and noted.
# Usage: corpus_recorded.sh path/to/reducevis SOURCE_DIR
set -u
rv=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 120 "$rv" "$@"; }
rv_run=(run_rv)
root=$src/assets/own-raw/corpus
compare=$src/tests/own/corpus_compare.py
explained=$src/tests/own/corpus/EXPLAINED

# every line of EXPLAINED names a corpus file and a counter
check "EXPLAINED names only corpus files and known counters" python3 "$compare" --check-explained "$explained" "$src/tests/own/corpus"

devices=0
for devdir in "$root"/*/; do
    [ -d "$devdir" ] || continue
    dev=$(basename "$devdir")
    devices=$((devices + 1))
    n=0
    for dir in "$devdir"*/; do
        [ -d "$dir" ] || continue
        name=$(basename "$dir")
        dir=$(unpacked "$dir")
        n=$((n + 1))
        rvt=$tmp/$dev-$name.rvt
        expect 0 "traced unchanged" trace --replay "$dir" -o "$rvt"
        cp "$tmp/out" "$tmp/$dev-$name.said"
        [ -f "$rvt" ] || continue
        if ! "$rv" inspect --json "$rvt" >"$tmp/$dev-$name.json" 2>"$tmp/err"; then
            check "$dev/$name: inspect --json reads the replayed trace ($(head -1 "$tmp/err"))" false
            continue
        fi
        if python3 "$compare" "$name" "$tmp/$dev-$name.json" "$dir/ncu.csv" "$explained" >"$tmp/cmp" 2>&1; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: $dev/$name: the trace's counts and Nsight Compute's differ with no reason in EXPLAINED:"
            grep -E 'DIFFERENT|cannot|launch [0-9]' "$tmp/cmp" | sed 's/^/    /'
        fi
        if [ -f "$src/tests/own/corpus/$name.cu" ] && ! cmp -s "$dir/student.cu" "$src/tests/own/corpus/$name.cu"; then
            echo "note: $dev/$name was recorded from an earlier tests/own/corpus/$name.cu (record again with tests/gpu/corpus.sh)"
        fi
    done
    check "$dev: at least 20 corpus recordings (found $n)" test "$n" -ge 20
    # every file of the corpus recorded on every device, none left behind
    missing=""
    for f in "$src"/tests/own/corpus/*.cu; do
        name=$(basename "$f" .cu)
        [ -d "$devdir$name" ] || missing="$missing $name"
    done
    check "$dev: every corpus file has its recording${missing:+ (missing:$missing; tests/gpu/corpus.sh with CORPUS_ONLY)}" test -z "$missing"
done
check "corpus recordings exist (assets/own-raw/corpus/DEVICE/NAME/, made by tests/gpu/corpus.sh)" test "$devices" -ge 1

# What the whole-grid counts and the allocations let a trace say, from the
# recordings that have them: a two-pass reduction's hand-off through a
# buffer of its own, what each launch did in one sentence whose numbers are
# the recorded counts (launch_words_check.py), grid.sync() named, CUB's
# kernel as library code.
said=0
for devdir in "$root"/*/; do
    dev=$(basename "$devdir")
    [ -f "$devdir/own_partials/counts.txt" ] || continue
    said=$((said + 1))
    if "$rv" inspect "$tmp/$dev-own_partials.rvt" >"$tmp/said" 2>&1; then
        check "$dev/own_partials: launch 2 reads the buffer launch 1 wrote" grep -qE "reads buffer [0-9]+, which launch 1 wrote" "$tmp/said"
        check "$dev/own_partials: the buffer is named as the program's own" grep -qE "buffer [0-9]+: 4 B, cudaMalloc in call 1 of launch\(\)" "$tmp/said"
    fi
    # each launch says what it did, its numbers the recorded counts, the
    # same sentence in trace's and inspect's words and in inspect's JSON
    for name in own_partials two_launches grid_sized_to_gpu cub_device_reduce; do
        "$rv" inspect "$tmp/$dev-$name.rvt" >"$tmp/said.txt" 2>&1
        if python3 "$src/tests/own/launch_words_check.py" "$tmp/$dev-$name.json" "$tmp/$dev-$name.said" \
            "$tmp/said.txt" >"$tmp/words" 2>&1; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: $dev/$name: what its launches say they did:"
            sed 's/^/    /' "$tmp/words"
        fi
    done
    "$rv" inspect "$tmp/$dev-grid_sync.rvt" >"$tmp/said" 2>&1
    check "$dev/grid_sync: grid.sync() is a step of its own, not the program's atomics" grep -qE "^step +[0-9]+ +grid.sync " "$tmp/said"
    "$rv" inspect --json "$tmp/$dev-cub_device_reduce.rvt" >"$tmp/said" 2>&1
    check "$dev/cub_device_reduce: CUB's kernel named short, its steps library code" \
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); l = d["launches"][0]
sys.exit(not (l["kernel_short"].startswith("cub::") and all(s["library"] for s in l["steps"])))' "$tmp/said"
done
check "at least one device's recordings have the whole grid's counts" test "$said" -ge 1
finish corpus_recorded
