#!/usr/bin/env bash
# catches_wing_climb.sh — the one-way guard must refuse an include that goes
# up a folder's wings or from core/ to model/: copy the sources, make own's
# compile include the pipeline's header (for rv_own_opts, as it once did),
# records include the sandbox (a wing beside it), the scene include the
# window's header (for viewer_frame, as it once did) and the trace include
# the model, and expect one_way.py to refuse each line by number.
set -u
root=${1:?usage: catches_wing_climb.sh SOURCE_ROOT}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/src" "$tmp/src"
climbs=(
    "src/own/nvcc/compile.h:own/trace/trace_run.h:own/nvcc/ includes own/trace/, a wing above it"
    "src/own/records/raw_file.c:own/sandbox/sandbox.h:own/records/ includes own/sandbox/, a wing beside it"
    "src/viewer/scene/scene.h:viewer/window/viewer.h:viewer/scene/ includes viewer/window/, a wing above it"
    "src/core/trace.c:model/model.h:core/ includes model/, a layer above it"
)
for c in "${climbs[@]}"; do
    IFS=: read -r file header _ <<<"$c"
    echo "#include \"$header\"" >>"$tmp/$file"
done
out=$(python3 "$here/one_way.py" "$tmp" 2>&1)
status=$?
echo "$out"
for c in "${climbs[@]}"; do
    IFS=: read -r file header what <<<"$c"
    line=$(wc -l <"$tmp/$file")
    if [ $status -ne 1 ] || ! grep -qF "$file:$line: $what: $header" <<<"$out"; then
        echo "FAIL: the guard accepted line $line of $file (exit $status)"
        exit 1
    fi
done
echo "ok: the guard refuses an include of a wing above, of a wing beside, and of model/ from core/"
