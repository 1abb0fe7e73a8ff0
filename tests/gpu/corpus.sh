#!/usr/bin/env bash
# corpus.sh BUILD_DIR OUT_DIR — the corpus of student reductions
# (tests/own/corpus/*.cu) traced on this machine's GPU and held to Nsight
# Compute.  For each file NAME:
#  a. `reducevis trace NAME.cu --no-view --no-time --n 256 --block-size 256
#     --keep OUT/DEVICE/NAME -o OUT/DEVICE/NAME/trace.rvt`: a first launch of
#     one block (files traced several at a time: compiling dominates);
#  b. the same program on the same input (the kept folder's `program` and
#     data, as run.txt names it, built by trace with trace's flags) under
#     `ncu --csv --print-units base --print-kernel-base mangled --metrics M`,
#     every kernel launch of that run in order, into OUT/DEVICE/NAME/ncu.csv
#     (one file at a time: nothing else on the GPU while ncu counts); M the
#     metrics tests/own/corpus_compare.py compares, and of those asked
#     later (cp.async, bulk copies, other blocks' shared memory) the ones
#     this GPU has;
#  c. traced once more at N = 2^25 (--no-time, nothing kept): whether the sum
#     was right, and the wall time of the whole `trace` command (compiling
#     included; CORPUS_BIG_JOBS at a time, default 2, 1 for times that are
#     each wholly its own);
#  d. OUT/corpus-DEVICE.txt: per file its kernel(s), the trace's counts
#     (`reducevis inspect --json`'s "launches") beside ncu's, EQUAL,
#     DIFFERENT or EXPLAINED (tests/own/corpus/EXPLAINED) per counter
#     (tests/own/corpus_compare.py), the 2^25 verdict and time.
# Of each kept folder only what `trace --replay` needs and ncu.csv stay
# (raw.rvraw kernel.sass run.txt student.cu traced.txt ncu.csv, and the
# tracer's counts.txt allocs.txt reads.txt; the replay is
# checked against the trace first); the program, its input and the rest are
# deleted, and so is the folder of a file that left no trace or no ncu.csv.  The folders are then packed into OUT/corpus-DEVICE.tgz (the
# device returns few files; set CORPUS_KEEP_TREE=1 to leave OUT/DEVICE/ as a
# tree instead): `tar xzf corpus-DEVICE.tgz -C assets/own-raw/corpus` puts
# them where tests/own/corpus_recorded.sh reads them.
# DEVICE is the GPU's name lower-cased, every run of other characters a '-'
# (as assets/results and tests/gpu/exercises.sh name it: nvidia-h100-80gb-hbm3).
# Exit 0 when every file traced, summed right at 2^25 and every counter is
# EQUAL or EXPLAINED; 1 otherwise; 2 on bad usage or a missing tool.
# Run from anywhere on a machine with a GPU, nvcc, ncu, nvdisasm and
# compute-sanitizer; BUILD_DIR holds reducevis and its tracer, e.g.
#   cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF
#   cmake --build build-gpu -j"$(nproc)" --target trace_tools
# CORPUS_JOBS: traces made at once in step a (default: half the cores, 2 .. 8);
# CORPUS_BIG_JOBS: in step c (default 2).  CORPUS_ONLY="NAME ...": those
# files alone (a device's recordings completed).
set -uo pipefail
export LC_ALL=C
unset LANGUAGE
if [ $# -ne 2 ]; then
    echo "usage: corpus.sh BUILD_DIR OUT_DIR" >&2
    exit 2
fi
src=$(cd "$(dirname "$0")/../.." && pwd)
R=$(readlink -f "$1/reducevis")
out=$(readlink -m "$2")
export PATH=/usr/local/cuda/bin:$PATH
for tool in nvidia-smi nvcc ncu nvdisasm python3; do
    command -v $tool >/dev/null || { echo "corpus.sh: $tool is not on the PATH" >&2; exit 2; }
done
[ -x "$R" ] || { echo "corpus.sh: no reducevis in $1" >&2; exit 2; }
compare=$src/tests/own/corpus_compare.py
explained=$src/tests/own/corpus/EXPLAINED
N1=256 B=256 NBIG=33554432
metrics=smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_shared_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,smsp__sass_inst_executed_op_global_atom.sum,smsp__sass_inst_executed_op_global_red.sum
# ... and, where this GPU has them (ncu refuses a run that asks for a metric
# its GPU lacks: the Tensor Memory Accelerator's and distributed shared
# memory's are sm_90's, cp.async's sm_80's), the asynchronous copies', the
# bulk copies' (both candidates for the copy count, and the TMA's bytes, so
# that corpus_compare.py's BULK_COPIES_METRIC can change without recording
# again) and other blocks' shared memory's
later_metrics="smsp__sass_inst_executed_op_ldgsts.sum smsp__sass_data_bytes_mem_shared_op_ldgsts.sum
l1tex__tmain_requests.sum sm__inst_executed_pipe_tma.sum l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum
smsp__sass_inst_executed_op_dshared_ld.sum smsp__sass_inst_executed_op_dshared_st.sum smsp__sass_inst_executed_op_dshared_atom.sum"
dev=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//')
[ -n "$dev" ] || { echo "corpus.sh: nvidia-smi names no GPU" >&2; exit 2; }
d=$out/$dev
log=$out/corpus-$dev.txt
mkdir -p "$d" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$log"
say() { echo "$*" | tee -a "$log"; }
secs() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }
t0=$(date +%s.%N)
jobs=${CORPUS_JOBS:-$(( $(nproc) / 2 ))}
[ "$jobs" -lt 2 ] && jobs=2
[ "$jobs" -gt 8 ] && jobs=8
big_jobs=${CORPUS_BIG_JOBS:-2}
files=("$src"/tests/own/corpus/*.cu)
if [ -n "${CORPUS_ONLY:-}" ]; then   # some files only, by name: "grid_sync block_2d"
    files=()
    for name in $CORPUS_ONLY; do
        [ -f "$src/tests/own/corpus/$name.cu" ] || { echo "corpus.sh: no tests/own/corpus/$name.cu" >&2; exit 2; }
        files+=("$src/tests/own/corpus/$name.cu")
    done
fi
say "== corpus: ${#files[@]} files on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
say "== $(nvcc --version | tail -1); $(ncu --version | tail -1); $R"
say "== one-block run: --n $N1 --block-size $B (ones), $jobs traces at once; big run: --n $NBIG, $big_jobs at once"
# the later metrics this GPU has: ncu --query-metrics lists each by its base
# name (without .sum) at the start of a line.  Where that listing does not
# even hold a metric every run asks for, it is not read: all are asked.
known=$(ncu --query-metrics --devices 0 2>/dev/null)
listed() { grep -qE "^${1%.sum}([[:space:]]|$)" <<<"$known"; }
left_out=""
for m in $later_metrics; do
    if ! listed smsp__sass_inst_executed_op_shared_ld.sum || listed "$m"; then metrics=$metrics,$m; else left_out="$left_out $m"; fi
done
listed smsp__sass_inst_executed_op_shared_ld.sum ||
    say "== ncu --query-metrics gave no listing to read: the later metrics all asked"
[ -z "$left_out" ] || say "== not asked of ncu (not listed by ncu --query-metrics for this GPU):$left_out"

# a. the one-block traces, a few at a time
small() {
    local f=$1 name k
    name=$(basename "$f" .cu)
    k=$d/$name
    rm -rf "$k" && mkdir -p "$k"
    timeout -s KILL 300 "$R" trace "$f" --no-view --no-time --n "$N1" --block-size "$B" --keep "$k" \
        -o "$k/trace.rvt" >"$tmp/$name.small" 2>&1
    echo $? >"$tmp/$name.small.rc"
}
export -f small
export R d tmp N1 B
printf '%s\0' "${files[@]}" | xargs -0 -r -n 1 -P "$jobs" bash -c 'small "$1"' _
say "== a. traced at n $N1 in $(secs "$t0") s"

# b. Nsight Compute on each kept program, one at a time
t1=$(date +%s.%N)
for f in "${files[@]}"; do
    name=$(basename "$f" .cu) k=$d/$name
    [ "$(cat "$tmp/$name.small.rc")" = 0 ] || continue
    (cd "$k" && timeout -s KILL 180 ncu --csv --print-units base --print-kernel-base mangled --metrics "$metrics" \
        ./program trace "$(sed -n "s/^data //p" run.txt)" "$N1" "$B" ncu-result.txt) >"$tmp/$name.ncu" 2>&1
    echo $? >"$tmp/$name.ncu.rc"
    grep '^"' "$tmp/$name.ncu" >"$k/ncu.csv"
    timeout 60 "$R" inspect --json "$k/trace.rvt" >"$tmp/$name.json" 2>"$tmp/$name.json.err"
    # what is kept must make the same trace again, with no GPU
    timeout 60 "$R" trace --replay "$k" -o "$tmp/$name.replay.rvt" >"$tmp/$name.replay" 2>&1 &&
        cmp -s "$tmp/$name.replay.rvt" "$k/trace.rvt"
    echo $? >"$tmp/$name.replay.rc"
done
say "== b. ncu in $(secs "$t1") s"

# c. the big run, CORPUS_BIG_JOBS at a time (compiling dominates each; the
# times say how many ran at once)
t2=$(date +%s.%N)
big() {
    local f=$1 name start
    name=$(basename "$f" .cu)
    start=$(date +%s.%N)
    timeout -s KILL 300 "$R" trace "$f" --no-view --no-time --n "$NBIG" --block-size "$B" \
        -o "$tmp/$name.big.rvt" >"$tmp/$name.big" 2>&1
    echo "$? $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')" >"$tmp/$name.big.rc"
    rm -f "$tmp/$name.big.rvt"
}
export -f big
export NBIG
printf '%s\0' "${files[@]}" | xargs -0 -r -n 1 -P "$big_jobs" bash -c 'big "$1"' _
say "== c. traced at n $NBIG in $(secs "$t2") s, $big_jobs at once"

# d. the log
n_ok=0 n_bad=0
for f in "${files[@]}"; do
    name=$(basename "$f" .cu) k=$d/$name
    problems=()
    say ""
    rc=$(cat "$tmp/$name.small.rc")
    if [ "$rc" != 0 ]; then
        say "== $name: FAILED: trace at n $N1 exited $rc:"
        tail -15 "$tmp/$name.small" | sed 's/^/    /' | tee -a "$log"
        problems+=("trace failed")
    else
        kernels=$(python3 -c 'import json,sys
try: print(" ".join(l.get("kernel","?") for l in json.load(open(sys.argv[1])).get("launches",[])) or "?")
except Exception: print("?")' "$tmp/$name.json")
        say "== $name: kernel(s) $kernels"
        grep -E '^(traced unchanged|sum |WRONG SUM|CUT)' "$tmp/$name.small" | sed 's/^/  trace: /' | tee -a "$log"
        [ "$(cat "$tmp/$name.replay.rc")" = 0 ] && say "  replay of the kept records: the same trace" ||
            { say "  replay of the kept records: FAILED or not the same trace"; sed 's/^/    /' "$tmp/$name.replay" | tail -5 | tee -a "$log"; problems+=("replay"); }
        nrc=$(cat "$tmp/$name.ncu.rc")
        if [ "$nrc" != 0 ] || [ ! -s "$k/ncu.csv" ]; then
            say "  ncu exited $nrc:"
            grep -v '^"' "$tmp/$name.ncu" | tail -12 | sed 's/^/    /' | tee -a "$log"
        fi
        [ -s "$tmp/$name.json.err" ] && sed 's/^/  inspect: /' "$tmp/$name.json.err" | tee -a "$log"
        python3 "$compare" "$name" "$tmp/$name.json" "$k/ncu.csv" "$explained" >"$tmp/$name.cmp" 2>&1
        crc=$?
        tee -a "$log" <"$tmp/$name.cmp"
        case $crc in
        0) ;;
        1) problems+=("counts DIFFERENT") ;;
        *) problems+=("counts not compared") ;;
        esac
    fi
    read -r brc bwall <"$tmp/$name.big.rc"
    if [ "$brc" = 0 ] && grep -q ': right' "$tmp/$name.big"; then
        say "  n $NBIG: sum right, $bwall s ($(grep -E '^took' "$tmp/$name.big" | head -1))"
    elif grep -q 'WRONG SUM' "$tmp/$name.big"; then
        say "  n $NBIG: $(grep 'WRONG SUM' "$tmp/$name.big" | head -1), $bwall s"
        problems+=("wrong sum at $NBIG")
    else
        say "  n $NBIG: FAILED, exit $brc after $bwall s:"
        tail -8 "$tmp/$name.big" | sed 's/^/    /' | tee -a "$log"
        problems+=("trace at $NBIG failed")
    fi
    grep -q '^CUT' "$tmp/$name.big" && say "  n $NBIG: the trace of block 0 is CUT (more than a trace holds)"
    if [ ${#problems[@]} -eq 0 ]; then n_ok=$((n_ok + 1)); say "  => ok"
    else n_bad=$((n_bad + 1)); say "  => $(IFS=';'; echo "${problems[*]}")"; fi
    # keep what replay needs, and ncu.csv; nothing of a file that left no
    # trace or no ncu counts (the log says why)
    if [ "$rc" != 0 ] || [ ! -s "$k/ncu.csv" ]; then
        rm -rf "$k"
        say "  (no recording kept of $name)"
    elif [ -d "$k" ]; then
        find "$k" -mindepth 1 -maxdepth 1 ! -name "raw*.rvraw" ! -name "kernel*.sass" ! -name launches.txt ! -name run.txt ! -name student.cu \
            ! -name traced.txt ! -name ncu.csv ! -name counts.txt ! -name allocs.txt ! -name reads.txt -exec rm -rf {} +
    fi
done
say ""
say "== corpus on $dev: ${#files[@]} files, $n_ok ok, $n_bad not; $(secs "$t0") s in all"
if [ "${CORPUS_KEEP_TREE:-0}" != 1 ]; then
    # the large records gzipped, as assets/own-raw keeps them (the tests
    # unpack a copy): the checkout must stay small enough to travel
    find "$out/$dev" -type f \( -name '*.rvraw' -o -name '*.sass' \) -size +64k -exec gzip -9n {} +
    tar czf "$out/corpus-$dev.tgz" -C "$out" "$dev" && rm -rf "${d:?}"
    say "== packed: $out/corpus-$dev.tgz ($(du -h "$out/corpus-$dev.tgz" | cut -f1)); unpack with tar xzf corpus-$dev.tgz -C assets/own-raw/corpus"
fi
[ "$n_bad" -eq 0 ]
