"""serve.py — starts `reducevis class` on loopback for a test and talks to it.

Class(exe, *args) runs the server without a window on a free port, reads
the join code, the teacher's secret and the answers file from what it
prints, and offers request(), join(), answer(), stream() for the tests; Checks counts
their checks.
Everything goes to loopback only (127.0.0.1, or ::1 given --bind ::1).
"""
import atexit
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.parse


class Class:
    def __init__(self, exe, *args, out=None, env=None):
        self.out = out or tempfile.mkdtemp(prefix="rv-class-")
        if not out:  # a folder of its own: gone when the test ends, read or not
            atexit.register(shutil.rmtree, self.out, True)
        self.proc = subprocess.Popen([exe, "class", "--no-window", "--port", "0", "--out", self.out] + list(args),
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     env=dict(env or os.environ, DISPLAY="", WAYLAND_DISPLAY=""))
        self.printed = ""
        deadline = time.time() + 120
        while "Ctrl+C" not in self.printed:
            line = self.proc.stdout.readline()
            if not line or time.time() > deadline:
                raise RuntimeError("reducevis class did not start: " + self.printed[-2000:])
            self.printed += line
        where = re.search(r"http://(127\.0\.0\.1|\[::1\]):(\d+)/", self.printed)
        self.host, self.port = where.group(1).strip("[]"), int(where.group(2))
        self.secret = re.search(r"teacher\?k=([0-9a-f]+)", self.printed).group(1)
        # the students' line (in the class's language): its address, then the code
        students = next(x for x in self.printed.splitlines() if "http://" in x and "teacher?k=" not in x)
        self.code = re.findall(r"(?<![A-Za-z0-9])[A-HJ-NP-Z2-9]{6}(?![A-Za-z0-9])", students)[-1]
        self.answers = os.path.join(self.out, "answers.jsonl")

    def request(self, method, path, body=None, headers=None, timeout=10):
        """(status, parsed JSON or text) of one request, on a connection of its own."""
        c = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            data = r.read().decode("utf-8", "replace")
        finally:
            c.close()
        try:
            return r.status, json.loads(data)
        except ValueError:
            return r.status, data

    def q(self, path, **fields):
        return path + "?" + urllib.parse.urlencode(fields)

    def join(self, name=""):
        st, body = self.request("POST", self.q("/join", code=self.code, name=name))
        assert st == 200, (st, body)
        return body["token"]

    def answer(self, token, step, a):
        return self.request("POST", self.q("/answer", t=token, step=step, a=a))

    def move(self, step):
        return self.request("POST", self.q("/move", k=self.secret, step=step))

    def reveal(self):
        return self.request("POST", self.q("/reveal", k=self.secret))

    def stream(self, **who):
        """An open event stream: (connection, response); the response's status tells whether it was taken."""
        c = http.client.HTTPConnection(self.host, self.port, timeout=10)
        c.request("GET", self.q("/events", **who))
        return c, c.getresponse()

    def stop(self, sig=signal.SIGTERM):
        """Ends the server with sig; what it printed."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        rest, _ = self.proc.communicate(timeout=60)
        self.printed += rest or ""
        return self.proc.returncode


class Checks:
    """check(cond, what): counts, and prints what failed; report() ends a test."""

    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, cond, what):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what, flush=True)

    def report(self, extra=""):
        print("%d passed, %d failed%s" % (self.passed, self.failed, extra))
        return 1 if self.failed else 0


def why_no_kernels(exe):
    """Why this machine cannot judge a class's kernels (no bubblewrap that can
    make a sandbox, or no tracer built beside exe), or None when it can."""
    p = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--unshare-all", "/bin/true"], capture_output=True) \
        if shutil.which("bwrap") else None
    if not p or p.returncode != 0:
        return "no bubblewrap that can make a sandbox here"
    if not os.path.exists(os.path.join(os.path.dirname(exe), "librvtracer.so")):
        return "the tracer was not built (nvcc and the Compute Sanitizer)"
    return None


def read_event(resp, timeout=10):
    """The next `state` event's data from an event stream, as a dict."""
    deadline = time.time() + timeout
    lines = []
    while time.time() < deadline:
        line = resp.fp.readline().decode()
        if not line:
            raise RuntimeError("stream ended")
        line = line.rstrip("\n")
        if line == "":
            data = [x[6:] for x in lines if x.startswith("data: ")]
            if data:
                return json.loads(data[0])
            lines = []
        else:
            lines.append(line)
    raise RuntimeError("no event in %d s" % timeout)
