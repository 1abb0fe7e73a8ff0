#!/usr/bin/env python3
"""doc_links.py ROOT — fails when a relative link or picture in the READMEs
or docs/*.md points at a file that is not there, or at a heading (#anchor)
the page does not have (GitHub's way of making a heading an anchor: lower
case, spaces to dashes, punctuation dropped).  Exit 0 clean, 1 broken links
(each printed as FILE:LINE: link), 2 bad use."""
import os
import re
import sys

LINK = re.compile(r'!?\[[^\]]*\]\(([^)\s]+)\)')
FENCE = re.compile(r'^(```|~~~)')


def anchors(path, cache={}):
    if path not in cache:
        found, fenced = set(), False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                elif not fenced and line.startswith("#"):
                    title = line.lstrip("#").strip().lower()
                    title = re.sub(r"[^\w\- ]", "", title)
                    found.add(title.replace(" ", "-"))
        cache[path] = found
    return cache[path]


def pages(root):
    for name in ("README.md", "README.zh-CN.md"):
        yield os.path.join(root, name)
    for dirpath, _, files in os.walk(os.path.join(root, "docs")):
        for f in sorted(files):
            if f.endswith(".md"):
                yield os.path.join(dirpath, f)


def main():
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], "README.md")):
        print("usage: doc_links.py SOURCE_ROOT", file=sys.stderr)
        return 2
    root, bad, seen = sys.argv[1], [], 0
    for page in pages(root):
        fenced = False
        with open(page, encoding="utf-8") as f:
            for no, line in enumerate(f, 1):
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                if fenced:
                    continue
                for url in LINK.findall(line):
                    if re.match(r"^[a-z]+:", url):
                        continue
                    seen += 1
                    path, _, anchor = url.partition("#")
                    target = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                    rel = os.path.relpath(page, root)
                    if not os.path.exists(target):
                        bad.append(f"{rel}:{no}: {url} (no such file)")
                    elif anchor and target.endswith(".md") and anchor not in anchors(target):
                        bad.append(f"{rel}:{no}: {url} (no such heading)")
    for b in bad:
        print(b)
    if bad:
        print(f"doc_links.py: {len(bad)} broken link(s) of {seen}")
        return 1
    print(f"doc_links.py: {seen} links, each to a file and heading that exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
