#!/usr/bin/env python3
"""class_shots.py — the pages of a class that ran on a GPU machine, in a real
browser: the teacher's page and three students', in English and Chinese.

tests/gpu/class_submit.sh keeps the class's folder of its GPU run
(RV_KEEP_CLASS).  The GPU machines have no browser and cannot be reached,
so the folder comes back here, and this holds the class again with
`reducevis class --resume` (a copy of it: the folder stays as the GPU left
it) and opens its pages in headless Chromium: the teacher's list and
boards (names hidden, then shown with the teacher's button), and each of
the first three students' "Your kernel" with what the GPU's check said.
Every verdict shown was made on the GPU; nothing is judged again here.

Usage: class_shots.py REDUCEVIS CLASS_DIR OUTDIR.  Exit 0 when every page
showed what the folder holds, 1 otherwise.
"""
import json
import os
import re
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "browser"))
sys.path.insert(0, os.path.join(HERE, "..", "class"))
import cdp  # noqa: E402
from serve import Checks, Class  # noqa: E402
from lesson_test import errors  # noqa: E402

check = Checks()


def lines(path):
    out = []
    for line in open(path, encoding="utf-8"):
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


def wait_text(b, element, want, timeout=30):
    deadline = time.time() + timeout
    text = ""
    while time.time() < deadline:
        text = b.eval("(document.getElementById(%s) || {}).textContent || ''" % json.dumps(element))
        if want in text:
            return text
        time.sleep(0.3)
    return text


def one(exe, chrome, lang, folder, outdir):
    copy = tempfile.mkdtemp(prefix="rv-class-shots-")
    shutil.copytree(folder, copy, dirs_exist_ok=True)
    students = [e for e in lines(os.path.join(copy, "answers.jsonl")) if e.get("event") == "join"][:3]
    subs = {}
    for e in lines(os.path.join(copy, "submissions.jsonl")):
        subs.setdefault(e["id"], {}).update(e)
    c = Class(exe, "--kernel", "v2", "--lang", lang, "--resume", copy, out=copy)
    b = cdp.Browser(chrome, width=1280, height=1500, loopback=True)
    try:
        base = "http://127.0.0.1:%d" % c.port
        since = len(b.events)
        for s in students:
            mine = [x for x in subs.values() if x.get("student") == s["student"]]
            last = max(mine, key=lambda x: x["id"]) if mine else None
            b.open_isolated_page()
            b.navigate(base + "/")
            b.eval("localStorage.setItem('rv-class', %s); 1" % json.dumps(json.dumps({"token": s["token"],
                                                                                   "code": c.code})))
            b.navigate(base + "/")
            if last:
                want = open(os.path.join(copy, "submissions", "%d.txt" % last["id"]), encoding="utf-8").read()
                # its last line (the first names the teacher's folder, which the page leaves out)
                tail = re.sub(r"/\S*/submissions/", "", [x.strip() for x in want.splitlines() if x.strip()][-1])
                shown = wait_text(b, "rv-output", tail)
                check(tail in shown, "%s: %s's page shows the GPU's output of kernel %d (%r)"
                      % (lang, s["name"], last["id"], tail[:60]))
            b.eval("document.getElementById('rv-kernel').scrollIntoView(); 1")
            b.screenshot(os.path.join(outdir, "gpu-class-%s-student-%s.png" % (lang, s["name"])))
        b.open_isolated_page()
        b.navigate(base + "/teacher?k=" + c.secret)
        rows = 0
        for _ in range(60):
            rows = b.eval("document.querySelectorAll('#rv-kernel table.submissions tr').length")
            if rows >= len(subs):
                break
            time.sleep(0.3)
        check(rows >= len(subs), "%s: the teacher's page lists all %d kernels (rows %d)" % (lang, len(subs), rows))
        b.eval("document.getElementById('rv-kernel').scrollIntoView(); 1")
        b.screenshot(os.path.join(outdir, "gpu-class-%s-teacher.png" % lang))
        # names stay hidden until the teacher's button shows them
        text = b.eval("document.getElementById('rv-kernel').textContent")
        check(not any(s["name"] in text.split() for s in students), "%s: no name before the teacher shows them" % lang)
        b.eval("document.getElementById('rv-t-names').click(); 1")
        label = students[0]["name"] + {"en": " (", "zh": "\uff08"}[lang]   # "Ann (student 3)", full-width in Chinese
        shown = wait_text(b, "rv-kernel", label, timeout=10)
        check(label in shown, "%s: the teacher's button shows the names" % lang)
        b.eval("document.getElementById('rv-kernel').scrollIntoView(); 1")
        b.screenshot(os.path.join(outdir, "gpu-class-%s-teacher-names.png" % lang))
        bad = errors(b, since)
        check(not bad, lang + ": no script error or policy violation: %s" % bad[:3])
    finally:
        b.close()
        c.stop()
        shutil.rmtree(copy, True)


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    exe, folder, outdir = sys.argv[1:]
    chrome = cdp.find_chromium()
    if not chrome:
        print("no Chromium (install Debian's chromium package)")
        return 1
    os.makedirs(outdir, exist_ok=True)
    for lang in ("en", "zh"):
        one(exe, chrome, lang, folder, outdir)
    return check.report("; screenshots in %s" % outdir)


if __name__ == "__main__":
    sys.exit(main())
