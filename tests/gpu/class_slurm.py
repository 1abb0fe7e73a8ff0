#!/usr/bin/env python3
"""class_slurm.py — the class bench (tests/gpu/class_submit.py) through a
one-node Slurm cluster started here with this machine's GPUs as its gres
(tests/class/slurm_cluster.py), each check a job step (`class --slurm rvq`).

Usage: class_slurm.py path/to/reducevis SOURCE_DIR.  Its exit status is the
bench's; 77 when no cluster could be started (said why).  RV_BENCH_SLURM_GPU=none:
no gres, the class's `--slurm-gpu none` (steps ask for no GPU and share the
machine's, as a cluster without GPU gres would run them).
RV_BENCH_SLURM_SHARD=N: each GPU shared out as N gres shards, the class's
--slurm-shard (steps share a GPU, their turns kept by lock files).
RV_BENCH_SLURM_NODES=K: K nodes on this machine, each a slurmd of its own
with its share of the GPUs (tests/class/slurm_cluster.py).
RV_BENCH_SLURM_PROBE=1: the cluster started and a step on each node, no bench.  The node's gres,
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
    shards = int(os.environ.get("RV_BENCH_SLURM_SHARD", "0"))
    nodes = int(os.environ.get("RV_BENCH_SLURM_NODES", "1"))
    if no_gres and nodes > 1 or ngpus % nodes:
        print("FAIL: %d nodes of %d GPUs%s" % (nodes, ngpus, " without gres" if no_gres else ""))
        return 2
    try:
        cl = Cluster("rvq", gres=None if no_gres else "gpu:%d" % (ngpus // nodes), cpus=os.cpu_count(),
                     shards=0 if no_gres else shards, nodes=nodes)
    except Unavailable as e:
        print("FAIL: no one-node Slurm cluster could be started: %s" % e)
        return 77
    try:
        print("== slurm: %d node(s) on this machine, %d GPU(s) in all%s, %d CPUs each; %s" % (
              nodes, ngpus, " not as gres (--slurm-gpu none)" if no_gres else " as gres gpu:%d a node%s" % (
                  ngpus // nodes, ", shared out as shard:%d" % shards if shards else ""), cl.cpus,
              cl.run("sinfo", "--version").stdout.strip()), flush=True)
        print("== sinfo: %s" % cl.run("sinfo", "-N", "-h", "-o", "%N %G %T %E").stdout.strip(), flush=True)
        for path in [os.path.join(cl.dir, "slurmctld.log")] + cl.slurmd_logs():
            try:
                with open(path) as f:
                    said = [line.strip() for line in f if "gres" in line.lower() or "error" in line.lower()]
            except OSError:
                said = []
            for line in said[:8]:
                print("== %s: %s" % (os.path.basename(path), line), flush=True)
        env = dict(cl.env, RV_BENCH_SLURM="rvq")
        # what a step is given: its node, its GPU as CUDA sees it and as the gres numbers it
        ask = ["--gres=shard:1"] if shards else [] if no_gres else ["--gres=gpu:1"]
        for name in cl.nodes:
            p = cl.run("srun", "--partition=rvq", "-w", name, "--mem=100M", *ask, "sh", "-c",
                       "echo $SLURMD_NODENAME CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES "
                       "SLURM_STEP_GPUS=$SLURM_STEP_GPUS; nvidia-smi -L | head -2", timeout=60)
            print("== a step on %s: %s" % (name, (p.stdout + p.stderr).strip().replace("\n", "; ")), flush=True)
        if os.environ.get("RV_BENCH_SLURM_PROBE"):   # the cluster and its steps alone, no bench
            return 0
        return subprocess.run([sys.executable, os.path.join(here, "class_submit.py"), exe, src], env=env).returncode
    finally:
        cl.stop()


if __name__ == "__main__":
    sys.exit(main())
