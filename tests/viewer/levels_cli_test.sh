#!/usr/bin/env bash
# levels_cli_test.sh — `reducevis levels` from the command line, no display:
# bad input gets a message naming the problem and its exit status (1 usage,
# 2 runtime); good input writes one PNG of the size asked for, in the
# language asked for (RV_LEVELS_KEEP=DIR keeps the Chinese and English
# pictures there, to look at).
# Usage: levels_cli_test.sh path/to/reducevis path/to/assets
set -u
rv=$1
gpus=$2/results/nvidia-h200-x2-gpus.json
one_gpu=$2/results/nvidia-h200.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_run=("$rv" levels)
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER

png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'
}

expect 0 "lanes -> warp"                   --help
expect 1 "-o FILE.png is required"         "$gpus"
expect 1 "--size '10x10'"                  "$gpus" --size 10x10 -o "$tmp/a.png"
expect 1 "--theme 'pink'"                  "$gpus" --theme pink -o "$tmp/a.png"
expect 1 "--nccl 'gather'"                 "$gpus" --nccl gather -o "$tmp/a.png"
expect 1 "N 'lots'"                        "$gpus" --n lots -o "$tmp/a.png"
expect 1 "unknown option '--frob'"         --frob -o "$tmp/a.png"
expect 1 "only one results file"           "$gpus" "$gpus" -o "$tmp/a.png"
expect 2 "not a bench across GPUs"         "$one_gpu" -o "$tmp/a.png"
expect 2 "no run of v8 on 2 GPUs"          "$gpus" --n 2^20 -o "$tmp/a.png"
expect 2 "cannot read results"             "$tmp/missing.json" -o "$tmp/a.png"
expect 2 "/dev/full"                       "$gpus" -o /dev/full
expect 2 "cannot"                          "$gpus" -o "$tmp/no/such/dir/a.png"
[ ! -e "$tmp/a.png" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a failed run left a.png"; }
expect 0 "at N = 2^31"                     "$gpus" -o "$tmp/a.png"
[ "$(png_size "$tmp/a.png")" = 1920x1080 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a.png is $(png_size "$tmp/a.png")"; }
expect 0 "at N = 2^32"                     "$gpus" --n 2^32 --nccl reduce --theme dark --size 1280x720 -o "$tmp/b.png"
[ "$(png_size "$tmp/b.png")" = 1280x720 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: b.png is $(png_size "$tmp/b.png")"; }
# --lang: the picture's words in Chinese (what it says, and the picture
# unlike the English one); a language it does not speak refused
expect 1 "--lang must be zh"               "$gpus" --lang fr -o "$tmp/c.png"
expect 0 "已写出"                          "$gpus" --size 1280x720 --lang zh_CN -o "$tmp/zh.png"
expect 0 "wrote"                           "$gpus" --size 1280x720 --lang en -o "$tmp/en.png"
[ "$(png_size "$tmp/zh.png")" = 1280x720 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: zh.png is $(png_size "$tmp/zh.png")"; }
check "the Chinese picture differs from the English one" eval '! cmp -s "$tmp/zh.png" "$tmp/en.png"'
expect 0 "--lang"                          --help --lang zh
check "levels --help --lang zh answers in Chinese" grep -q "语言" "$tmp/out"
[ -n "${RV_LEVELS_KEEP:-}" ] && cp "$tmp/zh.png" "$tmp/en.png" "$RV_LEVELS_KEEP/"

finish levels_cli_test
