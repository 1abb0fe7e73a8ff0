#!/usr/bin/env bash
# po_test.sh — the translations are complete and the strings are marked.
#   1. msgfmt --statistics: every message of po/zh_CN.po translated, none
#      fuzzy, and the formats match (--check).
#   2. The template is current: xgettext over src/ (cmake/po_template.cmake,
#      as `cmake --build build --target pot` runs it) gives the same messages
#      as po/reducevis.pot, and po/zh_CN.po has every one of them.
#   3. Nothing a person reads is left unmarked: every string in src/ with two
#      words in it is either marked (in the template) or listed, with the
#      reason, in po/untranslated.txt.
# Usage: po_test.sh SOURCE_DIR CMAKE
set -u
src=$1 cmake=$2
for t in msgfmt xgettext msgcmp; do
    command -v $t >/dev/null || { echo "SKIPPED: $t not found (install Debian's gettext package)"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# 1. complete, not fuzzy, formats right
if ! msgfmt --check --statistics -o /dev/null "$src/po/zh_CN.po" 2>"$tmp/stats"; then
    echo "FAIL: msgfmt --check rejects po/zh_CN.po:"; sed 's/^/    /' "$tmp/stats"; fail=1
fi
stats=$(grep -E 'translated message' "$tmp/stats")
echo "zh_CN.po: $stats"
case "$stats" in
    *untranslated*|*fuzzy*) echo "FAIL: po/zh_CN.po has untranslated or fuzzy messages: $stats"; fail=1 ;;
    *" translated message"*) ;;
    *) echo "FAIL: no statistics from msgfmt"; fail=1 ;;
esac

# msgids of a .po/.pot, one a line, with the file:line references before
# them ("REFS<TAB>MSGID"); plural forms count as messages too.
ids() {
    awk '
        function flush() { if (id != "") print refs "\t" id; id = ""; coll = 0 }
        /^#:/ { refs = refs " " substr($0, 4); next }
        /^msgid(_plural)? "/ { flush(); coll = 1; s = $0; sub(/^msgid(_plural)? "/, "", s); sub(/"$/, "", s); id = s; if (id == "") id = "\001"; next }
        /^"/ && coll { s = $0; sub(/^"/, "", s); sub(/"$/, "", s); if (id == "\001") id = ""; id = id s; next }
        /^msgstr/ { flush(); refs = ""; next }
        { coll = 0 }
        END { flush() }' "$1" | grep -v $'\t\001$' | grep -v $'\t$'
}

# 2. the template is current
"$cmake" -DSRC="$src" -DOUT="$tmp/now.pot" -P "$src/cmake/po_template.cmake" || { echo "FAIL: xgettext"; exit 1; }
ids "$tmp/now.pot" | cut -f2 | sort -u >"$tmp/now.ids"
ids "$src/po/reducevis.pot" | cut -f2 | sort -u >"$tmp/pot.ids"
ids "$src/po/zh_CN.po" | cut -f2 | sort -u >"$tmp/po.ids"
if ! diff -q "$tmp/now.ids" "$tmp/pot.ids" >/dev/null; then
    echo "FAIL: po/reducevis.pot is out of date (run: cmake --build build --target pot; see po/README.md):"
    diff "$tmp/pot.ids" "$tmp/now.ids" | grep '^[<>]' | sed 's/^</    only in the template:/; s/^>/    only in the sources: /' | head -20
    fail=1
fi
missing=$(comm -23 "$tmp/now.ids" "$tmp/po.ids")
if [ -n "$missing" ]; then
    echo "FAIL: po/zh_CN.po lacks messages of the sources (merge with the pot target, then translate):"
    echo "$missing" | sed 's/^/    /' | head -20
    fail=1
fi

# 3. every string with words is marked or listed
files=$(cd "$src" && find src -name '*.[ch]' | sort)
(cd "$src" && xgettext --language=C --from-code=UTF-8 --extract-all --no-wrap -o "$tmp/all.pot" $files 2>/dev/null) \
    || { echo "FAIL: xgettext --extract-all"; exit 1; }
grep -v '^#' "$src/po/untranslated.txt" | grep -v '^file ' | grep -v '^$' >"$tmp/allow.re"
grep '^file ' "$src/po/untranslated.txt" | cut -d' ' -f2 >"$tmp/allow.files"
ids "$tmp/all.pot" | while IFS=$'\t' read -r refs id; do
    grep -qxF -- "$id" "$tmp/now.ids" && continue
    printf '%s\n' "$id" | grep -qE '[A-Za-z]{2,} [A-Za-z]{2,}' || continue
    printf '%s\n' "$id" | grep -qEf "$tmp/allow.re" && continue
    other=0
    for r in $refs; do grep -qxF -- "${r%%:*}" "$tmp/allow.files" || other=1; done
    [ $other -eq 0 ] && continue
    echo "$refs: \"$id\""
done >"$tmp/unmarked"
if [ -s "$tmp/unmarked" ]; then
    echo "FAIL: strings a person may read are not marked with _() or N_() (mark them, or list them with"
    echo "      the reason in po/untranslated.txt):"
    sed 's/^/    /' "$tmp/unmarked"
    fail=1
fi
[ $fail -eq 0 ] && echo "ok: catalogue complete, template current, every string marked or listed"
exit $fail
