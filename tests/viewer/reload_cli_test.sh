#!/usr/bin/env bash
# reload_cli_test.sh — the class's K window (`view DIR/submissions/ID.rvt
# --compare v8 --beside-waves v8`, as class_kernels_argv starts it) left open
# while a class with --waves renames the kernel's trace with its grid over
# the verdict's: the window shows the grid without being closed.  The
# program itself, with `--keys ...,wait`: wait says on stdout that it waits,
# the test then renames a file over the trace, and the frame after it is
# saved.  Compared above the footer (where the toast is) with the frame of
# the new trace opened anew:
#   W, then the trace with its grid renamed over: the kernel's grid drawn,
#     not the sentence that the class has not recorded it;
#   steps and L, then renamed over: the same position and language;
#   a trace cut short renamed over: the trace shown before kept, and the
#     footer says why; a whole one after it: shown.
# The traces are test_shapes's b48 replayed without and with
# test_waves_raw's waves run (no GPU), as tests/class/waves_page_test.sh
# makes them.
# Usage: reload_cli_test.sh REDUCEVIS TEST_SHAPES TEST_WAVES_RAW
set -u
rv=$1 shapes=$2 waves=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy LANGUAGE= LC_ALL= LANG=C.UTF-8
mkdir -p "$tmp/shapes" "$tmp/submissions"
"$shapes" --replay-dir "$tmp/shapes" >/dev/null || { echo "FAIL: test_shapes wrote no run folders"; exit 1; }
timeout 120 "$rv" trace --replay "$tmp/shapes/b48" -o "$tmp/plain.rvt" >/dev/null 2>&1 || no "the plain replay failed"
"$waves" --into "$tmp/shapes/b48" 48 || no "test_waves_raw wrote no waves"
timeout 120 "$rv" trace --replay "$tmp/shapes/b48" -o "$tmp/grid.rvt" >/dev/null 2>&1 || no "the replay with waves failed"
head -c 2000 "$tmp/grid.rvt" >"$tmp/cut.rvt"
[ $fail = 0 ] || exit 1
k=$tmp/submissions/3.rvt
args=(--compare v8 --beside-waves v8 --lang en --size 1280x720)

# OUT FILE KEYS: the frame of FILE after KEYS, as a BMP
shot() { timeout 120 "$rv" view "$2" "${args[@]}" --keys "$3" --shot "$1" >/dev/null 2>"$tmp/err" || no "view $2 --keys $3: $(cat "$tmp/err")"; }

# OUT KEYS FILE...: the K window on a copy of plain.rvt; at each wait in
# KEYS, once the program says it waits, the next FILE renamed over it
live() {
    local out=$1 keys=$2 n=0 i
    shift 2
    cp "$tmp/plain.rvt" "$k"
    # emptied here, not only by the redirection below: that runs in the
    # background job, and on a loaded machine the loop could still read the
    # last call's "waiting" lines and rename a file over $k before the
    # program has opened it
    : >"$tmp/said"
    : >"$tmp/err"
    timeout 120 "$rv" view "$k" "${args[@]}" --keys "$keys" --shot "$out" >"$tmp/said" 2>"$tmp/err" &
    local pid=$!
    for f in "$@"; do
        n=$((n + 1))
        for i in $(seq 1000); do
            [ "$(grep -c "waiting for $k to change" "$tmp/said")" -ge $n ] && break
            kill -0 $pid 2>/dev/null || break
            sleep 0.05
        done
        cp "$f" "$k.new" && mv "$k.new" "$k"
    done
    wait $pid || no "view --keys $keys with $* renamed over: exit $?: $(cat "$tmp/err")"
    [ -s "$tmp/err" ] && no "view --keys $keys said on stderr: $(cat "$tmp/err")"
}

# A B: whether two BMPs of the same size have the same pixels above the
# footer (its last 48 rows, where the toast and the note are); 2 where
# they are not BMPs of one size
above() {
    python3 - "$1" "$2" <<'PY'
import struct, sys
def rows(p):
    b = open(p, "rb").read()
    off, w, h, bpp = struct.unpack("<I", b[10:14])[0], *struct.unpack("<ii", b[18:26]), struct.unpack("<H", b[28:30])[0]
    stride = (w * bpp // 8 + 3) & ~3
    return [b[off + r * stride:off + (r + 1) * stride] for r in range(abs(h))][::-1 if h > 0 else 1], (w, h)
a, sa = rows(sys.argv[1]); b, sb = rows(sys.argv[2])
sys.exit(2 if sa != sb else 0 if a[:-48] == b[:-48] else 1)
PY
}
same_above() { above "$1" "$2" || no "$3"; }
differ_above() { above "$1" "$2"; [ $? = 1 ] || no "$3"; }

# W on the trace without its grid, and with it: the premise
shot "$tmp/plain-w.bmp" "$tmp/plain.rvt" w
shot "$tmp/grid-w.bmp" "$tmp/grid.rvt" w
differ_above "$tmp/plain-w.bmp" "$tmp/grid-w.bmp" "the premise: W draws the same with and without the kernel's grid"

live "$tmp/live-w.bmp" w,wait "$tmp/grid.rvt"
grep -q "waiting for $k to change" "$tmp/said" || no "wait did not say it waits: $(cat "$tmp/said")"
same_above "$tmp/live-w.bmp" "$tmp/grid-w.bmp" "W open while the grid's trace is renamed over: not the new trace's frame"

# the position and the language kept (L without a Chinese font or catalogue
# only says so: the same in both)
shot "$tmp/grid-steps.bmp" "$tmp/grid.rvt" l,right,right,right
shot "$tmp/plain-start.bmp" "$tmp/plain.rvt" l
differ_above "$tmp/grid-steps.bmp" "$tmp/plain-start.bmp" "the premise: three steps on draw the same as the start"
live "$tmp/live-steps.bmp" l,right,right,right,wait "$tmp/grid.rvt"
same_above "$tmp/live-steps.bmp" "$tmp/grid-steps.bmp" "the position or language was not kept across the reload"

# cut short: the trace before kept, and the footer says why; then a whole one
live "$tmp/live-cut.bmp" w,wait "$tmp/cut.rvt"
same_above "$tmp/live-cut.bmp" "$tmp/plain-w.bmp" "a trace cut short renamed over changed the frame above the footer"
cmp -s "$tmp/live-cut.bmp" "$tmp/plain-w.bmp" && no "a trace cut short renamed over: the footer does not say so"
live "$tmp/live-again.bmp" w,wait,wait "$tmp/cut.rvt" "$tmp/grid.rvt"
same_above "$tmp/live-again.bmp" "$tmp/grid-w.bmp" "a whole trace after one cut short: not shown"

# a version by name follows no file: wait says so
"$rv" view --version v1 --keys wait --shot "$tmp/x.bmp" >/dev/null 2>"$tmp/err" && no "wait without a file: exit 0"
grep -qF "no trace file is followed" "$tmp/err" || no "wait without a file does not say why: $(cat "$tmp/err")"

[ $fail = 0 ] && echo "viewer_reload_cli: ok"
exit $fail
