# po_template.cmake — writes the message template: every string marked with
# _(), N_() or ngettext() in src/ (run by `cmake --build build --target pot`
# and by the test that checks po/reducevis.pot is up to date).
#   cmake -DSRC=<source dir> -DOUT=<file.pot> [-DXGETTEXT=...] -P po_template.cmake
if(NOT XGETTEXT)
  find_program(XGETTEXT xgettext REQUIRED)
endif()
file(GLOB_RECURSE files RELATIVE ${SRC} ${SRC}/src/*.c ${SRC}/src/*.h)
list(SORT files)
execute_process(
  COMMAND ${XGETTEXT} --language=C --from-code=UTF-8 --keyword=_ --keyword=N_
          --keyword=ngettext:1,2 --keyword=jfail:2 --keyword=jfail_end:2 --keyword=rv_json_fail_at:3 --add-comments=TRANSLATORS: --package-name=reducevis
          --sort-by-file --no-wrap
          -o ${OUT} ${files}
  WORKING_DIRECTORY ${SRC}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "xgettext failed (${rc})")
endif()
