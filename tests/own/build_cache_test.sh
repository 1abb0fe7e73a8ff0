#!/usr/bin/env bash
# build_cache_test.sh — `check --prepare-cache DIR`: the version to beat
# compiled into a build cache before any check needs it (no GPU needed), as
# a class does when it starts.  Its usage errors; where nvcc is found: the
# one entry it leaves (the program and the stamp of its source; beside it
# the driver's object, driver_cache_test.sh's), kept as it
# is by a second run (nothing compiled again), a damaged entry made whole
# again, a cache that cannot be made said with 2, and the same fill inside
# the sandbox where bubblewrap can make one.  A check that then times the
# version to beat from the cache needs a GPU: gpu_check_mark does that.
# Usage: build_cache_test.sh path/to/reducevis
set -u
rv=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_label="reducevis check"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)

expect 0 "check --prepare-cache DIR [--sandbox]" check --help
expect 1 "--prepare-cache needs a value"    check --prepare-cache
expect 1 "--prepare-cache DIR goes alone"   check "$tmp/x.cu" --prepare-cache "$tmp/c"
expect 1 "--prepare-cache DIR goes alone"   check --prepare-cache "$tmp/c" --exercise 5
expect 1 "--prepare-cache DIR goes alone"   check --prepare-cache "$tmp/c" --build-cache "$tmp/d"
expect 1 "--prepare-cache DIR goes alone"   check --prepare-cache "$tmp/c" --summary "$tmp/s.json"
check "a refused --prepare-cache makes no cache" test ! -e "$tmp/c"
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "SKIPPED: the cache filled (no nvcc)"
    finish build_cache
    exit
fi

# entry DIR: the one entry of the version to beat in the cache DIR, or nothing
entry() { local e=("$1"/[0-9a-f][0-9a-f]*/); [ ${#e[@]} -eq 1 ] && [ -d "${e[0]}" ] && echo "${e[0]%/}"; }
: >"$tmp/afile"
expect 2 "cannot make the folder"          check --prepare-cache "$tmp/afile/cache"
expect 0 ", the version to beat, is compiled in $tmp/cache" check --prepare-cache "$tmp/cache"
e=$(entry "$tmp/cache")
check "one entry in the cache" test -n "$e"
check "the entry holds the program and the stamp of its source" \
    test -x "$e/program" -a -n "$(grep -x 'source [0-9a-f]\{16\}' "$e/build.txt")"
check "no folder of a compile left beside it" test -z "$(find "$tmp/cache" -maxdepth 1 -name 'new-*')"
check "the driver's object compiled into the same cache" test -n "$(find "$tmp/cache" -path '*/driver-*/driver.o')"
kept=$(stat -c '%i %Y' "$e/program" "$e/build.txt")
expect 0 "is compiled in"                  check --prepare-cache "$tmp/cache"
check "a second run compiles nothing again" test "$(stat -c '%i %Y' "$e/program" "$e/build.txt")" = "$kept"
rm "$e/program"
expect 0 "is compiled in"                  check --prepare-cache "$tmp/cache"
check "an entry without its program is compiled again" test -x "$e/program" -a "$(entry "$tmp/cache")" = "$e"

# as a class runs it: the compile inside the sandbox
if command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-all /bin/true 2>/dev/null; then
    expect 0 "is compiled in"              check --prepare-cache "$tmp/sandboxed" --sandbox
    s=$(entry "$tmp/sandboxed")
    check "--sandbox: the same entry (the key is the build's, not the way it was made)" \
        test -n "$s" -a "${s##*/}" = "${e##*/}" -a -x "$s/program"
else
    echo "SKIPPED: --prepare-cache --sandbox (no bubblewrap that can make a sandbox here)"
fi
finish build_cache
