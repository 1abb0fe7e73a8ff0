#!/usr/bin/env bash
# usage_drift_test.sh — every command's usage names every option its table
# teaches: for each command `reducevis --help` lists (and profile-one), each
# option of `COMMAND --options` that `COMMAND --help` explains stands on the
# usage (the lines from "usage:" to the first blank one).  A usage made
# from the table (core/opts.h: words, rv_opt.usage) cannot drift; one typed
# by hand beside a table can, and this says where.
# Usage: usage_drift_test.sh path/to/reducevis
set -u
rv=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_harness.sh"
unset DISPLAY WAYLAND_DISPLAY
export SDL_VIDEODRIVER=dummy LANG=C LC_ALL=C

cmds=$("$rv" --help | awk '/^  [a-z][a-z-]+  / { print $1 }')
[ -n "$cmds" ] || { echo "FAIL: reducevis --help lists no commands"; exit 1; }
for c in $cmds profile-one; do
    "$rv" "$c" --help >"$tmp/help" 2>&1 || { check "$c --help exits 0" false; continue; }
    usage=$(sed -n '/^usage:/,/^$/p' "$tmp/help")
    check "$c --help starts with its usage" test -n "$usage"
    for o in $("$rv" "$c" --options | cut -f1 | cut -d' ' -f1 | grep -vx -- --help); do
        # taught: a line of the options' list starts with it ("  --n N", "  -o, --out DIR")
        grep -qE -- "^  (-[a-zA-Z], )?$o( |$)" "$tmp/help" || continue
        check "$c's usage names $o, which its --help teaches" grep -qE -- "(\[| |\(|\|)$o( |\]|\)|$)" <<<"$usage"
    done
done
finish usage_drift
