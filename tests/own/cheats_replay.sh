#!/usr/bin/env bash
# cheats_replay.sh REDUCEVIS FOLDER — one recording that tests/gpu/cheats.sh
# made of `reducevis check` on a GPU, judged again here without one.  FOLDER
# holds the check's kept work (run.txt, the traced run's records, gzipped,
# the tracer's counts, timed.txt, mark-timed.txt: src/cli/check_replay.h),
# what the check printed (check.txt) and recorded.txt:
#   source PATH      the file checked, from the source tree's root
#   role cheat|honest|mistake
#   exercise N
#   exit S           the check's exit status
# `reducevis check --replay` of a copy of it (the records unpacked) must
# print the check's verdict again: every line of check.txt (each rule's,
# the speed, the notes, the last) but the data line, which a replay words
# as its own, with absolute paths cut to their last name (the machines
# differ), and exit with the check's status.  The data line check.txt has
# must name the data run.txt keeps (the seed the check drew and said).
# Prints what differs, then "replay: exit S; FAIL: RULE ..." (the rules
# failed, or none); exit 0 the same verdict, 1 another, 2 a folder that is
# not such a recording.
set -u
export LC_ALL=C
unset LANGUAGE
[ $# -eq 2 ] || { echo "usage: cheats_replay.sh REDUCEVIS FOLDER" >&2; exit 2; }
rv=$1 dir=${2%/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
key() { sed -n "s/^$1 //p" "$dir/recorded.txt" 2>/dev/null | head -1; }
ex=$(key exercise) want=$(key exit)
if ! [[ "$ex" =~ ^[0-9]+$ && "$want" =~ ^[0-9]+$ ]] || [ ! -f "$dir/check.txt" ]; then
    echo "$dir: not a recording (recorded.txt with exercise and exit, and check.txt)"
    exit 2
fi
k=$tmp/kept
cp -r "$dir" "$k" && find "$k" -name '*.gz' -exec gzip -d {} + || { echo "$dir: cannot unpack a copy"; exit 2; }
timeout 300 "$rv" check --replay "$k" --exercise "$ex" >"$tmp/out" 2>"$tmp/err" </dev/null
got=$?
# the verdict's lines, paths cut to their last name
verdict() { grep -vE '^(data |replayed from )' "$1" | sed -E 's#(/[^ /:()]+)+/([^ /:()]+)#\2#g'; }
verdict "$dir/check.txt" >"$tmp/want"
verdict "$tmp/out" >"$tmp/got"
bad=0
if ! diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"; then
    echo "$dir: the replay's verdict is not the check's:"
    sed '1,2d; s/^/    /' "$tmp/diff" | head -20
    sed 's/^/    stderr: /' "$tmp/err" | head -5
    bad=1
fi
if [ "$got" != "$want" ]; then
    echo "$dir: the replay exited $got, the check $want"
    bad=1
fi
said=$(sed -n 's/^data \([^ ]*\) (repeat with --data \1)$/\1/p' "$dir/check.txt")
kept=$(sed -n 's/^data //p' "$dir/run.txt" 2>/dev/null | head -1)
if grep -q '^data ' "$dir/check.txt" && { [ -z "$said" ] || [ "$said" != "$kept" ]; }; then
    echo "$dir: the check said data '$(grep '^data ' "$dir/check.txt")', its run.txt keeps '$kept'"
    bad=1
fi
echo "replay: exit $got; FAIL: $(sed -n 's/^  FAIL *\([a-z ]*\):.*/\1/p' "$tmp/out" | tr '\n' ' ')"
exit "$bad"
