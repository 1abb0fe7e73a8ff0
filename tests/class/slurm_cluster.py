"""slurm_cluster.py — a one-node Slurm cluster of its own for a test, in a
temporary folder: Debian's munged, slurmctld and slurmd, started as the
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
the node N GPUs as a gres (/dev/nvidia0 .. N-1).
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
    def __init__(self, partition="rvq", gres=None, cpus=None, gres_file=None):
        """gres_file: the device the node's GPUs are said to be (gres.conf's
        File=), /dev/nvidia0 .. N-1 where not given; /dev/null stands for a GPU
        on a machine without one (Slurm only needs a device file)."""
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
        node = "NodeName=localhost NodeAddr=127.0.0.1 CPUs=%d RealMemory=%d State=UNKNOWN" % (self.cpus, mem_mb())
        if gres:   # "gpu:N" with a gres.conf naming the devices: the GPU machine's script
            node += " Gres=" + gres
            n = int(gres.split(":")[-1])
            with open(os.path.join(d, "gres.conf"), "w") as f:
                f.write("NodeName=localhost Name=gpu File=%s\n" % (
                    gres_file or "/dev/nvidia%s" % ("0" if n == 1 else "[0-%d]" % (n - 1))))
        conf = """ClusterName=rvtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort={ctld}
SlurmdPort={slurmd}
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={sock}
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd.log
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
{plugins}{gres_types}{node}
PartitionName={part} Nodes=localhost Default=YES MaxTime=INFINITE State=UP
""".format(ctld=free_port(), slurmd=free_port(), user=user, sock=self.sock, d=d, node=node, part=partition,
           gres_types="GresTypes=gpu\n" if gres else "",
           plugins="PluginDir=%s/slurm-wlm\n" % LIBS if ROOT else "")
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
        self._start("slurmd", [self.daemon("slurmd"), "-D", "-N", "localhost", "-f", self.conf])
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
        for name in ("munged.out", "slurmctld.log", "slurmd.log", "slurmctld.out", "slurmd.out"):
            path = os.path.join(self.dir, name)
            if os.path.exists(path):
                why += "\n--- %s:\n%s" % (name, open(path, errors="replace").read()[-1500:])
        self.stop()
        raise Unavailable(why)

    def run(self, *argv, timeout=15):
        return subprocess.run(list(argv), capture_output=True, text=True, env=self.env, timeout=timeout)

    def idle(self):
        try:
            p = self.run("sinfo", "--noheader", "--partition", self.partition, "--format=%T", timeout=10)
        except subprocess.TimeoutExpired:
            return False
        return p.returncode == 0 and p.stdout.strip().startswith("idle")

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
        for name in ("slurmd", "slurmctld", "munged"):
            self._end(name)
        if getattr(self, "dir", None) and os.path.isdir(self.dir) and not os.environ.get("RV_KEEP_SLURM"):
            shutil.rmtree(self.dir, True)
