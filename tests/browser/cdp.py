"""cdp.py — headless Chromium driven through the DevTools protocol, stdlib only.

Chromium started with --remote-debugging-pipe reads protocol messages from
its file descriptor 3 and writes its own to descriptor 4, each a JSON
object ended by a NUL byte: no websocket, no port, nothing to install.
A Browser attaches to one page (flat sessions: the page's commands carry
its sessionId) and keeps every event it receives, so a test can ask what
happened (requests, console messages, exceptions) after the fact.
"""
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class BrowserError(Exception):
    pass


def find_chromium():
    """The Chromium executable: $CHROMIUM, else chromium or chromium-browser on PATH; None if none."""
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Browser:
    def __init__(self, exe, width=1600, height=1000, timeout=60, loopback=False):
        self.timeout = timeout
        self.events = []
        self.next_id = 0
        self.buf = b""
        self.profile = tempfile.mkdtemp(prefix="rv-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # Chromium's ends move above 9, so that putting one on 3 or 4 cannot close the other.
        to_chrome_r, from_chrome_w = (self._above_9(fd) for fd in (to_chrome_r, from_chrome_w))
        args = [exe, "--headless=new", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--no-pings", "--metrics-recording-only",
                # any request that did get out would go nowhere (and show in the log)
                # (loopback: this machine's own server, for `reducevis class`, goes direct)
                "--proxy-server=127.0.0.1:9"] + ([] if loopback else ["--proxy-bypass-list=<-loopback>"]) + [
                "--window-size=%d,%d" % (width, height), "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")   # Chromium refuses to run its sandbox as root
        self.stderr = tempfile.TemporaryFile()

        def onto_3_and_4():   # in the child, before exec: Chromium's ends where it looks for them
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        # close_fds=False keeps 3 and 4 (dup2 makes them inheritable); Python's other
        # descriptors are close-on-exec anyway.
        self.proc = subprocess.Popen(args, preexec_fn=onto_3_and_4, close_fds=False, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=self.stderr)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.session = None

    @staticmethod
    def _above_9(fd):
        import fcntl
        high = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
        os.close(fd)
        return high

    def stderr_tail(self, n=600):
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")[-n:]

    def _read_message(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                raise BrowserError("Chromium did not answer in %d s" % self.timeout)
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                try:
                    status = self.proc.wait(5)
                except subprocess.TimeoutExpired:
                    status = "still running"
                raise BrowserError("Chromium closed the pipe (exit status %s): %s"
                                   % (status, self.stderr_tail().strip() or "it said nothing"))
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True):
        """Sends a command (to the page's session unless session is False) and returns its result."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        try:
            os.write(self.to_chrome, json.dumps(msg).encode() + b"\0")
        except BrokenPipeError:
            time.sleep(0.2)
            raise BrowserError("Chromium exited (status %s) before it took a command: %s"
                               % (self.proc.poll(), self.stderr_tail().strip() or "it said nothing"))
        deadline = time.time() + self.timeout
        while True:
            m = self._read_message(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise BrowserError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, since=0, timeout=None):
        """The first event named method received after index `since` of self.events."""
        deadline = time.time() + (timeout or self.timeout)
        i = since
        while True:
            while i < len(self.events):
                if self.events[i].get("method") == method:
                    return self.events[i]
                i += 1
            self.events.append(self._read_message(deadline))

    def open_page(self):
        """Attaches to a new page with Page, Network, Runtime and Log enabled."""
        self.call("Browser.getVersion", session=False)
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.call(domain + ".enable")

    def open_isolated_page(self):
        """A new page in a browser context of its own (its own storage, as another person's browser);
        becomes the page commands go to, and its session id is returned (set self.session to switch)."""
        ctx = self.call("Target.createBrowserContext", session=False)["browserContextId"]
        target = self.call("Target.createTarget", {"url": "about:blank", "browserContextId": ctx},
                           session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page", "Runtime"):
            self.call(domain + ".enable")
        return self.session

    def navigate(self, url):
        """Loads url and waits for its load event (a new document: from another URL than the page's)."""
        since = len(self.events)
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", since)

    def eval(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise BrowserError("page script failed: %s" % json.dumps(r["exceptionDetails"])[:400])
        return r["result"].get("value")

    def key(self, key, code, vk, text=None):
        base = {"key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}
        down = dict(base, type="keyDown" if text is None else "keyDown")
        if text is not None:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))

    def mouse(self, kind, x, y, button="none", clicks=0):
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": button, "clickCount": clicks})

    def click(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, "left", 1)
        self.mouse("mouseReleased", x, y, "left", 1)

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            if self.proc.poll() is None:
                try:
                    self.call("Browser.close", session=False)
                except (BrowserError, OSError):
                    pass
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        finally:
            for fd in (self.to_chrome, self.from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)
