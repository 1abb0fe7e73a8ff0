#!/usr/bin/env python3
"""doc_links.py ROOT — fails when a relative link or picture of a tracked
Markdown file (README*.md, docs/, tests/, po/, packaging/, fonts/: every .md
git tracks there or would add, ignored files aside; every .md under those
where ROOT is no git tree) points at a file that is not there, or at a
heading (#anchor) the page does not have.

Anchors follow GitHub's rule, since GitHub is where the pages are read:
the heading's text (links and markup reduced to their words) in lower case,
every character that is not a letter, a digit, a space, '-' or '_' dropped
(Chinese characters are letters and stay; '：' and '（' go), spaces made
'-', and a second heading of the same anchor given '-1', a third '-2'.
An HTML anchor (<a name="x">, id="x") counts too.

Exit 0 clean, 1 broken links (each printed as FILE:LINE: link (why)),
2 bad use."""
import os
import re
import subprocess
import sys

LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
REFDEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$')
HTMLREF = re.compile(r'<(?:a|img)\b[^>]*?\b(?:href|src)="([^"]+)"', re.I)
HTMLID = re.compile(r'<[a-z]+\b[^>]*?\b(?:name|id)="([^"]+)"', re.I)
FENCE = re.compile(r'^\s{0,3}(```|~~~)')
CODE = re.compile(r'(`+)(.+?)\1')
DIRS = ("docs", "tests", "po", "packaging", "fonts")


def slug(title):
    """GitHub's anchor of a heading's text."""
    title = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', title)  # a link: its words
    title = re.sub(r'<[^>]+>', '', title)                       # an HTML tag: nothing
    title = title.strip().lower()
    title = re.sub(r'[^\w\- ]', '', title)                      # \w: Unicode letters too
    return title.replace(' ', '-')


def lines_outside_code(path):
    """(number, line) of each line not in a fenced block, code spans blanked."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield no, line


def anchors(path, cache={}):
    if path not in cache:
        found, count = set(), {}
        for _, line in lines_outside_code(path):
            for name in HTMLID.findall(line):
                found.add(name)
            m = re.match(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$', line)
            if not m:
                continue
            base = slug(m.group(2))
            n = count.get(base, 0)
            count[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def pages(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard", "--", "*.md"],
                             capture_output=True, check=True).stdout.decode()
        tracked = [p for p in out.split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        tracked = None
    if tracked is None or not tracked:
        tracked = [f for f in os.listdir(root) if f.endswith(".md")]
        for d in DIRS:
            for dirpath, _, files in os.walk(os.path.join(root, d)):
                tracked += [os.path.relpath(os.path.join(dirpath, f), root)
                            for f in files if f.endswith(".md")]
    for rel in sorted(tracked):
        top = rel.split("/")[0]
        if (top.startswith("README") and "/" not in rel) or top in DIRS:
            if os.path.isfile(os.path.join(root, rel)):
                yield os.path.join(root, rel)


def links(line):
    plain = CODE.sub(lambda m: " " * len(m.group(0)), line)
    yield from LINK.findall(plain)
    yield from HTMLREF.findall(plain)
    m = REFDEF.match(plain)
    if m:
        yield m.group(1)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: doc_links.py SOURCE_ROOT", file=sys.stderr)
        return 2
    root, bad, seen, files = sys.argv[1], [], 0, 0
    for page in pages(root):
        files += 1
        rel = os.path.relpath(page, root)
        for no, line in lines_outside_code(page):
            for url in links(line):
                if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url) or url.startswith("//"):
                    continue  # another site, or mailto: — not ours to check
                seen += 1
                path, _, anchor = url.partition("#")
                target = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                if not os.path.exists(target):
                    bad.append(f"{rel}:{no}: {url} (no such file)")
                elif anchor and target.endswith(".md") and anchor not in anchors(target):
                    bad.append(f"{rel}:{no}: {url} (no such heading in {os.path.relpath(target, root)})")
    for b in bad:
        print(b)
    if bad:
        print(f"doc_links.py: {len(bad)} broken link(s) of {seen} in {files} files")
        return 1
    if files == 0:
        print(f"doc_links.py: no Markdown file found under {root}", file=sys.stderr)
        return 2
    print(f"doc_links.py: {seen} links in {files} files, each to a file and heading that exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
