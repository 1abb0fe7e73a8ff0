#!/usr/bin/env bash
# waves_cli_test.sh — `reducevis inspect` on a trace with a waves run (made by
# test_waves from its own records): the waves predicted and observed, the
# tail, in English, Chinese and JSON; a trace whose waves put a block on an SM
# the GPU does not have is refused with a message naming it.
# Usage: waves_cli_test.sh REDUCEVIS TEST_WAVES
set -u
rv=$1 make=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
"$make" "$tmp" || { echo "FAIL: test_waves could not write the traces"; exit 1; }

LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" inspect "$tmp/waves.rvt" >"$tmp/en" 2>&1 || no "inspect failed: $(tail -3 "$tmp/en")"
for want in "waves run, launch 1: 3 blocks of 256 threads on a GPU of 2 SMs" \
            "predicted: 2 waves (3 blocks, 2 SMs × 1 at once)" \
            "occupancy: 1 block per SM at once with all its warps (the SM's own limit: 32 blocks)" \
            "observed: 2 waves (blocks on the busiest SM: 2 in all; at most 1 at once with all their warps, 1 with any); 2 of 2 SMs ran a block" \
            "observed: 1 wave (blocks on the busiest SM: 1 in all; at most 1 at once with all their warps, 1 with any); 8 of 8 SMs ran a block" \
            "25.0% of the SMs' time idle" \
            "tail: the last 0.010 µs (50.0% of the run), after the first SM ran out of blocks: 50.0% of the SMs' time idle in it" \
            "clusters of 2 blocks: 4 clusters, at most 2 on the GPU at once" \
            "predicted: 2 waves (4 clusters, 2 at once)"; do
    grep -qF -- "$want" "$tmp/en" || no "no '$want' in the English text:"$'\n'"$(grep -A8 'waves run' "$tmp/en")"
done

grep -qF "recorded: by the Compute Sanitizer's patch of block entry and exit" "$tmp/en" ||
    no "inspect does not say the patch recorded the waves"
grep -qF "overhead: not measured in this run" "$tmp/en" || no "inspect does not say the overhead was not measured"
# stamped in the kernel, the overhead measured in the same run (RVTWAVE3)
LANGUAGE= LC_ALL= LANG=C.UTF-8 "$rv" inspect "$tmp/waves-stamped.rvt" >"$tmp/st" 2>&1 || no "inspect of the stamped failed: $(tail -3 "$tmp/st")"
for want in "recorded: stamped in the kernel (the version's waves build, no Sanitizer)" \
            "overhead: the waves run's kernel took 0.0410 ms, untraced 0.0400 ms (median of 20 launches each): +2.5%"; do
    grep -qF -- "$want" "$tmp/st" || no "no '$want' in the stamped trace's text:"$'\n'"$(grep -A3 'waves run' "$tmp/st")"
done
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
      and w[1]["clusters"] == 4 and w[1]["cluster_bound"] == 2 and w[1]["waves_predicted"] == 2)
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
else
    echo "note: no viewer in this build: the waves picture is not checked"
fi
[ $fail = 0 ] && echo "waves_cli: ok"
exit $fail
