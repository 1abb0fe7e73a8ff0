#!/usr/bin/env bash
# chart_cli_test.sh — `reducevis chart` from the command line, no display:
# every bad input gets a message naming the problem and its exit status
# (1 usage, 2 runtime); good input writes one PNG of the size asked for.
# Usage: chart_cli_test.sh path/to/reducevis path/to/assets
set -u
rv=$1
sweep=$2/results/nvidia-h200-sweep.json
sweep2=$2/results/nvidia-h100-80gb-hbm3-sweep.json
one_n=$2/results/nvidia-h200.json
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_run=("$rv" chart)
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER



# The width and height in a PNG's header, "WxH".
png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'
}

[ -f "$sweep" ] && [ -f "$sweep2" ] && [ -f "$one_n" ] || { echo "FAIL: the bundled results are missing ($sweep, $one_n)"; exit 1; }

# Usage errors: exit 1, the option named.
expect 0 "usage: reducevis chart"          --help
expect 1 "-o FILE.png is required"         "$sweep"
expect 1 "--size '100x100'"                "$sweep" --size 100x100 -o "$tmp/x.png"
expect 1 "--size 'big'"                    "$sweep" --size big -o "$tmp/x.png"
expect 1 "--size '9000x1000'"              "$sweep" --size 9000x1000 -o "$tmp/x.png"
expect 1 "--theme 'sepia'"                 "$sweep" --theme sepia -o "$tmp/x.png"
expect 1 "unknown option '--frobnicate'"   "$sweep" --frobnicate -o "$tmp/x.png"
expect 1 "at most two results files"       "$sweep" "$sweep2" "$sweep" -o "$tmp/x.png"
expect 1 "--device picks a recorded sweep" "$sweep" --device h200 -o "$tmp/x.png"
expect 2 "no recording of a device 'radeon'" --device radeon -o "$tmp/x.png"
expect 2 "could be any of"                 --device nvidia -o "$tmp/x.png"
expect 2 "not a sweep"                     "$sweep" "$one_n" -o "$tmp/x.png"
expect 1 "-o needs a value"                "$sweep" -o

# Runtime errors: exit 2, the file and the problem named.
expect 2 "missing.json: cannot open it"    "$tmp/missing.json" -o "$tmp/x.png"
printf '{"format": "reducevis-bench", "runs": [' >"$tmp/junk.json"
expect 2 "truncated"                       "$tmp/junk.json" -o "$tmp/x.png"
printf '[1, 2, 3]' >"$tmp/array.json"
expect 2 "not a reducevis bench results file" "$tmp/array.json" -o "$tmp/x.png"
expect 2 "not a sweep; run \`reducevis bench --sweep" "$one_n" -o "$tmp/x.png"
# a sweep holding one size: the header of the bundled sweep and its first run
sed -n '1,/"runs": \[/p' "$sweep" >"$tmp/one.json"
grep -m1 '"version": "v0"' "$sweep" | sed 's/},[[:space:]]*$/}/' >>"$tmp/one.json"
printf '  ]\n}\n' >>"$tmp/one.json"
expect 2 "a chart needs at least 2"        "$tmp/one.json" -o "$tmp/x.png"
expect 2 "font not found: /nonexistent/font.ttf" "$sweep" --font /nonexistent/font.ttf -o "$tmp/x.png"
expect 2 "cannot write $tmp/no/such/dir/x.png" "$sweep" -o "$tmp/no/such/dir/x.png"
mkdir "$tmp/ro" && chmod a-w "$tmp/ro"
if [ ! -w "$tmp/ro" ]; then   # root can write anywhere: skip this one then
    expect 2 "cannot write $tmp/ro/x.png"  "$sweep" -o "$tmp/ro/x.png"
fi
check "nothing written on errors" test ! -e "$tmp/x.png"
# A disk that is full: /dev/full, or as root a copy of it in $tmp, so that a
# writer removing what it failed to write could not take the real one.
full=/dev/full
if [ "$(id -u)" -eq 0 ]; then
    full="$tmp/full"
    mknod "$full" c 1 7 2>/dev/null || full=""
fi
if [ -n "$full" ] && [ -c "$full" ]; then
    expect 2 "cannot write $full: No space left on device" "$sweep" --size 640x360 -o "$full"
    check "a device that refused the PNG is left in place" test -c "$full"
fi

# Good input: one PNG, the size asked for, the file it came from named.
expect 0 "wrote $tmp/a.png, 1920x1080, light theme" "$sweep" -o "$tmp/a.png"
check "PNG signature" test "$(head -c 8 "$tmp/a.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a"
check "1920x1080 by default (header: $(png_size "$tmp/a.png"))" test "$(png_size "$tmp/a.png")" = "1920x1080"
expect 0 "dark theme"                      "$sweep" --size 1280x720 --theme dark -o "$tmp/b.png"
check "--size 1280x720 (header: $(png_size "$tmp/b.png"))" test "$(png_size "$tmp/b.png")" = "1280x720"
# no file: the recorded sweep of --device, else of the first device by name
expect 0 "nvidia-h200-sweep.json"          --device h200 --size 640x360 -o "$tmp/c.png"
check "--size 640x360 (header: $(png_size "$tmp/c.png"))" test "$(png_size "$tmp/c.png")" = "640x360"
expect 0 "nvidia-h100-80gb-hbm3-sweep.json" --size 640x360 -o "$tmp/d.png"
# two sweeps, two GPUs: one chart naming both
expect 0 "NVIDIA H100 80GB HBM3 and NVIDIA H200" "$sweep2" "$sweep" --size 1280x720 -o "$tmp/e.png"
check "two GPUs at 1280x720 (header: $(png_size "$tmp/e.png"))" test "$(png_size "$tmp/e.png")" = "1280x720"
# the command is listed
"$rv" --help >"$tmp/out" 2>&1
check "reducevis --help lists chart" grep -q '^  chart ' "$tmp/out"

finish
