#!/usr/bin/env python3
"""slurm_test.py — `reducevis class --slurm`, against a real one-node Slurm
cluster that the test starts and stops (slurm_cluster.py), without a GPU.

The partition has no GPU gres (as CI's node has none), so the class asks for
none (--slurm-gpu none), and each check (RV_TRACE_WITHOUT_GPU=1: compiled in
the sandbox, then the program's clear "no GPU" error) runs as a job step:
  - bad input gets a clear error and no class: a partition that is not
    there, a partition without GPU gres while a GPU is asked for, srun not
    installed, --slurm-account without --slurm, a name with a comma;
  - two students' kernels judged through Slurm: their verdicts are the
    "no GPU" error they get without Slurm, slurmd launched a step for each
    (its log), srun's own words were kept apart (DIR/submissions/ID.srun);
  - a step that Slurm cancels (scancel of the check's job, twice): the
    kernel goes back to the queue once (a retry line, a second job), then
    the student is told it was the cluster, not their code;
  - the class SIGKILLed while a step runs: the step ends with it (no job
    left), and --resume judges the kernel again through Slurm;
  - a node whose GPU is a gres (gres.conf's device /dev/null standing for
    one): the class asks for it (no --slurm-gpu), starts, and a kernel's
    step, given the GPU by Slurm, gets the same "no GPU" verdict;
  - a node whose GPU is shared out as 4 gres shards: with --slurm-shard two
    kernels' steps run on it at once, each keeping the GPU's turns through
    the node's lock files (--slurm-lock-dir), and are judged; a node
    without that folder: the kernel goes back once, then the cluster's
    error naming it;
  - the controller stopped: a kernel sent then comes back, after its one
    retry, with the cluster's error; the class goes on serving, and says
    to the teacher that the controller does not answer; a class started
    while it is down starts all the same and says so; once it is back, a
    kernel is judged as before.
Without a sandbox or the tracer (the sanitizer build) only the bad input is
checked, and the rest said SKIPPED.
Usage: slurm_test.py path/to/reducevis SOURCE_DIR.  Exit 0 pass, 1 fail, 77
skipped (no Slurm/munge that can be started).
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve import Checks, Class, why_no_kernels  # noqa: E402
from slurm_cluster import Cluster, Unavailable  # noqa: E402

check = Checks()


def submit(c, token, text):
    return c.request("POST", c.q("/submit", t=token, ex=1), body=text.encode(), headers={"Content-Type": "text/plain"})


def latest(c, token):
    st, body = c.request("GET", c.q("/submission", t=token))
    return body["latest"] if st == 200 else None


def wait_done(c, token, seconds=300):
    deadline = time.time() + seconds
    while time.time() < deadline:
        s = latest(c, token)
        if s and s["state"] == "done":
            return s
        time.sleep(0.3)
    return None


def no_gpu_verdict(s):
    """What an honest kernel gets here, as without Slurm (hostile_test.py)."""
    out = s["output"] if s else ""
    return s is not None and s["verdict"] == "error" and "the kernel failed" in out and "cudaError" in out \
        and "could not run this check" not in out


def retries(c):
    with open(os.path.join(c.out, "submissions.jsonl")) as f:
        return [x for x in f if '"event":"retry"' in x]


def launches(cl):
    return sum(open(path, errors="replace").read().count("launch task")
               for path in cl.slurmd_logs() if os.path.exists(path))


def class_fails(exe, env, *args):
    """A class that must not start: (exit status, what it printed)."""
    out = tempfile.mkdtemp(prefix="rv-class-")
    try:
        p = subprocess.run([exe, "class", "--no-window", "--port", "0", "--out", out, "--kernel", "v1"] + list(args),
                           capture_output=True, text=True, env=dict(env, DISPLAY="", WAYLAND_DISPLAY=""), timeout=120)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return None, "it did not end within 120 s"
    finally:
        shutil.rmtree(out, True)


def bad_input(exe, env):
    rc, said = class_fails(exe, env, "--slurm", "nosuch", "--slurm-gpu", "none")
    check(rc == 2 and "no such partition" in said and "nosuch" in said, "a partition not there: %s %s" % (rc, said[-300:]))
    rc, said = class_fails(exe, env, "--slurm", "rvq")
    check(rc == 2 and "GPU gres" in said and "--slurm-gpu none" in said,
          "a GPU asked of a partition without GPU gres: %s %s" % (rc, said[-300:]))
    rc, said = class_fails(exe, env, "--slurm-account", "physics")
    check(rc == 1 and "--slurm PARTITION" in said, "--slurm-account alone: %s %s" % (rc, said[-300:]))
    rc, said = class_fails(exe, env, "--slurm", "rvq", "--slurm-shard")
    check(rc == 2 and "no node of the partition has a gres shard" in said and "--slurm-shard" in said,
          "a shard asked of a partition without shards: %s %s" % (rc, said[-300:]))
    rc, said = class_fails(exe, env, "--slurm", "rvq", "--slurm-shard", "--slurm-gpu", "h100")
    check(rc == 1 and "no GPU type" in said, "a shard of a GPU type: %s %s" % (rc, said[-300:]))
    rc, said = class_fails(exe, env, "--slurm", "rvq", "--slurm-lock-dir", "run/lock")
    check(rc == 1 and "full path" in said, "a lock folder not a full path: %s %s" % (rc, said[-300:]))
    rc, said = class_fails(exe, env, "--slurm", "a,b")
    check(rc == 1 and "Slurm name" in said, "a name with a comma: %s %s" % (rc, said[-300:]))
    # srun and scontrol missing: a PATH of every program of /usr/bin but those
    bare = tempfile.mkdtemp(prefix="rv-path-")
    try:
        for name in os.listdir("/usr/bin"):
            if name not in ("srun", "scontrol"):
                os.symlink(os.path.join("/usr/bin", name), os.path.join(bare, name))
        rc, said = class_fails(exe, dict(env, PATH=bare), "--slurm", "rvq", "--slurm-gpu", "none")
        check(rc == 2 and "srun and scontrol are not installed" in said, "srun missing: %s %s" % (rc, said[-300:]))
    finally:
        shutil.rmtree(bare, True)


def fake_node_gpu():
    """The node's NVIDIA driver list as gpu_list.c reads it (RV_NVIDIA_PROC), one GPU."""
    root = tempfile.mkdtemp(prefix="rv-fake-nvidia-")
    d = os.path.join(root, "gpus", "0000:1b:00.0")
    os.makedirs(d)
    with open(os.path.join(d, "information"), "w") as f:
        f.write("Model: \t\t NVIDIA Test Node GPU\nBus Location: \t 0000:1b:00.0\n")
    return root


def judged(exe, cl, env, honest):
    before = launches(cl)
    # the step's check says which GPU it ran on (the node's: the class did not pick it)
    fake = fake_node_gpu()
    env = dict(env, RV_NVIDIA_PROC=fake)
    env.pop("CUDA_VISIBLE_DEVICES", None)
    locks = tempfile.mkdtemp(prefix="rv-locks-")
    c = Class(exe, "--kernel", "v1", "--slurm", "rvq", "--slurm-gpu", "none", "--slurm-lock-dir", locks, env=env)
    try:
        check("each check runs as a job step in partition rvq" in c.printed and locks in c.printed,
              "the class says where its checks run, and where their turns are kept: %s" % c.printed[-500:])
        tokens = [c.join("s%d" % i) for i in range(2)]
        for t in tokens:
            st, body = submit(c, t, honest)
            check(st == 200, "a kernel taken: %s %s" % (st, body))
        for t in tokens:
            s = wait_done(c, t)
            check(no_gpu_verdict(s), "through Slurm, the verdict it gets without: %s" % (s and s["output"][-400:]))
            if s:
                check(os.path.exists(os.path.join(c.out, "submissions", "%d.srun" % s["id"])),
                      "srun's own words kept apart for kernel %d" % s["id"])
        check(launches(cl) >= before + 2, "slurmd launched a step for each check (%d, then %d)"
              % (before, launches(cl)))
        st, body = c.request("GET", c.q("/submissions", k=c.secret))
        said = [x.get("node_gpu") for x in body.get("list", [])] if st == 200 else []
        check(len(said) == 2 and all(x == "NVIDIA Test Node GPU" for x in said) and
              not any("gpu" in x for x in body.get("list", [])),
              "the teacher's list says which GPU each check ran on, as the step's check said: %s" % said)
        check(not retries(c), "no kernel went back to the queue: %s" % retries(c))
        check(sorted(os.listdir(locks)) == ["reducevis-gpu-localhost-all." + x for x in ("alone", "door", "lock")],
              "asking for no GPU, the steps on the node keep the turns of its GPU through its lock files: %s"
              % os.listdir(locks))
    finally:
        c.stop()
        shutil.rmtree(fake, True)
        shutil.rmtree(locks, True)


def gres_judged(exe, env, honest):
    """The class asking for a GPU of the gres (its default), on a node whose
    one GPU is a gres: it starts, and a kernel's step is given the GPU and
    judged."""
    try:
        gl = Cluster("rvg", gres="gpu:1", gres_file="/dev/null")
    except Unavailable as e:
        check(False, "a one-node cluster with a GPU gres: %s" % e)
        return
    env = dict(env, SLURM_CONF=gl.env["SLURM_CONF"])
    c = None
    try:
        check(gl.run("sinfo", "-N", "-h", "-o", "%G").stdout.strip() == "gpu:1", "the node's GPU is its gres gpu:1")
        before = launches(gl)
        c = Class(exe, "--kernel", "v1", "--slurm", "rvg", env=env)
        t = c.join("g")
        st, body = submit(c, t, honest)
        check(st == 200, "a kernel taken: %s %s" % (st, body))
        s = wait_done(c, t)
        check(no_gpu_verdict(s), "through a GPU of the gres, the verdict it gets without Slurm: %s"
              % (s and s["output"][-400:]))
        check(launches(gl) > before, "slurmd launched its step (%d, then %d)" % (before, launches(gl)))
    finally:
        if c:
            c.stop()
        gl.stop()


def shard_judged(exe, env, honest):
    """A node whose one GPU is shared out as 4 gres shards: the class asking
    for shards (--slurm-shard) starts, two kernels' steps run on the one
    GPU at once, each keeping its turns through the node's lock files for
    gres GPU 0, and each is judged."""
    try:
        sc = Cluster("rvs", gres="gpu:1", gres_file="/dev/null", shards=4)
    except Unavailable as e:
        check(False, "a one-node cluster with a GPU shared out as shards: %s" % e)
        return
    env = dict(env, SLURM_CONF=sc.env["SLURM_CONF"])
    locks = tempfile.mkdtemp(prefix="rv-locks-")
    c = None
    try:
        check(sc.run("sinfo", "-N", "-h", "-o", "%G").stdout.strip() == "gpu:1,shard:4",
              "the node's GPU is its gres gpu:1, shared out as shard:4")
        c = Class(exe, "--kernel", "v1", "--slurm", "rvs", "--slurm-shard", "--slurm-lock-dir", locks, env=env)
        check("a shard of a GPU" in c.printed and locks in c.printed, "the class says its steps share a GPU, "
              "and where they keep its turns: %s" % c.printed[-500:])
        tokens = [c.join("h%d" % i) for i in range(2)]
        # each step waits a while, so that the second's compile ends while the first still runs
        slow = "#include <unistd.h>\n__attribute__((constructor)) static void nap(void) { sleep(15); }\n" + honest
        for t in tokens:
            st, body = submit(c, t, slow)
            check(st == 200, "a kernel taken: %s %s" % (st, body))
        seen, deadline = set(), time.time() + 120
        while time.time() < deadline and len(seen) < 2 and not all(latest(c, t)["state"] == "done" for t in tokens):
            running = [j for j in sc.jobs() if j[2] == "RUNNING"]
            if len(running) >= 2:
                seen = {j[0] for j in running}
            time.sleep(0.2)
        check(len(seen) == 2, "two steps ran on the one GPU at once: %s" % seen)
        for t in tokens:
            s = wait_done(c, t)
            check(no_gpu_verdict(s), "through a shard, the verdict it gets without Slurm: %s"
                  % (s and s["output"][-400:]))
        check(os.path.exists(os.path.join(locks, "reducevis-gpu-localhost-0.lock")),
              "the steps kept the turns of gres GPU 0 of their node: %s" % os.listdir(locks))
    finally:
        if c:
            c.stop()
        sc.stop()
        shutil.rmtree(locks, True)


def no_lock_dir(exe, cl, env, honest):
    """A node without the lock files' folder cannot keep a shared GPU's
    turns: its step is not a verdict; the kernel goes back to the queue
    once, then the student is told it was the cluster, and the teacher why."""
    c = Class(exe, "--kernel", "v1", "--slurm", "rvq", "--slurm-gpu", "none", "--slurm-lock-dir",
              "/nonexistent-rv-locks", env=env)
    try:
        t = c.join("nolocks")
        st, _ = submit(c, t, honest)
        s = wait_done(c, t, 240)
        out = s["output"] if s else ""
        check(s is not None and s["verdict"] == "error" and "The cluster could not run this check, twice: the node "
              "its job step ran on could not run it" in out and "/nonexistent-rv-locks" in out
              and "says nothing about your kernel" in out,
              "no lock folder on the node: the cluster's error, naming it: %s" % out[-400:])
        check(len(retries(c)) == 1, "it went back to the queue once: %s" % retries(c))
    finally:
        c.stop()
    check("goes back to the queue once: the node its job step ran on could not run it" in c.printed
          and "/nonexistent-rv-locks" in c.printed,
          "the teacher was told why: %s" % c.printed[-600:])


def cancelled(exe, cl, env, honest):
    """A check whose traced run sleeps, so that its step is there to cancel."""
    slow = "#include <unistd.h>\n__attribute__((constructor)) static void nap(void) { sleep(25); }\n" + honest
    c = Class(exe, "--kernel", "v1", "--slurm", "rvq", "--slurm-gpu", "none", env=env)
    try:
        t = c.join("cancelled")
        st, _ = submit(c, t, slow)
        check(st == 200, "the slow kernel taken")
        seen = []
        for attempt in range(2):
            deadline, job = time.time() + 180, None
            while time.time() < deadline and not job:
                running = [j for j in cl.jobs() if j[2] == "RUNNING" and j[0] not in seen]
                job = running[0][0] if running else None
                time.sleep(0.3)
            check(job is not None, "attempt %d: its step runs in Slurm" % (attempt + 1))
            if not job:
                break
            seen.append(job)
            time.sleep(1)
            cl.run("scancel", job)
        s = wait_done(c, t, 240)
        out = s["output"] if s else ""
        check(s is not None and s["verdict"] == "error" and "The cluster could not run this check, twice" in out
              and "says nothing about your kernel" in out, "cancelled twice: the cluster's error: %s" % out[-400:])
        r = retries(c)
        check(len(r) == 1, "it went back to the queue once: %s" % r)
        check(len(seen) == 2 and seen[0] != seen[1], "two jobs, one for each try: %s" % seen)
    finally:
        c.stop()
    check("goes back to the queue once: Slurm lost or ended its job step" in c.printed,
          "the teacher was told it went back: %s" % c.printed[-600:])


def killed(exe, cl, env, honest):
    """The class SIGKILLed while a check's step runs: its srun, told by the
    kernel (PR_SET_PDEATHSIG), cancels the step, so no job is left holding
    the node; --resume judges the kernel again, through Slurm."""
    # it sleeps past the run's own limit (30 s): a step left running would be there long after the kill
    slow = "#include <unistd.h>\n__attribute__((constructor)) static void nap(void) { sleep(40); }\n" + honest
    args = ("--kernel", "v1", "--slurm", "rvq", "--slurm-gpu", "none")
    c = Class(exe, *args, env=env)
    t = c.join("killed")
    st, _ = submit(c, t, slow)
    check(st == 200, "the slow kernel taken")
    deadline, job = time.time() + 180, None
    while time.time() < deadline and not job:
        running = [j for j in cl.jobs() if j[2] == "RUNNING"]
        job = running[0][0] if running else None
        time.sleep(0.3)
    check(job is not None, "its step runs in Slurm")
    time.sleep(1)
    c.stop(signal.SIGKILL)
    deadline = time.time() + 10
    while time.time() < deadline and cl.jobs():
        time.sleep(0.3)
    check(not cl.jobs(), "the class killed, its step ends with it: %s" % cl.jobs())
    r = Class(exe, *args, "--resume", c.out, out=c.out, env=env)
    try:
        s = wait_done(r, t, 240)
        out = s["output"] if s else ""
        check(s is not None and s["verdict"] == "error" and "could not run this check" not in out,
              "after the kill, --resume judged it again through Slurm (its run past its time): %s" % out[-300:])
        check(len(retries(r)) == 0, "no retry: %s" % retries(r))
    finally:
        r.stop()


def controller_down(exe, cl, env, honest):
    c = Class(exe, "--kernel", "v1", "--slurm", "rvq", "--slurm-gpu", "none", env=env)
    try:
        t = c.join("down")
        cl.stop_controller()
        st, _ = submit(c, t, honest)
        s = wait_done(c, t, 240)
        out = s["output"] if s else ""
        check(s is not None and s["verdict"] == "error" and "The cluster could not run this check, twice" in out
              and "controller" in out, "sent while the controller is down: the cluster's error: %s" % out[-400:])
        st, _ = c.request("GET", c.q("/submission", t=c.join("later")))
        check(st == 200 and c.proc.poll() is None, "the class goes on serving (%s)" % st)
        # a class started while it is down starts, and says so
        other = Class(exe, "--kernel", "v1", "--slurm", "rvq", "--slurm-gpu", "none", env=env)
        check("the controller does not answer" in other.printed, "a class started while the controller is down "
              "says so: %s" % other.printed[-400:])
        other.stop()
        cl.start_controller()
        st, _ = submit(c, t, honest)
        s = wait_done(c, t, 240)
        check(no_gpu_verdict(s), "once the controller is back, judged as before: %s" % (s and s["output"][-300:]))
    finally:
        c.stop()
    check("the Slurm controller does not answer" in c.printed, "the teacher was told the controller does not "
          "answer: %s" % c.printed[-600:])
    check("the Slurm controller answers again" in c.printed, "and that it answers again: %s" % c.printed[-600:])


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 1
    exe, src = sys.argv[1], sys.argv[2]
    t0 = time.time()
    try:
        cl = Cluster("rvq")
    except Unavailable as e:
        print("SKIPPED: no one-node Slurm cluster could be started here: %s" % e)
        return 77
    try:
        env = dict(cl.env, RV_TRACE_WITHOUT_GPU="1", LANGUAGE="en")
        honest = open(os.path.join(src, "docs/exercises/1-converge/solution.cu")).read()
        bad_input(exe, env)   # the class's start alone: no sandbox or tracer needed
        why = why_no_kernels(exe)
        if why:   # the sanitizer build has no tracer: the probe's errors are all it checks
            print("SKIPPED: the kernels through Slurm: " + why)
        else:
            judged(exe, cl, env, honest)
            gres_judged(exe, env, honest)
            shard_judged(exe, env, honest)
            no_lock_dir(exe, cl, env, honest)
            cancelled(exe, cl, env, honest)
            killed(exe, cl, env, honest)
            controller_down(exe, cl, env, honest)
    finally:
        cl.stop()
    return check.report(" (%.1f s)" % (time.time() - t0))


if __name__ == "__main__":
    sys.exit(main())
