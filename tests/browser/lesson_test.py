#!/usr/bin/env python3
"""lesson_test.py — `reducevis export --html` opened in a real browser.

Writes `reducevis export --html lesson.html --version v1 --compare v2` (and
a one-version page), opens each from disk in headless Chromium, and checks
what a student would do: the page loads with no request but itself and
its embedded images (no network, no file beside it), no script error;
→, Space, ←, End and Home move the step and change the frame shown; the
timeline's buttons and the frame's own timeline jump; P plays and pauses;
hovering a shared-memory word and a lane shows the viewer's tooltip; the
address follows the step, and opening lesson.html#step=3 starts at step 3.
A student's own kernel's page (assets/traces/own) names its file, hovers "?"
for what the tracer could not see, and says "nan" nowhere.
A waves recording's page (v0's, 2^17 blocks) zooms its grid in time: the
canvas takes the PNG's place, the wheel zooms about the pointer, a drag
pans, I, O, comma, period, R and the buttons do what the viewer's keys do;
the span in words and the pixels follow, the address keeps &zoom=A-B and
opens at it; in print the PNG is back; in Chinese the words are Chinese.
Screenshots go to OUTDIR (look at them).

Usage: lesson_test.py path/to/reducevis [OUTDIR]
Exit 0 pass, 1 fail, 77 skipped (no Chromium, or it cannot start here: the
reason is printed on a SKIPPED line).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

failed = 0
passed = 0


def check(cond, what):
    global failed, passed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what, flush=True)


STATE = """(() => {
  const cur = document.querySelectorAll('#rv-steps .step.current');
  const shown = [...document.querySelectorAll('#rv-steps .step')].filter(s => getComputedStyle(s).display !== 'none');
  const img = cur.length ? [...cur[0].querySelectorAll('img')].find(i => getComputedStyle(i).display !== 'none') : null;
  let h = 0;
  if (img) for (let i = 0; i < img.src.length; i += 7) h = (h * 31 + img.src.charCodeAt(i)) | 0;
  const tip = document.getElementById('rv-tip');
  return { pos: cur.length ? +cur[0].dataset.pos : -1, current: cur.length, shown: shown.length,
           frame: h, loaded: img ? img.complete && img.naturalWidth : 0,
           label: document.getElementById('rv-pos').textContent, hash: location.hash,
           heading: cur.length ? cur[0].querySelector('h2').textContent : '',
           caption: cur.length ? cur[0].querySelector('.caption').textContent : '',
           pressed: document.getElementById('rv-play').getAttribute('aria-pressed'),
           tip: tip.hidden ? null : tip.innerText,
           visibleImgs: cur.length ? [...cur[0].querySelectorAll('img')].filter(i => getComputedStyle(i).display !== 'none').map(i => i.className) : [],
           answerShown: cur.length && cur[0].querySelector('.answer') ? getComputedStyle(cur[0].querySelector('.answer').parentNode).display !== 'none' : null,
           question: cur.length && cur[0].querySelector('.question') ? cur[0].querySelector('.question').textContent : null,
           timeline: [...document.querySelectorAll('#rv-timeline button')].findIndex(b => b.getAttribute('aria-current') === 'step') };
})()"""

KEYS = {
    "right": ("ArrowRight", "ArrowRight", 39, None),
    "left": ("ArrowLeft", "ArrowLeft", 37, None),
    "space": (" ", "Space", 32, " "),
    "home": ("Home", "Home", 36, None),
    "end": ("End", "End", 35, None),
    "p": ("p", "KeyP", 80, "p"),
    "plus": ("+", "Equal", 187, "+"),
    "a": ("a", "KeyA", 65, "a"),
    "i": ("i", "KeyI", 73, "i"),
    "o": ("o", "KeyO", 79, "o"),
    "r": ("r", "KeyR", 82, "r"),
    "period": (".", "Period", 190, "."),
    "comma": (",", "Comma", 188, ","),
}


def shot(b, path):
    """A screenshot once the current frame is decoded (images decode in the background)."""
    b.eval("Promise.all([...document.querySelectorAll('#rv-steps .step.current img')].map(i => i.decode())).then(() => 1)")
    b.screenshot(path)


def press(b, name):
    b.key(*KEYS[name])
    return b.eval(STATE)


def box_center(b, expr):
    """Viewport coordinates of the centre of a box: expr gives {x, y, w, h} in frame pixels, the
    current frame's image maps them to the page."""
    return b.eval("""(() => {
      const d = JSON.parse(document.getElementById('rv-data').textContent);
      const img = [...document.querySelectorAll('#rv-steps .step.current img')].find(i => getComputedStyle(i).display !== 'none');
      const r = img.getBoundingClientRect(), k = r.width / d.width;
      const q = (%s)(d);
      return [r.left + (q[0] + q[2] / 2) * k, r.top + (q[1] + q[3] / 2) * k];
    })()""" % expr)


def requests_outside(b, page_url, since=0):
    """Every request since event `since` but the page itself and data: URLs, and every failed load."""
    bad = []
    for e in b.events[since:]:
        m, p = e.get("method"), e.get("params", {})
        if m == "Network.requestWillBeSent":
            url = p["request"]["url"]
            if not url.startswith("data:") and url.split("#")[0] != page_url:
                bad.append(url)
        elif m == "Network.loadingFailed":
            bad.append("failed load: " + json.dumps(p)[:200])
    return bad


def errors(b, since=0):
    out = []
    for e in b.events[since:]:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.exceptionThrown":
            out.append(json.dumps(p.get("exceptionDetails", {}))[:300])
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
            out.append("console %s: %s" % (p.get("type"), json.dumps(p.get("args"))[:200]))
        elif m == "Log.entryAdded" and p.get("entry", {}).get("level") in ("error", "warning"):
            out.append("log: " + p["entry"].get("text", "")[:300])
    return out


def test_compare(b, rv, tmp, outdir):
    page = os.path.join(tmp, "lesson.html")
    r = subprocess.run([rv, "export", "--html", page, "--version", "v1", "--compare", "v2"],
                       capture_output=True, text=True)
    check(r.returncode == 0, "export --html exits 0 (got %d: %s)" % (r.returncode, r.stderr.strip()))
    check("MB" in r.stdout and "lesson.html" in r.stdout, "export --html prints the page and its size: " + r.stdout)
    url = "file://" + page
    since = len(b.events)
    b.navigate(url)
    s = b.eval(STATE)
    n = b.eval("document.querySelectorAll('#rv-steps .step').length")
    check(n >= 8, "the v1 vs v2 page has a section per aligned step (%s)" % n)
    check(s["pos"] == 0 and s["current"] == 1 and s["shown"] == 1, "opens at the first step, one shown: %s" % s)
    check(s["loaded"] == 1920, "the frame is decoded at 1920 pixels wide (%s)" % s["loaded"])
    check("1 of %d" % n in s["label"], "the position reads '... 1 of %d': %r" % (n, s["label"]))
    check(s["timeline"] == 0, "the timeline marks the first step")
    check("v1" in s["caption"] and "v2" in s["caption"], "the caption speaks of both versions: %r" % s["caption"][:200])
    shot(b, os.path.join(outdir, "compare-step1.png"))

    frames = {0: s["frame"]}
    s1 = press(b, "right")
    check(s1["pos"] == 1 and s1["shown"] == 1, "→ goes to step 2: %s" % s1["pos"])
    check(s1["frame"] != s["frame"], "→ changes the frame shown")
    check(s1["hash"] == "#step=2", "the address follows the step: %r" % s1["hash"])
    check("2 of %d" % n in s1["label"] and s1["timeline"] == 1, "label and timeline follow: %r" % s1["label"])
    frames[1] = s1["frame"]
    s2 = press(b, "space")
    check(s2["pos"] == 2 and s2["frame"] not in frames.values(), "Space goes to step 3, a new frame: %s" % s2["pos"])
    s3 = press(b, "left")
    check(s3["pos"] == 1 and s3["frame"] == frames[1], "← goes back to step 2 and its frame: %s" % s3["pos"])
    s4 = press(b, "end")
    check(s4["pos"] == n - 1 and s4["hash"] == "#step=%d" % n, "End goes to the last step: %s" % s4["pos"])
    s5 = press(b, "right")
    check(s5["pos"] == n - 1, "→ at the last step stays there")
    s6 = press(b, "home")
    check(s6["pos"] == 0 and s6["frame"] == frames[0], "Home goes to the first step and its frame")

    # The timeline's fourth button, clicked.
    x, y = b.eval("""(() => { const r = document.querySelectorAll('#rv-timeline button')[3].getBoundingClientRect();
                     return [r.left + r.width / 2, r.top + r.height / 2]; })()""")
    b.click(x, y)
    s7 = b.eval(STATE)
    check(s7["pos"] == 3, "clicking the timeline's 4th button goes to step 4: %s" % s7["pos"])

    # The frame's own timeline, clicked on its 6th box.
    x, y = box_center(b, "d => d.timeline.slice(20, 24)")
    b.click(x, y)
    s8 = b.eval(STATE)
    check(s8["pos"] == 5, "clicking the frame's timeline at its 6th box goes to step 6: %s" % s8["pos"])

    # Hover: a shared-memory word of the left pane, then a lane of the right pane.
    x, y = box_center(b, "d => d.panes[0].cells.slice(4 * 2, 4 * 2 + 4)")
    b.mouse("mouseMoved", x, y)
    s9 = b.eval(STATE)
    check(s9["tip"] is not None and s9["tip"].startswith("smem[2]") and "bank 2" in s9["tip"],
          "hovering word 2 shows its tooltip: %r" % s9["tip"])
    shot(b, os.path.join(outdir, "compare-hover-word.png"))
    x, y = box_center(b, "d => d.panes[1].lanes.slice(4 * 33, 4 * 33 + 4)")
    b.mouse("mouseMoved", x, y)
    s10 = b.eval(STATE)
    check(s10["tip"] is not None and s10["tip"].startswith("thread 33") and "warp 1" in s10["tip"],
          "hovering thread 33 of v2 shows its tooltip: %r" % s10["tip"])
    b.mouse("mouseMoved", 2, 2)
    check(b.eval(STATE)["tip"] is None, "the tooltip goes away off the frame")

    # Play, faster, and pause.
    press(b, "home")
    for _ in range(3):
        press(b, "plus")   # 1 -> 8 steps a second
    sp = press(b, "p")
    check(sp["pressed"] == "true", "P starts playing")
    time.sleep(0.9)
    sq = press(b, "p")
    check(sq["pressed"] == "false" and sq["pos"] >= 2, "playing moved on by itself (step %d), P pauses" % (sq["pos"] + 1))
    time.sleep(0.4)
    check(b.eval(STATE)["pos"] == sq["pos"], "paused: the step stays")

    # Opened at #step=3, as a teacher's link would.
    b.navigate("about:blank")
    b.navigate(url + "#step=3")
    s11 = b.eval(STATE)
    check(s11["pos"] == 2 and s11["shown"] == 1 and "3 of %d" % n in s11["label"],
          "opening #step=3 shows step 3: %s %r" % (s11["pos"], s11["label"]))
    shot(b, os.path.join(outdir, "compare-step3.png"))

    # At s=4 (step 4), hovering a word of v1 in a bank conflict says so: the README's picture.
    b.navigate("about:blank")
    b.navigate(url + "#step=4")
    word = b.eval("""(() => {
      const d = JSON.parse(document.getElementById('rv-data').textContent);
      const tips = d.tips[3][0][0];
      return tips.findIndex(t => t && t.some(k => /8-way bank conflict this step/.test(d.strings[k])));
    })()""")
    check(word >= 0, "at s=4 a word of v1 is in an 8-way bank conflict (%s)" % word)
    x, y = box_center(b, "d => d.panes[0].cells.slice(4 * %d, 4 * %d + 4)" % (word, word))
    b.mouse("mouseMoved", x, y)
    s12 = b.eval(STATE)
    check(s12["tip"] is not None and "8-way bank conflict" in s12["tip"], "its tooltip says so: %r" % s12["tip"])
    shot(b, os.path.join(outdir, "compare-step4-conflict.png"))

    bad = requests_outside(b, url, since)
    check(not bad, "no request but the page and its data: images: %s" % bad[:5])
    errs = errors(b, since)
    check(not errs, "no script error or warning: %s" % errs[:5])
    seen = [e for e in b.events[since:] if e.get("method") == "Network.requestWillBeSent"]
    check(any(e["params"]["request"]["url"] == url for e in seen), "the page's own load was seen (the log works)")


def export_and_open(b, rv, page, args, what, anchor):
    """`reducevis export --html page args...`, then the page opened at anchor: its URL and the index of
    the browser's first event since."""
    r = subprocess.run([rv, "export", "--html", page] + args, capture_output=True, text=True)
    check(r.returncode == 0, "export --html of %s exits 0 (%s)" % (what, r.stderr.strip()))
    url = "file://" + page
    since = len(b.events)
    b.navigate(url + anchor)
    return url, since


def hover_tip(b, expr):
    """The tooltip's text with the mouse over the centre of the box expr gives (see box_center)."""
    x, y = box_center(b, expr)
    b.mouse("mouseMoved", x, y)
    return b.eval(STATE)["tip"]


def test_one_version(b, rv, tmp, outdir):
    url, since = export_and_open(b, rv, os.path.join(tmp, "v7.html"),
                                 ["--version", "v7", "--steps", "2-6", "--theme", "dark", "--size", "1280x720"],
                                 "v7 steps 2-6", "#step=3")
    s = b.eval(STATE)
    n = b.eval("document.querySelectorAll('#rv-steps .step').length")
    check(n == 5, "steps 2-6 make 5 sections (%s)" % n)
    check(s["pos"] == 2 and s["heading"].startswith("Step 4/"), "#step=3 of steps 2-6 is step 4: %r" % s["heading"])
    check(s["loaded"] == 1280, "the frame is 1280 wide (%s)" % s["loaded"])
    # The frame's timeline holds every step of the trace; its boxes outside 2-6 do nothing here,
    # and a hover over a box of the page's steps shows the viewer's step tooltip.
    t = hover_tip(b, "d => d.timeline.slice(0, 4)")
    check(t is not None and t.startswith("step 2:"), "hovering the frame's timeline shows the step: %r" % t)
    t = hover_tip(b, "d => d.panes[0].lanes.slice(0, 4)")
    check(t is not None and t.startswith("thread 0") and "register" in t,
          "hovering lane 0 of a shuffle step shows its register: %r" % t)
    shot(b, os.path.join(outdir, "v7-dark-hover.png"))
    check(not requests_outside(b, url, since), "no request outside the page: %s" % requests_outside(b, url, since)[:3])
    check(not errors(b, since), "no script error: %s" % errors(b, since)[:3])


def test_quiz(b, rv, tmp, outdir):
    page = os.path.join(tmp, "quiz.html")
    r = subprocess.run([rv, "export", "--html", page, "--version", "v1", "--quiz", "--steps", "3-5"],
                       capture_output=True, text=True)
    check(r.returncode == 0, "export --html --quiz exits 0 (%s)" % r.stderr.strip())
    url = "file://" + page
    since = len(b.events)
    b.navigate(url)
    s = b.eval(STATE)
    check(s["visibleImgs"] == ["question-part"] and s["answerShown"] is False and s["question"],
          "a step opens on its question, the answer hidden: %s %s" % (s["visibleImgs"], s["answerShown"]))
    x, y = box_center(b, "d => d.panes[0].cells.slice(0, 4)")
    b.mouse("mouseMoved", x, y)
    check(b.eval(STATE)["tip"] is None, "no tooltip while the question is asked (it would tell)")
    shot(b, os.path.join(outdir, "quiz-question.png"))
    s1 = press(b, "right")
    check(s1["pos"] == 0 and s1["visibleImgs"] == ["answer-part"] and s1["answerShown"] and s1["frame"] != s["frame"],
          "→ shows the answer first, as the viewer does: %s" % s1["visibleImgs"])
    b.mouse("mouseMoved", x + 1, y)
    check((b.eval(STATE)["tip"] or "").startswith("smem[0]"), "then the tooltips come")
    shot(b, os.path.join(outdir, "quiz-answer.png"))
    s2 = press(b, "right")
    check(s2["pos"] == 1 and s2["visibleImgs"] == ["question-part"], "→ again: the next step's question")
    s3 = press(b, "a")
    check(s3["pos"] == 1 and s3["answerShown"], "A shows the answer")
    check(not requests_outside(b, url, since), "no request outside the page")
    check(not errors(b, since), "no script error: %s" % errors(b, since)[:3])


def test_own(b, rv, tmp, outdir):
    """A student's kernel traced unchanged (assets/traces/own): the page names its file and where it was
    traced, calls its butterfly __shfl_xor_sync, hovers "?" for a register the tracer could not see and
    says why, and says "nan" nowhere."""
    trace = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "traces", "own",
                         "nvidia-h200-my_reduce-b256.rvt")
    url, since = export_and_open(b, rv, os.path.join(tmp, "own.html"), [trace, "--steps", "5-7", "--size", "1280x720"],
                                 "my_reduce.cu steps 5-7", "#step=2")
    s = b.eval(STATE)
    text = b.eval("document.body.innerText")
    check(s["heading"].startswith("Step 6/9") and "__shfl_xor_sync" in s["caption"],
          "step 6 is a butterfly, said as one: %r %r" % (s["heading"], s["caption"][:120]))
    check("my_reduce.cu" in text and "traced unchanged, my_reduce.cu, on NVIDIA H200" in text,
          "the page names the file and where it was traced")
    check("nan" not in text.lower().replace("nanos", ""), "the page says nan nowhere")
    t = hover_tip(b, "d => d.panes[0].lanes.slice(3 * 4, 3 * 4 + 4)") or ""
    check(t.startswith("thread 3") and "?" in t and "the tracer sees memory, not registers" in t,
          "hovering lane 3 shows \"?\" and why: %r" % t)
    check("nan" not in t, "its tooltip says no nan: %r" % t)
    shot(b, os.path.join(outdir, "own-my_reduce-hover.png"))
    check(not requests_outside(b, url, since), "no request outside the page")
    check(not errors(b, since), "no script error: %s" % errors(b, since)[:3])


# The current position's zoomable waves picture, once drawn (two frames after the last change).
ZSTATE = """new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
  const cur = document.querySelector('#rv-steps .step.current'), wz = cur && cur.querySelector('.wz');
  const cv = wz && wz.querySelector('canvas'), img = cur && cur.querySelector('img.wz-replaced');
  let h = 0;
  if (cv && cv.width) {   /* not getImageData: the browser warns of a canvas read again and again */
    const d = cv.toDataURL();
    for (let i = 0; i < d.length; i++) h = (h * 31 + d.charCodeAt(i)) | 0;
  }
  const r = cv ? cv.getBoundingClientRect() : null;
  done({ ready: document.documentElement.getAttribute('data-waves-zoom') || '', pos: cur ? +cur.dataset.pos : -1,
         axis: wz ? wz.querySelector('.wz-axis span').textContent : null, pixels: h,
         imgShown: img ? getComputedStyle(img).display !== 'none' : null,
         shown: !!(wz && getComputedStyle(wz).display !== 'none' && cv.clientWidth > 0),
         box: r ? [r.left, r.top, r.width, r.height] : null, hash: location.hash,
         titles: wz ? [...wz.querySelectorAll('.wz-bar button')].map(b => b.title) : [],
         speed: document.getElementById('rv-speed-out').textContent });
})))"""


def zstate(b):
    """ZSTATE once the cells are read (they inflate in the background)."""
    b.eval("""new Promise(done => { const t0 = Date.now(); (function wait() {
      if (document.documentElement.getAttribute('data-waves-zoom') || Date.now() - t0 > 10000) done(1);
      else setTimeout(wait, 20); })(); })""")
    return b.eval(ZSTATE)


def axis_part(words):
    """The µs from and to that the English axis says: (0, end) for the whole run."""
    import re
    m = re.search(r"time: ([\d.]+) to ([\d.]+) µs", words or "")
    return (float(m.group(1)), float(m.group(2))) if m else None


def wheel(b, x, y, dy):
    b.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": dy})


def click_zoom_button(b, k):
    """A click on the current waves picture's k-th button (0 out, 1 in, 2 the whole run)."""
    x, y = b.eval("""(() => { const r = document.querySelectorAll('#rv-steps .step.current .wz-bar button')[%d]
                     .getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()""" % k)
    b.click(x, y)


def test_waves_zoom(b, rv, tmp, outdir):
    """v0's grid on an H200 (2^17 blocks, 125 waves), zoomed and panned in the page."""
    rec = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "waves", "nvidia-h200-v0.rvt")
    url, since = export_and_open(b, rv, os.path.join(tmp, "waves.html"), [rec, "--steps", "1-2", "--size", "1280x720"],
                                 "v0's waves recording", "#step=3")
    s = zstate(b)
    us = b.eval("JSON.parse(document.getElementById('rv-waves').textContent).runs[0].us")   # v0's run, about 336
    end = "%.3f" % us
    check(s["ready"] == "ready" and s["pos"] == 2, "the waves position's picture is made zoomable: %s" % s)
    check(s["shown"] and s["imgShown"] is False, "its canvas takes the PNG's place (the PNG hidden, kept)")
    check(s["axis"] == "time: 0 to %s µs from the first block's start" % end,
          "the whole run, in the viewer's axis words: %r" % s["axis"])
    check(s["titles"] == ["Zoom out", "Zoom in", "Whole run"], "its buttons: %s" % s["titles"])
    whole = s["pixels"]
    shot(b, os.path.join(outdir, "waves-whole.png"))

    # The wheel, at a quarter of the canvas: zoomed in about the pointer.
    x0, y0, w, h = s["box"]
    wheel(b, x0 + w / 4, y0 + h / 2, -400)
    z = b.eval(ZSTATE)
    part = axis_part(z["axis"])
    check(part is not None and "of %s" % end in z["axis"] and "(×" in z["axis"], "the wheel zooms in: %r" % z["axis"])
    check(z["pixels"] != whole, "the canvas is drawn anew")
    if part:
        at = part[0] + (part[1] - part[0]) / 4
        check(abs(at - us / 4) < 0.5 and part[1] - part[0] < us / 2,
              "about the pointer: %.3f µs stays under it (%s)" % (at, part))
    time.sleep(0.5)
    z = b.eval(ZSTATE)
    check(part is not None and z["hash"] == "#step=3&zoom=%.3f-%.3f" % part,
          "the address keeps the part: %r" % z["hash"])
    shot(b, os.path.join(outdir, "waves-zoomed.png"))

    # A drag to the left: later in the run, the same span.
    cx, cy = x0 + w / 2, y0 + h / 2
    b.mouse("mouseMoved", cx, cy)
    b.mouse("mousePressed", cx, cy, "left", 1)
    for k in range(1, 6):
        b.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": cx - 40 * k, "y": cy, "button": "left",
                                            "buttons": 1})
    b.mouse("mouseReleased", cx - 200, cy, "left", 1)
    d = b.eval(ZSTATE)
    moved = axis_part(d["axis"])
    if part and moved:
        span = part[1] - part[0]
        check(abs((moved[0] - part[0]) - 200 / w * span) < 0.01 * span + 0.002 and
              abs((moved[1] - moved[0]) - span) < 0.002,
              "a drag of 200 px pans by 200 px of time: %s to %s" % (part, moved))
    check(d["pixels"] != z["pixels"], "the drag redraws")

    # The keys: the page's own + is still the speed; I, O, comma, period and R are the viewer's W keys.
    press(b, "plus")
    k = b.eval(ZSTATE)
    check(k["axis"] == d["axis"] and k["speed"] != d["speed"], "+ changes the speed, not the zoom: %r %r, %s %s"
          % (d["axis"], k["axis"], d["speed"], k["speed"]))
    press(b, "o")
    o = axis_part(b.eval(ZSTATE)["axis"])
    check(o and moved and abs((o[1] - o[0]) - 2 * (moved[1] - moved[0])) < 0.01,
          "O zooms out twofold: %s from %s" % (o, moved))
    press(b, "r")
    r = b.eval(ZSTATE)
    check(r["axis"] == s["axis"] and r["pixels"] == whole, "R shows the whole run again, as first drawn")
    press(b, "i")
    i = axis_part(b.eval(ZSTATE)["axis"])
    check(i and abs(i[0] - us / 4) < 0.01 and abs(i[1] - us * 3 / 4) < 0.01, "I zooms in about the middle")
    press(b, "period")
    p = axis_part(b.eval(ZSTATE)["axis"])
    check(p and i and abs((p[0] - i[0]) - (i[1] - i[0]) / 4) < 0.01, "period moves a quarter later: %s" % (p,))
    press(b, "comma")
    q = axis_part(b.eval(ZSTATE)["axis"])
    check(q and i and abs(q[0] - i[0]) < 0.01, "comma a quarter earlier: %s" % (q,))
    click_zoom_button(b, 2)
    check(b.eval(ZSTATE)["axis"] == s["axis"], "the Whole run button too")
    click_zoom_button(b, 1)
    check("(×2)" in b.eval(ZSTATE)["axis"], "the + button zooms in twofold")

    # The close-up starts at its part, and zooms too; the arrows still step.
    c = press(b, "right")
    c = zstate(b)
    cfrom = b.eval("JSON.parse(document.getElementById('rv-waves').textContent).at['3'].from")   # its last 8 waves
    check(0.9 < cfrom < 1 and c["pos"] == 3 and c["axis"] and c["axis"].startswith("time: %.3f to %s µs of %s" % (us * cfrom, end, end)),
          "→: the close-up, zoomable, at its part: %r" % c["axis"])
    wheel(b, c["box"][0] + c["box"][2] / 2, c["box"][1] + c["box"][3] / 2, 300)
    check(b.eval(ZSTATE)["axis"] != c["axis"], "the wheel zooms the close-up out")

    # A link with its part opens at it.
    b.navigate("about:blank")
    b.navigate(url + "#step=3&zoom=300-" + end)
    l = zstate(b)
    times = "%.0f" % (float(end) / (float(end) - 300))  # the part's magnification, as the axis words give it
    check(l["pos"] == 2 and l["axis"] == "time: 300.000 to %s µs of %s from the first block's start (×%s)" % (end, end, times),
          "#step=3&zoom=300-%s opens there: %r" % (end, l["axis"]))
    shot(b, os.path.join(outdir, "waves-link-tail.png"))

    # In print the PNG is back, the canvas gone.
    b.call("Emulation.setEmulatedMedia", {"media": "print"})
    pr = b.eval(ZSTATE)
    b.call("Emulation.setEmulatedMedia", {"media": ""})
    check(pr["imgShown"] is True and not pr["shown"], "in print, the PNG: %s %s" % (pr["imgShown"], pr["shown"]))
    check(not requests_outside(b, url, since), "no request outside the page: %s" % requests_outside(b, url, since)[:3])
    check(not errors(b, since), "no script error: %s" % errors(b, since)[:3])

    # Where the page asks for the waves first (--quiz): the picture waits for the answer, then zooms.
    url, since = export_and_open(b, rv, os.path.join(tmp, "waves-quiz.html"),
                                 [rec, "--steps", "1-2", "--size", "1280x720", "--quiz"], "v0's waves asked",
                                 "#step=3")
    q = zstate(b)
    check(q["ready"] == "ready" and not q["shown"], "while the waves are asked, no picture: %s" % q["shown"])
    press(b, "i")
    check(b.eval(ZSTATE)["axis"] == s["axis"], "nor a zoom by I")
    press(b, "a")
    q = b.eval(ZSTATE)
    check(q["shown"] and q["pixels"] == whole, "A reveals it, drawn as the page without a question draws it")
    check(not errors(b, since), "no script error: %s" % errors(b, since)[:3])

    # In Chinese: the buttons, the keys and the axis.
    url, since = export_and_open(b, rv, os.path.join(tmp, "waves-zh.html"),
                                 [rec, "--steps", "1-2", "--size", "1280x720", "--lang", "zh"], "v0's waves in Chinese",
                                 "#step=3")
    zh = zstate(b)
    check(zh["titles"] == ["缩小", "放大", "整个运行"], "the buttons in Chinese: %s" % zh["titles"])
    check(zh["axis"] == "时间：从第一个线程块开始计，0 到 %s µs" % end, "the axis in Chinese: %r" % zh["axis"])
    x0, y0, w, h = zh["box"]
    wheel(b, x0 + w * 0.9, y0 + h / 2, -600)
    z = b.eval(ZSTATE)
    check(z["axis"].startswith("时间：从第一个线程块开始计，") and "共 %s µs（×" % end in z["axis"],
          "zoomed, in Chinese: %r" % z["axis"])
    keys = b.eval("document.querySelector('#rv-steps .step.current .wz-keys').textContent")
    check("滚轮" in keys, "the keys' words in Chinese: %r" % keys)
    shot(b, os.path.join(outdir, "waves-zh-zoomed.png"))
    check(not errors(b, since), "no script error: %s" % errors(b, since)[:3])


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 1
    rv = os.path.abspath(sys.argv[1])
    exe = cdp.find_chromium()
    if not exe:
        print("SKIPPED: no Chromium here (install Debian's chromium, as test.sh does, or set CHROMIUM)")
        return 77
    tmp = tempfile.mkdtemp(prefix="rv-html-")
    outdir = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tmp
    os.makedirs(outdir, exist_ok=True)
    b = cdp.Browser(exe)
    try:
        try:
            b.open_page()
        except (cdp.BrowserError, OSError) as e:
            print("SKIPPED: Chromium (%s) cannot run here: %s" % (exe, str(e)[:400]))
            return 77
        test_compare(b, rv, tmp, outdir)
        test_one_version(b, rv, tmp, outdir)
        test_quiz(b, rv, tmp, outdir)
        test_own(b, rv, tmp, outdir)
        test_waves_zoom(b, rv, tmp, outdir)
    except cdp.BrowserError as e:
        check(False, "the browser: %s" % e)
    finally:
        b.close()
    print("%d passed, %d failed; screenshots in %s" % (passed, failed, outdir))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
