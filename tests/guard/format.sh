#!/usr/bin/env bash
# format.sh — every C file and header under src/ is as clang-format lays it
# out with the house style (.clang-format at the root), so that a change
# reads as what it does, not as a re-indent.  Fails naming each file out of
# format, with the first lines clang-format would change; `clang-format -i
# FILE` mends it.  kernels/ and the .cu files are not formatted (their
# listings are laid out for the lesson).  The layout is clang-format 14's
# (Debian 12's, which test.sh installs); another version lays some lines out
# otherwise, so this says so and fails rather than judge with it.
# Usage: format.sh SOURCE_DIR [FILE...]   (default: every src/*.c and *.h)
set -u
src=$1
shift
cd "$src" || exit 2
cf=$(command -v clang-format-14 || command -v clang-format) ||
    { echo "FAIL: no clang-format (test.sh installs it: apt-get install clang-format)"; exit 1; }
"$cf" --version | grep -q 'version 14\.' ||
    { echo "FAIL: $cf is not clang-format 14, whose layout .clang-format is kept in: $("$cf" --version)"; exit 1; }
if [ $# -eq 0 ]; then mapfile -t files < <(git ls-files 'src/*.c' 'src/*.h' 2>/dev/null || find src -name '*.[ch]'); else files=("$@"); fi
[ ${#files[@]} -gt 0 ] || { echo "FAIL: no C files found under $src/src"; exit 1; }
bad=0
for f in "${files[@]}"; do
    if ! "$cf" --style=file "$f" | cmp -s - "$f"; then
        bad=$((bad + 1))
        echo "FAIL: $f is out of format (clang-format -i $f):"
        "$cf" --style=file "$f" | diff "$f" - | head -8 | sed 's/^/    /'
    fi
done
echo "format: ${#files[@]} files, $bad out of format"
[ "$bad" -eq 0 ]
