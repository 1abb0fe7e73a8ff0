# rewrite_test.cmake — the waves build's rewrite of a tree kernel's result
# line (cmake/waves_build.cmake), on kernel files made here: the store `A[I]
# = V;` on the line marked `// rv:write` becomes rv_waves_write(
# rv_waves_tree_(), A[I], V), alone on its line (v0 to v6) or inside an `if
# (...) { ... }` with more after it (v7), with a #line for the kernel file;
# a file with the per-warp stamps is included unchanged; and a tree kernel
# whose sum is written on no such line, on two, by `+=`, or into no array
# element, stops the configuration with an error naming the file (so its
# waves build never stores the sum twice or the stamp not at all).
# Usage: cmake -DSOURCE_DIR=... -DWORK=... -P rewrite_test.cmake
if(MODE STREQUAL "one")
  include("${SOURCE_DIR}/cmake/waves_build.cmake")
  rv_waves_wrappers("${WORK}" "${FILE}")
  return()
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(failed 0)
set(head "#include \"launch.cuh\"\n__global__ void k(const float *in, float *out, unsigned int n)\n{   ")
set(sum "        out[blockIdx.x] = sdata[0];  // rv:write\n")
# name, stamp, body after the stamp, whether the configuration should pass
function(kernel name stamp body)
  file(WRITE "${WORK}/${name}.cu" "${head}${stamp}\n    __shared__ float sdata[256];\n${body}}\n")
endfunction()
kernel(good "RV_WAVES_TREE();" "    if (threadIdx.x == 0) {\n${sum}    }\n")
kernel(perwarp "RV_WAVES_BLOCK();" "    if (threadIdx.x == 0) {\n${sum}    }\n")
kernel(twice "RV_WAVES_TREE();" "${sum}${sum}")
kernel(none "RV_WAVES_TREE();" "        out[blockIdx.x] = sdata[0];\n")
kernel(compound "RV_WAVES_TREE();" "        out[blockIdx.x] += sdata[0];  // rv:write\n")
kernel(scalar "RV_WAVES_TREE();" "        *out = sdata[0];  // rv:write\n")
kernel(braced "RV_WAVES_TREE();"
       "    if (threadIdx.x == 0) { out[blockIdx.x] = s;           RV_REC(s, RV_OUT(blockIdx.x), RV_REG()); } // rv:write\n")
foreach(case good braced perwarp twice none compound scalar)
  execute_process(COMMAND ${CMAKE_COMMAND} -DMODE=one -DSOURCE_DIR=${SOURCE_DIR} -DWORK=${WORK}
                          -DFILE=${WORK}/${case}.cu -P ${CMAKE_CURRENT_LIST_FILE}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(wrapper "${WORK}/waves_${case}.cu")
  if(case STREQUAL "good")
    file(READ "${wrapper}" text)
    string(FIND "${text}" "        rv_waves_write(rv_waves_tree_(), out[blockIdx.x], sdata[0]);  // rv:write\n" at)
    string(FIND "${text}" "#line 1 \"${WORK}/good.cu\"" line)
    string(FIND "${text}" "out[blockIdx.x] = sdata[0]" plain)
    if(NOT rc EQUAL 0 OR at EQUAL -1 OR line EQUAL -1 OR NOT plain EQUAL -1)
      message("FAIL: good: rc ${rc}, rewritten at ${at}, #line at ${line}, the plain store at ${plain}: ${err}")
      math(EXPR failed "${failed} + 1")
    endif()
  elseif(case STREQUAL "braced")
    file(READ "${wrapper}" text)
    string(FIND "${text}" "    if (threadIdx.x == 0) { rv_waves_write(rv_waves_tree_(), out[blockIdx.x], s);           RV_REC(s, RV_OUT(blockIdx.x), RV_REG()); } // rv:write\n" at)
    if(NOT rc EQUAL 0 OR at EQUAL -1)
      message("FAIL: braced: rc ${rc}, rewritten at ${at}: ${err}")
      math(EXPR failed "${failed} + 1")
    endif()
  elseif(case STREQUAL "perwarp")
    file(READ "${wrapper}" text)
    string(FIND "${text}" "#include \"perwarp.cu\"" inc)
    string(FIND "${text}" "rv_waves_write" rewritten)
    if(NOT rc EQUAL 0 OR inc EQUAL -1 OR NOT rewritten EQUAL -1)
      message("FAIL: perwarp: rc ${rc}, included at ${inc}, rewritten at ${rewritten}: ${err}")
      math(EXPR failed "${failed} + 1")
    endif()
  else()
    string(REGEX REPLACE "[ \n]+" " " said "${err}") # CMake wraps its errors' lines
    string(FIND "${said}" "${case}.cu: a kernel with the tree stamp" named)
    if(rc EQUAL 0 OR named EQUAL -1 OR EXISTS "${wrapper}")
      message("FAIL: ${case}: rc ${rc}, the error ${named}, a wrapper written: ${err}")
      math(EXPR failed "${failed} + 1")
    endif()
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "${failed} case(s) failed")
endif()
message("PASS: the tree kernel's result store rewritten, alone on its line or in braces, and refused where the "
        "line marked rv:write has no one store `A[I] = V;`")
