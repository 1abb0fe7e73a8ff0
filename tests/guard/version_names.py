#!/usr/bin/env python3
"""version_names.py ROOT — fails when code outside the version table names a
version.

Per-version knowledge lives in one row of the version table (src/core/versions.c);
the kernels (kernels/) and the model's per-version functions (src/model/v*.c)
are that version's own files.  Anywhere else under ROOT/src, naming a version
(a string literal holding a version's name, such as "v8", or an id macro
such as RV_V9) means a fact has leaked out of the table: ask the row instead.
Comments may name versions; code may not.  Version names are read from the
table itself, so a new row is guarded without touching this script.
Exit status: 0 clean, 1 names found (each printed as FILE:LINE), 2 bad use.
"""
import os
import re
import sys

EXEMPT = re.compile(r"^src/(core/versions\.c|model/v[^/]*\.c)$")
SOURCE = re.compile(r"\.(c|h|cu|cuh)$")
TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.S)
ID_MACRO = re.compile(r"\bRV_V[0-9]\w*")


def names(root):
    table = os.path.join(root, "src", "core", "versions.c")
    with open(table, encoding="utf-8") as f:
        found = re.findall(r'\.name\s*=\s*"([^"]+)"', f.read())
    if not found:
        sys.exit(f"version_names.py: no version names found in {table}")
    return found


def code_only(text):
    """The text with comments blanked (newlines kept) and string literals kept."""
    def blank(m):
        s = m.group(0)
        return s if s[0] in "\"'" else re.sub(r"[^\n]", " ", s)
    return TOKEN.sub(blank, text)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    words = names(root)
    named = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, words)) + r")(?![A-Za-z0-9_])")
    hits = []
    for base, _, files in os.walk(os.path.join(root, "src")):
        for name in sorted(files):
            path = os.path.join(base, name)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            if not SOURCE.search(name) or EXEMPT.match(rel):
                continue
            with open(path, encoding="utf-8") as f:
                code = code_only(f.read())
            for m in TOKEN.finditer(code):
                lit = m.group(0)
                if lit[0] == '"' and named.search(lit):
                    line = code.count("\n", 0, m.start()) + 1
                    hits.append(f"{rel}:{line}: names {named.search(lit).group(1)} in {lit[:60]}")
            for m in ID_MACRO.finditer(code):
                line = code.count("\n", 0, m.start()) + 1
                hits.append(f"{rel}:{line}: version id {m.group(0)}")
    for h in hits:
        print(h)
    if hits:
        print(f"{len(hits)} place(s) outside the version table name a version: make it a property of the row")
        return 1
    print(f"no code outside the version table names any of {len(words)} versions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
