#!/usr/bin/env bash
# source_tree_test.sh — no test writes into the source tree.
#   source_tree_test.sh --before SOURCE_DIR FILE   notes the tree's state in FILE
#   source_tree_test.sh --after SOURCE_DIR FILE    fails naming every path whose
#                                                 state is new since then
# ctest runs --before first and --after last (the fixture source_tree, which
# every test requires: tests/CMakeLists.txt), so a file a test makes, changes
# or deletes in the source tree, ignored by git or not, fails the run; a
# build folder inside the tree is one line of its own that does not change.
# What was there before the run (a change of one's own) is not counted.
# Skips (77) where the source is not a git checkout of its own.
set -u
mode=$1 src=$2 file=$3
command -v git >/dev/null || { echo "SKIPPED: git not found: the source tree's state cannot be read"; exit 77; }
top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)
if [ -z "$top" ] || [ "$(cd "$top" && pwd -P)" != "$(cd "$src" && pwd -P)" ]; then
    echo "SKIPPED: $src is not a git checkout (an unpacked source): nothing to compare"
    exit 77
fi
# every path git does not hold as committed, ignored ones too, and a
# checksum of each such file, so a file rewritten between the two looks counts
state() {
    git -C "$src" status --porcelain=v1 --untracked-files=all --ignored=matching -z |
        tr '\0' '\n' | LC_ALL=C sort | while IFS= read -r line; do
            path=${line:3}
            sum=-
            [ -f "$src/$path" ] && sum=$(cksum <"$src/$path")
            printf '%s\t%s\n' "$line" "$sum"
        done
}
case "$mode" in
--before)
    state >"$file"
    echo "the source tree's state noted: $(wc -l <"$file") paths not as committed (build folders among them)"
    ;;
--after)
    [ -f "$file" ] || { echo "FAIL: $file is missing: source_tree_before did not run"; exit 1; }
    new=$(LC_ALL=C comm -13 "$file" <(state))
    if [ -n "$new" ]; then
        echo "FAIL: the tests wrote into the source tree $src (write into the build folder or a temporary one):"
        printf '%s\n' "$new" | cut -f1 | sed 's/^/    /'
        exit 1
    fi
    echo "the source tree is as it was before the tests"
    ;;
*)
    echo "usage: $0 --before|--after SOURCE_DIR FILE" >&2
    exit 2
    ;;
esac
