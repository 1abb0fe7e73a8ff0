#!/usr/bin/env python3
"""class_submit.py — the students' kernels on a GPU machine (run by
tests/gpu/class_submit.sh, which makes the build and finds bwrap).

Part 1: a class (`reducevis class`, loopback) and three students who send
exercise 1's starting file, its solution, a file that does not compile and
a hostile one (tests/own/hostile/system.cu, striking in launch()); each
result is printed whole, the judged ones with their speed against v8 timed
in the same run (check's summary, the page's JSON) and their trace as a
lesson page beside v1, the class must keep serving (the teacher's list
answers) after each, and the hostile one must have written nothing outside.
Part 2, the benchmark: 30 students each send exercise 1's solution, spread
over one minute; printed: the median and p95 time from submit to verdict,
the median compile time (the compile workers', on the CPU, while the GPU
runs others), and the GPU's busy share: the time the GPU worker was running
a check (`check --built`: the submissions' judged_s) over the wall time from
the first submit to the last verdict, with nvidia-smi's utilization sampled
every 200 ms beside it.  The class runs with --compilers $RV_BENCH_COMPILERS
when it is set.

Usage: class_submit.py REDUCEVIS SOURCE_DIR.  Exit 0 when every check held.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "class"))
from serve import Checks, Class  # noqa: E402

check = Checks()


def submit(c, token, ex, text):
    return c.request("POST", c.q("/submit", t=token, ex=ex), body=text.encode(), headers={"Content-Type": "text/plain"})


def wait_done(c, token, seconds=600):
    deadline = time.time() + seconds
    while time.time() < deadline:
        st, body = c.request("GET", c.q("/submission", t=token))
        if st == 200 and body["latest"] and body["latest"]["state"] == "done":
            return body["latest"]
        time.sleep(0.2)
    return None


def judged_speed(c, token, what, done):
    """A kernel judged on the GPU: its speed against v8 timed in the same run
    (check's speed line and summary, the page's JSON) and its trace beside v1
    as a lesson page."""
    check("v8 timed in this run on this GPU" in done["output"] and done["ms"] > 0 and done["gbps"] > 0
          and done["percent_of_mark"] > 0 and done["trace"] is True,
          "%s: ms %s, GB/s %s, %s%% of v8 timed in the same run, its trace kept" % (what, done["ms"], done["gbps"],
                                                                                 done["percent_of_mark"]))
    summary = os.path.join(c.out, "submissions", "%d.json" % done["id"])
    s = json.load(open(summary)) if os.path.exists(summary) else {}
    check(s.get("percent_of_mark") and abs(s["percent_of_mark"] - done["percent_of_mark"]) < 0.1
          and s.get("mark_ms", 0) > 0 and s["pass"] == (done["verdict"] == "pass"),
          "%s: check's summary says the same: %s" % (what, s))
    path, t0, st, body = c.q("/submissions/%d/trace" % done["id"], v="v1", t=token), time.time(), 202, ""
    while st == 202 and time.time() - t0 < 300:
        st, body = c.request("GET", path, timeout=30)
        time.sleep(1)
    check(st == 200 and "<title>Compare" in body and "vs v1" in body,
          "%s: its trace beside v1, a lesson page, in %.1f s: %s" % (what, time.time() - t0, str(body)[:160]))


def main():
    exe, src = sys.argv[1], sys.argv[2]
    ex1 = os.path.join(src, "docs/exercises/1-converge")
    start = open(os.path.join(ex1, "start.cu")).read()
    solution = open(os.path.join(ex1, "solution.cu")).read()
    broken = start.replace("unsigned int tid = threadIdx.x;", "unsigned int tid = not_declared_here;")
    # the hostile file as tests/own/sandbox_test.sh fills it: system() and exec
    # in launch(), writing outside and deleting a decoy key
    outside, home = tempfile.mkdtemp(prefix="rv-outside-"), tempfile.mkdtemp(prefix="rv-home-")
    os.makedirs(os.path.join(home, ".ssh"))
    decoy = os.path.join(home, ".ssh", "id_rsa")
    open(decoy, "w").write("decoy\n")
    hostile = open(os.path.join(src, "tests/own/hostile/system.cu")).read()
    if "unsigned int launch(" not in hostile:   # the reduction it rides in, as sandbox_test.sh appends it
        hostile += open(os.path.join(src, "tests/own/hostile/carrier.cu.in")).read()
    for k, v in (("@HOME@", home), ("@OUTSIDE@", outside), ("@AT_START@", "0"), ("@IN_LAUNCH@", "1")):
        hostile = hostile.replace(k, v)
    font = os.environ.get("RV_CLASS_FONT")   # a GPU machine without fonts: the bundle's (bundle.sh)
    compilers = os.environ.get("RV_BENCH_COMPILERS")
    c = Class(exe, "--kernel", "v2", *(["--font", font] if font else []),
              *(["--compilers", compilers] if compilers else []), env=dict(os.environ, LANGUAGE="en"))
    print("== the class: %s, kept in %s" % (c.printed.splitlines()[-1], c.out), flush=True)
    try:
        cases = [("start file", start, "fail"), ("solution", solution, "pass"), ("does not compile", broken, "error"),
                 ("hostile (system())", hostile, None)]
        tokens = [c.join("S%d" % i) for i in range(3)]
        for i, (what, text, want) in enumerate(cases):
            t = tokens[i % 3]
            t0 = time.time()
            st, body = submit(c, t, 1, text)
            check(st == 200, "%s taken: %s %s" % (what, st, body))
            done = wait_done(c, t)
            check(done is not None, "%s judged" % what)
            if not done:
                continue
            print("== %s: %s in %.1f s (waited %.1f, judged %.1f)\n%s" % (what, done["verdict"], time.time() - t0,
                  done["waited_s"], done["judged_s"], done["output"]), flush=True)
            if want:
                check(done["verdict"] == want, "%s: verdict %s, expected %s" % (what, done["verdict"], want))
            if want in ("pass", "fail"):
                judged_speed(c, t, what, done)
            st, _ = c.request("GET", c.q("/submissions", k=c.secret))
            check(st == 200, "the class still serves after %s" % what)
        check(not os.listdir(outside) and not os.path.exists(os.path.join(home, "pwned-system"))
              and open(decoy).read() == "decoy\n", "the hostile file wrote nothing outside, and the decoy key is whole")

        count = int(os.environ.get("RV_BENCH_STUDENTS", "30"))   # fewer: a dry run of this script
        print("== the benchmark: %d students, one solution each, over one minute" % count, flush=True)
        bench = [c.join("B%d" % i) for i in range(count)]
        smi = subprocess.Popen(["nvidia-smi", "--query-gpu=utilization.gpu", "--format=csv,noheader,nounits",
                                "-lms", "200"], stdout=subprocess.PIPE, text=True) if shutil.which("nvidia-smi") else None
        t_first = time.time()
        sent = {}
        for i, t in enumerate(bench):
            while time.time() < t_first + 60.0 * i / count:
                time.sleep(0.05)
            st, body = submit(c, t, 1, solution)
            check(st == 200, "benchmark kernel %d taken: %s %s" % (i, st, body))
            sent[t] = time.time()
        latency, verdicts, compiles = [], {}, []
        for t in bench:
            done = wait_done(c, t)
            if done:
                latency.append(done["waited_s"] + done["judged_s"])
                compiles.append(done["compile_s"])
                verdicts[done["verdict"]] = verdicts.get(done["verdict"], 0) + 1
        t_last = time.time()
        samples = []
        if smi:
            smi.terminate()
            samples = [float(x) for x in smi.communicate()[0].split() if x.replace(".", "").isdigit()]
        st, body = c.request("GET", c.q("/submissions", k=c.secret))
        judged = sum(s["judged_s"] for s in body["list"][-count:])
        latency.sort()
        span = t_last - t_first
        if latency:
            med = latency[len(latency) // 2]
            p95 = latency[min(len(latency) - 1, int(round(0.95 * (len(latency) - 1))))]
            compiles.sort()
            print("== %d submissions over %.0f s (--compilers %s): submit to verdict median %.1f s, p95 %.1f s, "
                  "max %.1f s; compile median %.1f s; verdicts %s"
                  % (count, span, compilers or "default", med, p95, latency[-1], compiles[len(compiles) // 2],
                     verdicts))
        print("== GPU busy share: the GPU worker ran checks %.0f%% of the wall time (%.1f of %.1f s); nvidia-smi "
              "utilization mean %.0f%% over %d samples"
              % (100 * judged / span, judged, span, sum(samples) / max(1, len(samples)), len(samples)))
        check(len(latency) == count, "every benchmark kernel judged: %d" % len(latency))
    finally:
        c.proc.terminate()
        c.proc.wait(600)
        keep = os.environ.get("RV_KEEP_CLASS")   # the class's folder, to be shown again with --resume
        if keep:
            shutil.copytree(c.out, keep, dirs_exist_ok=True)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
