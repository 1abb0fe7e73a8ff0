#!/usr/bin/env bash
# catches_stray_name.sh — the guard must fail on a stray version name: copy
# the sources, add one string literal naming a version (as a viewer file
# might), and expect version_names.py to refuse it and name the file.
set -u
root=${1:?usage: catches_stray_name.sh SOURCE_ROOT}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/src" "$tmp/src"
# the last version of the table (the row of a student's own kernel is not guarded)
name=$(grep -v RV_VERSION_OWN "$root/src/core/versions.c" | grep -o '\.name = "[^"]*"' | tail -1 | cut -d'"' -f2)
echo "static const char *stray = \"$name\";" >>"$tmp/src/viewer/draw/draw_frame.c"
out=$(python3 "$here/version_names.py" "$tmp" 2>&1)
status=$?
echo "$out"
if [ $status -ne 1 ] || ! grep -q "src/viewer/draw/draw_frame.c" <<<"$out"; then
    echo "FAIL: the guard accepted \"$name\" in src/viewer/draw/draw_frame.c (exit $status)"
    exit 1
fi
echo "ok: the guard refuses \"$name\" outside the version table"
