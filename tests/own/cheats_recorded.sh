#!/usr/bin/env bash
# cheats_recorded.sh — the exploit suite (tests/own/cheats/) as checked on
# GPUs by tests/gpu/cheats.sh, judged again with no GPU: for every folder
# assets/own-raw/cheats/DEVICE/NAME/ (a check's kept work, what it printed
# and its status: tests/own/cheats_replay.sh says the layout)
#  - `reducevis check --replay` gives the check's verdict again, line for
#    line, with its exit status, on the data the check drew (its seed, said
#    in the verdict, is the one the folder keeps) (cheats_replay.sh);
#  - a cheat's check failed (exit 1) with a rule named FAIL;
#  - an honest answer's check failed none of the judge's rules (gpu, sum,
#    calls, reads): only its speed may fall short;
#  - a beginner's mistake (role mistake: a kernel whose block 0 makes no
#    access) ended in a verdict (exit 1) that failed sum, calls and reads;
#  - every cheat of tests/own/cheats/ is recorded on a device at least; a
#    device whose recordings were made before a cheat was written (the GPUs
#    lent change: an H100's set cannot be made again where only H200s are
#    lent) is noted for it, not failed.
# A recording whose student.cu is no longer the file it names is still
# judged (the folder's records and its file belong together), and noted.
# Skips (77) only while no recording is committed at all.
# Usage: cheats_recorded.sh path/to/reducevis SOURCE_DIR
set -u
export LC_ALL=C
unset LANGUAGE
rv=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
root=$src/assets/own-raw/cheats
devices=0
for devdir in "$root"/*/; do
    [ -d "$devdir" ] || continue
    dev=$(basename "$devdir")
    devices=$((devices + 1))
    for dir in "$devdir"*/; do
        [ -d "$dir" ] || continue
        name=$(basename "$dir")
        bash "$src/tests/own/cheats_replay.sh" "$rv" "$dir" >"$tmp/replay" 2>&1
        rc=$?
        [ "$rc" = 0 ] || sed 's/^/    /' "$tmp/replay"
        check "$dev/$name: the replay gives the check's verdict ($(tail -1 "$tmp/replay"))" test "$rc" = 0
        role=$(sed -n 's/^role //p' "$dir/recorded.txt")
        status=$(sed -n 's/^exit //p' "$dir/recorded.txt")
        source=$(sed -n 's/^source //p' "$dir/recorded.txt")
        case $role in
        cheat)
            check "$dev/$name: the cheat failed its check (exit $status)" test "$status" = 1
            check "$dev/$name: a rule is named FAIL" grep -qE '^  FAIL +[a-z ]+:' "$dir/check.txt" ;;
        honest)
            check "$dev/$name: the honest answer broke none of the judge's rules (gpu, sum, calls, reads)" \
                test -z "$(grep -E '^  FAIL +(gpu|sum|calls|reads):' "$dir/check.txt")" ;;
        mistake)
            check "$dev/$name: the mistake's check ended in a verdict (exit $status, not an error)" test "$status" = 1
            for rule in sum calls reads; do
                check "$dev/$name: FAIL $rule" grep -qE "^  FAIL +$rule:" "$dir/check.txt"
            done ;;
        *)
            check "$dev/$name: recorded.txt names its role (cheat, honest or mistake), not '$role'" false ;;
        esac
        if [ -f "$src/$source" ] && ! cmp -s "$dir/student.cu" "$src/$source"; then
            echo "note: $dev/$name was recorded from an earlier $source (record again with tests/gpu/cheats.sh)"
        fi
    done
done
for f in "$src"/tests/own/cheats/*.cu; do
    name=$(basename "$f" .cu)
    on=$(for d in "$root"/*/; do [ -f "$d$name/recorded.txt" ] && basename "$d"; done | tr '\n' ' ')
    [ "$devices" -eq 0 ] || check "$name is recorded on a device (tests/gpu/cheats.sh BUILD LOG OUT)" test -n "$on"
    for d in "$root"/*/; do
        [ -d "$d" ] && [ -n "$on" ] && [ ! -f "$d$name/recorded.txt" ] &&
            echo "note: $(basename "$d") has no recording of $name (recorded on: $on; record again there with tests/gpu/cheats.sh)"
    done
done
if [ "$devices" -eq 0 ]; then
    echo "SKIP: no recording of the exploit suite is committed yet (assets/own-raw/cheats/DEVICE/NAME/, made on a"
    echo "      GPU by tests/gpu/cheats.sh BUILD_DIR LOG OUT_DIR and unpacked there)"
    exit 77
fi
finish cheats_recorded
