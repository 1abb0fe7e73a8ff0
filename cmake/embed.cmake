# embed.cmake — a text file as a C string: cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake
# The bytes are written as hex escapes, so any content (quotes, backslashes,
# UTF-8) comes through exactly; the string ends with a NUL.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" esc "${hex}")
# One line of C per 32 bytes, so compilers and diffs stay comfortable.
string(REGEX REPLACE "((\\\\x[0-9a-f][0-9a-f]){32})" "\\1\"\n\"" esc "${esc}")
get_filename_component(base "${IN}" NAME)
file(WRITE "${OUT}.tmp" "/* ${base}, made into a C string by cmake/embed.cmake: edit ${base}, not this. */\nconst char ${NAME}[] =\n\"${esc}\";\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
file(REMOVE "${OUT}.tmp")
