#!/usr/bin/env bash
# run.sh — install what is missing, build, and open the viewer on the bundled
# GPU-recorded trace.  Extra arguments go to `reducevis` (e.g. ./run.sh --version 1).
set -euo pipefail
cd "$(dirname "$0")"
. cmake/install-deps.sh
rv_install_deps
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
exec ./build/reducevis "$@"
