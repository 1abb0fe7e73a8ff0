#!/usr/bin/env bash
# bundle.sh — the class, built here, for a GPU machine that lacks its
# libraries.  The GPU machines have no SDL2, SDL2_ttf, libmicrohttpd or
# libqrencode and no network, so `reducevis class` cannot be built there.
# This builds it here in BUILD_DIR (Release, sm_90 only: the H100 and H200),
# with the bundled libraries' folder as the program's RPATH (DT_RPATH, which
# also serves the libraries' own needs), and packs into .gpu/bundle.tar.xz
# (git-ignored) the program, the tracer, rvnvccsplit, the judge's runner (rvjudge), the catalogues, the libraries it
# links beyond glibc and libstdc++, and a DejaVu font from this machine's
# fonts-dejavu-core (the GPU machines have no fonts).
#
# BUILD_DIR must be an absolute path inside this checkout: the program finds
# its data through the build tree's path, so on the GPU machine the checkout
# is copied to the same path first (tests/gpu/unbundle.sh does, and so does
# tests/gpu/class_submit.sh --bundle through it).
# Usage, from the repository root:  tests/gpu/bundle.sh /work/main/build-gpu
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 1 ] && [ "${1#/}" != "$1" ] || { echo "usage: tests/gpu/bundle.sh ABSOLUTE_BUILD_DIR" >&2; exit 2; }
build=$1
libdir=$build/bundle-lib
nccl_root=$(cmake/nccl-root.sh)
san_root=$(cmake/sanitizer-root.sh)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
    ${nccl_root:+"-DNCCL_ROOT=$nccl_root"} ${san_root:+"-DRV_SANITIZER_ROOT=$san_root"} \
    "-DCMAKE_EXE_LINKER_FLAGS=-Wl,--disable-new-dtags -Wl,-rpath,$libdir" >/dev/null
cmake --build "$build" -j"$(nproc)" --target trace_tools catalogues
"$build/reducevis" class --help >/dev/null || { echo "bundle.sh: this build has no class server" >&2; exit 1; }
rm -rf "$libdir"
mkdir -p "$libdir"
# every library the program loads but glibc's and the C++ runtime's, which the
# GPU machine has in newer versions that the ones built here run on
ldd "$build/reducevis" | awk '$3 ~ /^\// {print $3}' |
    grep -v -E '/(libc|libm|libpthread|libdl|librt|libstdc\+\+|libgcc_s)\.so' |
    while read -r lib; do cp -L "$lib" "$libdir/"; done
font=$(fc-match -f '%{file}' 'DejaVu Sans')
cp "$font" "$libdir/"
mkdir -p .gpu
rel=${build#"$PWD"/}
# packed from a staging copy with the programs and libraries stripped: the
# bundle travels beside the checkout, and both must fit the GPU machine's
# 64 MiB for a call
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$rel"
cp -a "$rel/reducevis" "$rel/librvtracer.so" "$rel"/rvtracer_*.fatbin "$rel/rvnvccsplit" "$rel/rvjudge" \
    "$rel/locale" "$rel/bundle-lib" "$stage/$rel/"
for f in "$stage/$rel"/reducevis "$stage/$rel"/librvtracer.so "$stage/$rel"/rvnvccsplit "$stage/$rel"/rvjudge \
         "$stage/$rel"/bundle-lib/*.so*; do
    strip --strip-unneeded "$f" 2>/dev/null || true
done
tar -cf - -C "$stage" "$rel" | xz -9 >.gpu/bundle.tar.xz
printf '%s\n' "$PWD" >.gpu/root.txt
printf '%s\n' "$rel" >.gpu/build.txt
ls -l .gpu/bundle.tar.xz
