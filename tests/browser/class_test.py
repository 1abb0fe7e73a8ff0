#!/usr/bin/env python3
"""class_test.py — a live class in a real browser: three students and the teacher.

`reducevis class --version v0 --no-window` serves on loopback; headless
Chromium opens four pages, each in a browser context of its own (its own
storage, as four people's browsers): the teacher's page (with the secret)
and three students, who join with the code from the address (#code=...)
and a name (one in Chinese characters, one anonymous).  Checked: every
page follows the teacher's step; the students answer, the teacher's page
counts them live and shows the spread before the reveal, the students'
pages do not, and hold no answer; after the reveal each student sees right
or wrong, the class's spread and the answer (fetched only then), and the count of right answers on
the teacher's page agrees with the verdicts; Next moves every page; a
student who reloads is still joined and at the class's step.  Run in
English and in Chinese; screenshots go to OUTDIR (look at them).

Usage: class_test.py path/to/reducevis [OUTDIR]
Exit 0 pass, 1 fail, 77 skipped (no Chromium, or it cannot start here).
"""
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "class"))
import cdp  # noqa: E402
from serve import Checks, Class  # noqa: E402

check = Checks()


PANEL = """(() => {
  const cur = document.querySelector('#rv-steps .step.current');
  const p = document.getElementById('rv-class');
  const vis = e => e && !e.hidden && getComputedStyle(e).display !== 'none';
  const img = cur ? [...cur.querySelectorAll('img')].find(i => getComputedStyle(i).display !== 'none') : null;
  return { pos: cur ? +cur.dataset.pos : -1, status: p.querySelector('.status').textContent,
           counts: p.querySelector('.counts').textContent, verdict: p.querySelector('.verdict').textContent,
           verdictClass: p.querySelector('.verdict').className, joinShown: vis(p.querySelector('form')),
           answerShown: vis(document.getElementById('rv-answer').parentNode),
           bars: vis(p.querySelector('.bars')) ? [...p.querySelectorAll('.bars .count')].map(e => +e.textContent) : null,
           revealed: cur ? cur.classList.contains('revealed') : false, img: img ? img.className : '',
           answers: document.querySelectorAll('#rv-steps .answer, #rv-steps img.answer-part').length,
           lang: document.documentElement.lang };
})()"""


def state(b, sid):
    b.session = sid
    return b.eval(PANEL)


def wait_for(b, sid, cond, what, timeout=20):
    deadline = time.time() + timeout
    s = None
    while time.time() < deadline:
        s = state(b, sid)
        if cond(s):
            return s
        time.sleep(0.2)
    check(False, "%s (last seen: %s)" % (what, json.dumps(s, ensure_ascii=False)))
    return s


def shot(b, sid, path):
    b.session = sid
    b.eval("Promise.all([...document.querySelectorAll('#rv-steps .step.current img')].map(i => i.decode())).then(() => 1)")
    b.screenshot(path)


def lesson(exe, chrome, lang, outdir):
    c = Class(exe, "--version", "v0", "--lang", lang)
    b = None
    try:
        b = cdp.Browser(chrome, width=1280, height=900, loopback=True)
        b.call("Browser.getVersion", session=False)
        base = "http://127.0.0.1:%d" % c.port
        teacher = b.open_isolated_page()
        b.navigate(base + "/teacher?k=" + c.secret)
        wait_for(b, teacher, lambda s: s["counts"] and s["pos"] == 0, lang + ": the teacher's page follows the class")
        names = ["Ann", "\u6ce2\u6ce2", ""]   # 波波, and one who gives no name
        students = []
        for name in names:
            sid = b.open_isolated_page()
            b.navigate(base + "/#code=" + c.code)
            b.eval("document.getElementById('rv-name').value = %s; document.getElementById('rv-join').click(); 1"
                   % json.dumps(name))
            s = wait_for(b, sid, lambda s: s["answerShown"], lang + ": student %r joins and is asked" % name)
            check(not s["joinShown"] and s["pos"] == 0, lang + ": joined, at the class's step")
            check(name in s["status"] if name else s["status"] != "", lang + ": the page says who: %r" % s["status"])
            students.append(sid)
        check(state(b, teacher)["lang"] == ("zh-CN" if lang == "zh" else "en"), lang + ": the page's language")
        # answers: two say 1, one says 2 (whatever is right, the verdicts must agree with the count)
        for sid, a in zip(students, ["1", "1", "2"]):
            b.session = sid
            b.eval("document.getElementById('rv-answer').value = '%s'; document.getElementById('rv-send').click(); 1" % a)
        t = wait_for(b, teacher, lambda s: s["bars"] and sum(s["bars"]) == 3,
                     lang + ": the teacher sees the three answers live, before the reveal")
        check(t["bars"] == [2, 1], lang + ": the spread is 2 and 1: %s" % t["bars"])
        s0 = state(b, students[0])
        check(s0["bars"] is None and not s0["revealed"], lang + ": a student sees no spread before the reveal")
        check(s0["answers"] == 0, lang + ": a student's page holds no answer before the reveal (%d)" % s0["answers"])
        shot(b, teacher, os.path.join(outdir, "class-%s-teacher-answers.png" % lang))
        shot(b, students[1], os.path.join(outdir, "class-%s-student-question.png" % lang))
        b.session = teacher
        b.eval("document.getElementById('rv-t-reveal').click(); 1")
        rights = 0
        for sid in students:
            s = wait_for(b, sid, lambda s: s["revealed"] and s["verdict"], lang + ": the reveal reaches every student")
            s = wait_for(b, sid, lambda s: s["img"] == "answer-part", lang + ": the answer's frame arrives")
            check(s["bars"] and sum(s["bars"]) == 3 and s["answers"] == 2,
                  lang + ": after the reveal: the spread, and this step's answer (frame and words) only")
            rights += "right" in s["verdictClass"]
        t = wait_for(b, teacher, lambda s: s["revealed"], lang + ": the teacher's page is revealed")
        check(("%d" % rights) in t["counts"], lang + ": the teacher's count of right answers (%d) agrees: %s"
              % (rights, t["counts"]))
        shot(b, students[1], os.path.join(outdir, "class-%s-student-revealed.png" % lang))
        shot(b, teacher, os.path.join(outdir, "class-%s-teacher-revealed.png" % lang))
        b.session = teacher
        b.eval("document.getElementById('rv-t-next').click(); 1")
        for sid in students:
            wait_for(b, sid, lambda s: s["pos"] == 1 and s["answerShown"], lang + ": Next moves every student")
        b.session = students[0]
        since = len(b.events)
        b.call("Page.reload", {"ignoreCache": True})
        b.wait_event("Page.loadEventFired", since)
        s = wait_for(b, students[0], lambda s: s["pos"] == 1 and "Ann" in s["status"],
                     lang + ": a student who reloads is still joined, at the class's step")
        check(not s["joinShown"], lang + ": and is not asked to join again")
    except cdp.BrowserError as e:
        if b is None or "did not answer" in str(e) or "closed the pipe" in str(e):
            raise
        check(False, lang + ": " + str(e))
    finally:
        if b:
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
    outdir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="rv-class-shots-")
    os.makedirs(outdir, exist_ok=True)
    try:
        for lang in ("en", "zh"):
            lesson(sys.argv[1], chrome, lang, outdir)
    except cdp.BrowserError as e:
        print("SKIPPED: Chromium cannot run here: %s" % e)
        return 77
    return check.report("; screenshots in %s" % outdir)


if __name__ == "__main__":
    sys.exit(main())
