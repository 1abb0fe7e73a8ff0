#!/usr/bin/env bash
# unbundle.sh — the class's build that tests/gpu/bundle.sh made
# (.gpu/bundle.tar.xz) set up on a GPU machine: this checkout copied to the
# path it was built at, the bundle unpacked there, and the bundled
# libraries this machine lacks made known to the loader (some of them find
# their own through a RUNPATH of theirs, libpulse's, past the program's
# RPATH); those it has are its own.  Prints the build folder, inside that
# copy.  Usage, from the repository root:  tests/gpu/unbundle.sh
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$src/.gpu/bundle.tar.xz" ] || { echo "unbundle.sh: no .gpu/bundle.tar.xz (make it with tests/gpu/bundle.sh)" >&2; exit 1; }
root=$(cat "$src/.gpu/root.txt")
if [ "$src" != "$root" ]; then
    rm -rf "$root" && mkdir -p "$root" && cp -a "$src/." "$root/" || { echo "unbundle.sh: cannot copy the checkout to $root" >&2; exit 1; }
fi
tar -xJf "$src/.gpu/bundle.tar.xz" -C "$root" || exit 1
build=$root/$(cat "$src/.gpu/build.txt")
rm -f /etc/ld.so.conf.d/zz-reducevis-bundle.conf && ldconfig   # a run before this one on the same machine
for lib in "$build"/bundle-lib/*.so*; do
    ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " && rm -f "$lib"
done
echo "$build/bundle-lib" >/etc/ld.so.conf.d/zz-reducevis-bundle.conf && ldconfig
echo "$build"
