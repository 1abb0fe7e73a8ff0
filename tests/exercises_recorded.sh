#!/usr/bin/env bash
# exercises_recorded.sh REDUCEVIS DIR — the exercises' checkers on traces
# recorded on a GPU (tests/gpu/exercises.sh makes them): for every device
# with recordings in DIR (assets/traces/exercises/), `reducevis check
# --trace` must fail each exercise's start file and pass its solution.
# Exits 77 (CTest: skipped), saying why, while the recordings are missing.
set -u
rv=$1 dir=$2
exercises=$(cd "$(dirname "$0")/../docs/exercises" && ls -d [0-9]*-*/ | cut -d- -f1)
devices=$(ls "$dir"/*-ex1-start.rvt 2>/dev/null | sed 's|.*/||; s|-ex1-start\.rvt$||')
if [ -z "$devices" ]; then
    echo "SKIPPED: no recorded exercise traces in $dir (make them on a GPU with tests/gpu/exercises.sh;"
    echo "         they are named <device>-ex<N>-start.rvt and -solution.rvt)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
for dev in $devices; do
    for n in $exercises; do
        for kind in start solution; do
            f="$dir/$dev-ex$n-$kind.rvt"
            want=$([ $kind = start ] && echo 1 || echo 0)
            if [ ! -f "$f" ]; then  # a recording is made whole: one missing is a broken set
                fail=$((fail + 1))
                echo "FAIL: $f is missing (tests/gpu/exercises.sh records every exercise at once)"
                continue
            fi
            "$rv" check --trace "$f" --exercise "$n" >"$tmp/out" 2>&1
            got=$?
            if [ $got = "$want" ]; then
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                echo "FAIL: check --trace $(basename "$f") --exercise $n exited $got, expected $want:"
                sed 's/^/    /' "$tmp/out"
            fi
        done
    done
done
echo "recorded exercises: $pass passed, $fail failed ($(echo $devices))"
[ $fail -eq 0 ]
