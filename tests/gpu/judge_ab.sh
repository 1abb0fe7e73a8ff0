#!/usr/bin/env bash
# judge_ab.sh REDUCEVIS [ROUNDS [FILE...]] — like for like: the judge's runner's median
# against launch()'s own.  For the five exercises' solutions, v8 (as check
# times the version to beat, its shipped launch()) and ten corpus files of
# several launches, CUB and Thrust, each round runs `trace` (its timed run:
# the student's whole program, launch() calling itself) and `check` (the
# judged calls: the runner replaying what the traced run recorded) on the
# same GPU, in turn; the log gives both medians of each round, and the
# ratio of their medians over the rounds.  It fails where the ratio is off
# by more than 3%.  FILEs (paths from the repository root): those alone,
# with more rounds where a library's own calls move from round to round.
# Run on a GPU machine from the repository root.
set -uo pipefail
rv=$(readlink -f "$1")
rounds=${2:-3}
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$rv" version >/dev/null 2>&1 || true
files=("$src"/docs/exercises/*/solution.cu kernels/v8_vector_single_pass.cu
       tests/own/corpus/{two_launches,dynamic_smem,own_partials,grid_sync,cub_device_reduce,cub_temp_async,cub_block_reduce,thrust_reduce,ticket_threadfence,kahan}.cu)
[ $# -gt 2 ] && files=("${@:3}")
median() { sort -g | awk '{a[NR]=$1} END {if (NR) print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
bad=0
echo "judge A/B on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1): $rounds rounds, block 256, N = 2^25"
printf '%-44s %12s %12s %8s\n' file "launch() ms" "runner ms" ratio
for f in "${files[@]}"; do
    # v8: trace times the shipped launch(); every check times it through the
    # runner as the version to beat (its line after "speed:")
    case $f in
    kernels/*) traced=(--kernel v8) checked=("$src/docs/exercises/1-converge/solution.cu")
               pick='s/^speed: .*; v8 timed in this run on this GPU, block 256: \([0-9.]*\) ms.*/\1/p' ;;
    *) traced=("$f") checked=("$f") pick='s/^speed: \([0-9.]*\) ms.*/\1/p' ;;
    esac
    : >"$tmp/a"; : >"$tmp/b"
    for r in $(seq "$rounds"); do
        "$rv" trace "${traced[@]}" -o "$tmp/t.rvt" --block-size 256 --no-view >"$tmp/tout" 2>&1
        sed -n 's/.*timed without the tracer[^0-9]*\([0-9.]*\) ms.*/\1/p' "$tmp/tout" | head -1 >>"$tmp/a"
        "$rv" check "${checked[@]}" --exercise 1 --block-size 256 --build-cache "$tmp/cache" >"$tmp/cout" 2>&1
        sed -n "$pick" "$tmp/cout" | head -1 >>"$tmp/b"
    done
    a=$(median <"$tmp/a") b=$(median <"$tmp/b")
    if [ -z "$a" ] || [ -z "$b" ]; then
        printf '%-44s %12s %12s %8s\n' "${f#"$src"/}" "${a:--}" "${b:--}" "FAIL"
        # the last round's own words on the side that gave no time (not every
        # failure says "error": a run cut short, a message in another wording)
        [ -z "$a" ] && { echo "    trace's last lines:"; tail -4 "$tmp/tout" | sed 's/^/      /'; }
        [ -z "$b" ] && { echo "    check's last lines:"; tail -4 "$tmp/cout" | sed 's/^/      /'; }
        bad=$((bad + 1)); continue
    fi
    ratio=$(awk "BEGIN{printf \"%.3f\", $b / $a}")
    ok=$(awk "BEGIN{print ($ratio >= 0.97 && $ratio <= 1.03) ? \"ok\" : \"OFF\"}")
    [ "$ok" = ok ] || bad=$((bad + 1))
    printf '%-44s %12s %12s %8s %s   (rounds: %s | %s)\n' "${f#"$src"/}" "$a" "$b" "$ratio" "$ok" \
        "$(tr '\n' ' ' <"$tmp/a")" "$(tr '\n' ' ' <"$tmp/b")"
done
echo "judge A/B: $bad off by more than 3%"
[ "$bad" -eq 0 ]
