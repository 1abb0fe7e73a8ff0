"""slurm_cluster.py — a Slurm cluster of its own for a test (one node, or
several slurmd on this machine), in a temporary folder: Debian's munged, slurmctld and slurmd, started as the
current user (root in CI) with a munge key, a munge socket, a slurm.conf,
ports, state, spool, logs and pid files all of its own, so that it touches
no cluster of the machine's and leaves nothing behind.

    c = Cluster(gres=None)        # started; c.env has SLURM_CONF for srun & co
    c.stop_controller()           # slurmctld alone stopped (the nodes go on)
    c.start_controller()
    c.stop()                      # everything, also at exit

Every wait has a timeout; what is missing (a program, the node never idle)
raises Unavailable, with why, for the test to print as SKIPPED.

RV_SLURM_ROOT=DIR takes Slurm and munge from .debs unpacked into DIR with
dpkg-deb -x (a GPU machine without network: tests/gpu/class_slurm.sh): their
programs, Slurm's plugins and the libraries beside them.  gres="gpu:N" gives
each node N GPUs as a gres (/dev/nvidia0 .. N-1 on the first), shards=M
shares each node's out as M gres shards.
"""
import atexit
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time

PROGRAMS = ("munged", "slurmctld", "slurmd", "srun", "sinfo", "scontrol", "scancel", "squeue")
ROOT = os.environ.get("RV_SLURM_ROOT", "")
SBIN = tuple(ROOT + d for d in ("/usr/sbin", "/usr/bin")) if ROOT else ("/usr/sbin", "/sbin")
LIBS = ROOT + "/usr/lib/x86_64-linux-gnu"


class Unavailable(Exception):
    pass


def which(name):
    found = None if ROOT else shutil.which(name)
    for d in SBIN:   # Debian installs slurmd-wlm & co, the plain names being alternatives' links
        for n in (name, name + "-wlm"):
            if not found and os.access(os.path.join(d, n), os.X_OK):
                found = os.path.join(d, n)
    return found


def free_port():
    """A port free now, below the ephemeral range: one the kernel hands out to
    outgoing connections could be taken by another test's client (class_refusals
    opens thousands) before slurmctld binds it."""
    low = 32768
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        pass
    for _ in range(500):
        port = random.randint(max(1024, low - 20000), low - 1)
        with socket.socket() as s:
            try:
                s.bind(("", port))
                return port
            except OSError:
                continue
    raise Unavailable("no free port below %d" % low)


def mem_mb():
    with open("/proc/meminfo") as f:
        total = next(int(x.split()[1]) for x in f if x.startswith("MemTotal:"))
    return total // 1024 * 9 // 10   # slurmd drains a node that says more than it has


class Cluster:
    def __init__(self, partition="rvq", gres=None, cpus=None, gres_file=None, shards=0, nodes=1):
        """gres_file: the device the node's GPUs are said to be (gres.conf's
        File=), /dev/nvidia0 .. N-1 where not given; /dev/null stands for a GPU
        on a machine without one (Slurm only needs a device file).  shards: as
        many gres/shard on each node, shared out over its GPUs (steps asking
        --gres=shard:1 share a GPU).  nodes: that many nodes, n1 .. nN, each its
        own slurmd on this machine; node k's GPUs are the k-th N of the devices."""
        self.shards, self.nodes = shards, ["localhost"] if nodes == 1 else ["n%d" % (k + 1) for k in range(nodes)]
        for attempt in range(3):
            try:
                self._begin(partition, gres, cpus, gres_file)
                return
            except Unavailable as e:   # a port taken between its choice and its bind: new ports
                if "Address already in use" not in str(e) or attempt == 2:
                    raise

    def _begin(self, partition, gres, cpus, gres_file):
        missing = [p for p in PROGRAMS if not which(p)]
        if missing:
            raise Unavailable("Slurm or munge not installed (%s): cmake/install-deps.sh's test list has them"
                              % ", ".join(missing))
        self.dir = tempfile.mkdtemp(prefix="rv-slurm-")
        os.chmod(self.dir, 0o700)
        self.partition = partition
        self.procs = {}
        atexit.register(self.stop)
        d = self.dir
        for sub in ("state", "spool", "munge"):
            os.makedirs(os.path.join(d, sub), mode=0o700)
        self.sock = os.path.join(d, "munge", "munge.socket")
        key = os.path.join(d, "munge", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        user = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
        self.cpus = cpus or min(os.cpu_count() or 1, 2)
        nodes, gres_lines = [], []
        ngpu = int(gres.split(":")[-1]) if gres else 0
        for k, name in enumerate(self.nodes):
            line = "NodeName=%s NodeHostname=%s NodeAddr=127.0.0.1 Port=%d CPUs=%d RealMemory=%d State=UNKNOWN" % (
                name, socket.gethostname() if len(self.nodes) > 1 else name, free_port(), self.cpus,
                mem_mb() // len(self.nodes))
            if gres:   # "gpu:N" with a gres.conf naming the devices: the GPU machine's script
                line += " Gres=" + gres + (",shard:%d" % self.shards if self.shards else "")
                first = k * ngpu
                devices = str(first) if ngpu == 1 else "[%d-%d]" % (first, first + ngpu - 1)
                gres_lines.append("NodeName=%s Name=gpu File=%s" % (name, gres_file or "/dev/nvidia" + devices))
                if self.shards:
                    gres_lines.append("NodeName=%s Name=shard Count=%d" % (name, self.shards))
            nodes.append(line)
        node = "\n".join(nodes)
        if gres_lines:
            with open(os.path.join(d, "gres.conf"), "w") as f:
                f.write("\n".join(gres_lines) + "\n")
        prolog = ""
        if gres and len(self.nodes) > 1:
            # nodes that are one machine: each slurmd sees every GPU of it, so
            # a step is told its node's own, as a node of its own would see only
            # that one (a task prolog's "export" lines set the task's variables)
            prolog = os.path.join(d, "task_prolog.sh")
            with open(prolog, "w") as f:
                f.write("#!/bin/sh\ncase \"$SLURMD_NODENAME\" in\n" + "".join(
                    "%s) echo export CUDA_VISIBLE_DEVICES=%s ;;\n" % (
                        name, ",".join(str(k * ngpu + g) for g in range(ngpu))) for k, name in enumerate(self.nodes))
                    + "esac\n")
            os.chmod(prolog, 0o755)
            prolog = "TaskProlog=%s\n" % prolog
        conf = """ClusterName=rvtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort={ctld}
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={sock}
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool/%n
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd-%n.pid
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/builtin
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
MessageTimeout=5
SlurmctldTimeout=10
SlurmdTimeout=30
KillWait=5
InactiveLimit=0
{plugins}{gres_types}{prolog}{node}
PartitionName={part} Nodes={names} Default=YES MaxTime=INFINITE State=UP
""".format(ctld=free_port(), names=",".join(self.nodes), user=user, sock=self.sock, d=d, node=node, part=partition,
           prolog=prolog, gres_types=("GresTypes=gpu,shard\n" if self.shards else "GresTypes=gpu\n") if gres else "",
           plugins="PluginDir=%s/slurm-wlm\n" % LIBS if ROOT else "")
        # cgroup v2 without systemd (a GPU machine's container: no dbus), where
        # slurmd would fail to start for want of systemd's scope: it makes its
        # own cgroups (IgnoreSystemd), with the controllers they need
        with open(os.path.join(d, "cgroup.conf"), "w") as f:
            f.write("CgroupPlugin=autodetect\nIgnoreSystemd=yes\nCgroupAutomount=yes\n")
        top = "/sys/fs/cgroup"
        if os.geteuid() == 0 and os.path.exists(top + "/cgroup.subtree_control") and \
                not os.path.isdir(top + "/system.slice"):
            # where systemd would have made it: slurmd puts its scope there
            os.makedirs(top + "/system.slice", exist_ok=True)
            for c in ("cpuset", "cpu", "memory", "pids"):
                try:
                    with open(top + "/cgroup.subtree_control", "w") as f:
                        f.write("+" + c)
                except OSError:
                    pass   # one this machine does not hand down: slurmd says so, and goes on without it
        self.conf = os.path.join(d, "slurm.conf")
        with open(self.conf, "w") as f:
            f.write(conf)
        self.env = dict(os.environ, SLURM_CONF=self.conf)
        for k in [k for k in self.env if k.startswith(("SLURM_JOB", "SLURM_STEP", "SBATCH_", "SALLOC_", "SRUN_"))]:
            del self.env[k]   # a test run inside a Slurm job would otherwise speak to that job
        self.env["PATH"] = (":".join(SBIN) + ":" + self.env.get("PATH", "/usr/bin")) if ROOT \
            else self.env.get("PATH", "/usr/bin") + ":" + ":".join(SBIN)
        if ROOT:   # the unpacked programs' libraries (libslurmfull, libmunge, ...)
            self.env["LD_LIBRARY_PATH"] = ":".join(
                [LIBS + "/slurm-wlm", LIBS, ROOT + "/lib/x86_64-linux-gnu"] +
                [x for x in [os.environ.get("LD_LIBRARY_PATH")] if x])
        self._start("munged", [which("munged"), "--foreground", "--force", "--socket=" + self.sock,
                               "--key-file=" + key, "--pid-file=" + os.path.join(d, "munge", "munged.pid"),
                               "--log-file=" + os.path.join(d, "munge", "munged.log"),
                               "--seed-file=" + os.path.join(d, "munge", "munged.seed")])
        self._wait(lambda: os.path.exists(self.sock), 20, "munged made no socket")
        self.start_controller()
        for name in self.nodes:
            os.makedirs(os.path.join(d, "spool", name), mode=0o700)
            self._start("slurmd-" + name, [self.daemon("slurmd"), "-D", "-N", name, "-f", self.conf])
        self._wait(self.idle, 60, "the node did not become idle")

    def _start(self, name, argv):
        log = open(os.path.join(self.dir, name + ".out"), "w")
        self.procs[name] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                            start_new_session=True)
        log.close()

    def _wait(self, ready, seconds, what):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if ready():
                return
            dead = [n for n, p in self.procs.items() if p.poll() is not None]
            if dead:
                break
            time.sleep(0.3)
        why = "%s in %d s" % (what, seconds)
        for name in ["munged.out", "slurmctld.log", "slurmctld.out"] + ["slurmd-%s.%s" % (n, x) for n in self.nodes for x in ("log", "out")]:
            path = os.path.join(self.dir, name)
            if os.path.exists(path):
                why += "\n--- %s:\n%s" % (name, open(path, errors="replace").read()[-1500:])
        self.stop()
        raise Unavailable(why)

    def run(self, *argv, timeout=15):
        return subprocess.run(list(argv), capture_output=True, text=True, env=self.env, timeout=timeout)

    def idle(self):
        try:
            p = self.run("sinfo", "--noheader", "--Node", "--partition", self.partition, "--format=%T", timeout=10)
        except subprocess.TimeoutExpired:
            return False
        states = p.stdout.split()
        return p.returncode == 0 and len(states) > 0 and all(x.startswith("idle") for x in states)

    def slurmd_logs(self):
        """The paths of every node's slurmd log."""
        return [os.path.join(self.dir, "slurmd-%s.log" % n) for n in self.nodes]

    def controller_up(self):
        try:
            return "is UP" in self.run("scontrol", "ping", timeout=15).stdout
        except subprocess.TimeoutExpired:
            return False

    def daemon(self, name):
        """The daemon `name`, run by that name: Slurm tells what it runs in by
        its program's name (slurmctld, slurmd), and Debian's unpacked daemons
        are slurmctld-wlm & co (the plain names are alternatives' links), by
        which name a node's gres is never set up (slurmd: "gres.conf ... 1
        more configured than expected in slurm.conf"; seen on an H200 and
        here): a link of the plain name in the cluster's folder."""
        path = which(name)
        if not path.endswith("-wlm"):
            return path
        link = os.path.join(self.dir, "sbin", name)
        if not os.path.lexists(link):
            os.makedirs(os.path.dirname(link), exist_ok=True)
            os.symlink(path, link)
        return link

    def start_controller(self):
        self._start("slurmctld", [self.daemon("slurmctld"), "-D", "-i", "-f", self.conf])
        self._wait(self.controller_up, 30, "slurmctld did not answer")

    def stop_controller(self):
        self._end("slurmctld")

    def jobs(self, name_prefix="reducevis-check-"):
        """[(job id, name, state)] of the cluster's jobs whose name starts so."""
        p = self.run("squeue", "--noheader", "--format=%i %j %T")
        return [tuple(x.split()) for x in p.stdout.splitlines() if len(x.split()) == 3
                and x.split()[1].startswith(name_prefix)]

    def _end(self, name):
        p = self.procs.pop(name, None)
        if p and p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(10)

    def stop(self):
        for name in ["slurmd-" + n for n in getattr(self, "nodes", ())] + ["slurmctld", "munged"]:
            self._end(name)
        if getattr(self, "dir", None) and os.path.isdir(self.dir) and not os.environ.get("RV_KEEP_SLURM"):
            shutil.rmtree(self.dir, True)
