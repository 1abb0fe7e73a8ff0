#!/usr/bin/env bash
# own_test.sh — `reducevis trace`, `prove` and own traces without a GPU, from
# the recordings under assets/ (made on an H200 and an H100 by
# tests/gpu/own_trace.sh):
#  - the records of a kept run make the committed trace again, byte for byte
#    (`trace --replay`): the whole records-to-trace path, GPU-free;
#  - every shipped kernel traced unchanged equals the CPU model and its macro
#    capture, access by access (`prove`), on both GPUs;
#  - the Volta race: v4's unrolled warp (no __syncwarp) is marked UNSYNCED,
#    v4s's is not;
#  - bad input: usage errors, no GPU, a corrupt kept folder, an unwritable -o,
#    a trace that is no own trace — each a message and its exit status, and no
#    file written.
# Usage: own_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 120 "$rv" "$@"; }
rv_run=(run_rv)
own=$src/assets/traces/own

# records -> trace, byte for byte
n=0
for d in "$src"/assets/own-raw/*/; do
    name=$(basename "$d")
    [ "$name" = corpus ] && continue   # the corpus's recordings: corpus_recorded.sh
    [ "$name" = cheats ] && continue   # the exploit suite's checks: own_cheats_recorded
    [ "$name" = hopper ] && continue   # Hopper's idioms: own_hopper_recorded
    expect 0 "traced unchanged" trace --replay "$d" -o "$tmp/$name.rvt"
    check "replay of $name equals the committed trace" cmp -s "$tmp/$name.rvt" "$own/$name.rvt"
    n=$((n + 1))
done
check "there are recorded runs to replay" test "$n" -ge 3

# the proof, from the recordings of both GPUs
n=0
for t in "$own"/*-own-v*.rvt; do
    expect 0 "EQUAL" prove "$t"
    cap=$src/assets/traces/$(basename "$t" | sed 's/-own-/-/')
    [ -f "$cap" ] && expect 0 "EQUAL" prove "$t" "$cap"
    n=$((n + 1))
done
check "every shipped version proven on both GPUs (24 traces)" test "$n" -ge 24
v4=$own/nvidia-h200-own-v4-b256-random1.rvt v4s=$own/nvidia-h200-own-v4s-b256-random1.rvt
expect 1 "is v1, not v4" prove "$v4" "$src/assets/traces/nvidia-h200-v1-b256-random1.rvt"
expect 1 "not a shipped kernel traced unchanged" prove "$src/assets/traces/nvidia-h200-v1-b256-random1.rvt"
expect 1 "not a shipped kernel traced unchanged" prove "$own/nvidia-h200-my_reduce-b256.rvt"
head -c 3000 "$v4" >"$tmp/cut.rvt"
expect 2 "cut.rvt" prove "$tmp/cut.rvt"

# the race an unrolled warp without __syncwarp has on Volta and later
"$rv" inspect --json "$v4" >"$tmp/v4.json" && "$rv" inspect --json "$v4s" >"$tmp/v4s.json"
check "v4 has UNSYNCED steps" grep -q '"unsynced": true' "$tmp/v4.json"
check "v4s has none" bash -c "! grep -q '\"unsynced\": true' '$tmp/v4s.json'"
expect 0 "UNSYNCED" inspect "$v4"

# bad input
expect 1 "give the .cu file" trace
expect 1 "only one file" trace a.cu b.cu
expect 1 "--timeout" trace x.cu --timeout 0
expect 1 "takes a version" trace --kernel v99
expect 1 "takes a version" trace x.cu --kernel v1
expect 1 "--replay takes" trace --replay "$src/assets/own-raw"
expect 1 "not an option of trace" trace x.cu --grid 4
expect 1 "cannot read" trace "$tmp/missing.cu" --no-view
printf 'a\0b' >"$tmp/nul.cu"
expect 1 "not a CUDA source" trace "$tmp/nul.cu" --no-view
# without a GPU (or without the tracer) exit 2 naming what is missing
if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then
    if [ -f "$(dirname "$rv")/librvtracer.so" ]; then why="no GPU to trace on"; else why="tracer"; fi
    expect 2 "$why" trace "$src/tests/own/my_reduce.cu" --no-view -o "$tmp/nogpu.rvt"
    check "no trace written without a GPU" test ! -e "$tmp/nogpu.rvt"
fi
# a kept folder whose records are cut: a message, no trace
cp -r "$src/assets/own-raw/nvidia-h200-my_reduce-b256" "$tmp/cut"
head -c 1000 "$src/assets/own-raw/nvidia-h200-my_reduce-b256/raw.rvraw" >"$tmp/cut/raw.rvraw"
expect 2 "raw.rvraw" trace --replay "$tmp/cut" -o "$tmp/cut.rvt.out"
check "no trace from cut records" test ! -e "$tmp/cut.rvt.out"
# records past the tracer's cap (claimed > kept): traced, and said to be cut
cp -r "$src/assets/own-raw/nvidia-h200-my_reduce-b256" "$tmp/capped"
python3 - "$tmp/capped/raw.rvraw" <<'PY'
import struct, sys
p = sys.argv[1]; b = bytearray(open(p, 'rb').read())
nrec, = struct.unpack_from('<I', b, 20)
struct.pack_into('<I', b, 24, nrec + 1000)   # rv_raw_header.claimed
open(p, 'wb').write(b)
PY
expect 0 "CUT" trace --replay "$tmp/capped" -o "$tmp/capped.rvt"
rm "$tmp/cut/run.txt"
expect 1 "run.txt" trace --replay "$tmp/cut" -o "$tmp/cut.rvt.out"
expect 2 "cannot write" trace --replay "$src/assets/own-raw/nvidia-h200-my_reduce-b256" -o "$tmp/no/such/dir/x.rvt"
finish own
