#!/usr/bin/env bash
# driver_cache_test.sh — the driver's object kept in the build cache
# (src/own/nvcc/compile.c): a compile that finds it compiles only the student's
# file and links the object, one that does not (or whose key changed)
# compiles the driver once into the cache first, a damaged or altered entry
# is never used, and where no cache can be written both files are compiled
# together as before.  Each nvcc command line is read from the log of an
# nvcc on PATH that writes it down and runs the real one; `check
# --build-only` compiles as trace's build stage does (no GPU needed).  Then
# the same in the sandbox, where the student's compile cannot see the cache,
# and `trace --sandbox` itself (RV_TRACE_WITHOUT_GPU=1: compiled, then
# stopped at the program's first CUDA call, as sandbox_test.sh does).
# Skips (77) without nvcc.
# Usage: driver_cache_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$(realpath "$1") src=$(cd "$2" && pwd)
real=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$real" ] || { echo "SKIPPED: nvcc not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
export RV_TRACE_ARCH=${RV_TRACE_ARCH:-sm_90} XDG_CACHE_HOME=$tmp/xdg
cache=$XDG_CACHE_HOME/reducevis/builds
file=$src/docs/exercises/1-converge/start.cu

# an nvcc that writes its arguments down, then is the real one
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s/nvcc.log"\nexec "%s" "$@"\n' "$tmp" "$real" >"$tmp/bin/nvcc"
chmod +x "$tmp/bin/nvcc"
logged() { PATH=$tmp/bin:$PATH "$@"; }

# build NAME [options]: check --build-only into $tmp/NAME, the log anew
build() {
    local name=$1
    shift
    : >"$tmp/nvcc.log"
    rv_run=(logged run_rv)
    expect 0 "compiled into" check "$file" --exercise 1 --build-only "$tmp/$name" "$@"
    rv_run=(run_rv)
}
# what the log says: the driver compiled alone; the student's file linked
# with the object from the cache; or both files compiled together
compiled_driver() { grep -q -- "-arch=$1 -c -o .*/driver.o .*/driver.cu\$" "$tmp/nvcc.log"; }
linked_object() { grep -q -- "-o $tmp/$1/program $tmp/$1/student.cu $tmp/$1/driver.o\$" "$tmp/nvcc.log"; }
both_files() { grep -q -- "-o $tmp/$1/program $tmp/$1/student.cu $tmp/$1/driver.cu\$" "$tmp/nvcc.log"; }
lines() { test "$(wc -l <"$tmp/nvcc.log")" -eq "$1"; }
entries() { find "$1" -maxdepth 1 -name 'driver-*' -type d | wc -l; }
entry() { find "$1" -maxdepth 1 -name 'driver-*' -type d -newer "$2" | head -1; }

# 1. the first compile fills the default cache, the next one reuses it
touch "$tmp/t0"
build b1
check "a cold cache: the driver compiled alone (-c), once" compiled_driver "$RV_TRACE_ARCH"
check "a cold cache: then the student's file linked with its object" linked_object b1
check "a cold cache: two nvcc commands" lines 2
e=$(entry "$cache" "$tmp/t0")
check "one entry of the driver in \$XDG_CACHE_HOME/reducevis/builds" test "$(entries "$cache")" -eq 1 -a -n "$e"
check "the entry holds the object and its stamp" test -s "$e/driver.o" -a -s "$e/driver.txt"
check "no folder of a compile left in the cache" test -z "$(find "$cache" -maxdepth 1 -name 'new-*')"
build b2
check "a warm cache: the driver not compiled again" lines 1
check "a warm cache: the student's file linked with the cached object" linked_object b2
check "the object linked is the cache's" cmp -s "$e/driver.o" "$tmp/b2/driver.o"
check "--build-only's folder still holds the driver's source (a compile without the cache needs it)" \
    test -s "$tmp/b2/driver.cu"

# 2. a changed key is another entry: another architecture, another nvcc
touch "$tmp/t1"
build b3 --build-cache "$cache"
check "the same cache named with --build-cache: reused" lines 1
RV_TRACE_ARCH=sm_80 build b4
check "another architecture: the driver compiled again for it" compiled_driver sm_80
e80=$(entry "$cache" "$tmp/t1")
check "another architecture: an entry of its own" test "$(entries "$cache")" -eq 2 -a -n "$e80" -a "$e80" != "$e"
check "another architecture: its object linked, not the first one" cmp -s "$e80/driver.o" "$tmp/b4/driver.o"
touch "$tmp/t2"
touch -d '2001-01-01' "$tmp/bin/nvcc"   # another nvcc (its time is in the key)
build b5
check "another nvcc: the driver compiled again" compiled_driver "$RV_TRACE_ARCH"
check "another nvcc: an entry of its own" test "$(entries "$cache")" -eq 3 -a -n "$(entry "$cache" "$tmp/t2")"
e=$(entry "$cache" "$tmp/t2")

# 3. an entry that is not whole or not its own is never used: compiled again
check "the entry is read as it was left" test -n "$e"
printf 'x' >>"$e/driver.o"
build b6
check "an object changed after its stamp: compiled again, not linked" compiled_driver "$RV_TRACE_ARCH"
check "... and the object linked is whole again" cmp -s "$e/driver.o" "$tmp/b6/driver.o"
cp "$e/driver.o" "$tmp/object"
rm "$e/driver.o" && ln -s "$tmp/object" "$e/driver.o"
build b7
check "an object that is a link: compiled again" compiled_driver "$RV_TRACE_ARCH"
check "... and a plain file in its place" test ! -L "$e/driver.o" -a -f "$e/driver.o"
sed -i 's/^key .*/key 0123456789abcdef/' "$e/driver.txt"
build b8
check "a stamp of another key: compiled again" compiled_driver "$RV_TRACE_ARCH"
mv "$e" "$tmp/moved" && ln -s "$tmp/moved" "$e"
build b9
check "an entry that is a link to a folder: compiled again" compiled_driver "$RV_TRACE_ARCH"
check "... and a folder of its own in its place" test ! -L "$e" -a -d "$e"

# 4. no cache to write: both files together, as before the cache
: >"$tmp/afile"
XDG_CACHE_HOME=$tmp/afile/xdg build c1
check "a cache that cannot be made: both files compiled together, in one nvcc" both_files c1
check "... and nothing else" lines 1
home=$HOME
unset XDG_CACHE_HOME
HOME=$tmp/afile build c2
check "a home that cannot be written: both files compiled together" both_files c2
unset HOME
build c3
check "no home at all: both files compiled together" both_files c3
export HOME=$home XDG_CACHE_HOME=$tmp/xdg

# 5. in the sandbox (the logging nvcc is not in it: the real one compiles;
# the cache's files say what happened)
if command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-all /bin/true 2>/dev/null; then
    sb=$tmp/sandbox-cache
    expect 0 "compiled into" check "$file" --exercise 1 --sandbox --build-only "$tmp/s1" --build-cache "$sb"
    se=$(find "$sb" -maxdepth 1 -name 'driver-*' -type d)
    check "--sandbox: the driver compiled into the cache named" test -n "$se" -a -s "$se/driver.o"
    check "--sandbox: its object linked" cmp -s "$se/driver.o" "$tmp/s1/driver.o"
    # a student's file that reads the cache at compile time: it is not there
    { cat "$file"; echo "#include \"$se/driver.txt\""; } >"$tmp/peek.cu"
    expect 2 "No such file" check "$tmp/peek.cu" --exercise 1 --sandbox --build-only "$tmp/s2" --build-cache "$sb"
    check "--sandbox: the student's compile changed nothing in the cache" cmp -s "$se/driver.o" "$tmp/s1/driver.o"
    if [ -f "$(dirname "$rv")/librvtracer.so" ]; then
        touch "$tmp/t3"
        rv_run=(env RV_TRACE_WITHOUT_GPU=1 "$rv")
        expect 2 "the kernel failed" trace "$file" --sandbox --no-view --no-time --n 4096 --keep "$tmp/k1"
        rv_run=(run_rv)
        td=$(entry "$cache" "$tmp/t3")
        check "trace --sandbox: compiled with the cached object" cmp -s "$tmp/k1/driver.o" "$td/driver.o"
    else
        echo "SKIPPED: trace --sandbox (the tracer is not built)"
    fi
else
    echo "SKIPPED: the sandbox's compile (no bubblewrap that can make a sandbox here)"
fi
finish driver_cache
