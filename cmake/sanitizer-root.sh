#!/usr/bin/env bash
# sanitizer-root.sh — makes sure CMake can find the Compute Sanitizer API (its
# headers and libsanitizer-public.so), so that `reducevis trace`'s tool
# library and patches (src/tracer/) are built wherever nvcc is, CI included.
# Prints the folder to pass as RV_SANITIZER_ROOT, or nothing when CMake finds
# it by itself (RV_SANITIZER_ROOT set, or the CUDA toolkit's
# compute-sanitizer folder).  Otherwise it fetches the nvidia-cuda-sanitizer-api
# wheel of the CUDA release nvcc belongs to with pip (no dependencies) into
# .deps/ (git-ignored) once, and unpacks its headers and library there.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvcc >/dev/null 2>&1 || exit 0      # no CUDA build: nothing to compile
if [ -n "${RV_SANITIZER_ROOT:-}" ] && [ -f "$RV_SANITIZER_ROOT/include/sanitizer.h" ]; then exit 0; fi
cuda=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
for d in "$cuda/compute-sanitizer" /usr/local/cuda/compute-sanitizer; do
    [ -f "$d/include/sanitizer.h" ] && exit 0
done
root=.deps/sanitizer/nvidia/cu13
if [ ! -f "$root/include/sanitizer.h" ]; then
    mkdir -p .deps/wheels
    # the release of nvcc (13.0 -> 13.0.*), so headers and patches agree
    release=$(nvcc --version | sed -n 's/.*release \([0-9]*\.[0-9]*\).*/\1/p')
    ls .deps/wheels/nvidia_cuda_sanitizer_api-*.whl >/dev/null 2>&1 ||
        python3 -m pip download --quiet --no-deps --only-binary=:all: -d .deps/wheels \
            "nvidia-cuda-sanitizer-api==${release}.*" >&2
    wheel=$(ls .deps/wheels/nvidia_cuda_sanitizer_api-*.whl | head -1)
    python3 - "$wheel" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if "/include/" in name or name.endswith("/lib/libsanitizer-public.so"):
            z.extract(name, ".deps/sanitizer")
PY
fi
echo "$PWD/$root"
