#!/usr/bin/env bash
# catches_broken_link.sh — the link guard must refuse a broken link: copy the
# tracked Markdown pages into a folder that is no git tree (the pictures and
# sources they point at stay behind, so only the new page's lines count), add to docs/ a page with a missing file, a missing heading and a
# missing heading of another page, and links that must hold (a Chinese
# heading, a second heading of the same name, a link inside code), and expect
# doc_links.py to name exactly the three broken lines.
set -u
root=${1:?usage: catches_broken_link.sh SOURCE_ROOT}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && find README*.md docs -name '*.md' -print0 | xargs -0 cp --parents -t "$tmp")
cat >"$tmp/docs/zz-links.md" <<'MD'
# 全班一起作答：`reducevis class`

## Options

## Options

[fine](#全班一起作答reducevis-class) [second](#options-1) [readme](../README.md)
`[in code](nowhere.md)`
[gone](no-such-page.md)
[no heading](#no-such-heading)
[other page](guide.md#no-such-heading-there)
MD
out=$(python3 "$here/doc_links.py" "$tmp" 2>&1)
status=$?
echo "$out"
want="docs/zz-links.md:9: no-such-page.md (no such file)
docs/zz-links.md:10: #no-such-heading (no such heading in docs/zz-links.md)
docs/zz-links.md:11: guide.md#no-such-heading-there (no such heading in docs/guide.md)"
got=$(grep '^docs/zz-links.md:' <<<"$out")
if [ $status -ne 1 ] || [ "$got" != "$want" ]; then
    echo "FAIL: the guard (exit $status) said:"; echo "$got"; echo "where it should say:"; echo "$want"
    exit 1
fi
echo "ok: the link guard refuses a missing page and missing headings, and keeps GitHub's anchors"
