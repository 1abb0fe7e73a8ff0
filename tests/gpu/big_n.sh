#!/usr/bin/env bash
# big_n.sh REDUCEVIS [GPU_HOG] — the largest N the tool takes, 2^31 floats
# (8 GiB), on the GPU: capture and bench either succeed or stop with exit
# status 2 and a message that says the GPU has too little memory (never a
# crash, a CUDA error code, or a wrong sum).  With GPU_HOG (hog.cu), again
# while it holds all but 4 GiB of the GPU: now they must refuse, saying so.
# Then bench -o into a folder that does not exist: exit 2, naming the file.
# Exits 77 (CTest: skipped) without a GPU.
set -u
rv=$1 hog=${2:-}
tmp=$(mktemp -d)
hog_pid=
trap '[ -n "$hog_pid" ] && kill $hog_pid 2>/dev/null; rm -rf "$tmp"' EXIT
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "SKIPPED: the N = 2^31 test needs a CUDA GPU (nvidia-smi finds none)"
    exit 77
fi
if "$rv" capture --version v0 --n 1 -o "$tmp/p.rvt" 2>&1 | grep -q "without CUDA"; then
    echo "SKIPPED: this reducevis was built without CUDA"
    exit 77
fi
fail=0
# run NAME ALLOWED ARGS...: exit 0 (where ALLOWED has "ok"), or exit 2 with a
# message about the GPU's memory ("needs 8.02 GiB on the GPU, but only 3.49
# GiB of its 139.80 GiB are free")
memory_message='GiB .* free|out of memory|not enough memory'
run() {
    local name=$1 allowed=$2
    shift 2
    timeout 500 "$rv" "$@" >"$tmp/out" 2>&1
    local status=$?
    if [ "$status" -eq 0 ] && [ "$allowed" = ok ]; then
        echo "$name: succeeded"
    elif [ "$status" -eq 2 ] && grep -Eqi "$memory_message" "$tmp/out"; then
        echo "$name: refused: $(grep -Ei "$memory_message" "$tmp/out" | head -1)"
    else
        fail=$((fail + 1))
        echo "FAIL: $name: exit $status, and no clear memory message:"
        tail -8 "$tmp/out" | sed 's/^/    /'
    fi
}
run "capture v3 N=2^31" ok capture --version v3 --n 2^31 -o "$tmp/big.rvt"
run "bench N=2^31" ok bench --n 2^31 --repeat 1
if [ -n "$hog" ]; then
    "$hog" 4096 >"$tmp/hog" 2>&1 &
    hog_pid=$!
    for _ in $(seq 100); do grep -q "^hog:" "$tmp/hog" && break; sleep 0.1; done
    if grep -q "hog: ready" "$tmp/hog"; then
        run "capture v0 N=2^31, 4 GiB free" refuse capture --version v0 --n 2^31 -o "$tmp/big.rvt"
        run "bench N=2^31, 4 GiB free" refuse bench --n 2^31 --repeat 1
    else
        echo "note: the GPU could not be filled, so the refusal was not tested: $(cat "$tmp/hog")"
    fi
    kill $hog_pid 2>/dev/null
    wait $hog_pid 2>/dev/null
    hog_pid=
fi
timeout 300 "$rv" bench --n 2^20 --repeat 1 -o /nonexistent-dir/r.json >"$tmp/out" 2>&1
status=$?
if [ "$status" -eq 2 ] && grep -q "/nonexistent-dir/r.json" "$tmp/out"; then
    echo "bench -o into a missing folder: exit 2: $(grep /nonexistent-dir "$tmp/out" | head -1)"
else
    fail=$((fail + 1))
    echo "FAIL: bench -o /nonexistent-dir/r.json: exit $status:"
    tail -5 "$tmp/out" | sed 's/^/    /'
fi
[ "$fail" -eq 0 ]
