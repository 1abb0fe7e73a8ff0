#!/usr/bin/env bash
# contexts.sh — how many CUDA contexts this machine makes a second: P
# processes at a time (tests/gpu/contexts.cu: the driver started, a
# context, 128 MiB set, the end) for 12 s each, on one GPU and spread over
# all of them; and how many processes a second only start the driver and
# name the GPU (`contexts init`), as a check process does before its runs;
# and contexts made with one hardware queue (CUDA_DEVICE_MAX_CONNECTIONS=1,
# as a check's traced run makes its own: the queues' making is what the
# machine does one at a time).  A class's
# check makes two (its traced run and its timed run), so this is a ceiling
# on the checks a second that no number of workers or GPUs passes.
# Prints each case: processes ended a second, the median time to start the
# driver, to make a context, to set the memory, and of the whole process.
# Usage, on a GPU machine:  tests/gpu/contexts.sh [LOG]
set -u
cd "$(dirname "$0")"
log=${1:-/dev/null}
exe=$(mktemp)
trap 'rm -f "$exe" "$exe".*' EXIT
nvcc -O2 -o "$exe" contexts.cu || exit 1
ngpu=$(nvidia-smi -L | wc -l)
all=$(seq -s, 0 $((ngpu - 1)))
loop() { # GPU END OUT [init|queue1]
    local arg=${4:-} queues=8
    [ "$arg" = queue1 ] && arg= queues=1
    while [ "$(date +%s)" -lt "$2" ]; do
        s=$(date +%s.%N); r=$(CUDA_VISIBLE_DEVICES=$1 CUDA_DEVICE_MAX_CONNECTIONS=$queues "$exe" $arg); e=$(date +%s.%N)
        echo "$r $(awk "BEGIN{print $e - $s}")"
    done >"$3"
}
echo "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $ngpu GPU(s)" | tee -a "$log"
cases=("1 0" "6 0" "12 0" "1 0 init" "6 0 init" "6 0 queue1" "12 0 queue1")
[ "$ngpu" -gt 1 ] && cases+=("12 $all" "24 $all")
for c in "${cases[@]}"; do
    set -- $c
    p=$1 gpus=(${2//,/ }) mode=${3:-}
    end=$(( $(date +%s) + 12 ))
    for i in $(seq 1 "$p"); do loop "${gpus[$((i % ${#gpus[@]}))]}" "$end" "$exe.$i" $mode & done
    wait
    cat "$exe".[0-9]* | python3 -c '
import sys; rows = [list(map(float, l.split())) for l in sys.stdin if len(l.split()) == 4]
m = lambda xs: sorted(xs)[len(xs) // 2] if xs else float("nan")
print("== %s at once on GPU %s%s: %d processes in 12 s, %.1f a second; median: driver start %.3f s, context %.3f s, "
      "128 MiB set %.3f s, whole process %.3f s" % (sys.argv[1], sys.argv[2], {"": "", "init": ", start-up only", "queue1": ", one hardware queue"}[sys.argv[3]],
      len(rows), len(rows) / 12, *[m([r[k] for r in rows]) for k in range(4)]))' "$p" "$2" "$mode" | tee -a "$log"
    rm -f "$exe".[0-9]*
done
