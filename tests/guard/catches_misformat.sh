#!/usr/bin/env bash
# catches_misformat.sh — the format guard fails on a file laid out otherwise:
# a copy of a formatted source with one line re-indented and one brace moved
# is refused, and the same copy put back by clang-format passes.
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src"
cp "$src/.clang-format" "$tmp/"
cp "$src/src/core/hash.c" "$tmp/src/hash.c"
sed -i 's/^    const unsigned char \*p = data;/  const unsigned char *p = data;/; s/^uint64_t rv_hash(uint64_t h, const void \*data, size_t len)$/uint64_t rv_hash(uint64_t h, const void *data, size_t len) {/' "$tmp/src/hash.c"
cmp -s "$tmp/src/hash.c" "$src/src/core/hash.c" && { echo "FAIL: the test could not disturb hash.c's layout"; exit 1; }
if "$src/tests/guard/format.sh" "$tmp" src/hash.c >"$tmp/out" 2>&1; then
    echo "FAIL: the format guard passed a re-indented file"; cat "$tmp/out"; exit 1
fi
grep -q "src/hash.c is out of format" "$tmp/out" || { echo "FAIL: the refusal does not name the file"; cat "$tmp/out"; exit 1; }
cp "$src/src/core/hash.c" "$tmp/src/hash.c"
"$src/tests/guard/format.sh" "$tmp" src/hash.c >"$tmp/out" 2>&1 || { echo "FAIL: the guard refused the file as committed"; cat "$tmp/out"; exit 1; }
echo "catches_misformat: refused and named the re-indented file, passed it as committed"
