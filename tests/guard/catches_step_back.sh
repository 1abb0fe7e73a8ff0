#!/usr/bin/env bash
# catches_step_back.sh — the one-way guard must refuse a frame's data going
# back up its path: copy the sources, add to a drawing file one function
# that reads the trace through the frame and asks the analysis (as drawing
# code once did), and expect one_way.py to refuse both lines by number.
set -u
root=${1:?usage: catches_step_back.sh SOURCE_ROOT}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/src" "$tmp/src"
file=src/viewer/draw/draw_timeline.c
n=$(wc -l <"$tmp/$file")
cat >>"$tmp/$file" <<'C'
int stray_steps(const draw_ctx *d)
{
    int n = d->f->tr->nsteps;
    return n + rv_analysis_warp(d->f->an, 0, 0)->active_lanes;
}
C
out=$(python3 "$here/one_way.py" "$tmp" 2>&1)
status=$?
echo "$out"
for line in $((n + 3)) $((n + 4)); do
    if [ $status -ne 1 ] || ! grep -q "^$file:$line: " <<<"$out"; then
        echo "FAIL: the guard accepted line $line of $file (exit $status)"
        exit 1
    fi
done
echo "ok: the guard refuses drawing that reads the trace or calls the analysis"
