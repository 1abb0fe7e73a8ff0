#!/usr/bin/env bash
# native_arch_test.sh — what -arch=native stands for, asked once and kept in
# the build cache (src/own/nvcc/native_arch.c): with no RV_TRACE_ARCH, the first
# compile asks nvcc's __nvcc_device_query (here a stand-in beside a logging
# nvcc, as a machine with one kind of GPU answers: "90"), keeps the answer
# as arch-KEY.txt, and every compile names it (-arch=compute_90
# -code=sm_90) instead of making nvcc ask the driver; the next compile asks
# nothing.  GPUs of two kinds, no GPU (the query fails) or a damaged kept
# answer: nothing wrong is kept or used, nvcc is given -arch=native as before.
# `check --build-only` compiles as trace's build stage does (no GPU needed).
# Skips (77) without nvcc.
# Usage: native_arch_test.sh path/to/reducevis SOURCE_DIR
set -u
rv=$(realpath "$1") src=$(cd "$2" && pwd)
real=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$real" ] || { echo "SKIPPED: nvcc not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
unset RV_TRACE_ARCH
export XDG_CACHE_HOME=$tmp/xdg
cache=$XDG_CACHE_HOME/reducevis/builds
file=$src/docs/exercises/1-converge/start.cu

# nvcc that writes its arguments down, then is the real one; beside it the
# query, answering what $tmp/answer holds and counting its calls
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s/nvcc.log"\nexec "%s" "$@"\n' "$tmp" "$real" >"$tmp/bin/nvcc"
printf '#!/bin/sh\necho x >>"%s/asked"\nread a <"%s/answer"\n[ "$a" = fail ] && exit 1\necho "$a"\n' "$tmp" "$tmp" \
    >"$tmp/bin/__nvcc_device_query"
chmod +x "$tmp/bin/nvcc" "$tmp/bin/__nvcc_device_query"
run_rv() { PATH=$tmp/bin:$PATH timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
build() { # NAME ANSWER
    echo "$2" >"$tmp/answer"
    : >"$tmp/nvcc.log"
    : >"$tmp/asked"
    expect 0 "compiled into" check "$file" --exercise 1 --build-only "$tmp/$1"
}
asked() { test "$(wc -l <"$tmp/asked")" -eq "$1"; }
named() { test "$(grep -c -- "-arch=compute_90 -code=sm_90 " "$tmp/nvcc.log")" -eq "$(wc -l <"$tmp/nvcc.log")"; }
native() { test "$(grep -c -- "-arch=native " "$tmp/nvcc.log")" -eq "$(wc -l <"$tmp/nvcc.log")"; }

build b1 90
check "one kind of GPU: the driver asked once" asked 1
check "one kind of GPU: every nvcc command names it ($(head -c 300 "$tmp/nvcc.log"))" named
check "one kind of GPU: kept in the build cache" grep -qx 90 "$cache"/arch-*.txt
build b2 fail
check "kept: the next compile asks nothing" asked 0
check "kept: and names it" named

rm -f "$cache"/arch-*.txt
build b3 "80,90"
check "two kinds of GPU: nvcc is left to choose (-arch=native)" native
check "two kinds of GPU: nothing kept" test -z "$(ls "$cache" | grep '^arch-')"
build b4 fail
check "no GPU: -arch=native, as before" native
check "no GPU: nothing kept" test -z "$(ls "$cache" | grep '^arch-')"
build b5 90
printf '9x\n' >"$(ls -d "$cache"/arch-*.txt)"
build b6 90
check "a damaged answer: asked again" asked 1
check "a damaged answer: the new one kept and used" named
check "a damaged answer: replaced" grep -qx 90 "$cache"/arch-*.txt
finish native_arch
