#!/usr/bin/env bash
# test.sh — install what is missing, build, and run the whole test suite with
# ctest, in two builds, and builds the program in a third:
#   build-asan  clang with AddressSanitizer and UndefinedBehaviorSanitizer, no
#               CUDA: every test but the GPU and timing ones, plus the fuzzer
#               (label `fuzz`) and the viewer's soak test under Xvfb (`soak`);
#               any sanitizer report fails its test (tests/sanitize/env.sh)
#   build       the normal build: every test, with the packaging ones (label
#               `package`: install, .deb and .tar.gz, lintian, man, completion).
#               GPU tests (label `gpu`) run
#               where a CUDA GPU is present and are reported as skipped, with
#               the reason, where none is.
#   build-headless  the GPU machines' build (tests/gpu/*.sh): no viewer, no
#               class server, CUDA for one architecture; only the program and
#               what runs beside it are built, not tested.  Its sources are the
#               ones whose flags differ from the normal build's (no SDL2 flags),
#               so a header that compiles there only by accident fails here.
# Any of them failing fails test.sh; the normal build's ctest summary comes
# last.  No test writes into the source tree (ctest's source_tree_clean).
set -euo pipefail
cd "$(dirname "$0")"
. cmake/install-deps.sh
# test-only tools: Xvfb for the window, clang for the sanitizers, clang-format
# for the house style (guard_format), Chromium for the lesson page, and for the
# packaging tests dpkg-dev (dpkg-shlibdeps), file (CPack), lintian,
# desktop-file-utils and man-db (man -l), and a one-node Slurm cluster for
# the class's checks as job steps (class_slurm)
rv_install_deps xvfb xauth clang clang-format libclang-rt-dev llvm chromium dpkg-dev file lintian desktop-file-utils man-db \
    slurmctld slurmd slurm-client munge
jobs=$(nproc)
status=0

echo "== sanitizer build (clang, ASan + UBSan, no CUDA): build-asan"
cmake -S . -B build-asan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRV_WITH_CUDA=OFF \
    "-DCMAKE_C_FLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" >/dev/null
cmake --build build-asan -j"$jobs"
(. tests/sanitize/env.sh && cd build-asan && ctest --output-on-failure -j"$jobs" -LE '^(gpu|bench)$') || status=$?

# NCCL's header, so that the multi-GPU code compiles here too: the toolkit's or
# the system's, else the nvidia-nccl-cu13 wheel fetched once into .deps/.
nccl_root=$(cmake/nccl-root.sh)
# The Compute Sanitizer API's headers, so that the tracer (src/tracer/) builds
# here too: the toolkit's, else the nvidia-cuda-sanitizer-api wheel in .deps/.
san_root=$(cmake/sanitizer-root.sh)

echo "== headless GPU build (no viewer, no class server; built, not tested): build-headless"
cmake -S . -B build-headless -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DRV_WITH_VIEWER=OFF \
    -DRV_WITH_CLASS=OFF ${nccl_root:+"-DNCCL_ROOT=$nccl_root"} ${san_root:+"-DRV_SANITIZER_ROOT=$san_root"} >/dev/null
cmake --build build-headless -j"$jobs" --target reducevis rvnvccsplit || status=$?

echo "== normal build: build"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo ${nccl_root:+"-DNCCL_ROOT=$nccl_root"} \
    ${san_root:+"-DRV_SANITIZER_ROOT=$san_root"} >/dev/null
cmake --build build -j"$jobs"
cd build
ctest --output-on-failure -j"$jobs" || status=$?
# Say why the GPU tests were skipped, so a green run cannot hide them.
grep -h '^SKIPPED' Testing/Temporary/LastTest.log 2>/dev/null | sort -u | sed 's/^/note: /' || true
exit $status
