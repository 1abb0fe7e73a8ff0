#!/usr/bin/env bash
# export_cli_test.sh — `reducevis export` from the command line, no display:
# every bad input gets a message naming the problem and its exit status
# (1 usage, 2 runtime); good input writes PNG files whose names sort.
# Usage: export_cli_test.sh path/to/reducevis
set -u
rv=$1
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_run=("$rv" export)
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER



expect 0 "usage: reducevis export"        --help
expect 1 "unknown version 'v11'"          --version v11 -o "$tmp/o"
expect 1 "--compare: unknown version 'x'" --version v1 --compare x -o "$tmp/o"
expect 1 "--steps '0'"                    --version v1 --steps 0 -o "$tmp/o"
expect 1 "only 10 steps"                  --version v1 --steps 3-40 -o "$tmp/o"
expect 1 "runs backwards"                 --version v1 --steps 5-2 -o "$tmp/o"
expect 1 "--steps 'a-b'"                  --version v1 --steps a-b -o "$tmp/o"
expect 1 "--size '100x100'"               --version v1 --size 100x100 -o "$tmp/o"
expect 1 "--size 'big'"                   --version v1 --size big -o "$tmp/o"
expect 1 "--theme 'sepia'"                --version v1 --theme sepia -o "$tmp/o"
expect 1 "unknown data pattern"           --version v1 --data zeros -o "$tmp/o"
expect 1 "--block-size '48'"              --version v1 --block-size 48 -o "$tmp/o"
expect 1 "at least 64"                     --version v4 --block-size 32 -o "$tmp/o"
expect 1 "v4 cannot run with block 32"     --version v0 --compare v4 --block-size 32 -o "$tmp/o"
expect 1 "-o DIR is required"             --version v1
expect 1 "which trace"                    -o "$tmp/o"
expect 1 "not both"                       "$tmp/x.rvt" --version v1 -o "$tmp/o"
expect 1 "unknown option '--frobnicate'"  --version v1 --frobnicate -o "$tmp/o"
expect 1 "--steps needs a value"          --version v1 --steps
expect 2 "cannot open trace"              "$tmp/missing.rvt" -o "$tmp/o"
printf 'not a trace at all' >"$tmp/junk.rvt"
expect 2 "not a reducevis trace"          "$tmp/junk.rvt" -o "$tmp/o"
printf '{"format": "reducevis-bench", "runs": [' >"$tmp/junk.json"
expect 2 "cannot read results"            --version v1 --results "$tmp/junk.json" -o "$tmp/o"
expect 2 "truncated"                      --version v1 --results "$tmp/junk.json" -o "$tmp/o"
expect 2 "cannot open it"                 --version v1 --results "$tmp/missing.json" -o "$tmp/o"
# the viewer says the same before it needs a display
"$rv" view --results "$tmp/junk.json" --shot "$tmp/v.png" >"$tmp/out" 2>"$tmp/err" </dev/null
check "view --results junk exits 2 naming the file" \
    test "$?" -eq 2 -a -n "$(grep -F "junk.json" "$tmp/err")"
expect 2 "font"                           --version v1 --font /nonexistent/font.ttf -o "$tmp/o"
: >"$tmp/afile"
expect 2 "cannot create or write the output folder" --version v1 -o "$tmp/afile/sub"
mkdir "$tmp/ro" && chmod a-w "$tmp/ro"
if [ ! -w "$tmp/ro" ]; then   # root can write anywhere: skip this one then
    expect 2 "cannot create or write the output folder" --version v1 -o "$tmp/ro"
fi

# Good input: the files, their names, their order.
expect 0 "wrote 3 frames"                 --version v2 --steps 2-4 --size 640x360 -o "$tmp/a"
check "v2 frames named and sorted" test "$(ls "$tmp/a" | tr '\n' ' ')" = "v2-step02.png v2-step03.png v2-step04.png "
# the bundled GPU trace where one was recorded, the CPU model otherwise
expect 0 "GPU trace from"                 --version v1 --compare v2 --steps 4 --size 640x360 --theme dark -o "$tmp/b"
# --device: whose recording the frames come from; an unknown one is refused
expect 0 "GPU trace from NVIDIA H200"     --version v8 --device h200 --steps 1 --size 640x360 -o "$tmp/dev"
expect 0 "GPU trace from NVIDIA H100"     --version v8 --device h100 --steps 1 --size 640x360 -o "$tmp/dev"
expect 2 "no recording of a device 'radeon'" --version v8 --device radeon --steps 1 -o "$tmp/dev2"
# without --device, a version that one GPU alone recorded (v10: the H200) is that GPU's trace, not the model
expect 0 "GPU trace from"                 --version v10 --steps 1 --size 640x360 -o "$tmp/v10"
expect 0 "CPU model"                      --version v1 --data mod10 --steps 4 --size 640x360 -o "$tmp/m"
check "compare frame named" test -f "$tmp/b/v1-vs-v2-step04.png"
"$rv" simulate --version 3 --block-size 64 --n 1000 -o "$tmp/t.rvt" >/dev/null 2>&1
expect 0 "wrote"                          "$tmp/t.rvt" --steps all --size 320x240 -o "$tmp/c/d/e"
check "a trace file's frames in a new nested folder" test -f "$tmp/c/d/e/v3-step01.png"
check "PNG signature" test "$(head -c 8 "$tmp/a/v2-step02.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a"

finish
