#!/usr/bin/env bash
# install_test.sh BUILD_DIR SOURCE_DIR REFERENCE_RV — `cmake --install` into
# a temporary prefix, the prefix then moved elsewhere (a relocated install
# must find its data beside itself), and check_install.sh on what is there.
# The prefix lies outside the build tree: a program inside it would be
# allowed to fall back on the source tree (src/core/datadir.h).
set -u
build=$1 src=$2 ref=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/first" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
mv "$tmp/first" "$tmp/moved"
echo "installed into $tmp/first, moved to $tmp/moved"
"$here/check_install.sh" "$tmp/moved" "$ref" "$src" "$build"
