#!/usr/bin/env bash
# cli_test.sh — every bad input a user can give the command line gets a message
# naming the problem and the documented exit status (1 usage, 2 runtime).
# Usage: cli_test.sh path/to/reducevis
set -u
rv=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_harness.sh"
rv_label=reducevis
run_rv() { timeout "$limit" "${prefix[@]}" "$rv" "$@"; }
rv_run=(run_rv)
prefix=()   # a command to run reducevis under (env -u ...), usually none
limit=60    # seconds: a hang is a failure too (exit 124)


expect 1 "unknown command"           frobnicate
expect 1 "unknown version 'v11'"     simulate --version v11 -o "$tmp/x.rvt"
expect 1 "unknown version 'banana'"  simulate --version banana -o "$tmp/x.rvt"
expect 1 "power of two"              simulate --version 1 --block-size 48 -o "$tmp/x.rvt"
expect 1 "power of two"              simulate --version 1 --block-size 2048 -o "$tmp/x.rvt"
expect 1 "at least 64"               simulate --version 4 --block-size 32 -o "$tmp/x.rvt"
expect 1 "N '0'"                     simulate --version 1 --n 0 -o "$tmp/x.rvt"
expect 1 "N '2^40'"                  simulate --version 1 --n 2^40 -o "$tmp/x.rvt"
expect 1 "unknown data pattern"      simulate --version 1 --data zeros -o "$tmp/x.rvt"
expect 1 "does not exist"            simulate --version 1 --n 1000 --block 4 -o "$tmp/x.rvt"
expect 1 "grid '0'"                  simulate --version v8 --grid 0 -o "$tmp/x.rvt"
expect 1 "at most 1 (one float4"     simulate --version v8 --n 1000 --grid 5 -o "$tmp/x.rvt"
expect 1 "only a version whose grid fills the GPU can choose" simulate --version 1 --n 1000 --grid 3 -o "$tmp/x.rvt"
expect 1 "a trace holds at most"     simulate --version v8 --n 2^31 --grid 1 -o "$tmp/x.rvt"
expect 0 "block 2 of 9"              simulate --version v8 --n 1000003 --grid 9 --block 2 -o "$tmp/v8.rvt"
expect 0 "v8 vector loads"           inspect "$tmp/v8.rvt"
expect 0 "block 2 of 9"              simulate --version v9 --n 1000003 --grid 9 --block 2 -o "$tmp/v9.rvt"
expect 0 "v9 atomic add"             inspect "$tmp/v9.rvt"
expect 1 "-o FILE.rvt is required"   simulate --version 1
expect 1 "--version is required"     simulate -o "$tmp/x.rvt"
expect 1 "needs a value"             simulate --version
expect 2 "cannot write"              simulate --version 1 -o /nonexistent-dir/x.rvt
expect 0 "8 steps"                   simulate --version 2 --block-size 64 --n 31 -o "$tmp/ok.rvt"
expect 0 "v2 sequential"             inspect "$tmp/ok.rvt"
expect 0 '"max_conflict"'            inspect --json "$tmp/ok.rvt"
expect 1 "which trace"               inspect
expect 2 "cannot open"               inspect "$tmp/missing.rvt"
head -c 100 "$tmp/ok.rvt" >"$tmp/short.rvt"
expect 2 "truncated"                 inspect "$tmp/short.rvt"
printf 'hello world, not a trace' >"$tmp/junk.rvt"
expect 2 "not a reducevis trace"     inspect "$tmp/junk.rvt"
: >"$tmp/empty.rvt"
expect 2 "not a reducevis trace"     inspect "$tmp/empty.rvt"
expect 2 "cannot read"               inspect "$tmp"
expect 1 "N '2147483649'"            simulate --version 1 --n 2147483649 -o "$tmp/x.rvt"
expect 1 "N '0'"                     capture --version 1 --n 0 -o "$tmp/x.rvt"
expect 1 "unknown version 'v11'"     capture --version v11 -o "$tmp/x.rvt"
expect 1 "power of two"              capture --version 1 --block-size 2048 -o "$tmp/x.rvt"
expect 1 "unknown data pattern"      capture --version 1 --data zeros -o "$tmp/x.rvt"
expect 1 "N '0'"                     bench --n 0
expect 0 "recording.json"            record --help
expect 1 "unknown option '--bogus'"  record --bogus
expect 1 "--out needs a value (DIR)" record --out
expect 1 "--out needs a folder"      record --out ""
# Without a GPU (none here, or hidden), capture and bench say so, and capture
# suggests simulate.
prefix=(env CUDA_VISIBLE_DEVICES=-1)
expect 2 "simulate"                  capture --version 1 -o "$tmp/x.rvt"
expect 2 "GPU"                       bench
expect 2 "needs a CUDA GPU to record" record --out "$tmp/rec"
[ ! -e "$tmp/rec" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: record without a GPU made $tmp/rec"; }
expect 2 "needs a CUDA GPU to record" record --out="$tmp/rec" --quick
[ ! -e "$tmp/rec" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: record --out= without a GPU made $tmp/rec"; }
# verify's values, given either way, are read before it looks for the GPU
expect 2 "needs a CUDA GPU and Nsight Compute" verify --n=2^20 --block-sizes=64,128 -o "$tmp/v.json"
# bench --show prints a results file written earlier, no GPU needed; a
# sweep's table ends with v8 against CUB at every N.
sweep=$(ls "$(dirname "$0")"/../assets/results/*-sweep.json | head -1)
expect 0 "v8 against CUB"            bench --show "$sweep"
expect 0 "of the theoretical peak"   bench --show "$sweep"
prefix=()
expect 2 "cannot open"               bench --show "$tmp/none.json"
head -c 300 "$sweep" >"$tmp/cut.json"
expect 2 "truncated"                 bench --show "$tmp/cut.json"
expect 1 "--show needs a value (FILE)" bench --show
expect 1 "one results file"          bench --show "$sweep" --sweep

# The viewer, where this build has one.
if "$rv" view --help >/dev/null 2>&1; then
    expect 1 "unknown version 'v11'" view --version v11
    expect 1 "--kernel: unknown version 'v11'" view --kernel v11
    expect 0 "(beside the program)"  view --help
    expect 1 "unknown version 'x'"   view --version v1 --compare x
    # checked with the options, as simulate does: exit 1
    expect 1     "power of two"      view --block-size 48 --shot "$tmp/x.bmp"
    expect 1     "power of two"      view --block-size 2048 --shot "$tmp/x.bmp"
    expect 1     "unknown data pattern" view --data zeros --shot "$tmp/x.bmp"
    expect 1 "--size"                view --size 100x100
    expect 2 "font not found"        view --version v1 --font /nonexistent/font.ttf
    expect 2 "cannot open trace"     view "$tmp/missing.rvt"
    # `reducevis FILE.rvt` is `reducevis view FILE.rvt` (docs/exercises.md):
    # the same frame; a missing or broken file named, exit 2, never "unknown command"
    expect 2 "cannot open trace $tmp/missing.rvt" "$tmp/missing.rvt"
    expect 2 "$tmp/junk.rvt: not a reducevis trace" "$tmp/junk.rvt"
    expect 2 "$tmp/short.rvt"        "$tmp/short.rvt" --shot "$tmp/short.png"
    check "reducevis FILE.rvt --shot" run_rv "$tmp/ok.rvt" --shot "$tmp/bare.png"
    check "reducevis view FILE.rvt --shot" run_rv view "$tmp/ok.rvt" --shot "$tmp/view.png"
    check "reducevis --shot" run_rv --shot "$tmp/default.png"
    check "reducevis FILE.rvt draws the frame of view FILE.rvt" cmp -s "$tmp/bare.png" "$tmp/view.png"
    check "reducevis FILE.rvt shows that file, not the default trace" \
        bash -c "! cmp -s '$tmp/bare.png' '$tmp/default.png'"
    check "reducevis FILE.rvt --lang zh --shot" run_rv "$tmp/ok.rvt" --lang zh --shot "$tmp/bare-zh.png"
    check "reducevis FILE.rvt --lang zh speaks Chinese" bash -c "! cmp -s '$tmp/bare.png' '$tmp/bare-zh.png'"
    expect 1 "unknown command 'notes.txt'" notes.txt
    expect 2 "no recording of a device 'radeon'" view --device radeon --shot "$tmp/x.bmp"
    expect 2 "not a reducevis trace" view "$tmp/junk.rvt"
    expect 2 "cannot read results"   view --version v1 --results "$tmp/junk.rvt" --shot "$tmp/x.bmp"
    expect 2 "cannot write"          view --version v1 --shot /nonexistent-dir/x.png
    # a key --keys does not know: refused, naming every key it does (the table's, so W and its zoom keys too)
    expect 1 "'xyz' is not a key (the keys: a A enter" view --version v1 --keys right,xyz --shot "$tmp/x.png"
    check "view --keys names the waves picture's keys when it refuses one" \
        bash -c "'$rv' view --version v1 --keys xyz --shot '$tmp/x.png' 2>&1 | grep -q ' w i o r comma period '"
    # Options that take a value take it as --opt=value too; `--` ends the
    # options: a file after it may start with -
    check "view --version=v2 --size=640x360 --shot=FILE" \
        run_rv view --version=v2 --size=640x360 --keys=right --shot="$tmp/eq.png"
    check "view --version v2 --size 640x360 --shot FILE" \
        run_rv view --version v2 --size 640x360 --keys right --shot "$tmp/sp.png"
    check "view --opt=value draws what --opt value draws" cmp -s "$tmp/eq.png" "$tmp/sp.png"
    expect 1 "--size needs a value (WxH)" view --version v1 --size
    cp "$tmp/ok.rvt" "$tmp/-ok.rvt"
    expect 1 "unknown option '-o'"   view -ok.rvt
    check "view --shot FILE -- -ok.rvt" bash -c "cd '$tmp' && '$rv' view --shot dash.png -- -ok.rvt"
    check "view -- -ok.rvt draws the file's frame" cmp -s "$tmp/dash.png" "$tmp/view.png"
    if "$rv" export --help >/dev/null 2>&1; then
        check "export --version=v1 --steps=2-3 --size=640x360 --theme=dark --output=DIR" \
            run_rv export --version=v1 --steps=2-3 --size=640x360 --theme=dark --output="$tmp/eq"
        check "export --version v1 --steps 2-3 --size 640x360 --theme dark -o DIR" \
            run_rv export --version v1 --steps 2-3 --size 640x360 --theme dark -o "$tmp/sp"
        check "export --opt=value writes what --opt value writes" diff -r "$tmp/eq" "$tmp/sp"
        check "export --opt=value wrote the frames" test -f "$tmp/eq/v1-step03.png"
        check "export -o DIR --steps 2 -- -ok.rvt" bash -c "cd '$tmp' && '$rv' export -o dash --steps 2 -- -ok.rvt"
        check "export FILE --steps=2 -o DIR" run_rv export "$tmp/ok.rvt" --steps=2 -o "$tmp/nodash"
        check "export -- -ok.rvt exports the file" diff -r "$tmp/dash" "$tmp/nodash"
        expect 1 "--quiz takes no value" export --version v1 --quiz=yes -o "$tmp/x"
        expect 1 "only one trace file, got '$tmp/ok.rvt' and '--steps'" \
            export "$tmp/ok.rvt" -o "$tmp/x" -- --steps 2
    fi
    # No display at all: say so, suggest export, exit 2 (never open a window
    # nobody sees, as SDL's offscreen driver would).
    prefix=(env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER) limit=20
    expect 2 "reducevis export"      view --version v1
    prefix=() limit=60
fi
expect 0 "v7"                        versions
expect 0 "usage"                     --help
# The program's version, and the kernel option under its other name
expect 0 "git revision:"             --version
expect 0 "CUDA capture and bench:"   -V
expect 0 "--version"                 --help
expect 1 "unknown option '--bogus'"  versions --bogus
expect 1 "unexpected argument 'bogus'" versions bogus
expect 0 "v7cg"                      versions --names
# Every command reads its options through one parser: `--opt=value` is
# `--opt value`, `--` ends the options (a file may start with -), and a
# switch given a value is refused.
expect 1 "N '0' must be"             verify --n 0
expect 1 "N '0' must be"             verify --n=0
expect 1 "block sizes '48'"          verify --block-sizes 48
expect 1 "block sizes '48'"          verify --block-sizes=48
expect 1 "--ncu needs a value (PATH)" verify --ncu
expect 1 "unexpected argument 'x'"   verify x
expect 1 "--gpus '9' must be"        bench --gpus 9
expect 1 "--gpus '9' must be"        bench --gpus=9
expect 1 "--n '0' must be"           multi --n=0
expect 0 '"max_conflict"'            inspect --json -- "$tmp/ok.rvt"
expect 1 "only one trace file"       inspect -- "$tmp/ok.rvt" --json
expect 1 "--json takes no value"     inspect --json=1 "$tmp/ok.rvt"
cp "$tmp/ok.rvt" "$tmp/-ok.rvt"
expect 1 "unknown option '-o'"       inspect -ok.rvt
rv_abs=$(realpath "$rv")
(cd "$tmp" && "$rv_abs" inspect --json -- -ok.rvt 2>&1 | grep -q '"max_conflict"') && pass=$((pass + 1)) ||
    { fail=$((fail + 1)); echo "FAIL: reducevis inspect --json -- -ok.rvt does not read the file -ok.rvt"; }
expect 1 "--quick takes no value"    record --quick=1
expect 1 "--force takes no value"    record --force=yes
expect 1 "unknown option '--json'"   prove --json "$tmp/ok.rvt"
expect 2 "cannot open --json"        prove -- --json
expect 0 "8 steps"                   simulate --kernel 2 --block-size 64 --n 31 -o "$tmp/k.rvt"
expect 1 "unknown version 'v11'"     simulate --kernel v11 -o "$tmp/x.rvt"

finish
