#!/usr/bin/env bash
# gif_cli_test.sh — `reducevis export --gif` from the command line, no
# display: bad input gets a message naming the problem and its exit status
# (1 usage, 2 runtime); good input writes one GIF.  In a build without giflib
# (HAVE_GIF 0) it checks that --gif says so, then reports the rest skipped.
# Usage: gif_cli_test.sh path/to/reducevis HAVE_GIF
set -u
rv=$1
have_gif=${2:-1}
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_run=("$rv" export)
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER



# The command line is checked before anything is drawn, with or without giflib.
expect 0 "--gif FILE.gif"                  --help
expect 1 "-o DIR and --gif FILE.gif"       --version v1 -o "$tmp/o" --gif "$tmp/x.gif"
expect 1 "or --gif FILE.gif"               --version v1
expect 1 "--gif needs a value"             --version v1 --gif
expect 1 "--delay '0': expected milliseconds" --version v1 --gif "$tmp/x.gif" --delay 0
expect 1 "--delay '10'"                    --version v1 --gif "$tmp/x.gif" --delay 10
expect 1 "--delay '60010'"                 --version v1 --gif "$tmp/x.gif" --delay 60010
expect 1 "--delay '99999999999999999999'"  --version v1 --gif "$tmp/x.gif" --delay 99999999999999999999
expect 1 "--delay 'fast'"                  --version v1 --gif "$tmp/x.gif" --delay fast
expect 1 "--delay '-100'"                  --version v1 --gif "$tmp/x.gif" --delay -100
expect 1 "--delay '1000ms'"                --version v1 --gif "$tmp/x.gif" --delay 1000ms
expect 1 "a multiple of 10"                --version v1 --gif "$tmp/x.gif" --delay 1234
expect 1 "--delay is for --gif only"       --version v1 --delay 500 -o "$tmp/o"
expect 1 "--delay needs a value"           --version v1 --gif "$tmp/x.gif" --delay
check "no GIF written after usage errors" test ! -e "$tmp/x.gif"

if [ "$have_gif" != 1 ]; then
    expect 2 "this build has no GIF support (install libgif-dev and rebuild)" --version v1 --steps 1 --gif "$tmp/x.gif"
    check "no GIF written without giflib" test ! -e "$tmp/x.gif"
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ] || exit 1
    echo "SKIPPED: this build has no giflib (install libgif-dev and rebuild): GIF output not tested"
    exit 77
fi

# The world: a folder that does not exist, a folder in the file's place, a
# read-only folder.
expect 2 "cannot write $tmp/missing/x.gif: No such file or directory" --version v1 --steps 1 --gif "$tmp/missing/x.gif"
mkdir "$tmp/adir"
expect 2 "cannot write $tmp/adir: Is a directory" --version v1 --steps 1 --gif "$tmp/adir"
mkdir "$tmp/ro" && chmod a-w "$tmp/ro"
if [ ! -w "$tmp/ro" ]; then   # root can write anywhere: skip this one then
    expect 2 "cannot write $tmp/ro/x.gif: Permission denied" --version v1 --steps 1 --gif "$tmp/ro/x.gif"
fi
# A disk that is full: /dev/full, or as root a copy of it in $tmp (so that a
# writer removing what it failed to write could not take the real one).
full=/dev/full
if [ "$(id -u)" -eq 0 ]; then
    full="$tmp/full"
    mknod "$full" c 1 7 2>/dev/null || full=""
fi
if [ -n "$full" ] && [ -c "$full" ]; then
    expect 2 "cannot write $full: No space left on device" --version v1 --steps 1-2 --size 320x240 --gif "$full"
    check "a device that failed is left in place" test -c "$full"
    [ "$full" = "$tmp/full" ] && rm -f "$full"
fi
expect 2 "cannot open trace"               "$tmp/missing.rvt" --gif "$tmp/x.gif"
expect 2 "font"                            --version v1 --font /nonexistent/font.ttf --gif "$tmp/x.gif"
check "no GIF left behind by a failed export" test ! -e "$tmp/x.gif"

# Good input: one GIF89a file that loops, in the folder asked for.
expect 0 "wrote 3 frames to $tmp/a.gif, one animated GIF (steps 2..4, 500 ms each" \
    --version v2 --steps 2-4 --size 640x360 --gif "$tmp/a.gif" --delay 500
check "GIF89a signature" test "$(head -c 6 "$tmp/a.gif")" = "GIF89a"
check "the loop extension" grep -qa "NETSCAPE2.0" "$tmp/a.gif"
check "nothing but the GIF written" test "$(ls "$tmp" | tr '\n' ' ')" = "a.gif adir err out ro "
expect 0 "1000 ms each"                    --version v1 --compare v2 --steps 4-5 --size 320x240 --theme dark --gif "$tmp/b.gif"

finish
