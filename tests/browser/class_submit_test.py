#!/usr/bin/env python3
"""class_submit_test.py — the students' kernels in a real browser.

`reducevis class` (loopback, RV_TRACE_WITHOUT_GPU=1: check compiles in the
sandbox where no GPU is) and headless Chromium with the teacher's page and
one student's, each in a context of its own.  Checked: the student's page
shows "Your kernel" with exercise 1's starting file in the editor
(CodeMirror where the build embedded it: line numbers and coloured
keywords); the student breaks a line and submits; the page shows nvcc's
message at that line; the teacher's page lists the kernel and its board
shows the student; no script error and no request off the server (the
page's security policy holds).  In English and Chinese; screenshots go to
OUTDIR.  Without bubblewrap or the tracer the kernel part cannot run: SKIPPED.

Before it, without a GPU or a sandbox: a class resumed with a judged kernel
of the student's placed in its folder (the bundled trace of my_reduce, its
speed in submissions.jsonl): the student's page shows the speed line (ms,
GB/s, % of v8) and the link to the trace beside v1 (exercise 1's), which
opens a lesson page of that trace; the teacher's row shows the % and the
same link; no script error on any of the pages.  And a class resumed
opens a student's page on the exercise of the last kernel they sent, with
that kernel in the editor.

Usage: class_submit_test.py path/to/reducevis [OUTDIR]
Exit 0 pass, 1 fail, 77 skipped.
"""
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "class"))
import cdp  # noqa: E402
from serve import Checks, Class  # noqa: E402
from lesson_test import errors  # noqa: E402
import submit_test  # noqa: E402

check = Checks()

KERNEL = """(() => {
  const k = document.getElementById('rv-kernel'), cm = k && k.querySelector('.CodeMirror');
  const out = document.getElementById('rv-output');
  return { shown: !!k && !k.hidden, code: cm ? cm.CodeMirror.getValue() : (document.getElementById('rv-editor') || {}).value,
           codemirror: !!cm, numbers: k ? k.querySelectorAll('.CodeMirror-linenumber').length : 0,
           keywords: k ? k.querySelectorAll('.cm-keyword, .cm-type').length : 0,
           status: k ? (k.querySelector('.status') || {}).textContent : '', output: out ? out.textContent : '',
           rows: k ? k.querySelectorAll('table.submissions tr').length : 0,
           board: k ? k.querySelectorAll('.board .chip').length : 0, note: k ? k.querySelector('.note').textContent : '' };
})()"""


def kernel(b, sid):
    b.session = sid
    return b.eval(KERNEL)


def wait_for(b, sid, cond, what, timeout=30):
    deadline = time.time() + timeout
    s = None
    while time.time() < deadline:
        s = kernel(b, sid)
        if cond(s):
            return s
        time.sleep(0.3)
    check(False, "%s (last seen: %s)" % (what, json.dumps(s, ensure_ascii=False)[:600]))
    return s


def one(exe, chrome, lang, outdir, start):
    c = Class(exe, "--version", "v0", "--lang", lang, env=dict(os.environ, RV_TRACE_WITHOUT_GPU="1"))
    b = None
    try:
        b = cdp.Browser(chrome, width=1280, height=1400, loopback=True)
        base = "http://127.0.0.1:%d" % c.port
        teacher = b.open_isolated_page()
        b.navigate(base + "/teacher?k=" + c.secret)
        student = b.open_isolated_page()
        since = len(b.events)
        b.navigate(base + "/#code=" + c.code)
        b.eval("document.getElementById('rv-name').value = 'Ann'; document.getElementById('rv-join').click(); 1")
        s = wait_for(b, student, lambda s: s["shown"] and s["code"] == start,
                     lang + ": the student's page has exercise 1's starting file in the editor")
        check(s["codemirror"] and s["numbers"] > 10 and s["keywords"] > 3,
              lang + ": in CodeMirror, with line numbers and coloured keywords: %s" % {k: s[k] for k in
                                                                                      ("codemirror", "numbers", "keywords")})
        line = next(i for i, x in enumerate(start.split("\n")) if "unsigned int tid" in x)
        b.eval("(() => { const cm = document.querySelector('#rv-kernel .CodeMirror').CodeMirror;"
               " cm.replaceRange('    unsigned int tid = not_declared_here;', {line: %d, ch: 0}, {line: %d});"
               " document.getElementById('rv-submit').click(); return 1; })()" % (line, line))
        s = wait_for(b, student, lambda s: "not_declared_here" in s["output"],
                     lang + ": nvcc's message comes back to the page", timeout=240)
        check("(%d)" % (line + 1) in s["output"], lang + ": at the student's line %d" % (line + 1))
        said = {"en": "does not compile", "zh": "\u65e0\u6cd5\u7f16\u8bd1"}[lang]   # check's words, in the class's language
        check(said in s["output"], lang + ": check speaks the class's language (%r)" % said)
        b.screenshot(os.path.join(outdir, "class-%s-student-kernel.png" % lang))
        t = wait_for(b, teacher, lambda s: s["rows"] >= 1 and s["board"] >= 1,
                     lang + ": the teacher's page lists the kernel and its board shows the student")
        b.session = teacher
        b.screenshot(os.path.join(outdir, "class-%s-teacher-kernels.png" % lang))
        bad = errors(b, since)
        check(not bad, lang + ": no script error or policy violation: %s" % bad[:3])
    except cdp.BrowserError as e:
        if b is None:
            raise
        check(False, lang + ": " + str(e))
    finally:
        if b:
            b.close()
        c.stop()


JUDGED = """(() => {
  const sp = document.getElementById('rv-speed'), a = document.getElementById('rv-trace');
  const v = document.getElementById('rv-trace-version'), share = document.querySelector('#rv-kernel td.share');
  const look = document.querySelector('#rv-kernel td.look a');
  return { speed: sp && !sp.hidden ? sp.textContent : '', href: a && !a.parentNode.hidden ? a.getAttribute('href') : '',
           version: v ? v.value : '', share: share ? share.textContent : '', look: look ? look.getAttribute('href') : '' };
})()"""


def joined_killed_resumed(exe, c, b, name, env, place):
    """A student (name) joins class c in browser b; the class is killed, its
    folder given judged kernels by place(out, student's number), and resumed
    with the student's token back in the browser.  The resumed class, and
    how many browser events came before its page."""
    import signal
    b.navigate("http://127.0.0.1:%d/#code=%s" % (c.port, c.code))
    b.eval("document.getElementById('rv-name').value = %s; document.getElementById('rv-join').click(); 1"
           % json.dumps(name))
    saved = None
    for _ in range(50):
        saved = b.eval("localStorage.getItem('rv-class')")
        if saved and "token" in saved:
            break
        time.sleep(0.2)
    c.proc.send_signal(signal.SIGKILL)
    c.proc.wait(30)
    with open(c.answers) as f:
        who = [e["student"] for e in map(json.loads, f.read().splitlines()) if e.get("event") == "join"][0]
    place(c.out, who)
    c = Class(exe, "--version", "v0", "--resume", c.out, out=c.out, env=env)
    base = "http://127.0.0.1:%d" % c.port
    since = len(b.events)
    b.navigate(base + "/")   # the resumed class's own address: the token kept there again
    b.eval("localStorage.setItem('rv-class', %s); 1" % json.dumps(saved))
    b.navigate(base + "/")
    return c, since


def judged(exe, chrome, outdir, src):
    env = dict(os.environ, LANGUAGE="en")
    c = Class(exe, "--version", "v0", env=env)
    b = cdp.Browser(chrome, width=1280, height=1400, loopback=True)
    try:
        student = b.open_isolated_page()
        box = {}
        c, since = joined_killed_resumed(exe, c, b, "Ann", env, lambda out, ann: box.update(
            ms=submit_test.place_kernels(exe, src, out, ann, ann + 1, upto=1)))
        ms, base = box["ms"], "http://127.0.0.1:%d" % c.port
        deadline, s = time.time() + 30, {}
        while time.time() < deadline and not (s.get("speed") and s.get("href")):
            s = b.eval(JUDGED)
            time.sleep(0.3)
        check("%.4f ms" % ms in s.get("speed", "") and "2877.7 GB/s" in s["speed"] and "74%" in s["speed"]
              and "v8" in s["speed"], "the student's page: the speed line: %s" % s.get("speed"))
        check(s.get("href", "").startswith("/submissions/1/trace?v=v1&t=") and s["version"] == "v1",
              "and the link to the trace beside v1, exercise 1's: %s" % s.get("href"))
        b.screenshot(os.path.join(outdir, "class-en-student-judged.png"))
        teacher = b.open_isolated_page()
        b.navigate(base + "/teacher?k=" + c.secret)
        deadline, t = time.time() + 30, {}
        while time.time() < deadline and not t.get("share"):
            t = b.eval(JUDGED)
            time.sleep(0.3)
        check(t.get("share") == "74% of v8" and t.get("look", "").startswith("/submissions/1/trace?v=v1&k="),
              "the teacher's row: %% of v8 and the trace's link: %s" % t)
        b.session = student
        b.navigate(base + s["href"])
        deadline, title = time.time() + 240, ""
        while time.time() < deadline and not title.startswith("Compare"):
            time.sleep(2)
            b.navigate(base + s["href"])
            title = b.eval("document.title")
        check(title.startswith("Compare my_reduce.cu vs v1"), "the link opens the lesson page of the trace: %s" % title)
        b.screenshot(os.path.join(outdir, "class-en-student-trace.png"))
        bad = errors(b, since)
        check(not bad, "no script error or policy violation: %s" % bad[:3])
    finally:
        b.close()
        c.stop()


def resumed_editor(exe, chrome):
    """A class resumed: the student's page opens on the exercise of the last
    kernel they sent (3 here), with that kernel in the editor, not a start
    file."""
    env = dict(os.environ, LANGUAGE="en")
    c = Class(exe, "--version", "v0", env=env)
    b = cdp.Browser(chrome, width=1280, height=1000, loopback=True)
    try:
        b.open_isolated_page()
        c, _ = joined_killed_resumed(exe, c, b, "Bo", env, lambda out, bo: submit_test.place_kernels(
            exe, os.path.join(HERE, "..", ".."), out, bo, bo + 1, upto=1, exercise=3))
        got, deadline = {}, time.time() + 30
        probe = """(() => { const e = document.getElementById('rv-exercise'), cm = document.querySelector('.CodeMirror');
          const t = cm && cm.CodeMirror ? cm.CodeMirror.getValue() : (document.getElementById('rv-editor') || {}).value;
          return { exercise: e ? e.value : '', text: t || '' }; })()"""
        while time.time() < deadline and "// kernel 1" not in got.get("text", ""):
            got = b.eval(probe)
            time.sleep(0.3)
        check(got.get("exercise") == "3" and got.get("text", "").startswith("// kernel 1"),
              "resumed, the student's page opens on exercise 3 with the kernel they sent last: %s" % got)
    finally:
        b.close()
        c.stop()


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 1
    chrome = cdp.find_chromium()
    if not chrome:
        print("SKIPPED: no Chromium (install Debian's chromium package)")
        return 77
    outdir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="rv-submit-shots-")
    os.makedirs(outdir, exist_ok=True)
    src = os.path.join(HERE, "..", "..")
    try:
        judged(sys.argv[1], chrome, outdir, src)
        resumed_editor(sys.argv[1], chrome)
    except cdp.BrowserError as e:
        print("SKIPPED: Chromium cannot run here: %s" % e)
        return 77
    if not shutil.which("bwrap") or not os.path.exists(os.path.join(os.path.dirname(sys.argv[1]), "librvtracer.so")):
        print("SKIPPED: the kernel's part: no bubblewrap or no tracer: no kernel can be compiled here")
        return 77 if not check.failed else 1
    start = open(os.path.join(src, "docs/exercises/1-converge/start.cu")).read()
    try:
        for lang in ("en", "zh"):
            one(sys.argv[1], chrome, lang, outdir, start)
    except cdp.BrowserError as e:
        print("SKIPPED: Chromium cannot run here: %s" % e)
        return 77
    return check.report("; screenshots in %s" % outdir)


if __name__ == "__main__":
    sys.exit(main())
