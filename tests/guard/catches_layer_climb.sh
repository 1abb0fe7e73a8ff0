#!/usr/bin/env bash
# catches_layer_climb.sh — the one-way guard must refuse a file that
# includes a layer above its own: copy the sources, make the core include the
# viewer and the class include the command line, and expect one_way.py to
# refuse both lines by number.
set -u
root=${1:?usage: catches_layer_climb.sh SOURCE_ROOT}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/src" "$tmp/src"
status=0
for pair in "src/core/trace.c:viewer/window/app.h" "src/class/room.c:cli/cli.h"; do
    file=${pair%%:*} header=${pair#*:}
    echo "#include \"$header\"" >>"$tmp/$file"
done
out=$(python3 "$here/one_way.py" "$tmp" 2>&1)
status=$?
echo "$out"
for pair in "src/core/trace.c:core/ includes viewer/" "src/class/room.c:class/ includes cli/"; do
    file=${pair%%:*} what=${pair#*:}
    line=$(wc -l <"$tmp/$file")
    if [ $status -ne 1 ] || ! grep -q "^$file:$line: $what" <<<"$out"; then
        echo "FAIL: the guard accepted line $line of $file (exit $status)"
        exit 1
    fi
done
echo "ok: the guard refuses an include of a layer above"
