#!/usr/bin/env bash
# package.sh — installs what is missing, builds, and makes the Debian package
# and a tarball of the install in build/ (CPack, cmake/package.cmake):
#   build/reducevis_<version>-1_<arch>.deb   sudo apt install ./build/reducevis_*.deb
#   build/reducevis-<version>-Linux.tar.gz   unpack anywhere; bin/reducevis finds its data beside it
# dpkg-dev (dpkg-shlibdeps) computes the package's Depends from the libraries
# the binary links; file is what CPack tells binaries with.  NCCL's header is
# found or fetched as test.sh does, so the package can reduce across GPUs.
set -euo pipefail
cd "$(dirname "$0")"
. cmake/install-deps.sh
rv_install_deps dpkg-dev file
nccl_root=$(cmake/nccl-root.sh)
cmake -S . -B build ${nccl_root:+"-DNCCL_ROOT=$nccl_root"} >/dev/null
cmake --build build -j"$(nproc)"
cd build
cpack -G "DEB;TGZ"
