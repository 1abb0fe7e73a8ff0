#!/usr/bin/env python3
"""submit_test.py — the students' kernels sent to `reducevis class`, without a GPU.

With a sandbox (bubblewrap) and the tracer built, one server (run with
RV_TRACE_WITHOUT_GPU=1, so that check compiles in the sandbox and runs the
program's host code where no GPU is):
  - a file that does not compile comes back as an error, with nvcc's
    message at the student's own line;
  - the compile workers (--compilers 2) run at once: while one student's
    file takes its time to compile, another's compile error comes back,
    straight from the compile stage; a file that compiles goes through
    compiling, compiled and running, each in submissions.jsonl;
  - the bounds: a file over 256 KiB is refused (413) and said why; one
    student's second kernel while the first waits is refused (429), and
    100 more within a second from that student all are, while another
    student's kernel is taken;
  - the teacher's list has every kernel; a student's own is not the
    teacher's list (403 without the secret);
  - the version to beat is compiled into the class's build cache (DIR/cache,
    its words in DIR/cache.txt) once the first kernel comes, beside its
    compile;
  - after SIGKILL the submissions log has every kernel taken, each
    source file is on disk, and the answers file has the joins;
  - `class --resume DIR` then has the same join code, the students (by
    their tokens), their answers and kernels, and judges the kernel the
    kill left waiting.
A class resumed with judged kernels placed in its folder (no GPU needed:
the traces are bundled ones, made again with `trace --replay`): each
kernel's speed read back from submissions.jsonl into the student's and the
teacher's JSON and into results.csv/json; GET /submissions/ID/trace is the
student's trace as a lesson page beside the version asked for (a
multi-launch trace too, and alone), made by a child process and kept;
another student's token is refused, a broken trace gives a clear error and
the class goes on serving.
A second server without bubblewrap (PATH holding none) says on its output,
to the student and to the teacher that it takes no kernels, and refuses
one (503) with why.  The verdict of a file that compiles, its times and its
trace need a GPU: that part prints SKIPPED here (tests/gpu/class_submit.sh
runs it on a GPU machine).

Usage: submit_test.py path/to/reducevis SOURCE_DIR.  Exit 0 pass, 1 fail,
77 skipped (no bubblewrap that works, or no tracer).
"""
import contextlib
import csv
import gzip
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve import Checks, Class, why_no_kernels  # noqa: E402

check = Checks()


def submit(c, token, ex, text):
    return c.request("POST", c.q("/submit", t=token, ex=ex), body=text.encode(),
                     headers={"Content-Type": "text/plain"})


def wait_done(c, token, seconds=240):
    deadline = time.time() + seconds
    while time.time() < deadline:
        st, body = c.request("GET", c.q("/submission", t=token))
        if st == 200 and body["latest"] and body["latest"]["state"] == "done":
            return body["latest"]
        time.sleep(0.5)
    return None


def with_sandbox(exe, src):
    start = open(os.path.join(src, "docs/exercises/1-converge/start.cu")).read()
    lines = start.split("\n")
    # line 13 (1-based) is `unsigned int tid = threadIdx.x;`: broken there
    bad_line = next(i for i, x in enumerate(lines) if "unsigned int tid" in x)
    lines[bad_line] = "    unsigned int tid = not_declared_here;"
    broken = "\n".join(lines)
    c = Class(exe, "--kernel", "v2", "--compilers", "2", env=dict(os.environ, RV_TRACE_WITHOUT_GPU="1", LANGUAGE="en"))
    try:
        a, b = c.join("A"), c.join("B")
        st, _ = c.answer(a, 0, "1")
        check(st == 200, "A's answer taken")
        st, body = c.request("GET", c.q("/start", n=1))
        check(st == 200 and body == start, "/start?n=1 serves exercise 1's starting file")
        st, body = c.request("GET", c.q("/submission", t=a))
        check(st == 200 and body["open"] and body["latest"] is None, "a student with no kernel yet: open, none")

        st, body = submit(c, a, 1, "x" * (300 * 1024))
        check(st == 413 and "256 KiB" in body.get("error", ""), "300 KiB refused with why: %s %s" % (st, body))
        st, body = submit(c, "0" * 32, 1, start)
        check(st == 403, "an unknown token's kernel refused: %s" % st)
        st, body = submit(c, a, 9, start)
        check(st == 400, "exercise 9 refused: %s" % st)

        st, body = submit(c, a, 1, broken)
        check(st == 200 and body.get("id") == 1, "the broken file taken: %s %s" % (st, body))
        # the same student again, at once and then 100 times within a second
        t0, refused, taken = time.time(), 0, 0
        for _ in range(100):
            st, body = submit(c, a, 1, start)
            if st == 429 and "still waiting" in body.get("error", ""):
                refused += 1
            elif st == 200:
                taken += 1
        flood_s = time.time() - t0
        check(refused >= 99 and taken <= 1, "100 kernels from one student in %.2f s: %d refused (429, why), %d taken"
              % (flood_s, refused, taken))
        st, body = submit(c, b, 1, start)
        check(st == 200, "another student's kernel taken during the flood: %s %s" % (st, body))
        st, body = c.request("GET", c.q("/submissions", t=a))
        check(st == 403, "the teacher's list needs the secret: %s" % st)
        st, body = c.request("GET", c.q("/submissions", k=c.secret))
        check(st == 200 and len(body["list"]) >= 2, "the teacher sees every kernel: %s" % (body,))

        done = wait_done(c, a)
        check(done is not None, "the broken file judged within 240 s")
        if done:
            out = done["output"]
            where = "(%d)" % (bad_line + 1)
            check(done["verdict"] == "error" and "not_declared_here" in out and where in out,
                  "nvcc's message at the student's line %d: %s" % (bad_line + 1, out[-800:]))
        done_b = wait_done(c, b)
        check(done_b is not None, "the other student's kernel judged")
        if done_b:
            print("SKIPPED: the verdict of a file that compiles, its time against v8 and its trace need a GPU "
                  "(tests/gpu/class_submit.sh); here it stopped with: %s" % done_b["output"].strip()[-200:])
        # the version to beat was compiled into the class's cache with the first
        # kernel (`check --prepare-cache`), and the GPU's check waited for it
        cache = os.path.join(os.path.realpath(c.out), "cache")
        built = [e for e in (os.listdir(cache) if os.path.isdir(cache) else [])
                 if os.path.isfile(os.path.join(cache, e, "program"))]
        said = open(os.path.join(c.out, "cache.txt")).read() if os.path.exists(os.path.join(c.out, "cache.txt")) else ""
        check(len(built) == 1 and "the version to beat, is compiled in " + cache in said,
              "the class compiled the version to beat into DIR/cache with the first kernel: %s, %r" % (built, said[-300:]))
        left = [w for w in ("1.work", "2.work") if os.path.exists(os.path.join(c.out, "submissions", w))]
        check(not left, "a judged kernel's work folder (its program, its input) is not kept: %s" % left)
        in_parallel(c, broken, bad_line)
        # a third one waits while the killing comes
        submit(c, a, 2, start)
    finally:
        c.proc.send_signal(signal.SIGKILL)
        c.proc.wait(30)
    with open(os.path.join(c.out, "submissions.jsonl")) as f:
        events = [json.loads(x) for x in f.read().splitlines()]
    queued = [e["id"] for e in events if e["event"] == "queued"]
    check(queued == [1, 2, 3, 4, 5], "after SIGKILL every kernel taken is in submissions.jsonl: %s" % queued)
    check(all(os.path.exists(os.path.join(c.out, "submissions", "%d.cu" % i)) for i in queued),
          "and each source is on disk")
    check(any(e["event"] == "done" and e["id"] == 1 and e["verdict"] == "error" for e in events),
          "the judged one's result is kept")
    with open(c.answers) as f:
        joins = [json.loads(x) for x in f.read().splitlines() if '"join"' in x]
    check(len(joins) == 4, "the answers file has the four joins")
    b_events = [e["event"] for e in events if e["id"] == 2]
    check(b_events == ["queued", "compiling", "compiled", "running", "done"],
          "a file that compiles: its way in submissions.jsonl: %s" % b_events)
    resumed(exe, c, a, b)


# Compiles for a while (a few hundred device functions of their own, some
# tens of seconds of nvcc), then fails to link: it has no launch().
SLOW = """#include <utility>
template <int N> __device__ __noinline__ float g(float x)
{
    float y = x;
    for (int i = 0; i < 6; i++) y = sinf(y) * N + cosf(y * N);
    return y;
}
template <int... I> __device__ float all(float x, std::integer_sequence<int, I...>) { return (g<I>(x) + ...); }
__global__ void slow_kernel(float *o) { o[0] = all(o[0], std::make_integer_sequence<int, 40>{}); }
"""


def in_parallel(c, broken, bad_line):
    """Two compile workers: C's slow compile is under way while D's file,
    sent after it, comes back with nvcc's message; with one worker D would
    wait for C."""
    cc, d = c.join("C"), c.join("D")
    st, _ = submit(c, cc, 1, SLOW)
    check(st == 200, "the slow file taken")
    deadline, state = time.time() + 60, None
    while time.time() < deadline and state != "compiling":
        state = c.request("GET", c.q("/submission", t=cc))[1]["latest"]["state"]
        time.sleep(0.2)
    check(state == "compiling", "the slow file is being compiled: %s" % state)
    t0 = time.time()
    st, _ = submit(c, d, 1, broken)
    check(st == 200, "D's broken file taken while C's compiles")
    done_d = wait_done(c, d)
    slow_then = c.request("GET", c.q("/submission", t=cc))[1]["latest"]
    check(done_d is not None and done_d["verdict"] == "error" and "(%d)" % (bad_line + 1) in done_d["output"]
          and "not_declared_here" in done_d["output"], "D's compile error, nvcc's message at its line: %s"
          % (done_d and done_d["output"][-300:]))
    check(slow_then["state"] == "compiling", "D answered in %.1f s while C's file still compiles (%s)"
          % (time.time() - t0, slow_then["state"]))
    done_c = wait_done(c, cc)
    check(done_c is not None and done_c["verdict"] == "error" and "launch" in done_c["output"]
          and done_c["judged_s"] == 0 and done_c["compile_s"] > 0,
          "the slow file answered from its compile (no launch()), never on the GPU: %s"
          % ((done_c and (done_c["compile_s"], done_c["output"][-200:])),))


def resumed(exe, old, a, b):
    """--resume DIR after the SIGKILL: the same join code, both students known by
    their tokens, A's answer in the results, the kernels judged before are
    there and the one waiting is judged."""
    c = Class(exe, "--kernel", "v2", "--resume", old.out, out=old.out,
              env=dict(os.environ, RV_TRACE_WITHOUT_GPU="1", LANGUAGE="en"))
    try:
        check("resumed: 4 students and 1 answers" in c.printed, "resumed, said: %s" % c.printed[-300:])
        check(c.code == old.code, "the same join code: %s %s" % (c.code, old.code))
        st, body = c.request("GET", c.q("/results.json", k=c.secret))
        text = json.dumps(body)
        check(st == 200 and '"1"' in text, "A's answer is in the results after --resume: %s" % text[:300])
        st, body = c.request("GET", c.q("/submissions", k=c.secret))
        check(st == 200 and [s["id"] for s in body["list"]] == [1, 2, 3, 4, 5], "the five kernels are there: %s" % (body,))
        check(body["list"][0]["verdict"] == "error", "the first one's verdict kept")
        done = wait_done(c, a)
        check(done is not None and done["id"] == 5, "the one left waiting by the kill is judged after --resume")
        st, body = submit(c, b, 1, "int main(){}")
        check(st == 200 and body.get("id") == 6, "B (known by its token) sends one more: %s %s" % (st, body))
        check(c.join("C") and True, "a new student joins the resumed class")
    finally:
        c.proc.send_signal(signal.SIGTERM)
        c.proc.wait(300)


def without_sandbox(exe):
    empty = tempfile.mkdtemp(prefix="rv-nobwrap-")
    try:
        c = Class(exe, "--kernel", "v2", env=dict(os.environ, PATH=empty, LANGUAGE="en"))
        try:
            check("no kernels are taken in this class" in c.printed and "bwrap" in c.printed,
                  "no sandbox: the server says so: %s" % c.printed[-400:])
            a = c.join("A")
            st, body = c.request("GET", c.q("/submission", t=a))
            check(st == 200 and body["open"] is False and "bwrap" in body["why"],
                  "no sandbox: the student's page is told why: %s" % (body,))
            st, body = c.request("GET", c.q("/submissions", k=c.secret))
            check(st == 200 and body["open"] is False and body["why"], "and the teacher's")
            st, body = submit(c, a, 1, "int main(){}")
            check(st == 503 and "bwrap" in body.get("error", ""), "no sandbox: a kernel refused with why: %s %s"
                  % (st, body))
            check(not os.listdir(os.path.join(c.out, "submissions")), "and nothing of it kept or run")
        finally:
            c.proc.send_signal(signal.SIGTERM)
            c.proc.wait(60)
    finally:
        shutil.rmtree(empty, True)


@contextlib.contextmanager
def unpacked(folder):
    """A recording's folder with its gzipped records (*.gz, as the committed
    corpus keeps its large ones) unpacked, in a copy where there are any."""
    if not any(n.endswith(".gz") for n in os.listdir(folder)):
        yield folder
        return
    copy = tempfile.mkdtemp(prefix="rv-unpacked-")
    try:
        for n in os.listdir(folder):
            path = os.path.join(folder, n)
            if n.endswith(".gz"):
                with gzip.open(path, "rb") as f, open(os.path.join(copy, n[:-3]), "wb") as g:
                    shutil.copyfileobj(f, g)
            elif os.path.isfile(path):
                shutil.copy(path, copy)
        yield copy
    finally:
        shutil.rmtree(copy, True)


def place_kernels(exe, src, out, a_id, b_id, upto=4, exercise=1):
    """Judged kernels as a class that ran on a GPU leaves them: A's my_reduce
    (1) and two_launches (3) with their traces, B's compile error (2), A's
    kernel whose trace is junk (4); the first `upto` of them, sent for
    `exercise`."""
    sub = os.path.join(out, "submissions")
    os.makedirs(sub, exist_ok=True)
    raw = os.path.join(src, "assets/own-raw")
    for k, folder in ((1, "nvidia-h200-my_reduce-b256"), (3, "corpus/nvidia-h200/two_launches")):
        with unpacked(os.path.join(raw, folder)) as d:
            subprocess.run([exe, "trace", "--replay", d, "-o", os.path.join(sub, "%d.rvt" % k)],
                           check=True, capture_output=True)
    with open(os.path.join(sub, "4.rvt"), "wb") as f:
        f.write(b"RVTRACE" + os.urandom(4000))
    summary = os.path.join(out, "s.json")
    subprocess.run([exe, "check", "--trace", os.path.join(sub, "1.rvt"), "--exercise", "1", "--summary", summary],
                   capture_output=True)
    with open(summary) as f:
        ms = json.load(f)["ms"]
    t0 = time.time() - 600
    rows = []
    for k, who, verdict, speed, traced in ((1, a_id, "pass", (ms, 2877.7, 73.6), True), (2, b_id, "error", None, False),
                                            (3, a_id, "fail", (0.5, 268.4, 6.9), True), (4, a_id, "fail", None, True))[:upto]:
        rows.append({"at": t0 + k, "event": "queued", "id": k, "student": who, "exercise": exercise})
        done = {"at": t0 + k + 30, "event": "done", "id": k, "student": who, "exercise": exercise, "verdict": verdict,
                "exit": {"pass": 0, "fail": 1}.get(verdict, 2), "waited_s": 10.0, "judged_s": 20.0, "compile_s": 5.0,
                "output": "PASS" if verdict == "pass" else "FAIL", "mark": "v8", "trace": traced,
                "verified": k == 1 or k == 3}   # 3: a fail that says verified is not believed
        done.update(dict(zip(("ms", "gbps", "percent_of_mark"), speed or (None, None, None))))
        rows.append(done)
        with open(os.path.join(sub, "%d.cu" % k), "w") as f:
            f.write("// kernel %d\n" % k)
    with open(os.path.join(out, "submissions.jsonl"), "w") as f:
        f.write("".join(json.dumps(r) + "\n" for r in rows))
    return ms


def get_page(c, path, seconds=240):
    """The page at path once drawn: (status, body, seconds), after the 202s."""
    t0, first = time.time(), None
    while time.time() - t0 < seconds:
        st, body = c.request("GET", path, timeout=30)
        first = first or st
        if st != 202:
            return first, st, body, time.time() - t0
        check('http-equiv="refresh"' in body, "while drawn, a page that reloads itself")
        time.sleep(1)
    return first, None, None, seconds


def fake_gpus(root):
    """The NVIDIA driver's list of GPUs as class_gpus.c reads it, with two."""
    for k, (bus, model) in enumerate((("0000:1b:00.0", "NVIDIA Test GPU A"), ("0000:3c:00.0", "NVIDIA Test GPU B"))):
        d = os.path.join(root, "gpus", bus)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "information"), "w") as f:
            f.write("Model: \t\t %s\nIRQ:   42\nBus Location: \t %s\n" % (model, bus))
    return root


def trace_pages(exe, src):
    env = dict(os.environ, LANGUAGE="en", RV_NVIDIA_PROC=fake_gpus(tempfile.mkdtemp(prefix="rv-fake-nvidia-")))
    env.pop("CUDA_VISIBLE_DEVICES", None)
    c = Class(exe, "--kernel", "v2", env=env)
    a, b = c.join("A"), c.join("B")
    c.proc.send_signal(signal.SIGKILL)
    c.proc.wait(30)
    with open(c.answers) as f:
        ids = {e["name"]: e["student"] for e in map(json.loads, f.read().splitlines()) if e.get("event") == "join"}
    ms = place_kernels(exe, src, c.out, ids["A"], ids["B"])
    log = os.path.join(c.out, "submissions.jsonl")   # kernel 1 was timed on the second GPU
    rows = [json.loads(x) for x in open(log).read().splitlines()]
    for r in rows:
        if r["id"] == 1 and r["event"] == "done":
            r["gpu"] = 1
    open(log, "w").write("".join(json.dumps(r) + "\n" for r in rows))
    try:
        Class(exe, "--kernel", "v2", "--gpus", "7", env=env)
        check(False, "a class on a GPU that is not there is refused")
    except RuntimeError as e:
        check("no GPU '7' here: this machine has 2" in str(e), "--gpus 7 on a machine of 2: %s" % str(e)[-200:])
    c = Class(exe, "--kernel", "v2", "--resume", c.out, out=c.out, env=env)
    try:
        st, body = c.request("GET", c.q("/submission", t=a))
        late = body["latest"]
        check(st == 200 and late["id"] == 4 and late["trace"] is True and late["ms"] is None,
              "the student's latest kernel read back, its trace kept: %s" % late)
        # the editor's file: a student's own last kernel of the exercise, else its start file
        mine = [c.request("GET", c.q("/start", n=1, t=who))[1] for who in (a, b)]
        st, start2 = c.request("GET", c.q("/start", n=2, t=a))
        st, start1 = c.request("GET", c.q("/start", n=1))
        check(mine == ["// kernel 4\n", "// kernel 2\n"] and "__global__" in start2 and "__global__" in start1,
              "after --resume, each student's editor opens their last kernel of exercise 1 (others: the start "
              "file): %s" % [m[:40] for m in mine])
        st, body = c.request("GET", c.q("/submissions", k=c.secret))
        first = body["list"][0]
        check(abs(first["ms"] - ms) < 1e-6 and first["gbps"] == 2877.7 and first["percent_of_mark"] == 73.6
              and first["mark"] == "v8" and body["list"][1]["trace"] is False and body["list"][1]["ms"] is None
              and first["beside"] == "v1" and first["verified"] is True and body["list"][2]["verified"] is False,
              "the teacher's list: each kernel's ms, GB/s and %% of v8 from submissions.jsonl, the version it is "
              "shown beside first (exercise 1's: v1), and whether its verdict is verified (a pass only): %s"
              % body["list"][:3])
        check(first.get("gpu") == "1" and first.get("gpu_name") == "NVIDIA Test GPU B" and "gpu" not in body["list"][1],
              "the teacher's list says which GPU timed a kernel (none for one that did not compile): %s, %s"
              % (first.get("gpu"), first.get("gpu_name")))
        st, rows = c.request("GET", c.q("/results.json", k=c.secret))
        kernels = [r for r in rows if r["kind"] == "kernel"]
        check([(r["submission"], r["name"], r["verdict"]) for r in kernels] == [(1, "A", "pass"), (2, "B", "error"),
              (3, "A", "fail"), (4, "A", "fail")] and abs(kernels[0]["ms"] - ms) < 1e-6
              and kernels[0]["percent_of_mark"] == 73.6 and kernels[0]["right"] is True
              and kernels[0]["submitted"].endswith("Z") and kernels[0]["ended"],
              "results.json: a row per kernel, its verdict, speed and times: %s" % kernels[:1])
        st, text = c.request("GET", c.q("/results.csv", k=c.secret))
        csv_rows = [r for r in csv.DictReader(io.StringIO(text)) if r["kind"] == "kernel"]
        check(len(csv_rows) == 4 and csv_rows[2]["gbps"] == "268.4" and csv_rows[2]["percent_of_mark"] == "6.9"
              and csv_rows[1]["ms"] == "" and csv_rows[0]["verdict"] == "pass",
              "results.csv: the same kernels' columns: %s" % csv_rows[:1])

        page = c.q("/submissions/1/trace", v="v8", t=a)
        # asked twice at the same moment: one page made, both told to wait
        both = []
        ts = [threading.Thread(target=lambda: both.append(c.request("GET", page)[0])) for _ in range(2)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        first, st, body, took = get_page(c, page)
        check(both == [202, 202] and first in (200, 202) and st == 200 and "<title>Compare my_reduce.cu vs v8" in body
              and "default-src 'none'" in body and "reducevis export --html" in body,
              "A's trace beside v8, a lesson page (asked twice at once: %s), in %.1f s: %s" % (both, took,
                                                                                            str(body)[:200]))
        check(os.path.exists(os.path.join(c.out, "submissions", "1-vs-v8-en.html")), "the page is kept beside the trace")
        st, body = c.request("GET", c.q("/submissions/1/trace", v="v8", t=b))
        check(st == 403 and "not your kernel" in body.get("error", ""), "B's token on A's trace refused: %s %s" % (st, body))
        for bad, want in ((c.q("/submissions/1/trace", v="v8", t="0" * 32), 403), (c.q("/submissions/1/trace", v="v8"), 403),
                          (c.q("/submissions/2/trace", v="v8", t=b), 404), (c.q("/submissions/1/trace", v="v99", t=a), 400),
                          (c.q("/submissions/1/trace", v="v8", t=a, lang="fr"), 400),
                          (c.q("/submissions/99/trace", v="v8", k=c.secret), 404)):
            st, body = c.request("GET", bad)
            check(st == want and body.get("error"), "%s: %s %s" % (bad.split("?")[0], st, body))
        st, body = c.request("GET", c.q("/submissions/1/trace", v="v8", k=c.secret))
        check(st == 200 and "<title>Compare my_reduce.cu vs v8" in body, "the teacher's key opens it too")
        _, st, body, _ = get_page(c, c.q("/submissions/3/trace", v="v1", t=a, lang="zh"))
        check(st == 200 and "two_launches.cu" in body and '<html lang="zh' in body,
              "a multi-launch trace beside v1, in Chinese: %s %s" % (st, str(body)[:120]))
        _, st, body, _ = get_page(c, c.q("/submissions/3/trace", v="own", t=a))
        check(st == 200 and "two_launches.cu" in body and "launch 2" in body,
              "the same trace alone, both launches: %s" % str(body)[:120])
        _, st, body, _ = get_page(c, c.q("/submissions/4/trace", v="v8", t=a))
        check(st == 500 and "could not be drawn" in body.get("error", ""), "a junk trace: a clear error: %s %s" % (st, body))
        st, body = c.request("GET", c.q("/submission", t=a))
        check(st == 200, "and the class goes on serving")
    finally:
        c.proc.send_signal(signal.SIGTERM)
        rc = c.proc.wait(300)
    check(rc == 0, "SIGTERM ends the class cleanly after its trace pages (a sanitizer's report would not): %s" % rc)
    with open(os.path.join(c.out, "results.json")) as f:
        check(sum(1 for r in json.load(f) if r["kind"] == "kernel") == 4, "the results.json written at the end has the kernels")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 1
    exe, src = sys.argv[1], sys.argv[2]
    t0 = time.time()
    trace_pages(exe, src)
    without_sandbox(exe)
    why = why_no_kernels(exe)
    if why:
        print("SKIPPED: the kernels' part: " + why)
        check.report()
        return 77 if not check.failed else 1
    with_sandbox(exe, src)
    return check.report(" (%.1f s)" % (time.time() - t0))


if __name__ == "__main__":
    sys.exit(main())
