# kernel_kind.cmake — which kernel files carry trace macros: those that
# include trace.cuh (src/core/versions.c's rv_version_has_macros asks the same of
# the embedded source).  They are compiled twice, timed and instrumented; the
# others once, and `capture` traces them unchanged (docs/kernels.md).
function(rv_kernel_has_macros file out)
  file(STRINGS "${file}" hit REGEX "^#include \"trace.cuh\"")
  if(hit)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()
