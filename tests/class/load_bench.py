#!/usr/bin/env python3
"""load_bench.py — a class of many students on loopback: how fast each step
change reaches all of them, whether every answer is recorded, and what the
server costs.

Starts `reducevis class --version v1 --no-window` on 127.0.0.1, joins
STUDENTS students (each over HTTP, as the page does) and opens each one's
event stream (Server-Sent Events, one socket each, read by one selector
loop here; each student's stream comes from an address of its own in
127.0.0.0/8, as each phone in a classroom has its own, so the server's
per-address limit stays at its default).  Then, twice over every step of the lesson:
  - the teacher moves (POST /move) and the time until every stream shows
    the new step is taken, per student (the step-change latency);
  - every student answers the step's question (POST /answer, from a few
    threads with keep-alive connections), the teacher reveals.
The first pass runs with everyone connected; in the second, REJOINERS
students drop their stream and open it again (same token, after 0.2-1 s)
over and over, as phones on a classroom's Wi-Fi do.  At the end every
answer the server accepted is compared with the answers file
(answers.jsonl) and the teacher's export: none may be lost.  The server's
CPU (user + system time over wall time) and memory (resident, and its
peak) come from /proc.  Bounded: the whole run stops after SECONDS.

Usage: load_bench.py path/to/reducevis [--students N] [--rejoiners N]
       [--seconds S] [--step-s S] [--p99-ms MS] [--log FILE (appended)]
(a step lasts --step-s, 1 s by default: the answers of a class come within
it, and each student's rate limit, 4 answers a second, is kept)
Exit 0 when every answer is recorded and the p99 is under --p99-ms (200),
1 otherwise.  Talks to 127.0.0.1 only.
"""
import argparse
import http.client
import json
import os
import queue
import random
import re
import resource
import selectors
import socket
import struct
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve import Class  # noqa: E402


def proc_stats(pid):
    """(cpu seconds, rss KiB, peak rss KiB, threads) of a process, from /proc."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / tick
    rss = hwm = threads = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return cpu, rss, hwm, threads


# When a segment reached the socket, stamped by the kernel (Linux: 35): the
# step change's arrival at a student's phone, apart from how soon this one
# Python thread, reading two thousand streams on the server's own cores,
# gets round to it.
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)


def kernel_stamp(ancillary):
    """The CLOCK_REALTIME seconds of a recvmsg's SO_TIMESTAMPNS, or None."""
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
            sec, nsec = struct.unpack("qq", data[:16])
            return sec + nsec * 1e-9
    return None


def own_cpu():
    """This client's CPU seconds (every thread, user + system)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def student_address(student):
    """The loopback address a student's stream comes from: one each."""
    return "127.1.%d.%d" % (student // 250, student % 250 + 1)


def raise_fd_limit(want):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want if hard == resource.RLIM_INFINITY else min(want, hard), hard))


class Streams:
    """Every student's event stream on one selector; the time each saw each step."""

    def __init__(self, port):
        self.port = port
        self.sel = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.seen = {}        # student -> (step, revealed, time) of the last event
        self.last = {}        # student -> the last event
        self.arrived = {}     # (move, student) -> time the move's step was first seen
        self.reached = {}     # (move, student) -> seconds from the move to the kernel's stamp of that read
        self.move = None      # (number, step, t0, t0 by the wall clock, students timed) of the teacher's last move
        self.count = 0        # how many of the students timed have seen the last move's step
        self.reconnects = 0
        self.rejoin_ms = []   # from reconnecting to the class's state, per reconnection
        self.refused = 0
        self.stop = False
        self.requests = queue.SimpleQueue()
        self.thread = threading.Thread(target=self.loop, daemon=True)

    # Selectors are not for sharing between threads: other threads ask, the
    # loop's thread drops and opens streams between two selects.
    def ask_drop(self, student):
        self.requests.put(("drop", student, None))

    def ask_open(self, student, token):
        self.requests.put(("open", student, token))

    def open(self, student, token, again=False):
        s = socket.create_connection(("127.0.0.1", self.port), source_address=(student_address(student), 0))
        s.setblocking(False)
        s.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        # HTTP/1.0: the stream comes unchunked, ended by the server's close
        s.sendall(("GET /events?t=%s HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
                   % token).encode())
        # [student, token, bytes read, headers done, opened at, a reconnection, first event seen]
        self.sel.register(s, selectors.EVENT_READ, [student, token, b"", False, time.monotonic(), again, False])

    def drop(self, student):
        for key in list(self.sel.get_map().values()):
            if key.data[0] == student:
                self.sel.unregister(key.fileobj)
                key.fileobj.close()
                return key.data[1]
        return None

    def expect(self, number, step, t0, t0_wall, students):
        with self.lock:
            self.move = (number, step, t0, t0_wall, students)
            self.count = 0

    def loop(self):
        while not self.stop:
            while not self.requests.empty():
                what, student, token = self.requests.get()
                if what == "drop":
                    self.drop(student)
                else:
                    self.open(student, token, again=True)
                    self.reconnects += 1
            for key, _ in self.sel.select(timeout=0.05):
                st = key.data
                try:
                    chunk, anc, _, _ = key.fileobj.recvmsg(65536, socket.CMSG_SPACE(16))
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self.sel.unregister(key.fileobj)
                    key.fileobj.close()
                    continue
                now = time.monotonic()
                st[2] += chunk
                if not st[3]:
                    if b"\r\n\r\n" not in st[2]:
                        continue
                    head, st[2] = st[2].split(b"\r\n\r\n", 1)
                    st[3] = True
                    if b" 200 " not in head.split(b"\r\n")[0]:
                        self.refused += 1
                while b"\n\n" in st[2]:
                    event, st[2] = st[2].split(b"\n\n", 1)
                    for line in event.split(b"\n"):
                        if line.startswith(b"data: "):
                            d = json.loads(line[6:])
                            with self.lock:
                                if st[5] and not st[6]:   # back: the class's state at once?
                                    self.rejoin_ms.append((now - st[4]) * 1000)
                                st[6] = True
                                self.seen[st[0]] = (d["step"], d["revealed"], now)
                                self.last[st[0]] = d
                                m = self.move
                                if m and d["step"] == m[1] and now >= m[2] and (m[0], st[0]) not in self.arrived:
                                    self.arrived[(m[0], st[0])] = now
                                    self.count += st[0] in m[4]
                                    stamp = kernel_stamp(anc)
                                    if stamp is not None:
                                        self.reached[(m[0], st[0])] = stamp - m[3]

    def all_arrived(self):
        """How many of the students timed saw the last move's step: counted as they come, not
        recounted by every poll (a walk over 2,000 students every 5 ms took the reader's time)."""
        with self.lock:
            return self.count


def answer_for(student, lanes):
    """A valid choice for any question: lanes, or 1 or 2 (a count, a degree, a word, a lane, a value)."""
    return str(student % 32) if lanes else str(1 + student % 2)


class Answerers:
    """A few threads that send every student's answer over keep-alive connections."""

    def __init__(self, port, threads=8):
        self.port = port
        self.threads = threads
        self.accepted = {}     # (student, step) -> the last answer the server took
        self.codes = {}
        self.lock = threading.Lock()

    def send(self, tokens, step, lanes):
        def work(part):
            c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            for student, token in part:
                a = answer_for(student, lanes)
                c.request("POST", "/answer?" + urllib.parse.urlencode({"t": token, "step": step, "a": a}))
                r = c.getresponse()
                r.read()
                with self.lock:
                    self.codes[r.status] = self.codes.get(r.status, 0) + 1
                    if r.status == 200:
                        self.accepted[(student, step)] = a
            c.close()
        items = list(tokens.items())
        parts = [items[i::self.threads] for i in range(self.threads)]
        ts = [threading.Thread(target=work, args=(p,)) for p in parts]
        for t in ts:
            t.start()
        for t in ts:
            t.join()


def pct(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100.0 * (len(v) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("exe")
    ap.add_argument("--students", type=int, default=500)
    ap.add_argument("--rejoiners", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=240)
    ap.add_argument("--step-s", type=float, default=1.0)
    ap.add_argument("--p99-ms", type=float, default=200)
    ap.add_argument("--log")
    a = ap.parse_args()
    out = []

    def say(s):
        print(s, flush=True)
        out.append(s)

    raise_fd_limit(a.students + 1024)   # a socket a student, and the answering threads'
    t_start = time.monotonic()
    deadline = t_start + a.seconds
    c = Class(a.exe, "--version", "v1", "--max-connections", str(a.students + 200),
              "--max-students", str(a.students + 100))
    pid = c.proc.pid
    ok = True
    try:
        say("reducevis class load benchmark, %s UTC, %d CPUs, loopback, load average %s" %
            (time.strftime("%Y-%m-%d %H:%M", time.gmtime()), os.cpu_count(), load_average()))
        say("students %d, of whom %d drop and rejoin in pass 2; lesson v1 (%s)" %
            (a.students, a.rejoiners, "CPU model or bundled trace, as `class --version v1` opens it"))
        tokens = {}
        t0 = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", c.port, timeout=30)
        for i in range(1, a.students + 1):
            conn.request("POST", "/join?" + urllib.parse.urlencode({"code": c.code, "name": "s%d" % i}))
            r = conn.getresponse()
            body = json.loads(r.read())
            if r.status == 429:   # the join bucket: wait and go on
                time.sleep(0.5)
                conn.request("POST", "/join?" + urllib.parse.urlencode({"code": c.code, "name": "s%d" % i}))
                r = conn.getresponse()
                body = json.loads(r.read())
            assert r.status == 200, (r.status, body)
            tokens[body["id"]] = body["token"]
        conn.close()
        say("joined %d in %.2f s" % (len(tokens), time.monotonic() - t0))
        streams = Streams(c.port)
        for s, t in tokens.items():
            streams.open(s, t)
        streams.thread.start()
        t0 = time.monotonic()
        while len(streams.seen) < len(tokens) and time.monotonic() < t0 + 30:
            time.sleep(0.05)
        say("%d streams open and at the first step in %.2f s" % (len(streams.seen), time.monotonic() - t0))
        base = proc_stats(pid)

        answerers = Answerers(c.port)
        teacher = http.client.HTTPConnection("127.0.0.1", c.port, timeout=30)

        def teach(path):
            nonlocal teacher
            try:
                teacher.request("POST", path)
                r = teacher.getresponse()
            except (http.client.RemoteDisconnected, ConnectionError):
                # the server closed the idle keep-alive connection (--idle-timeout): again, as a browser does
                teacher.close()
                teacher = http.client.HTTPConnection("127.0.0.1", c.port, timeout=30)
                teacher.request("POST", path)
                r = teacher.getresponse()
            r.read()
            return r.status

        nsteps = 1
        churn = {"on": False}
        rejoiners = list(tokens)[:a.rejoiners]

        def churner(mine):
            while churn["on"] and time.monotonic() < deadline:
                s = random.choice(mine)
                streams.ask_drop(s)
                time.sleep(random.uniform(0.2, 1.0))
                streams.ask_open(s, tokens[s])
                time.sleep(random.uniform(0.0, 0.05))

        move_no = 0
        results = {}
        churn_threads = []
        for phase in (1, 2):
            lat, late, reached = [], 0, []
            if phase == 2:
                churn["on"] = True
                # five churners, each with its own tenth of the rejoiners (one stream per student)
                churn_threads = [threading.Thread(target=churner, args=(rejoiners[i::5],), daemon=True)
                                 for i in range(5)]
                for t in churn_threads:
                    t.start()
            steady = [s for s in tokens if phase == 1 or s not in rejoiners]
            steady_set = frozenset(steady)
            p_cpu0, t_phase0, my_cpu0 = proc_stats(pid)[0], time.monotonic(), own_cpu()
            step = 0
            while time.monotonic() < deadline:
                move_no += 1
                t_move = time.monotonic()
                streams.expect(move_no, step, t_move, time.time(), steady_set)
                teach("/move?" + urllib.parse.urlencode({"k": c.secret, "step": step}))
                # the first move is to the step the class starts at: nothing changes, nothing to wait for
                wait_until = time.monotonic() + (5 if move_no > 1 else 0)
                while streams.all_arrived() < len(steady) and time.monotonic() < wait_until:
                    time.sleep(0.005)
                with streams.lock:
                    for s in steady if move_no > 1 else ():   # the class starts at step 1: no change to time
                        t = streams.arrived.get((move_no, s))
                        if t is None:
                            late += 1
                        else:
                            lat.append((t - t_move) * 1000)
                            if (move_no, s) in streams.reached:
                                reached.append(streams.reached[(move_no, s)] * 1000)
                # the step's question, as the students' streams said it
                ev = streams.last.get(steady[0], {})
                if ev.get("question"):
                    answerers.send(tokens, step, ev.get("lanes", False))
                # a step lasts --step-s, as a class's would (and each student's bucket of answers refills)
                time.sleep(max(0.0, t_move + a.step_s - time.monotonic()))
                teach("/reveal?" + urllib.parse.urlencode({"k": c.secret}))
                nsteps = ev.get("nsteps", 1)
                step += 1
                if step >= nsteps:
                    break
            cpu1, rss, hwm, threads = proc_stats(pid)
            wall = time.monotonic() - t_phase0
            results[phase] = (lat, late)
            say("pass %d%s: %d step changes x %d students: latency to every stream p50 %.1f ms, p99 %.1f ms, "
                "max %.1f ms, %d late (> 5 s); server CPU %.0f%% of one core over %.1f s, RSS %.1f MiB "
                "(peak %.1f MiB), %d threads" %
                (phase, " (%d dropping and rejoining; latency of the others)" % len(rejoiners) if phase == 2 else "",
                 step - (phase == 1), len(steady), pct(lat, 50), pct(lat, 99), max(lat) if lat else float("nan"), late,
                 100 * (cpu1 - p_cpu0) / wall, wall, rss / 1024, hwm / 1024, threads))
            # the same step changes, up to the kernel's stamp on the student's socket: the server's part
            # (the rest is this client's own delay in reading them); the client's CPU, and the machine's load
            say("  of which in the students' sockets: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d stamped); "
                "client CPU %.0f%% of one core; load average %s" %
                (pct(reached, 50), pct(reached, 99), max(reached) if reached else float("nan"), len(reached),
                 100 * (own_cpu() - my_cpu0) / wall, load_average()))
            if pct(lat, 99) >= a.p99_ms or late:
                ok = False
        churn["on"] = False
        for t in churn_threads:   # each ends its last drop with the stream opened again
            t.join()
        time.sleep(0.5)
        # the rejoiners: back, and at the class's step
        with streams.lock:
            cur = {s: streams.seen.get(s) for s in rejoiners}
        final = step if step < nsteps else nsteps - 1
        back = sum(1 for s in rejoiners if cur[s] and cur[s][0] == final)
        say("rejoins: %d reconnections, each given the class's state %.1f ms (p50) / %.1f ms (p99) after it "
            "connected; after the churn %d of %d rejoiners are at the class's step; %d streams were refused" %
            (streams.reconnects, pct(streams.rejoin_ms, 50), pct(streams.rejoin_ms, 99), back, len(rejoiners),
             streams.refused))
        if back != len(rejoiners) or streams.refused:
            ok = False
        # every answer accepted is in the answers file and the export
        with open(c.answers) as f:
            lines = [json.loads(x) for x in f.read().splitlines()]
        logged = sum(1 for x in lines if x["event"] == "answer")
        sent = sum(answerers.codes.values())
        st, rows = c.request("GET", "/results.json?" + urllib.parse.urlencode({"k": c.secret}))
        last = {(r["student"], r["step"] - 1): r["answer"] for r in rows if r["answer"] is not None}
        # the export says an answer in words ("lane 5", "smem[2]", "2"): its number must be the one sent
        missing = [k for k, v in answerers.accepted.items()
                   if k not in last or [int(x) for x in re.findall(r"-?\d+", last[k])] != [int(v)]]
        say("answers: %d sent, %s by status, %d lines in answers.jsonl, %d (student, question) pairs accepted, "
            "%d missing from the export or different there" % (sent, json.dumps(answerers.codes, sort_keys=True), logged,
                                             len(answerers.accepted), len(missing)))
        if logged != answerers.codes.get(200, 0) or missing or answerers.codes.get(200, 0) != sent:
            ok = False
        streams.stop = True
        cpu, rss, hwm, threads = proc_stats(pid)
        say("server at the end: RSS %.1f MiB, peak %.1f MiB, %d threads; whole run %.1f s (CPU %.1f s, the "
            "client's %.1f s); load average %s" % (rss / 1024, hwm / 1024, threads, time.monotonic() - t_start,
                                                 cpu - base[0], own_cpu(), load_average()))
    finally:
        rc = c.stop()
    say("server ended with status %d; %s" % (rc, "PASS" if ok and rc == 0 else "FAIL"))
    if a.log:
        with open(a.log, "a") as f:   # appended: the log keeps every run's result
            f.write("\n" + "\n".join(out) + "\n")
    return 0 if ok and rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
