#!/usr/bin/env bash
# test.sh — install what is missing, build, and run the whole test suite with
# ctest.  GPU tests (label `gpu`) run where a CUDA GPU is present and are
# reported as skipped, with the reason, where none is.
set -euo pipefail
cd "$(dirname "$0")"
. cmake/install-deps.sh
rv_install_deps xvfb xauth
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
cd build
status=0
ctest --output-on-failure -j"$(nproc)" || status=$?
# Say why the GPU tests were skipped, so a green run cannot hide them.
ctest -L gpu -V 2>/dev/null | grep -E "SKIPPED" | sed 's/^[0-9]*: /note: /' || true
exit $status
