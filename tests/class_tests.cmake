# class_tests.cmake — tests of `reducevis class`; include()d from
# tests/CMakeLists.txt where the build has the class server.
#
#   class_refusals   every refusal the server owes (no secret, wrong choice,
#                    oversized field, body, traversal and unknown paths, a
#                    flood, the connection cap, one address's idle sockets, a
#                    half request), and the answers file whole after a SIGKILL
#                    mid-lesson (label `class`)
#   class_submit     the students' kernels: a file that does not compile comes
#                    back with nvcc's line, the queue's bounds, every kernel kept
#                    after a SIGKILL, and no kernels taken (said why) without a
#                    sandbox (label `class`; the verdict needs a GPU: SKIPPED)
#   class_hostile    one student cannot stop another's check: a fork bomb, a
#                    process army holding memory and a program spinning every
#                    core, each beside three honest kernels whose verdicts must
#                    stay right and about as fast (label `class`, alone)
#   class_slurm      the class on a one-node Slurm cluster the test starts and
#                    stops (Debian's slurmctld, slurmd, munge): checks as job
#                    steps, bad partitions and a missing srun said, a step
#                    cancelled twice (back to the queue once, then the
#                    cluster's error), the controller stopped and started
#                    (label `class`; skipped, saying why, without Slurm)
#   browser_class    three students and the teacher in headless Chromium, in
#                    English and Chinese (label `browser`; skipped, saying why,
#                    without Chromium)
#   browser_class_submit  a student's kernel in headless Chromium: the starting
#                    file in CodeMirror, nvcc's line back on the page, the
#                    teacher's list and board (label `browser`, in both languages)
#   class_waves_page a student's kernel's page made by the class's trace_pages.c
#                    ends on its grid beside v8's recorded one, the GPUs named,
#                    or says the class did not record it (label `class`)
#   class_check_cmd  the class's --waves on each grid's run, never on a
#                    verdict's, and no check asked for a waves run without it
#                    (label `class`)
#   class_grid_queue each judged kernel's grid recorded after its verdict,
#                    on at most half the slots, and once the class resumes
#                    (label `class`; a pretend check: no GPU needed)
#   class_load       label `bench`: a short loopback run of the load benchmark
#                    (100 students, 10 rejoining, steps of 0.5 s); tests/class/load_bench.py with
#                    its defaults is the full one (500 students, 50 rejoining);
#                    the 2,000-student run is outside ctest (about a minute):
#                    load_bench.py build/reducevis --students 2000 --rejoiners 200 --seconds 120
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME class_refusals
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/class/refusals_test.py $<TARGET_FILE:reducevis>)
  add_test(NAME class_submit
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/class/submit_test.py $<TARGET_FILE:reducevis>
                   ${CMAKE_SOURCE_DIR})
  add_test(NAME class_hostile
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/class/hostile_test.py $<TARGET_FILE:reducevis>
                   ${CMAKE_SOURCE_DIR})
  add_test(NAME class_slurm
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/class/slurm_test.py $<TARGET_FILE:reducevis>
                   ${CMAKE_SOURCE_DIR})
  add_test(NAME browser_class
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/browser/class_test.py
                   $<TARGET_FILE:reducevis> ${CMAKE_BINARY_DIR}/browser-shots)
  add_test(NAME browser_class_submit
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/browser/class_submit_test.py
                   $<TARGET_FILE:reducevis> ${CMAKE_BINARY_DIR}/browser-shots)
  add_test(NAME class_load
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/class/load_bench.py $<TARGET_FILE:reducevis>
                   --students 100 --rejoiners 10 --seconds 60 --step-s 0.5)
  set_tests_properties(class_refusals PROPERTIES LABELS class TIMEOUT 300
    ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
  # the sandbox's lock: its process limit counts the sandbox user's processes
  set_tests_properties(class_submit PROPERTIES LABELS class SKIP_RETURN_CODE 77 TIMEOUT 600 RESOURCE_LOCK rv_sandbox
    ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
  # Its checks share the sandbox's user ids with class_submit's
  set_tests_properties(class_slurm PROPERTIES LABELS class SKIP_RETURN_CODE 77 TIMEOUT 900 RESOURCE_LOCK rv_sandbox
    ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
  # Alone: its hostile students load the machine, and it times the honest ones.
  set_tests_properties(class_hostile PROPERTIES LABELS class SKIP_RETURN_CODE 77 TIMEOUT 1200 RUN_SERIAL TRUE
    ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
  # Alone: Chromium's processes, and the load, would slow the tests beside them.
  set_tests_properties(browser_class PROPERTIES LABELS browser SKIP_RETURN_CODE 77 TIMEOUT 400 RUN_SERIAL TRUE
    ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
  set_tests_properties(browser_class_submit PROPERTIES LABELS browser SKIP_RETURN_CODE 77 TIMEOUT 600 RUN_SERIAL TRUE
    RESOURCE_LOCK rv_sandbox ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
  set_tests_properties(class_load PROPERTIES LABELS bench TIMEOUT 300 RUN_SERIAL TRUE
    ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
else()
  add_test(NAME class_refusals COMMAND sh -c "echo 'SKIPPED: no Python 3 to drive the server'; exit 77")
  set_tests_properties(class_refusals PROPERTIES SKIP_RETURN_CODE 77)
endif()

# A test program of the class's (NAME.c beside this file) linked with the
# libraries given, and a test of it labelled `class`.
function(rv_class_program name)
  add_executable(${name} ${name}.c)
  target_link_libraries(${name} PRIVATE ${ARGN})
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/src)
endfunction()
function(rv_class_unit_test test program)
  add_test(NAME ${test} COMMAND ${program})
  set_tests_properties(${test} PROPERTIES LABELS class)
endfunction()

# A class's GPU shared by several checks: the gate's turns and a timed run's relay.
rv_class_program(test_gpu_turns rvclass rvown rvcore)
rv_class_unit_test(class_gpu_turns test_gpu_turns)

# The same turns between Slurm steps that share a GPU: lock files on its node.
rv_class_program(test_gpu_lock rvown rvcore)
rv_class_unit_test(class_gpu_lock test_gpu_lock)

# A class's checks as Slurm job steps, without Slurm: srun's command line and
# what tells a lost step from a verdict (class_slurm runs a real cluster).
rv_class_program(test_slurm rvclass rvown rvcore)
rv_class_unit_test(class_slurm_words test_slurm)

# The class's --waves on each grid's command line, never a verdict's, from a
# queue made as the class makes it (none without it: a check keeps its cost).
rv_class_program(test_check_cmd rvclass rvown rvcore)
rv_class_unit_test(class_check_cmd test_check_cmd)

# A class with --waves: each judged kernel's grid recorded after its verdict,
# by the class's own queue on a pretend check (and again once resumed).
rv_class_program(test_grid_queue rvclass rvown rvcore)
rv_class_unit_test(class_grid_queue test_grid_queue)
set_tests_properties(class_grid_queue PROPERTIES SKIP_RETURN_CODE 77)

# A student's kernel's lesson page, made by the class's own trace_pages.c:
# its grid beside v8's recorded one, or why the class did not record it, and
# which GPU v8's was recorded on (tests/class/waves_page_test.sh).
rv_class_program(trace_page_make rvclass rvown rvcore)
add_test(NAME class_waves_page
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/class/waves_page_test.sh $<TARGET_FILE:reducevis>
                 $<TARGET_FILE:trace_page_make> $<TARGET_FILE:test_shapes> $<TARGET_FILE:test_waves_raw>
                 ${CMAKE_SOURCE_DIR})
set_tests_properties(class_waves_page PROPERTIES LABELS class TIMEOUT 600 ENVIRONMENT "DISPLAY=;WAYLAND_DISPLAY=")
