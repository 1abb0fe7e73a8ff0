#!/usr/bin/env bash
# waves_replay_test.sh — a kept run folder with a waves run (what `trace
# --waves` leaves: WORK/waves/waves-K.rvwaves) made into a trace by `trace
# --replay` without a GPU: the waves kept in the trace and said by inspect;
# a waves run whose launch is not the traced one's, or whose block ran on an
# SM the GPU does not have, refused with a message naming it.  The folders
# are test_shapes's (b48: 4 blocks of 48 threads) and the waves test_waves_raw's.
# Usage: waves_replay_test.sh REDUCEVIS TEST_SHAPES TEST_WAVES_RAW
set -u
rv=$1 shapes=$2 waves=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
unset DISPLAY WAYLAND_DISPLAY
"$shapes" --replay-dir "$tmp" >/dev/null || { echo "FAIL: test_shapes wrote no run folders"; exit 1; }

cp -r "$tmp/b48" "$tmp/same"
"$waves" --into "$tmp/same" 48 || no "test_waves_raw could not write the waves"
timeout 120 "$rv" trace --replay "$tmp/same" -o "$tmp/same.rvt" >"$tmp/out" 2>&1 || no "replay failed: $(tail -3 "$tmp/out")"
timeout 60 "$rv" inspect "$tmp/same.rvt" >"$tmp/text" 2>&1 || no "inspect failed: $(tail -3 "$tmp/text")"
grep -qF "waves run, launch 1: 4 blocks of 48 threads on a GPU of 2 SMs" "$tmp/text" ||
    no "the replayed trace does not say its waves: $(tail -8 "$tmp/text")"
grep -qF "predicted: 2 waves (4 blocks, 2 SMs × 1 at once)" "$tmp/text" || no "no prediction: $(tail -8 "$tmp/text")"

# the same folder without its waves: a trace without the section
timeout 120 "$rv" trace --replay "$tmp/b48" -o "$tmp/plain.rvt" >/dev/null 2>&1 || no "the plain replay failed"
timeout 60 "$rv" inspect "$tmp/plain.rvt" | grep -q "waves run" && no "a run without waves says waves"
size_plain=$(stat -c %s "$tmp/plain.rvt") size_waves=$(stat -c %s "$tmp/same.rvt")
cmp -s -n "$size_plain" "$tmp/plain.rvt" "$tmp/same.rvt" || no "the trace's bytes before the waves section differ"
# the section after them, in the layout written (docs/trace-format.md): a
# header of 12 bytes, 104 for the launch, then the 4 blocks packed, 7 to 70
# bytes each
[ "$(tail -c +$((size_plain + 1)) "$tmp/same.rvt" | head -c 8)" = RVTWAVE4 ] || no "the section after the run is not RVTWAVE4"
section=$((size_waves - size_plain))
[ "$section" -ge $((12 + 104 + 4 * 7)) ] && [ "$section" -le $((12 + 104 + 4 * 70)) ] ||
    no "the section is $section bytes, not 144 to 396"

# a waves run of another launch (blocks of 128 threads, where the traced had 48)
cp -r "$tmp/b48" "$tmp/other"
"$waves" --into "$tmp/other" 128
if timeout 120 "$rv" trace --replay "$tmp/other" -o "$tmp/other.rvt" >"$tmp/out" 2>&1; then
    no "a waves run of another launch was kept"
else
    grep -qF "not the same launch" "$tmp/out" || no "the refusal does not say why: $(cat "$tmp/out")"
fi
[ -e "$tmp/other.rvt" ] && no "a trace was written from it"

# a block on SM 7 of a GPU of 2
cp -r "$tmp/same" "$tmp/bad"
printf '\007' | dd of="$tmp/bad/waves/waves-1.rvwaves" bs=1 seek=$((336 + 40 + 4)) conv=notrunc 2>/dev/null
if timeout 120 "$rv" trace --replay "$tmp/bad" -o "$tmp/bad.rvt" >"$tmp/out" 2>&1; then
    no "a waves run with a block on SM 7 of 2 was kept"
else
    grep -qF "block 1 ran on SM 7, but the GPU has 2 SMs" "$tmp/out" || no "the refusal does not name the SM: $(cat "$tmp/out")"
fi
[ $fail = 0 ] && echo "waves_replay: ok"
exit $fail
