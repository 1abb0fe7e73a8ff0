#!/usr/bin/env bash
# waves_cli_test.sh — `reducevis inspect` on a trace with a waves run (made by
# test_waves from its own records): the waves predicted and observed, the
# tail, in English, Chinese and JSON; a trace whose waves put a block on an SM
# the GPU does not have is refused with a message naming it.  Where the
# viewer is built: the picture, the viewer's W (beside the steps, alone, in
# compare mode), the GIF's and the folder's waves frame, the lesson page's
# waves with its numbers and its question, in English and Chinese.
# Usage: waves_cli_test.sh REDUCEVIS TEST_WAVES
set -u
rv=$1 make=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
"$make" "$tmp" || { echo "FAIL: test_waves could not write the traces"; exit 1; }

# FILE WHAT LINE...: each line in inspect's text FILE
has_lines() {
    local file=$1 what=$2 want
    shift 2
    for want; do
        grep -qF -- "$want" "$file" || no "no '$want' in $what:"$'\n'"$(grep -A8 'waves run' "$file")"
    done
}
LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" inspect "$tmp/waves.rvt" >"$tmp/en" 2>&1 || no "inspect failed: $(tail -3 "$tmp/en")"
has_lines "$tmp/en" "the English text" "waves run, launch 1: 3 blocks of 256 threads on a GPU of 2 SMs" \
            "predicted: 2 waves (3 blocks, 2 SMs × 1 at once)" \
            "occupancy: 1 block per SM at once with all its warps (the SM's own limit: 32 blocks)" \
            "observed: 2 waves (blocks on the busiest SM: 2 in all; at most 1 at once with all their warps, 1 with any); 2 of 2 SMs ran a block" \
            "observed: 1 wave (blocks on the busiest SM: 1 in all; at most 1 at once with all their warps, 1 with any); 8 of 8 SMs ran a block" \
            "25.0% of the SMs' time idle" \
            "tail: the last 0.010 µs (50.0% of the run), after the first SM ran out of blocks: 50.0% of the SMs' time idle in it" \
            "clusters of 2 blocks: 4 clusters, at most 2 on the GPU at once" \
            "predicted: 2 waves (4 clusters, 2 at once)" \
            "where they ran: a cluster's blocks share one GPC, which no register names; the SMs that shared a cluster make 4 sets: 4 × 2 SMs"

# a count of 1 said in the singular, each by its own number, never "1 blocks"
LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" inspect "$tmp/waves-one.rvt" >"$tmp/one" 2>&1 || no "inspect of one block failed: $(tail -3 "$tmp/one")"
has_lines "$tmp/one" "one block's text" "waves run, launch 1: 1 block of 1 thread on a GPU of 1 SM" \
            "occupancy: 1 block per SM at once with all its warps (the SM's own limit: 1 block)" \
            "predicted: 1 wave (1 block, 1 SM × 1 at once)" \
            "observed: 1 wave (blocks on the busiest SM: 1 in all; at most 1 at once with all their warps, 1 with any); 1 of 1 SM ran a block" \
            "waves run, launch 2: 2 blocks of 256 threads on a GPU of 2 SMs" \
            "clusters of 2 blocks: 1 cluster, at most 1 on the GPU at once" \
            "predicted: 1 wave (1 cluster, 1 at once)"
grep -E '(^|[^0-9.])1 (blocks|threads|SMs|clusters|waves)' "$tmp/one" && no "a count of 1 in the plural (above)"
LANGUAGE= LC_ALL= LANG=zh_CN.UTF-8 "$rv" inspect "$tmp/waves-one.rvt" >"$tmp/onezh" 2>&1 || no "inspect of one block in Chinese failed"
grep -qF "1 个线程块，每块 1 个线程，GPU 有 1 个 SM" "$tmp/onezh" ||
    no "the Chinese text of one block:"$'\n'"$(grep -A3 '启动' "$tmp/onezh" | head -4)"

grep -qF "recorded: by the Compute Sanitizer's patch of block entry and exit" "$tmp/en" ||
    no "inspect does not say the patch recorded the waves"
grep -qF "overhead: not measured in this run" "$tmp/en" || no "inspect does not say the overhead was not measured"
# stamped in the kernel, the overhead measured in the same run (RVTWAVE3)
LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" inspect "$tmp/waves-stamped.rvt" >"$tmp/st" 2>&1 || no "inspect of the stamped failed: $(tail -3 "$tmp/st")"
for want in "recorded: stamped in the kernel (the version's waves build, no Sanitizer)" \
            "overhead: the waves run's kernel took 0.0410 ms, untraced 0.0400 ms (median of 20 launches each): +2.5%"; do
    grep -qF -- "$want" "$tmp/st" || no "no '$want' in the stamped trace's text:"$'\n'"$(grep -A3 'waves run' "$tmp/st")"
done
# recorded by the patch, its cost measured on whole reductions (rv_own_waves_cost)
LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" inspect "$tmp/waves-patch-cost.rvt" >"$tmp/pc" 2>&1 || no "inspect of the patch's cost failed"
grep -qF "overhead: the whole reduction took 0.0520 ms under the patch, untraced 0.0400 ms (median of 20 timed calls each): +30.0%" \
    "$tmp/pc" || no "inspect does not give the patch's cost on whole reductions:"$'\n'"$(grep -A3 'waves run' "$tmp/pc")"
LANGUAGE= LC_ALL= LANG=zh_CN.UTF-8 "$rv" inspect "$tmp/waves-patch-cost.rvt" >"$tmp/pczh" 2>&1 || no "inspect of the patch's cost in Chinese failed"
grep -qF "whole reduction" "$tmp/pczh" && no "the Chinese text gives the patch's cost in English"
grep -qF "+30.0%" "$tmp/pczh" || no "the Chinese text does not give the patch's cost"
LANGUAGE= LC_ALL= LANG=zh_CN.UTF-8 "$rv" inspect "$tmp/waves-stamped.rvt" >"$tmp/stzh" 2>&1 || no "inspect of the stamped in Chinese failed"
grep -q '内核' "$tmp/stzh" || no "the Chinese text does not say the stamps are in the kernel (内核):"$'\n'"$(grep -A3 '启动' "$tmp/stzh" | head -8)"
grep -qF "recorded: stamped" "$tmp/stzh" && no "the Chinese text says the way in English"
"$rv" inspect "$tmp/waves-stamped.rvt" --json >"$tmp/stjson" 2>&1 || no "inspect --json of the stamped failed"
python3 - "$tmp/stjson" <<'PY' || fail=1
import json, sys
w = json.load(open(sys.argv[1]))["waves"]
ok = (w[0]["recorded"] == "stamps" and w[0]["repeats"] == 20 and w[0]["plain_ns"] == 40000
      and w[0]["waves_ns"] == 41000 and abs(w[0]["overhead"] - 1.025) < 1e-9
      and w[1]["recorded"] == "patch" and w[1]["overhead"] == 0)
if not ok:
    print("FAIL: inspect --json's way and overhead:", json.dumps(w, indent=1))
    sys.exit(1)
PY

LANGUAGE= LC_ALL= LANG=zh_CN.UTF-8 "$rv" inspect "$tmp/waves.rvt" >"$tmp/zh" 2>&1 || no "inspect in Chinese failed"
grep -q '波' "$tmp/zh" || no "the Chinese text has no waves (波):"$'\n'"$(tail -12 "$tmp/zh")"
grep -q 'waves run, launch' "$tmp/zh" && no "the Chinese text has the English sentence"

"$rv" inspect "$tmp/waves.rvt" --json >"$tmp/json" 2>&1 || no "inspect --json failed"
python3 - "$tmp/json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
w = d["waves"]
ok = (len(w) == 2 and w[0]["waves"] == 2 and w[0]["waves_predicted"] == 2 and w[0]["tail_ns"] == 10
      and w[0]["sm_blocks"] == 32 and w[0]["most_at_once"] == 1 and w[0]["most_held"] == 1
      and abs(w[0]["tail_idle"] - 0.5) < 1e-9 and abs(w[0]["idle"] - 0.25) < 1e-9
      and w[1]["clusters"] == 4 and w[1]["cluster_bound"] == 2 and w[1]["waves_predicted"] == 2
      and w[0]["cluster_sets"] == [] and w[1]["cluster_sets"] == [2, 2, 2, 2]
      and sum(w[1]["cluster_sets"]) == w[1]["sms_used"])
if not ok:
    print("FAIL: inspect --json's waves:", json.dumps(w, indent=1))
    sys.exit(1)
PY

if "$rv" inspect "$tmp/waves-bad.rvt" >"$tmp/bad" 2>&1; then
    no "a trace with a block on SM 9 of 2 was accepted"
else
    grep -qF "block 1 ran on SM 9, but the GPU has 2 SMs" "$tmp/bad" || no "the refusal does not name the SM: $(cat "$tmp/bad")"
fi
# the picture (where the viewer is built): a PNG of the asked size, in both
# languages; a trace without waves, or a launch it has none of, refused
if "$rv" waves --help >/dev/null 2>&1 && "$rv" waves --help | grep -q -- --launch; then
    "$rv" waves "$tmp/waves.rvt" -o "$tmp/w.png" --size 1280x720 >"$tmp/out" 2>&1 || no "waves failed: $(cat "$tmp/out")"
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" waves "$tmp/waves.rvt" --launch 2 --lang zh -o "$tmp/w2.png" >"$tmp/out" 2>&1 ||
        no "waves --lang zh failed: $(cat "$tmp/out")"
    grep -q '第 2 次启动' "$tmp/out" || no "the Chinese picture's title is not Chinese: $(cat "$tmp/out")"
    python3 - "$tmp/w.png" <<'PY' || fail=1
import struct, sys
b = open(sys.argv[1], "rb").read()
if b[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", b[16:24]) != (1280, 720):
    print("FAIL: waves did not write a 1280x720 PNG"); sys.exit(1)
PY
    "$rv" simulate --version v0 --n 1024 --block-size 64 -o "$tmp/plain.rvt" >/dev/null 2>&1
    if "$rv" waves "$tmp/plain.rvt" -o "$tmp/p.png" >"$tmp/out" 2>&1; then no "a trace without waves was drawn"
    else grep -qF "this trace has no waves run" "$tmp/out" || no "no reason given: $(cat "$tmp/out")"; fi
    if "$rv" waves "$tmp/waves.rvt" --launch 9 -o "$tmp/p.png" >"$tmp/out" 2>&1; then no "launch 9 was drawn"
    else grep -qF "has no launch 9" "$tmp/out" || no "no reason given: $(cat "$tmp/out")"; fi
    # the viewer's key W: the waves picture in place of the steps; a trace
    # without waves keeps its steps and says why
    SDL_VIDEODRIVER=dummy "$rv" view "$tmp/waves.rvt" --size 1280x720 --shot "$tmp/steps.png" >/dev/null 2>&1 &&
        SDL_VIDEODRIVER=dummy "$rv" view "$tmp/waves.rvt" --size 1280x720 --keys w --shot "$tmp/wkey.png" >/dev/null 2>&1 ||
        no "the viewer's shots failed"
    cmp -s "$tmp/steps.png" "$tmp/wkey.png" && no "W drew the same frame as the steps"
    SDL_VIDEODRIVER=dummy "$rv" view "$tmp/plain.rvt" --size 1280x720 --shot "$tmp/p1.png" >/dev/null 2>&1
    SDL_VIDEODRIVER=dummy "$rv" view "$tmp/plain.rvt" --size 1280x720 --keys w --shot "$tmp/p2.png" >/dev/null 2>&1
    cmp -s "$tmp/p1.png" "$tmp/p2.png" && no "W on a trace without waves did not say why (the frame is unchanged)"
    # W again: the picture alone, not beside the steps; comparing, W shows
    # each version's picture (here the second has none, and says so)
    SDL_VIDEODRIVER=dummy "$rv" view "$tmp/waves.rvt" --size 1280x720 --keys w,w --shot "$tmp/alone.png" >/dev/null 2>&1 ||
        no "the viewer's shot of W twice failed"
    cmp -s "$tmp/wkey.png" "$tmp/alone.png" && no "W twice drew the same frame as W once (beside the steps)"
    RV_TESTS=$(dirname "$0") python3 - "$tmp/steps.png" "$tmp/wkey.png" "$tmp/alone.png" <<'PY' || fail=1
import os, sys
sys.path.insert(0, os.environ["RV_TESTS"])
from png_rows import rows
steps, bpp = rows(sys.argv[1]); beside, _ = rows(sys.argv[2]); alone, _ = rows(sys.argv[3])
# beside: the steps' left part as the steps drew it is not expected (they are
# laid out narrower), but the right two fifths are the picture's, not the steps'
def part(img, x0, x1): return b"".join(r[x0 * bpp:x1 * bpp] for r in img)
w = len(steps[0]) // bpp
if part(beside, w * 3 // 5 + 4, w) == part(steps, w * 3 // 5 + 4, w):
    print("FAIL: W once left the right part of the window as the steps drew it"); sys.exit(1)
if part(beside, 0, w * 3 // 5 - 4) == part(alone, 0, w * 3 // 5 - 4):
    print("FAIL: W once did not keep the steps on the left"); sys.exit(1)
PY
    # a toast over the waves alone (L: the language said) takes the footer's
    # strip, as over the steps: the frame's last line of words is the toast,
    # at the right, and none of the picture's words share its rows
    SDL_VIDEODRIVER=dummy "$rv" view "$tmp/waves.rvt" --size 1280x720 --keys w,w,l --shot "$tmp/toast.png" >/dev/null 2>&1 ||
        no "the viewer's shot of W twice and L failed"
    RV_TESTS=$(dirname "$0") python3 - "$tmp/toast.png" <<'PY' || fail=1
import os, sys
sys.path.insert(0, os.environ["RV_TESTS"])
from png_rows import rows
img, bpp = rows(sys.argv[1])
h, w = len(img), len(img[0]) // bpp
bg = img[0][(w - 1) * bpp:w * bpp]
def busy(y, x0, x1): return img[y][x0 * bpp:x1 * bpp] != bg * (x1 - x0)
last = max(y for y in range(h) if busy(y, 0, w))
block = [last]
while block[-1] > 0 and busy(block[-1] - 1, 0, w): block.append(block[-1] - 1)
if not any(busy(y, w * 3 // 4, w) for y in block):
    print("FAIL: the frame's last line is not the toast, at the right"); sys.exit(1)
if any(busy(y, 0, w // 2) for y in block):
    print("FAIL: the toast shares rows %d..%d with the picture's words" % (block[-1], block[0])); sys.exit(1)
PY
    SDL_VIDEODRIVER=dummy "$rv" view "$tmp/waves.rvt" --compare v1 --size 1280x720 --shot "$tmp/cmp.png" >/dev/null 2>&1 &&
        SDL_VIDEODRIVER=dummy "$rv" view "$tmp/waves.rvt" --compare v1 --size 1280x720 --keys w --shot "$tmp/cmpw.png" \
            >/dev/null 2>&1 || no "the viewer's compare shots failed"
    cmp -s "$tmp/cmp.png" "$tmp/cmpw.png" && no "W in compare mode drew the same frame as the steps"

    # export: the GIF ends on the waves frame (one frame more than steps);
    # the lesson page ends on the picture with its numbers, in both languages,
    # and with --quiz asks for the waves, the right answer the predicted
    "$rv" export "$tmp/waves.rvt" --size 640x360 -o "$tmp/pngs" >"$tmp/out" 2>&1 || no "export -o failed: $(cat "$tmp/out")"
    [ -f "$tmp/pngs/v0-waves.png" ] || no "export -o wrote no v0-waves.png: $(ls "$tmp/pngs" | tail -3)"
    nsteps=$(ls "$tmp/pngs" | grep -c -- '-step')
    "$rv" export "$tmp/waves.rvt" --size 640x360 --gif "$tmp/w.gif" >"$tmp/out" 2>&1 || no "export --gif failed: $(cat "$tmp/out")"
    grep -qF "the waves picture" "$tmp/out" || no "export --gif did not say it added the waves: $(cat "$tmp/out")"
    frames=$(python3 -c 'import sys; print(open(sys.argv[1],"rb").read().count(b"\x21\xf9\x04"))' "$tmp/w.gif")
    [ -n "$nsteps" ] && [ "$frames" = $((nsteps + 1)) ] || no "the GIF has $frames frames for $nsteps steps (expected one more: the waves)"
    "$rv" export "$tmp/waves.rvt" --size 640x360 --steps 1-2 --gif "$tmp/w2.gif" >"$tmp/out" 2>&1 || no "export --steps --gif failed"
    grep -qF "the waves picture" "$tmp/out" && no "a part of the steps got the waves frame too"
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$tmp/waves.rvt" --size 800x450 --lang en --quiz --html "$tmp/l.html" >"$tmp/out" 2>&1 ||
        no "export --html failed: $(cat "$tmp/out")"
    for want in "The grid: which SM ran each block, and when" "predicted: 2 waves (3 blocks, 2 SMs × 1 at once by the occupancy)" \
                "observed: 2 waves; the busiest SM ran 2 blocks" "tail (after the line)" \
                "How many waves will this grid take on this GPU?" "3 blocks; 2 SMs, each holding 1 block at once" \
                "2 waves: 3 blocks over 2 SMs × 1 at once" "The run took 2 waves on its busiest SM"; do
        grep -qF -- "$want" "$tmp/l.html" || no "the lesson page has no '$want'"
    done
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$tmp/waves.rvt" --size 800x450 --lang zh --quiz --html "$tmp/lzh.html" >"$tmp/out" 2>&1 ||
        no "export --html --lang zh failed: $(cat "$tmp/out")"
    for want in "这个网格在这块 GPU 上要跑几波" "预测：2 个波次" "尾部" "整个网格"; do
        grep -qF -- "$want" "$tmp/lzh.html" || no "the Chinese lesson page has no '$want'"
    done
    grep -qF "How many waves will" "$tmp/lzh.html" && no "the Chinese lesson page asks in English"
    # how each was recorded, and what it cost the kernel, beside the picture
    grep -qF "recorded: by the Compute Sanitizer's patch; its cost not measured in this run" "$tmp/l.html" ||
        no "the lesson page of a patched waves run does not say how it was recorded"
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$tmp/waves-stamped.rvt" --size 800x450 --lang en --html "$tmp/ls.html" \
        >"$tmp/out" 2>&1 || no "export --html of the stamped failed: $(cat "$tmp/out")"
    grep -qF "recorded: stamped in the kernel, which ran +2.5% on its untraced time (medians of 20 launches)" "$tmp/ls.html" ||
        no "the lesson page of a stamped waves run does not give its cost"
    grep -qF "记录方式" "$tmp/lzh.html" || no "the Chinese lesson page does not say how the waves were recorded"
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$tmp/waves-patch-cost.rvt" --size 800x450 --lang en --html "$tmp/lp.html" \
        >"$tmp/out" 2>&1 || no "export --html of the patch's cost failed: $(cat "$tmp/out")"
    grep -qF "recorded: by the Compute Sanitizer's patch, which ran the whole reduction +30.0% on its untraced time (medians of 20 timed reductions)" \
        "$tmp/lp.html" || no "the lesson page of a patched waves run does not give its cost"
    "$rv" export "$tmp/plain.rvt" --size 640x360 --html "$tmp/plain.html" >/dev/null 2>&1 || no "export --html of a plain trace failed"
    grep -qF "The grid: which SM ran each block" "$tmp/plain.html" && no "a trace without waves got a waves position"
    # a part of the run (waves --time, export --waves-time: µs from the first
    # block's start, as the axis says them; this run took 0.020 µs): the
    # same part drawn alike twice, another part and the whole otherwise; a
    # part past the run, too short, or not A:B refused with its reason
    # (exit 1), nothing written
    for p in 0:0.01 0:0.01 0.01:0.02; do
        "$rv" waves "$tmp/waves.rvt" -o "$tmp/part-$p.png" --size 1280x720 --time "$p" >"$tmp/out" 2>&1 ||
            no "waves --time $p failed: $(cat "$tmp/out")"
    done
    "$rv" waves "$tmp/waves.rvt" -o "$tmp/part-1.png" --size 1280x720 --time 0:0.01 >/dev/null 2>&1
    cmp -s "$tmp/part-0:0.01.png" "$tmp/part-1.png" || no "waves --time 0:0.01 drawn twice differs"
    cmp -s "$tmp/part-0:0.01.png" "$tmp/part-0.01:0.02.png" && no "waves --time: two parts drawn alike"
    cmp -s "$tmp/part-0:0.01.png" "$tmp/w.png" && no "waves --time 0:0.01 drawn as the whole run"
    for bad in "0:5|ends past the run: it took 0.020 µs" "0:0.000001|too short to draw" "2:1|must be A:B" \
               "5|must be A:B" "-1:0.01|must be A:B"; do
        rm -f "$tmp/nope.png"
        "$rv" waves "$tmp/waves.rvt" -o "$tmp/nope.png" --time "${bad%%|*}" >"$tmp/out" 2>&1
        rc=$?
        [ $rc = 1 ] && grep -qF -- "${bad#*|}" "$tmp/out" && [ ! -e "$tmp/nope.png" ] ||
            no "waves --time ${bad%%|*}: exit $rc, a file: $([ -e "$tmp/nope.png" ] && echo yes), $(cat "$tmp/out")"
    done
    "$rv" export "$tmp/waves.rvt" --size 640x360 -o "$tmp/pngpart" --waves-time 0:0.01 >"$tmp/out" 2>&1 ||
        no "export --waves-time failed: $(cat "$tmp/out")"
    cmp -s "$tmp/pngpart/v0-waves.png" "$tmp/pngs/v0-waves.png" && no "export --waves-time drew the whole run"
    cmp -s "$tmp/pngpart/v0-step01.png" "$tmp/pngs/v0-step01.png" || no "export --waves-time changed a step's frame"
    for bad in "--waves-time 0:5|ends past the run" "--steps 1-2 --waves-time 0:0.01|not with --steps"; do
        rm -rf "$tmp/nopart"
        # shellcheck disable=SC2086
        "$rv" export "$tmp/waves.rvt" --size 640x360 -o "$tmp/nopart" ${bad%%|*} >"$tmp/out" 2>&1
        rc=$?
        [ $rc = 1 ] && grep -qF -- "${bad#*|}" "$tmp/out" && [ ! -e "$tmp/nopart" ] ||
            no "export ${bad%%|*}: exit $rc, $(cat "$tmp/out")"
    done
    # the page beside a version's grid shows whole runs: a part is refused there
    "$rv" export "$tmp/waves.rvt" --html "$tmp/nopart.html" --beside-waves v8 --waves-time 0:0.01 >"$tmp/out" 2>&1
    rc=$?
    [ $rc = 1 ] && grep -qF -- "--waves-time and --beside-waves" "$tmp/out" && [ ! -e "$tmp/nopart.html" ] ||
        no "export --beside-waves --waves-time: exit $rc, $(cat "$tmp/out")"
    if "$rv" export "$tmp/plain.rvt" -o "$tmp/nopart" --waves-time 0:1 >"$tmp/out" 2>&1 ||
        ! grep -qF "no waves run" "$tmp/out"; then no "export --waves-time of a trace without waves: $(cat "$tmp/out")"; fi
    # the page's PNGs cannot zoom (its script can: tests/browser): a run of
    # more than 16 waves is shown again, its last 8 waves' time magnified,
    # and so is a part --waves-time chose (the whole run first); not a run
    # of few waves, nor where the page asks for the waves (the close-up
    # would answer it)
    page() { # NAME ARGS...: the page of the export, in English
        local name=$1
        shift
        LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$@" --size 640x360 --lang en --html "$tmp/$name.html" >"$tmp/out" 2>&1 ||
            no "export --html $* failed: $(cat "$tmp/out")"
    }
    page many "$tmp/waves-many.rvt"
    for want in "The grid: which SM ran each block, and when" "The grid again: its last waves, magnified" \
                "(×16)" '>close-up<'; do
        grep -qF -- "$want" "$tmp/many.html" || no "the page of 125 waves has no '$want'"
    done
    page few "$tmp/waves.rvt"
    grep -qF "The grid again" "$tmp/few.html" && no "the page of 2 waves shows them again magnified"
    page part "$tmp/waves.rvt" --waves-time 0.01:0.02
    for want in "The grid again: the part of its run chosen, magnified" \
                "time: 0.010 to 0.020 µs of 0.020 from the first block's start (×2)"; do
        grep -qF -- "$want" "$tmp/part.html" || no "the page with --waves-time has no '$want'"
    done
    page manyq "$tmp/waves-many.rvt" --quiz
    grep -qF "The grid again" "$tmp/manyq.html" && no "the page that asks for the waves shows them magnified"
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$tmp/waves-many.rvt" --size 640x360 --lang zh --html "$tmp/manyzh.html" \
        >"$tmp/out" 2>&1 || no "export --html --lang zh of 125 waves failed: $(cat "$tmp/out")"
    grep -qF "The grid again" "$tmp/manyzh.html" && no "the Chinese page's close-up is in English"
    grep -qF '"whole":"整个运行"' "$tmp/manyzh.html" && ! grep -qF 'Zoom in' "$tmp/manyzh.html" ||
        no "the Chinese page's zoom is not in Chinese"
    # a launch of clusters: where they ran, on the page in both languages
    page clusters "$tmp/waves-clusters.rvt"
    grep -qF "where they ran: the SMs that shared a cluster make 4 sets, each within one GPC: 4 × 2 SMs" \
        "$tmp/clusters.html" || no "the page of a launch of clusters does not say where they ran"
    LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" export "$tmp/waves-clusters.rvt" --size 640x360 --lang zh --html "$tmp/clzh.html" \
        >"$tmp/out" 2>&1 || no "export --html --lang zh of clusters failed: $(cat "$tmp/out")"
    grep -qF "运行过同一集群的 SM 连成 4 组" "$tmp/clzh.html" || no "the Chinese page does not say where the clusters ran"
    # v0's 2^17 blocks over 132 SMs: drawn, as one wave is, in both modes
    "$rv" waves "$tmp/waves-many.rvt" -o "$tmp/many.png" >"$tmp/out" 2>&1 || no "waves of 2^17 blocks failed: $(cat "$tmp/out")"
    grep -qF "131072 blocks of 256 threads on 132 SMs" "$tmp/out" || no "the many blocks' title: $(cat "$tmp/out")"
else
    echo "note: no viewer in this build: the waves picture is not checked"
fi
[ $fail = 0 ] && echo "waves_cli: ok"
exit $fail
