#!/usr/bin/env bash
# run.sh — install what is missing, build, and open the viewer on the bundled
# GPU-recorded trace.  Extra arguments go to `reducevis` (e.g. ./run.sh --version 1).
set -euo pipefail
cd "$(dirname "$0")"
. cmake/install-deps.sh
rv_install_deps
san_root=$(cmake/sanitizer-root.sh)   # the tracer of `reducevis trace`, where nvcc is
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release ${san_root:+"-DRV_SANITIZER_ROOT=$san_root"} >/dev/null
cmake --build build -j"$(nproc)"
exec ./build/reducevis "$@"
