#!/usr/bin/env python3
"""judge_line.py — reducevis's end of the judge's line, for tests: runs the
judge's runner (rvjudge) with its line on fd 4, answers its turns at once
and each call's data with stream c of DATA (data.c's rv_data_derive), and
prints what it sent back: "U: why" for a recording it cannot replay, or the
results' text.  Exits with the runner's status.
Usage: judge_line.py DATA RVJUDGE ARGS...   (DATA: signed:SEED)"""
import fcntl
import os
import socket
import subprocess
import sys

MASK = (1 << 64) - 1


def mix(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def derive(seed, k):
    return mix(seed ^ mix(k ^ 0xD1B54A32D192ED03))


def read_line(sock):
    line = b""
    while not line.endswith(b"\n"):
        c = sock.recv(1)
        if not c:
            break
        line += c
    return line.decode(errors="replace").rstrip("\n")


def main():
    kind, seed = sys.argv[1].split(":")
    a, b = socket.socketpair()
    # both ends moved above fd 9, then the runner's end made fd 4 here, so
    # that the child inherits it there (this process needs no fd 4 of its own)
    ours = socket.socket(fileno=fcntl.fcntl(a.fileno(), fcntl.F_DUPFD_CLOEXEC, 10))
    theirs = fcntl.fcntl(b.fileno(), fcntl.F_DUPFD_CLOEXEC, 10)
    a.close()
    b.close()
    os.dup2(theirs, 4)
    os.close(theirs)
    proc = subprocess.Popen(sys.argv[2:], pass_fds=(4,))
    os.close(4)
    calls = 0
    while True:
        word = ours.recv(1)
        if not word:
            break
        if word in (b"s", b"r"):
            ours.sendall(b"g")
        elif word == b"c":
            calls += 1
            ours.sendall(("%s:%d\n" % (kind, derive(int(seed), calls))).encode())
        elif word == b"U":
            print("U: " + read_line(ours))
        elif word == b"R":
            n = int(read_line(ours))
            text = b""
            while len(text) < n:
                text += ours.recv(n - len(text))
            sys.stdout.write(text.decode())
    sys.stdout.flush()
    sys.exit(proc.wait())


if __name__ == "__main__":
    main()
