#!/usr/bin/env python3
"""class_slurm.py — the class bench (tests/gpu/class_submit.py) through a
one-node Slurm cluster started here with this machine's GPUs as its gres
(tests/class/slurm_cluster.py), each check a job step (`class --slurm rvq`).

Usage: class_slurm.py path/to/reducevis SOURCE_DIR.  Its exit status is the
bench's; 77 when no cluster could be started (said why).  RV_BENCH_SLURM_GPU=none:
no gres, the class's `--slurm-gpu none` (steps ask for no GPU and share the
machine's, as a cluster without GPU gres would run them).  The node's gres,
as the controller sees it, and the daemons' lines about gres are printed
first.
"""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "class"))
from slurm_cluster import Cluster, Unavailable  # noqa: E402


def main():
    exe, src = sys.argv[1], sys.argv[2]
    ngpus = len(subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True,
                               text=True).stdout.split("\n")) - 1
    if ngpus < 1:
        print("SKIPPED: no GPU (nvidia-smi lists none)")
        return 77
    no_gres = os.environ.get("RV_BENCH_SLURM_GPU") == "none"
    try:
        cl = Cluster("rvq", gres=None if no_gres else "gpu:%d" % ngpus, cpus=os.cpu_count())
    except Unavailable as e:
        print("FAIL: no one-node Slurm cluster could be started: %s" % e)
        return 77
    try:
        print("== slurm: one node, %d GPU(s)%s, %d CPUs; %s" % (
              ngpus, " not as gres (--slurm-gpu none)" if no_gres else " as gres gpu:%d" % ngpus, cl.cpus,
              cl.run("sinfo", "--version").stdout.strip()), flush=True)
        print("== sinfo: %s" % cl.run("sinfo", "-N", "-h", "-o", "%N %G %T %E").stdout.strip(), flush=True)
        for name in ("slurmctld.log", "slurmd.log"):
            try:
                with open(os.path.join(cl.dir, name)) as f:
                    said = [line.strip() for line in f if "gres" in line.lower() or "error" in line.lower()]
            except OSError:
                said = []
            for line in said[:8]:
                print("== %s: %s" % (name, line), flush=True)
        env = dict(cl.env, RV_BENCH_SLURM="rvq")
        return subprocess.run([sys.executable, os.path.join(here, "class_submit.py"), exe, src], env=env).returncode
    finally:
        cl.stop()


if __name__ == "__main__":
    sys.exit(main())
