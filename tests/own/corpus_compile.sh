#!/usr/bin/env bash
# corpus_compile.sh — every student reduction of tests/own/corpus/ compiles
# and links with the driver that `reducevis trace` builds around it, with
# trace's own flags (src/own/nvcc/compile.c, nvcc_flags: nvcc -O3 -g -lineinfo
# -std=c++17 -arch=ARCH); the architecture is RV_TRACE_ARCH as for trace,
# sm_90 where it is not set (trace's "native" needs a GPU, CI has none).
# The driver is compiled once with -c, each file with -c, then each is linked
# with it (a launch() of the wrong signature fails there).  Fails naming each
# file that does not compile or link, or lacks its head comment, when the
# corpus has fewer than 20 files, and when a line of tests/own/corpus/EXPLAINED
# names no corpus file or counter.  No GPU is needed.
# Usage: corpus_compile.sh SOURCE_DIR [NVCC [FOLDER [MIN]]]   (NVCC: the nvcc
# on PATH, else /usr/local/cuda/bin/nvcc; FOLDER: another folder of launch()
# files, relative to SOURCE_DIR, held to the same compile, link and head
# comment checks, e.g. tests/own/cheats; MIN: the fewest files it must hold,
# 20 for the corpus.  The EXPLAINED check runs where FOLDER has an EXPLAINED.)
set -u
src=$1
nvcc=${2:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
folder=${3:-tests/own/corpus}
min=${4:-20}
[ -x "$nvcc" ] || { echo "FAIL: nvcc not found"; exit 1; }
arch=${RV_TRACE_ARCH:-sm_90}
flags=(-O3 -g -lineinfo -std=c++17 "-arch=$arch")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

files=("$src/$folder"/*.cu)
[ -e "${files[0]}" ] || files=()
if [ "${#files[@]}" -ge "$min" ]; then ok; else bad "$folder holds ${#files[@]} files, fewer than $min"; fi

if ! "$nvcc" "${flags[@]}" -c -o "$tmp/driver.o" "$src/src/tracer/driver.cu" >"$tmp/driver.log" 2>&1; then
    bad "the driver (src/tracer/driver.cu) does not compile:"; tail -20 "$tmp/driver.log"
    echo "corpus_compile: $pass passed, $fail failed"
    exit 1
fi

# one file: compile, link; its verdict in $tmp/NAME.verdict, its log beside it
one() {
    local f=$1 name
    name=$(basename "$f" .cu)
    if ! "$nvcc" "${flags[@]}" -c -o "$tmp/$name.o" "$f" >"$tmp/$name.log" 2>&1; then
        echo "does not compile" >"$tmp/$name.verdict"
    elif ! "$nvcc" "${flags[@]}" -o "$tmp/$name.prog" "$tmp/$name.o" "$tmp/driver.o" >>"$tmp/$name.log" 2>&1; then
        echo "does not link with the driver" >"$tmp/$name.verdict"
    else
        echo ok >"$tmp/$name.verdict"
    fi
    rm -f "$tmp/$name.o" "$tmp/$name.prog"
}
export -f one
export nvcc tmp
export flags_str="${flags[*]}"
# shellcheck disable=SC2016
printf '%s\0' "${files[@]}" |
    xargs -0 -r -n 1 -P "$(nproc 2>/dev/null || echo 2)" bash -c 'read -ra flags <<<"$flags_str"; one "$1"' _

for f in "${files[@]}"; do
    name=$(basename "$f" .cu)
    verdict=$(cat "$tmp/$name.verdict" 2>/dev/null || echo "was not compiled")
    if [ "$verdict" = ok ]; then ok; else bad "$name.cu $verdict:"; tail -15 "$tmp/$name.log" | sed 's/^/    /'; fi
    # the head comment names the file and says what it shows
    if head -1 "$f" | grep -q "^// $name\.cu — "; then ok; else bad "$name.cu does not start with '// $name.cu — <the idiom>'"; fi
done
# the table of explained differences names corpus files and known counters
if { [ "$folder" = tests/own/corpus ] || [ -f "$src/$folder/EXPLAINED" ]; } && command -v python3 >/dev/null; then
    if python3 "$src/tests/own/corpus_compare.py" --check-explained "$src/$folder/EXPLAINED" "$src/$folder"; then ok
    else bad "$folder/EXPLAINED has lines that name no corpus file or counter"; fi
fi
echo "corpus_compile ($folder): $pass passed, $fail failed"
[ "$fail" -eq 0 ]
