#!/usr/bin/env bash
# make_seeds.sh REDUCEVIS DIR — writes small valid traces into DIR, the seed
# corpus of the fuzzer: every version (as `reducevis versions` lists them) at
# its smallest block sizes, ragged and tiny N, a last block, each data
# pattern.  Small on purpose: the fuzzer mutates short inputs much faster.
set -eu
rv=$1 dir=$2
mkdir -p "$dir"
versions=$("$rv" versions | awk '/^v[0-9]/ {print $1}')
[ -n "$versions" ] || { echo "make_seeds: \`$rv versions\` listed none" >&2; exit 1; }
count=0
for v in $versions; do
    for b in 32 64; do
        for run in "1 ones 0" "31 index 0" "1000 mod10 0" "1000003 random:7 last"; do
            set -- $run
            n=$1 data=$2 block=0
            if [ "$3" = last ]; then
                # the last block of the grid, which `inspect --json` tells
                "$rv" simulate --version "$v" --block-size $b --n "$n" -o "$dir/probe.rvt" >/dev/null 2>&1 || continue
                block=$("$rv" inspect --json "$dir/probe.rvt" 2>/dev/null |
                        sed -n 's/.*"grid": *\([0-9]*\).*/\1/p' | head -1)
                block=$(( ${block:-1} - 1 ))
            fi
            if "$rv" simulate --version "$v" --block-size $b --n "$n" --data "$data" --block "$block" \
                   -o "$dir/$v-b$b-n$n-${data/:/}-k$block.rvt" >/dev/null 2>&1; then
                count=$((count + 1))
            fi
        done
    done
done
rm -f "$dir/probe.rvt"
[ "$count" -gt 0 ] || { echo "make_seeds: no trace could be made" >&2; exit 1; }
echo "make_seeds: $count traces in $dir"
