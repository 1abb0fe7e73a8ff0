# bench_tests.cmake — tests of `reducevis bench` and its results file;
# include()d from tests/CMakeLists.txt.
#
#   bench_results_unit  the results module: derived figures, JSON round trip,
#                       broken and truncated files (no GPU)
#   bench_cli_*         option errors (exit 1), --help, and exit 2 without a GPU
#                       (CUDA_VISIBLE_DEVICES=-1 hides any GPU there is)
#   bench_gpu_*         label `gpu`: real runs whose JSON is then checked with
#                       `test_results --check`; skipped, saying so, without a GPU

add_executable(test_results ${CMAKE_CURRENT_SOURCE_DIR}/test_results.c)
target_link_libraries(test_results PRIVATE rvcore)
add_test(NAME bench_results_unit COMMAND test_results ${CMAKE_CURRENT_BINARY_DIR})

# Runs the command after `--`, expects exit status EXPECT and output matching
# MATCH (when given), then checks the JSON file it wrote (when given).
set(RV_BENCH_RUN ${CMAKE_CURRENT_BINARY_DIR}/rv_bench_run.cmake)
file(WRITE ${RV_BENCH_RUN} [=[
set(cmd)
set(after_dashes OFF)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(after_dashes)
    list(APPEND cmd "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(after_dashes ON)
  endif()
endforeach()
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT}")
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT}")
endif()
if(DEFINED MATCH AND NOT "${out}${err}" MATCHES "${MATCH}")
  message(FATAL_ERROR "the output does not match '${MATCH}'")
endif()
if(DEFINED JSON)
  execute_process(COMMAND ${CHECKER} --check ${JSON} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the results file ${JSON} does not pass the check")
  endif()
endif()
]=])

function(rv_bench_test name expect match)
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -DEXPECT=${expect} -DMATCH=${match} -P ${RV_BENCH_RUN}
            -- $<TARGET_FILE:reducevis> bench ${ARGN})
endfunction()

# ---- the command line, no GPU needed ---------------------------------------
rv_bench_test(bench_cli_help 0 "usage: reducevis bench" --help)
rv_bench_test(bench_cli_block_small 1 "power of two from 32 to 1024" --block-size 16)
rv_bench_test(bench_cli_block_odd 1 "power of two" --block-size 48)
rv_bench_test(bench_cli_n_and_sweep 1 "do not go together" --n 2^20 --sweep)
rv_bench_test(bench_cli_repeat 1 "repeat '0'" --repeat 0)
rv_bench_test(bench_cli_unknown 1 "unknown option '--frobnicate'" --frobnicate)
rv_bench_test(bench_cli_o_missing 1 "-o needs a value [(]FILE.json[)]" -o)
rv_bench_test(bench_cli_data 1 "unknown data pattern" --data nope)
rv_bench_test(bench_cli_no_gpu 2 "needs a CUDA GPU" --n 2^20)
set_tests_properties(bench_cli_no_gpu PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=-1")

# ---- on a GPU ---------------------------------------------------------------
# Each writes its JSON into the build tree and checks it: it loads, every sum is
# correct, every figure follows from the times.
function(rv_bench_gpu_test name)
  set(json ${CMAKE_CURRENT_BINARY_DIR}/${name}.json)
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -DEXPECT=0 -DJSON=${json} -DCHECKER=$<TARGET_FILE:test_results>
            -P ${RV_BENCH_RUN} -- $<TARGET_FILE:reducevis> bench ${ARGN} -o ${json})
  set_tests_properties(${name} PROPERTIES LABELS gpu TIMEOUT 900
    SKIP_REGULAR_EXPRESSION "needs a CUDA GPU")
endfunction()

rv_bench_gpu_test(bench_gpu_default)                                   # N = 2^25, R = 20
rv_bench_gpu_test(bench_gpu_ragged --n 1000003 --repeat 5 --data index) # N not a power of two
rv_bench_gpu_test(bench_gpu_block32 --n 2^22 --block-size 32 --repeat 5 --data mod10)
rv_bench_gpu_test(bench_gpu_block1024 --n 2^24 --block-size 1024 --repeat 5 --data ones)
rv_bench_gpu_test(bench_gpu_sweep --sweep --repeat 5)
