# tests/sandbox_tests.cmake — `trace --sandbox` against hostile files
# (tests/own/hostile/), one test a case, no GPU needed: each skips (77) with
# SKIPPED: where bubblewrap or user namespaces are missing or the tracer is
# not built.  They share one lock: the fork bomb's process limit counts the
# sandbox user's processes, so two cases at once could starve each other.
foreach(case refuse normal system secrets socket forkbomb bigalloc hostloop bigfile diskfill flood
             include_passwd include_secret bigsource as_user)
  add_test(NAME sandbox_${case}
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/own/sandbox_test.sh $<TARGET_FILE:reducevis> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(sandbox_${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 RESOURCE_LOCK rv_sandbox)
endforeach()
