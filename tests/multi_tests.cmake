# multi_tests.cmake — tests of the reduction across GPUs (NCCL); include()d
# from tests/CMakeLists.txt.
#
#   multi_unit      slices, the unique id, results with "gpus" (no GPU)
#   multi_cli       option errors (exit 1), --help, and exit 2 with a message
#                   naming the problem where there is no GPU or no NCCL
#   multi_gpu       label `gpu`: two GPUs in one process, two processes, and a
#                   process that dies; skipped, saying why, without two GPUs
add_executable(test_multi ${CMAKE_CURRENT_SOURCE_DIR}/test_multi.c)
target_link_libraries(test_multi PRIVATE rvgpu rvcore)
add_test(NAME multi_unit COMMAND test_multi ${CMAKE_CURRENT_BINARY_DIR})

if(RV_HAVE_NCCL)
  set(RV_MULTI_BUILD nccl)
elseif(RV_HAVE_CUDA)
  set(RV_MULTI_BUILD cuda-without-nccl)
else()
  set(RV_MULTI_BUILD no-cuda)
endif()
add_test(NAME multi_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/multi_cli_test.sh $<TARGET_FILE:reducevis> ${RV_MULTI_BUILD})

add_test(NAME multi_gpu COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/gpu/multi_gpu.sh $<TARGET_FILE:reducevis>
         $<TARGET_FILE:test_multi> ${RV_MULTI_BUILD})
set_tests_properties(multi_gpu PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 600)
