# man_page.cmake — writes the manual page of reducevis from its own --help
# texts, so the page never drifts from the program: help2man makes NAME,
# SYNOPSIS, DESCRIPTION and OPTIONS from `reducevis --help` and `--version`,
# and a COMMANDS section is added with `reducevis COMMAND --help` of every
# command that `reducevis --help` lists (a new command is in the page
# without an edit here).  LANG en or zh_CN picks the language the texts are
# in (the program speaks it through LANGUAGE, see src/core/i18n.c).
# The page says the version alone (--version-string), not the git revision
# that `reducevis --version` adds: the page is the same for every checkout.
#   cmake -DRV=reducevis -DHELP2MAN=help2man -DLANG=en|zh_CN -DVERSION=0.9.0 -DOUT=reducevis.1 -P man_page.cmake
# help2man runs the program in its --locale (it sets LANGUAGE and LC_ALL).
if(LANG STREQUAL "zh_CN")
  set(locale zh_CN.UTF-8)
  set(name "CUDA 并行归约的教学可视化工具")
  set(commands_title "命令")
  set(files_title "文件")
  set(files_text "随程序安装的 GPU 记录（轨迹、计时结果、验证记录、日志）位于程序旁的 ../share/reducevis；\n`reducevis record` 的记录位于 $XDG_DATA_HOME/reducevis/设备名（默认 ~/.local/share/reducevis）。\n`reducevis view --help` 列出查找过的位置。")
else()
  set(locale C)
  set(name "a teaching visualizer for CUDA parallel reduction")
  set(commands_title "COMMANDS")
  set(files_title "FILES")
  set(files_text "The bundled GPU recordings (traces, timed results, verify records, logs) are in ../share/reducevis beside the program, else in $XDG_DATA_DIRS/reducevis; the recordings of `reducevis record` are in $XDG_DATA_HOME/reducevis/DEVICE (default ~/.local/share/reducevis). `reducevis view --help` lists where it looked.")
endif()
# C.UTF-8 is on every glibc system (help2man's perl warns about a locale that
# is not generated); the program takes its language from LANGUAGE even so.
set(ENV{LC_ALL} C.UTF-8)
set(ENV{LANG} C.UTF-8)

# roff: a backslash is \e, and a line starting with . or ' would be a request.
function(roff_escape in out)
  string(REPLACE "\\" "\\e" t "${in}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" t "${t}")
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

set(ENV{LANGUAGE} ${LANG})
execute_process(COMMAND ${RV} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${RV} --help failed (${rc})")
endif()
string(REGEX MATCHALL "\n  [a-z][a-z-]+ " found "${top}")
# NAME from the include file: help2man would re-encode a UTF-8 --name
set(include "[NAME]\nreducevis \\- ${name}\n[${commands_title}]\n")
set(count 0)
foreach(line ${found})
  string(STRIP "${line}" cmd)
  execute_process(COMMAND ${RV} ${cmd} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${RV} ${cmd} --help failed (${rc})")
  endif()
  # `view --help` ends with the folders this very binary looked in (the
  # build tree's here): not for the page, whose FILES section says the rule.
  string(REGEX MATCH "\n  [*-] /" place "${help}")
  if(place)
    string(FIND "${help}" "${place}" at)
    string(SUBSTRING "${help}" 0 ${at} head)
    string(FIND "${head}" "\n\n" at REVERSE)
    string(SUBSTRING "${help}" 0 ${at} help)
  endif()
  roff_escape("${help}" help)
  string(APPEND include ".SS \"reducevis ${cmd}\"\n.nf\n${help}\n.fi\n")
  math(EXPR count "${count} + 1")
endforeach()
if(count LESS 5)
  message(FATAL_ERROR "only ${count} commands found in `${RV} --help`")
endif()
roff_escape("${files_text}" files_text)
string(APPEND include "[${files_title}]\n${files_text}\n")
file(WRITE "${OUT}.h2m" "${include}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --section=1 --locale=${locale} "--version-string=reducevis ${VERSION}" --include=${OUT}.h2m --output=${OUT} ${RV}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc})")
endif()
