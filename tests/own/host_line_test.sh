#!/usr/bin/env bash
# host_line_test.sh — a verdict names the student's line of a host call
# (src/tracer/frames.c takes the frames, src/own/run/host_line.c reads them),
# without a GPU: host_line_probe.cu is compiled by `check --build-only` as
# every student's file is (the student's flags, host -g among them; the
# driver linked), its program run to the point where the tracer's own
# rv_frames_text, loaded from the tracer library, takes the frames of the
# marked line; test_host_line then reads them with addr2line (as it is,
# and in the sandbox where one can be made here) and must name that line,
# and the verdict say "at line N".  Skips (77) without nvcc or addr2line.
# Usage: host_line_test.sh path/to/reducevis path/to/librvtracer.so path/to/test_host_line SOURCE_DIR
set -u
rv=$(realpath "$1") tracer=$(realpath "$2") tester=$(realpath "$3") src=$(cd "$4" && pwd)
command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || { echo "SKIPPED: nvcc not found"; exit 77; }
command -v addr2line >/dev/null || { echo "SKIPPED: addr2line (binutils) not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
export RV_TRACE_ARCH=${RV_TRACE_ARCH:-sm_90} XDG_CACHE_HOME=$tmp/xdg
probe=$src/tests/own/host_line_probe.cu
line=$(grep -n 'the call host_line_test.sh expects named' "$probe" | cut -d: -f1)

expect 0 "compiled into" check "$probe" --exercise 1 --build-only "$tmp/b"
at=$(RV_PROBE_TRACER=$tracer "$tmp/b/program" 2>"$tmp/probe.err")
check "the probe ran and took frames ($(cat "$tmp/probe.err"))" test -n "$at"
check "its frames as the recording has them: ' at OFF,OFF,...' ($at)" grep -qE '^ at [0-9a-f]+(,[0-9a-f]+)+$' <<<"$at"
check "the frames name line $line of the student's file, and the verdict says so" "$tester" "$tmp/b/program" \
    "${at# at }" "$line"
# without the line table (the program stripped of it) nothing is named: the words of before
objcopy --strip-debug "$tmp/b/program" "$tmp/stripped"
check "a program without its line table names no line: the words of before" "$tester" "$tmp/stripped" "${at# at }" 0
finish "host line"
