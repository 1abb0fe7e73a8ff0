#!/usr/bin/env python3
"""refusals_test.py — what `reducevis class` refuses, and the answers file
surviving a kill mid-lesson.

One server (loopback, --max-connections 4) is asked, for each refusal the
issue names: the teacher's moves, reveal, page, results and stream without
the secret or with a wrong one (403); a wrong join code (403); a name over
40 bytes or with a control character, any field over its cap (400); a
request with a body (413); an answer that is not one of the question's
choices, or to a step that is not open (400, 409); a student who floods
answers (429 once the bucket is empty); a question's answer asked for
before the teacher revealed it (403; the page itself holds none); every
unknown path and traversal
(404); a stream beyond the cap (503, saying the class is full).  What is
accepted is checked too (a right answer, a changed one, the exports' rows),
so a server that refused everything would fail.  --kernel V names the
version as --version V does.  Then a second server gets
answers from three students and is killed with SIGKILL: every answer is in
the answers file, one JSON line each.

The idle-socket attack: one client (127.0.0.2) opens 1,200 idle sockets,
more than the old server's 1,100 connections; the server keeps 16 (the
default per-address limit) and closes the rest, and a student on another
address (127.0.0.1) still gets the page, joins, opens the stream and
answers, while 1,200 more idle sockets spread over 100 addresses are held
open too, by a server of a handful of threads.  With --idle-timeout 2 a half
request is closed after about 2 s while an event stream idle for longer
stays open and gets the next step; over IPv6 (::1) the per-address limit
holds as well.

Names are hidden until the teacher shows them (POST /names, secret only):
absent from the teacher's list by default, shown beside each number once
the teacher asks, kept across --resume, and never in a student's JSON.

Usage: refusals_test.py path/to/reducevis.  Exit 0 pass, 1 fail.
"""
import csv
import io
import json
import os
import resource
import select
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve import Checks, Class, read_event  # noqa: E402

check = Checks()


def refusals(exe):
    c = Class(exe, "--version", "v0", "--max-connections", "4", "--max-students", "40")
    try:
        st, page = c.request("GET", "/")
        check(st == 200 and "connect-src 'self'" in page and "rv-live" in page, "the student page is served")
        check('class="answer"' not in page and 'class="answer-part" src=' not in page,
              "the students' page holds no question's answer (no answer text, no answer frame)")
        # no secret, a wrong one
        wrong = "0" * 32
        for method, path in (("POST", "/move?step=2"), ("POST", c.q("/move", k=wrong, step=2)),
                             ("POST", "/reveal"), ("POST", c.q("/reveal", k=wrong)),
                             ("GET", "/teacher"), ("GET", c.q("/teacher", k=wrong)),
                             ("GET", "/results.csv"), ("GET", c.q("/results.json", k=wrong)),
                             ("GET", "/events"), ("GET", c.q("/events", k=wrong)), ("GET", c.q("/events", t=wrong))):
            st, body = c.request(method, path)
            check(st == 403, "%s %s without the secret: %s %s" % (method, path, st, body))
        st, _ = c.request("GET", c.q("/teacher", k=c.secret))
        check(st == 200, "the teacher's page with the secret")
        # unknown paths and traversal: 404, never a file
        for path in ("/etc/passwd", "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/teacher/../../etc/passwd",
                     "/index.html", "//", "/events/", "/favicon.ico", "/results.csv/../../x"):
            st, body = c.request("GET", path)
            check(st == 404 and "root:" not in str(body), "GET %s: %s" % (path, st))
        st, _ = c.request("GET", c.q("/join", code=c.code))
        check(st == 405, "GET /join: %s" % st)
        # joining
        st, body = c.request("POST", c.q("/join", code="ZZZZZZ", name="Eve"))
        check(st == 403, "a wrong join code: %s" % st)
        st, body = c.request("POST", c.q("/join", code=c.code, name="x" * 41))
        check(st == 400, "a name of 41 bytes: %s %s" % (st, body))
        st, body = c.request("POST", c.q("/join", code=c.code, name="a\x07b"))
        check(st == 400, "a name with a control character: %s" % st)
        st, body = c.request("POST", c.q("/join", code=c.code, name="y" * 5000))
        check(st == 400, "a field of 5000 bytes: %s" % st)
        st, body = c.request("POST", c.q("/join", code=c.code), body=b"name=x" * 10,
                             headers={"Content-Type": "application/x-www-form-urlencoded"})
        check(st == 413, "a request with a body: %s" % st)
        ann = c.join('=HYPERLINK("x") "Ann" <b>')
        bob = c.join("")
        check(len(ann) == 32 and ann != bob, "two students join with tokens of their own")
        # answering step 0 (v0's load: a value question)
        teacher_conn, teacher = c.stream(k=c.secret)
        s0 = read_event(teacher)
        check(s0["step"] == 0 and s0["question"], "the teacher's stream starts at step 1 with a question")
        for bad in ("abc", "1,2", "", "12345678901234567", "1e3", " 1", "0x10"):
            st, body = c.answer(ann, 0, bad)
            check(st == 400, "answer %r to a number question: %s %s" % (bad, st, body))
        st, body = c.answer(ann, 0, "9" * 300)
        check(st == 400, "an answer of 300 bytes: %s" % st)
        st, body = c.answer(ann, 3, "1")
        check(st == 409, "an answer to a step that is not open: %s" % st)
        st, body = c.answer(wrong, 0, "1")
        check(st == 403, "an answer from an unknown token: %s" % st)
        time.sleep(2.5)   # the refused answers above counted against Ann's bucket too
        st, _ = c.answer(ann, 0, "5")
        check(st == 200, "a number answer is taken")
        st, body = c.request("GET", c.q("/solution", step=0, t=ann))
        check(st == 403, "step 1's answer is refused to a student before the reveal: %s %s" % (st, body))
        st, body = c.request("GET", c.q("/solution", step=0, k=c.secret))
        check(st == 200 and "stage" in body and "answer-part" in body["stage"], "the teacher may see it any time")
        st, body = c.request("GET", c.q("/solution", step=0, t=wrong))
        check(st == 403, "and a stranger may not: %s" % st)
        st, body = c.request("GET", c.q("/solution", step=999, k=c.secret))
        check(st == 404, "a step that does not exist: %s" % st)
        st, _ = c.answer(ann, 0, "1")
        check(st == 200, "and may change before the reveal")
        # a flood: the bucket empties, the server says slow down
        codes = [c.answer(bob, 0, "1")[0] for _ in range(30)]
        check(429 in codes and codes.count(200) <= 12, "a flood of 30 answers meets 429: %s" % codes)
        # a lane-set question: find one, answer outside 0..31
        lanes_step = None
        for k in range(1, 10):
            c.move(k)
            s = read_event(teacher)
            while s["step"] != k:
                s = read_event(teacher)
            if s.get("lanes"):
                lanes_step = k
                break
        check(lanes_step is not None, "v0 has a lane-set question")
        if lanes_step is not None:
            for bad in ("32", "-1", "0,,1", "0,1,", "a"):
                st, _ = c.answer(ann, lanes_step, bad)
                check(st == 400, "lanes %r: %s" % (bad, st))
            time.sleep(2)
            st, _ = c.answer(ann, lanes_step, "0,1,2,3")
            check(st == 200, "a lane set is taken")
            c.reveal()
            st, _ = c.answer(ann, lanes_step, "0")
            check(st == 409, "no answer after the reveal: %s" % st)
            st, body = c.request("GET", c.q("/solution", step=lanes_step, t=ann))
            check(st == 200 and 'class="answer"' in body["caption"], "once revealed, a student gets the answer")
        # the connection cap: the teacher's stream and 3 more fill 4; the 5th is refused and told why
        held = [c.stream(t=ann) for _ in range(3)]
        check(all(r.status == 200 for _, r in held), "streams up to the cap are taken")
        extra_conn, extra = c.stream(t=bob)
        body = extra.read().decode()
        check(extra.status == 503 and "full" in body, "a stream beyond the cap: %s %s" % (extra.status, body))
        for conn, _ in held + [(extra_conn, None), (teacher_conn, None)]:
            conn.close()
        st, text = c.request("GET", c.q("/results.csv", k=c.secret))
        rows = list(csv.DictReader(io.StringIO(text)))
        names = {r["name"] for r in rows}
        check(st == 200 and any(n.startswith("'=") for n in names), "the CSV keeps a name that looks like a formula as text")
        check(any(r["answer"] == "1" and r["student"] == "1" and r["step"] == "1" for r in rows),
              "the CSV has Ann's changed answer at step 1: %s" % rows[:3])
    finally:
        rc = c.stop()
    check(rc == 0, "SIGTERM ends the class cleanly: %s" % rc)
    check(os.path.exists(os.path.join(c.out, "results.json")) and os.path.exists(os.path.join(c.out, "summary.png")),
          "the exports are written at the end")
    with open(os.path.join(c.out, "results.json")) as f:
        rows = json.load(f)
    check(len(rows) >= 2 and all(set(r) >= {"student", "name", "step", "answer", "right"} for r in rows),
          "results.json: a row per student and question")


def kernel_option(exe):
    """--kernel V names the lesson's version as --version V does (the first
    server is given --version, the killed one --kernel); an unknown name is a
    usage error that names the option as it was given."""
    p = subprocess.run([exe, "class", "--no-window", "--port", "0", "--kernel", "v99"],
                       capture_output=True, text=True, timeout=30, env=dict(os.environ, LANGUAGE="en"))
    check(p.returncode == 1 and "--kernel: unknown version 'v99'" in p.stderr,
          "class --kernel v99: exit %d, %s" % (p.returncode, p.stderr.strip()))


def killed(exe):
    c = Class(exe, "--kernel", "v2")
    sent = []
    try:
        tokens = [c.join(n) for n in ("A", "B", "C")]
        for i, t in enumerate(tokens):
            st, _ = c.answer(t, 0, str(i + 1))
            check(st == 200, "answer %d taken" % i)
            sent.append((i + 1, str(i + 1)))
        c.move(1)
    finally:
        c.proc.send_signal(signal.SIGKILL)
        c.proc.wait(30)
    with open(c.answers) as f:
        lines = [json.loads(x) for x in f.read().splitlines()]
    got = [(x["student"], x["answer"]) for x in lines if x["event"] == "answer"]
    check(got == sent, "after SIGKILL the answers file has every answer, in order: %s" % got)
    check(sum(1 for x in lines if x["event"] == "join") == 3, "and every join")


def names_json(c, **who):
    """(status, body) of /submissions (the teacher's list) for who."""
    return c.request("GET", c.q("/submissions", **who))


def names(exe):
    """Names hidden until the teacher shows them: absent from the teacher's
    list by default; /names without the secret refused (403), the state
    unchanged; with it, "Ann" beside student 1; kept in answers.jsonl and
    shown again after --resume; a student's own JSON never has another's
    name.  The kernels are written into submissions.jsonl as done (no
    sandbox or GPU needed to list them)."""
    env = dict(os.environ, LANGUAGE="en")
    c = Class(exe, "--kernel", "v2", env=env)
    try:
        ann, bob = c.join("Ann"), c.join("Bobzilla")
    finally:
        c.stop()
    with open(os.path.join(c.out, "submissions.jsonl"), "w") as f:
        for i, student in ((1, 1), (2, 2)):
            f.write(json.dumps({"at": 1.0, "event": "queued", "id": i, "student": student, "exercise": 1}) + "\n")
            f.write(json.dumps({"at": 2.0, "event": "done", "id": i, "student": student, "exercise": 1,
                                "exit": 0, "waited_s": 1, "judged_s": 1, "output": "ok"}) + "\n")
    c = Class(exe, "--kernel", "v2", "--resume", c.out, out=c.out, env=env)
    try:
        st, body = names_json(c, k=c.secret)
        check(st == 200 and len(body["list"]) == 2 and all("name" not in s for s in body["list"])
              and "Ann" not in json.dumps(body), "names absent from the teacher's list by default: %s %s" % (st, body))
        for who in ({}, {"k": "0" * len(c.secret)}, {"t": ann}):
            st, body = c.request("POST", c.q("/names", show=1, **who))
            check(st == 403 and "teacher" in body.get("error", ""), "/names %s refused (403, why): %s %s"
                  % (list(who), st, body))
        st, body = names_json(c, k=c.secret)
        check(all("name" not in s for s in body["list"]), "and the names still hidden: %s" % body)
        st, body = c.request("POST", c.q("/names", k=c.secret, show=2))
        check(st == 400, "/names show=2 refused (400): %s" % st)
        st, body = c.request("POST", c.q("/names", k=c.secret, show=1))
        check(st == 200 and body == {"names": True}, "/names with the secret: %s %s" % (st, body))
        st, body = names_json(c, k=c.secret)
        got = {s["student"]: s.get("name") for s in body["list"]}
        check(got == {1: "Ann", 2: "Bobzilla"}, "shown: each name beside its number: %s" % got)
        student_sees(c, ann, "Bobzilla")
    finally:
        c.stop()
    with open(c.answers) as f:
        shown = [json.loads(x)["show"] for x in f if '"names"' in x]
    check(shown == [True], "answers.jsonl keeps the change as an event line: %s" % shown)
    c = Class(exe, "--kernel", "v2", "--resume", c.out, out=c.out, env=env)
    try:
        st, body = names_json(c, k=c.secret)
        got = {s["student"]: s.get("name") for s in body["list"]}
        check(got == {1: "Ann", 2: "Bobzilla"}, "still shown after --resume: %s" % got)
        _, resp = c.stream(k=c.secret)
        check(read_event(resp).get("names") is True, "the teacher's events say the names are shown")
        student_sees(c, ann, "Bobzilla")
        st, body = c.request("POST", c.q("/names", k=c.secret, show=0))
        st, body = names_json(c, k=c.secret)
        check(all("name" not in s for s in body["list"]), "hidden again with show=0: %s" % body)
    finally:
        c.stop()


def student_sees(c, token, other):
    """Nothing a student is given (its kernel, its event, the teacher's list) has other's name."""
    st, body = c.request("GET", c.q("/submission", t=token))
    check(st == 200 and other not in json.dumps(body), "a student's kernel JSON has no other name: %s" % body)
    st, body = names_json(c, t=token)
    check(st == 403, "a student is refused the teacher's list: %s" % st)
    _, resp = c.stream(t=token)
    ev = read_event(resp)
    check(other not in json.dumps(ev) and "names" not in ev, "a student's event has no other name: %s" % ev)


def raise_fd_limit(want):
    """The soft limit on open files raised towards want (the test's fd budget); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want if hard == resource.RLIM_INFINITY else min(want, hard), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def open_idle(c, n, source):
    """n sockets connected to the server from the address source, sending nothing."""
    family = socket.AF_INET6 if ":" in c.host else socket.AF_INET
    socks = []
    for _ in range(n):
        s = socket.socket(family, socket.SOCK_STREAM)
        s.bind((source, 0))
        s.setblocking(False)
        try:
            s.connect((c.host, c.port))
        except BlockingIOError:
            pass
        socks.append(s)
    return socks


def closed_by_server(s):
    """1 when the server closed s (it reads as the end, or a reset), 0 while it is open and silent."""
    p = select.poll()
    p.register(s, select.POLLIN | select.POLLERR | select.POLLHUP)
    if not p.poll(0):
        return 0
    try:
        return 1 if s.recv(1) == b"" else 0
    except (ConnectionError, OSError):
        return 1


def still_open(socks, settle=2.0):
    time.sleep(settle)   # the server accepts and closes those beyond the limit
    return [s for s in socks if not closed_by_server(s)]


def threads_of(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(next(x for x in f if x.startswith("Threads:")).split()[1])


def student_gets_through(c, what):
    st, page = c.request("GET", "/")
    check(st == 200 and "rv-live" in str(page), "%s: the page is served (%s)" % (what, st))
    tok = c.join("Sam")
    conn, ev = c.stream(t=tok)
    check(ev.status == 200 and read_event(ev)["step"] >= 0, "%s: the student's stream is taken" % what)
    st, body = c.answer(tok, read_step(c), "3")
    check(st == 200, "%s: the student's answer is taken: %s %s" % (what, st, body))
    conn.close()


def read_step(c):
    conn, ev = c.stream(k=c.secret)
    step = read_event(ev)["step"]
    conn.close()
    return step


def idle_sockets(exe):
    """One client holding many idle sockets does not lock the class out."""
    budget = raise_fd_limit(4096)
    n = min(1200, (budget - 200) // 2)
    c = Class(exe, "--version", "v0")
    socks = []
    try:
        socks = open_idle(c, n, "127.0.0.2")
        held = still_open(socks)
        check(len(held) == 16, "one address with %d idle sockets keeps 16 (the default limit): %d" % (n, len(held)))
        student_gets_through(c, "with %d idle sockets from 127.0.0.2" % n)
        late = open_idle(c, 1, "127.0.0.2")
        check(not still_open(late, 1.0), "a 17th connection from that address is refused")
        socks += late
        # the same number spread over 100 addresses, under the limit each: all held, a few threads
        spread = []
        for i in range(100):
            spread += open_idle(c, n // 100, "127.0.1.%d" % (i + 1))
        socks += spread
        kept = still_open(spread)
        check(len(kept) == len(spread), "%d idle sockets from 100 addresses are all held: %d" % (len(spread), len(kept)))
        student_gets_through(c, "with %d idle sockets held" % (len(kept) + len(held)))
        t = threads_of(c.proc.pid)
        # its own threads are a few dozen at most (the compile workers, two
        # workers for each GPU slot, the gate's, the pages'); one a socket
        # would be over a thousand
        check(t < 40, "the server holds them with %d threads, not one each" % t)
    finally:
        for s in socks:
            s.close()
        rc = c.stop()
    check(rc == 0, "the attacked server ends cleanly: %s" % rc)


def slow_requests(exe):
    """A half request times out; an event stream, idle as long, does not."""
    c = Class(exe, "--version", "v0", "--idle-timeout", "2")
    try:
        tok = c.join("Kim")
        conn, ev = c.stream(t=tok)
        first = read_event(ev)
        half = open_idle(c, 1, "127.0.0.1")[0]
        time.sleep(0.2)
        half.send(b"GET / HTTP/1.1\r\nHost: x\r\n")
        t0 = time.time()
        while not closed_by_server(half) and time.time() - t0 < 10:
            time.sleep(0.1)
        took = time.time() - t0
        check(1.5 < took < 6, "a half request is closed after the 2 s idle timeout: %.1f s" % took)
        half.close()
        time.sleep(1.5)   # the stream has now been idle about 4 s, twice the timeout
        c.move(first["step"] + 1)
        steps = []
        try:
            while not steps or steps[-1] != first["step"] + 1:   # a tally event may come first
                steps.append(read_event(ev, 5)["step"])
        except RuntimeError as e:
            steps.append(str(e))
        check(steps[-1] == first["step"] + 1, "a stream idle longer than the timeout gets the next step: %s" % steps)
        conn.close()
    finally:
        rc = c.stop()
    check(rc == 0, "and the server ends cleanly: %s" % rc)


def ipv6_limit(exe):
    """The per-address limit over IPv6 (skipped where ::1 is not there)."""
    try:
        socket.socket(socket.AF_INET6).bind(("::1", 0))
    except OSError:
        print("SKIPPED (IPv6): no ::1 here")
        return
    c = Class(exe, "--version", "v0", "--bind", "::1", "--max-per-address", "4")
    try:
        socks = open_idle(c, 10, "::1")
        check(len(still_open(socks)) == 4, "over IPv6, ::1 keeps 4 of 10 with --max-per-address 4")
        for s in socks:
            s.close()
        time.sleep(0.5)
        st, _ = c.request("GET", "/")
        check(st == 200, "and once they close, ::1 is served again: %s" % st)
    finally:
        c.stop()


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    t0 = time.time()
    refusals(sys.argv[1])
    kernel_option(sys.argv[1])
    killed(sys.argv[1])
    names(sys.argv[1])
    idle_sockets(sys.argv[1])
    slow_requests(sys.argv[1])
    ipv6_limit(sys.argv[1])
    return check.report(" (%.1f s)" % (time.time() - t0))


if __name__ == "__main__":
    sys.exit(main())
