# reliability.cmake — fuzzing, the soak test and the GPU sanitizer tests;
# include()d from tests/CMakeLists.txt.  (Bad command-line input: cli_test.sh.)
#
#   fuzz_corpus_replay   every build: the fuzz target (fuzz/fuzz_readers.c) run
#                        once on the seed traces (fuzz/make_seeds.sh), the
#                        committed inputs (fuzz/corpus) and the bundled traces
#                        and results, through a plain main() (fuzz/replay.c)
#   fuzz_readers         clang with libFuzzer only (label `fuzz`): the trace and
#                        results readers fuzzed for RV_FUZZ_SECONDS
#   viewer_soak          sanitizer builds with the viewer only (label `soak`):
#                        the viewer plays every version and step in a real X
#                        window under Xvfb for RV_SOAK_FRAMES frames; no leak,
#                        no bad access, resident memory flat (soak/soak_test.sh)
#   gpu_memcheck         label `gpu`: compute-sanitizer memcheck over every
#                        version at N = 1, 31, 1000003, 2^25 + 1 (gpu/memcheck.sh)
#   gpu_big_n            label `gpu`: capture and bench at N = 2^31 succeed or
#                        say the GPU lacks memory, and must say so while
#                        gpu/hog.cu holds all but 4 GiB; bench -o into a
#                        missing folder (gpu/big_n.sh)
# The GPU tests print why and report "skipped" without a GPU.
#
# A sanitizer build is one whose CMAKE_C_FLAGS hold -fsanitize=address: test.sh
# makes one with clang in build-asan and runs its ctest after sourcing
# sanitize/env.sh (sanitizer options, LeakSanitizer suppressions).

set(RV_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR}/fuzz)
set(RV_FUZZ_SECONDS 45 CACHE STRING "How long the fuzz_readers test fuzzes (seconds)")
set(RV_SOAK_FRAMES 5000 CACHE STRING "Frames the viewer_soak test plays")

# ---- the fuzz target, replayed by any compiler ------------------------------
add_executable(fuzz_replay ${RV_FUZZ_DIR}/fuzz_readers.c ${RV_FUZZ_DIR}/replay.c)
target_link_libraries(fuzz_replay PRIVATE rvcore)
add_test(NAME fuzz_corpus_replay
  COMMAND ${RV_FUZZ_DIR}/replay_corpus.sh $<TARGET_FILE:fuzz_replay> $<TARGET_FILE:reducevis>
          ${CMAKE_CURRENT_BINARY_DIR}/fuzz-replay ${RV_FUZZ_DIR}/corpus
          ${CMAKE_SOURCE_DIR}/assets/traces ${CMAKE_SOURCE_DIR}/assets/results)

# ---- libFuzzer (clang) -------------------------------------------------------
if(CMAKE_C_COMPILER_ID MATCHES "Clang")
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer)
  set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
  check_c_source_compiles("
    #include <stddef.h>
    #include <stdint.h>
    int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }"
    RV_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(RV_HAVE_LIBFUZZER)
    # The readers are compiled into the target with coverage instrumentation;
    # what they call (model, versions, data) comes from rvcore.
    add_executable(fuzz_readers ${RV_FUZZ_DIR}/fuzz_readers.c
      ${CMAKE_SOURCE_DIR}/src/core/trace.c ${CMAKE_SOURCE_DIR}/src/core/results.c ${CMAKE_SOURCE_DIR}/src/core/results_read.c
      ${CMAKE_SOURCE_DIR}/src/core/json.c)
    target_compile_options(fuzz_readers PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_readers PRIVATE -fsanitize=fuzzer)
    target_link_libraries(fuzz_readers PRIVATE rvcore)
    add_test(NAME fuzz_readers
      COMMAND ${RV_FUZZ_DIR}/run_fuzz.sh $<TARGET_FILE:fuzz_readers> $<TARGET_FILE:reducevis>
              ${RV_FUZZ_SECONDS} ${CMAKE_CURRENT_BINARY_DIR}/fuzz-work)
    set_tests_properties(fuzz_readers PROPERTIES LABELS fuzz TIMEOUT 600)
  else()
    message(STATUS "reducevis: clang cannot link -fsanitize=fuzzer (Debian: libclang-rt-dev); no fuzz_readers test")
  endif()
endif()

# ---- the soak test (sanitizer builds) ----------------------------------------
if(RV_HAVE_VIEWER AND CMAKE_C_FLAGS MATCHES "-fsanitize=[^ ]*address")
  add_test(NAME viewer_soak
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/soak/soak_test.sh $<TARGET_FILE:reducevis> ${RV_SOAK_FRAMES})
  set_tests_properties(viewer_soak PROPERTIES LABELS soak TIMEOUT 300 SKIP_RETURN_CODE 77)
endif()

# ---- on a GPU ----------------------------------------------------------------
add_test(NAME gpu_memcheck COMMAND ${CMAKE_CURRENT_LIST_DIR}/gpu/memcheck.sh $<TARGET_FILE:reducevis>)
set(RV_GPU_HOG)
if(RV_HAVE_CUDA)
  # Holds most of the GPU's memory, so that big_n.sh sees the refusal on any GPU.
  add_executable(gpu_hog ${CMAKE_CURRENT_LIST_DIR}/gpu/hog.cu)
  set(RV_GPU_HOG $<TARGET_FILE:gpu_hog>)
endif()
add_test(NAME gpu_big_n COMMAND ${CMAKE_CURRENT_LIST_DIR}/gpu/big_n.sh $<TARGET_FILE:reducevis> ${RV_GPU_HOG})
set_tests_properties(gpu_memcheck gpu_big_n PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 1800)
# The big-N test holds most of the GPU's memory: nothing else may run beside it.
set_tests_properties(gpu_big_n PROPERTIES RUN_SERIAL TRUE)
