#!/usr/bin/env bash
# nccl-root.sh — makes sure CMake can find NCCL's header, so that the
# multi-GPU code (src/gpu/gpu_multi.cu) is compiled wherever nvcc is, CI included.
# Prints the folder to pass as NCCL_ROOT, or nothing when CMake finds the
# header by itself (NCCL_ROOT set, the CUDA toolkit's or the system's
# include folders, or the nvidia-nccl-cu13 wheel of python3).  Otherwise it
# fetches that wheel with pip (no dependencies) into .deps/ (git-ignored) once
# and unpacks its header and libnccl.so.2 there.  RV_NCCL_FETCH=1 fetches even so.
# Only the header is used at build time: libnccl.so.2 is loaded at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${RV_NCCL_FETCH:-0}" != 1 ]; then
    [ -n "${NCCL_ROOT:-}" ] && [ -f "$NCCL_ROOT/include/nccl.h" ] && exit 0
    command -v nvcc >/dev/null 2>&1 || exit 0      # no CUDA build: nothing to compile
    cuda=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
    for d in /usr/include /usr/local/include "$cuda/include" /usr/local/cuda/include; do
        [ -f "$d/nccl.h" ] && exit 0
    done
    python3 -c 'import nvidia.nccl as m, os, sys; sys.exit(not os.path.isfile(os.path.join(list(m.__path__)[0], "include", "nccl.h")))' \
        2>/dev/null && exit 0
fi
root=.deps/nccl/nvidia/nccl
if [ ! -f "$root/include/nccl.h" ]; then
    mkdir -p .deps/wheels
    ls .deps/wheels/nvidia_nccl_cu13-*.whl >/dev/null 2>&1 ||
        python3 -m pip download --quiet --no-deps --only-binary=:all: -d .deps/wheels nvidia-nccl-cu13 >&2
    wheel=$(ls .deps/wheels/nvidia_nccl_cu13-*.whl | head -1)
    python3 - "$wheel" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if name.startswith("nvidia/nccl/include/") or name == "nvidia/nccl/lib/libnccl.so.2":
            z.extract(name, ".deps/nccl")
PY
fi
echo "$PWD/$root"
