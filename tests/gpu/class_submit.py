#!/usr/bin/env python3
"""class_submit.py — the students' kernels on a GPU machine (run by
tests/gpu/class_submit.sh, which makes the build and finds bwrap).

Part 1: a class (`reducevis class`, loopback) and three students who send
exercise 1's starting file, its solution, a file that does not compile and
a hostile one (tests/own/hostile/system.cu, striking in launch()); each
result is printed whole, the judged ones with their speed against v8 timed
in the same run (check's summary, the page's JSON) and their trace as a
lesson page beside v1, the class must keep serving (the teacher's list
answers) after each, and the hostile one must have written nothing outside.
Part 2, the benchmark: $RV_BENCH_STUDENTS students (100) each send one
file of exercise 1 (solutions, start files, files that do not compile, one
hostile), spread over one minute; printed: the median and p95 time from
submit to verdict, the median compile time (the compile workers', on the
CPU, while the GPUs run others), which GPU judged how many, and each GPU's
busy share: the time some check held a turn on it (DIR/gpu-turns.txt, the
gates' log) and a timed run held it alone, over the wall time from the first
submit to the last verdict, with nvidia-smi's utilization sampled every 200
ms beside it.
Part 3: the same kernel timed alone, then with 7 others traced beside it,
4 times each: the medians agree within 2%.
Part 4: 8 students send a solution, the class is killed (SIGKILL) while
checks run side by side, and resumed: every one is judged.
The class runs with --compilers $RV_BENCH_COMPILERS and --gpu-slots
$RV_BENCH_SLOTS when they are set.  With RV_BENCH_HOSTILE=1 the benchmark
has five more hostile students, striking in launch() (tests/own/hostile/:
forkbomb, army, gpumem, spin, and copy_flood, whose copies and memsets go
on after launch() and main() return), spread over its minute; every honest verdict
must still be the one expected, and the honest kernels' median and p95 are
printed apart, to set beside a run without them (within 25%).
With RV_BENCH_WAVES=1 the class runs with --waves, so every judged kernel's
grid is recorded after its verdict (the waves run alone, `check --waves-into`
the verdict's trace, and the judged calls again untouched and under the
patch, for its cost): the same lines, to set beside a run
without it, then every honest grid waited for, how long after its verdict it
came, and the median of the patch's cost as each grid's `waves:` line gives it.
With RV_BENCH_LIBRARY=1 a few students more send right programs built on
CUDA's libraries (LIBRARY: CUB, Thrust, the stream-ordered allocator, a
cooperative grid.sync(), cp.async, a cuda::pipeline, the TMA), each to the
exercise it answers: the relay's stops (a launch() 5 s on the host alone,
GPU work queued outside launch()) were made for hostile host code, and must
stop none of these; each one's verdict, rules and submit-to-verdict time are
printed, and its verdict held to what the repository's records say of it
where they say enough.

Usage: class_submit.py REDUCEVIS SOURCE_DIR, or class_submit.py --list
SOURCE_DIR (no GPU, no class: the library students' table checked against
the repository).  Exit 0 when every check held.
"""
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "class"))
from serve import Checks, Class  # noqa: E402

check = Checks()

# The relay's stops as check's output says them (src/own/run/program_run.c):
# (key, words of its message, what it stopped)
STOPS = (("host", "on the host alone, with no kernel", "its launch() on the host alone"),   # RV_TURN_HOST_STOP_S
         ("outside", "kept the GPU busy outside launch()",   # RV_TURN_OUTSIDE_STOP_S
          "its GPU work queued after launch() returned"),
         ("shared", "kept its turn on the class's GPU", "its shared turn kept a timed run waiting"),
         ("alone", "kept the GPU to themselves", "its timed calls kept the GPU alone too long"))

# Each exercise's rules, by check's summary's names (src/core/exercises.c;
# --list reads that table again, so that the two cannot part)
EVERY = ("own", "sum", "calls", "reads", "whole")
EXERCISE_RULES = {1: EVERY + ("converged",), 2: EVERY + ("converged", "conflict_free"),
                  3: EVERY + ("converged", "conflict_free", "two_per_thread", "half_grid"),
                  4: EVERY + ("synced", "warp_tail"), 5: EVERY + ("timed", "fast")}

# RV_BENCH_LIBRARY=1's students: right programs built on CUDA's libraries,
# each sent to the exercise it answers.  fail: the rules its verdict must
# fail; open: rules not held to anything (the records say too little of
# them); every other rule of the exercise must hold.  sm: the compute
# capability it needs.  basis: where the expectation comes from, printed.
Library = collections.namedtuple("Library", "path exercise fail open sm basis")
LIBRARY = (
    Library("tests/own/corpus/cub_device_reduce.cu", 5, (), (), 0,
            "tests/gpu/cheats.sh's honest answer to exercise 5: PASS, 99-101% of v8 at block 512 "
            "(assets/logs/cheats-nvidia-h200.txt, -kernel-turns.txt, cheats-nvidia-h100-80gb-hbm3.txt)"),
    Library("tests/own/corpus/thrust_reduce.cu", 5, ("fast",), (), 0,
            "54-67% of v8 on the H200, 72% on the H100, 90% needed (judge-ab-nvidia-h200-held.txt, gpu-judge-*.txt, "
            "block 256: Thrust ignores it); calls and reads ok there; sum right, nothing cut at 2^25 (corpus-*.txt)"),
    Library("tests/own/corpus/cub_temp_async.cu", 5, (), (), 0,
            "102% of v8 on the H200 since the timed calls keep what the memory pool frees (judge-ab-nvidia-h200-pool.txt, "
            "nvidia-h200-gpu-judge-pool.txt; 22-39% before, and 29% on the H100, not measured since); calls and reads "
            "ok there; sum right, nothing cut at 2^25 (corpus-*.txt)"),
    Library("tests/own/corpus/cub_block_reduce.cu", 5, (), ("fast",), 0,
            "fast not held: 90-92% of v8 on the H200 at block 256 (judge-ab-nvidia-h200-held.txt, "
            "gpu-judge-nvidia-h200.txt), at the 90% bound, and never timed at exercise 5's 512; calls and reads ok "
            "there; sum right, nothing cut at 2^25 (corpus-*.txt)"),
    Library("tests/own/corpus/grid_sync.cu", 5, ("fast",), (), 0,
            "62-65% of v8 on the H200, 80% on the H100 (judge-ab-nvidia-h200-held.txt, gpu-judge-*.txt, "
            "block 256); calls and reads ok there; sum right, nothing cut at 2^25 (corpus-*.txt)"),
    Library("tests/own/async_tile.cu", 2, (), ("calls", "reads"), 80,
            "converged, conflict-free, whole: its H200 recording judged again (check --trace on trace --replay of "
            "assets/own-raw/hopper/nvidia-h200/async_tile: block 0 as at 2^25); sum right at 2^25 "
            "(hopper-nvidia-h200.txt); calls and reads never judged on a GPU, not held"),
    Library("tests/own/pipeline_stages.cu", 2, (), ("calls", "reads"), 80,
            "converged, conflict-free, whole: its H200 recording judged again (as async_tile; block 0 streams 4 "
            "tiles at 2^25, 1 there); sum right at 2^25 (hopper-nvidia-h200.txt); calls and reads never judged on "
            "a GPU, not held"),
    Library("tests/own/tma_tile.cu", 2, (), ("calls", "reads"), 90,
            "converged, conflict-free, whole: its H200 recording judged again (as async_tile); sum right at 2^25 "
            "(hopper-nvidia-h200.txt); calls and reads never judged on a GPU, not held"),
)
# where the speeds above were measured: elsewhere exercise 5's fast rule is not held
MEASURED_ON = ("NVIDIA H200", "NVIDIA H100 80GB HBM3")


def expected(lib):
    """lib's expected verdict, in words."""
    verdict = "fail (%s)" % ", ".join(lib.fail) if lib.fail else "pass"
    if not lib.open:
        return verdict
    return "%s unless %s fail%s (the verdict not held)" % (verdict, " or ".join(lib.open),
                                                           "s" if len(lib.open) == 1 else "")


def gpu_of():
    """(the first GPU's name, its compute capability as 90 for 9.0), ("", 0) where nvidia-smi says nothing."""
    try:
        line = subprocess.run(["nvidia-smi", "--query-gpu=name,compute_cap", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30).stdout.splitlines()[0]
        name, cap = [x.strip() for x in line.rsplit(",", 1)]
        return name, int(round(float(cap) * 10))
    except (OSError, IndexError, ValueError, subprocess.SubprocessError):
        return "", 0


def library_students(src):
    """RV_BENCH_LIBRARY=1: [(Library, its text)] for this GPU (a file that
    needs a newer GPU left out, saying so; exercise 5's speed held only on
    the GPUs it was measured on)."""
    if os.environ.get("RV_BENCH_LIBRARY") != "1":
        return []
    name, cap = gpu_of()
    out = []
    for lib in LIBRARY:
        if lib.sm and cap and cap < lib.sm:
            print("== library student left out: %s needs sm_%d, this GPU is sm_%d" % (lib.path, lib.sm, cap))
            continue
        if "fast" in EXERCISE_RULES[lib.exercise] and name not in MEASURED_ON and "fast" not in lib.open:
            lib = lib._replace(fail=tuple(r for r in lib.fail if r != "fast"), open=lib.open + ("fast",),
                               basis=lib.basis + "; fast not held: measured on %s only, not on %s"
                               % (" and ".join(MEASURED_ON), name or "this GPU"))
        out.append((lib, open(os.path.join(src, lib.path)).read()))
    return out


def rules_off(lib, rules):
    """The rules of lib's verdict that went otherwise than expected:
    ["NAME ok/FAIL/not judged/missing, expected ..."]."""
    said = {r.get("name"): r.get("ok") for r in rules}
    off = []
    for name in EXERCISE_RULES[lib.exercise]:
        if name in lib.open:
            continue
        want = name not in lib.fail
        if name not in said or said[name] is not want:
            got = {True: "ok", False: "FAIL"}.get(said[name], "not judged") if name in said else "missing"
            off.append("%s %s, expected %s" % (name, got, "ok" if want else "FAIL"))
    return off


def library_report(c, results):
    """Each library student's verdict, its rules and its time from submit to
    verdict; it fails when one was stopped by the relay, ended in an error,
    or went otherwise than its expectation holds."""
    print("== library programs: %d sent, %d judged" % (len(results), len([d for _, d in results if d])), flush=True)
    stopped, errors, unexpected = [], [], []
    for lib, done in results:
        what = "library %s, exercise %d" % (os.path.basename(lib.path), lib.exercise)
        check(done is not None, "%s: judged" % what)
        if not done:
            continue
        summary = os.path.join(c.out, "submissions", "%d.json" % done["id"])
        try:
            rules = json.load(open(summary)).get("rules") or []
        except (OSError, ValueError):
            rules = []
        stops = [words for _, said, words in STOPS if said in done["output"]]
        off = rules_off(lib, rules) if done["verdict"] != "error" else []
        print("== %s: %s in %.1f s from submit to verdict (compile %.1f s, waited %.1f s, judged %.1f s)%s; rules: %s; "
              "expected %s%s\n     (expected from: %s)"
              % (what, done["verdict"], done["waited_s"] + done["judged_s"], done["compile_s"], done["waited_s"],
                 done["judged_s"], ", %.0f%% of v8" % done["percent_of_mark"] if done.get("percent_of_mark") else "",
                 ", ".join("%s %s" % (r.get("name"), {True: "ok", False: "FAIL"}.get(r.get("ok"), "--"))
                           for r in rules) or "none",
                 expected(lib), ": as expected" if not off and not stops and done["verdict"] != "error" else "",
                 lib.basis), flush=True)
        check(not stops, "%s: STOPPED BY THE RELAY (%s), a right program:\n%s"
              % (what, "; ".join(stops), done["output"][-1500:]))
        check(done["verdict"] != "error" or stops, "%s: ENDED IN AN ERROR, not a verdict:\n%s"
              % (what, done["output"][-1500:]))
        check(not off, "%s: its verdict is not the one expected: %s\n%s"
              % (what, "; ".join(off), done["output"][-1500:]))
        name = os.path.basename(lib.path)
        stopped += ["%s (%s)" % (name, "; ".join(stops))] if stops else []
        errors += [name] if done["verdict"] == "error" and not stops else []
        unexpected += [name] if off else []
    print("== library programs: %d stopped by the relay%s, %d ended in an error%s, %d not judged, %d verdicts not "
          "the ones expected%s" % (len(stopped), " (%s)" % ", ".join(stopped) if stopped else "", len(errors),
                                   " (%s)" % ", ".join(errors) if errors else "", len([d for _, d in results if not d]),
                                   len(unexpected), " (%s)" % ", ".join(unexpected) if unexpected else ""),
          flush=True)


def waves_costs(outputs):
    """RV_BENCH_WAVES=1: what the waves run's patch cost, as each check's
    `waves:` line says it (src/cli/inspect_waves.c: "...: +516.4%", or "the
    patch's cost not measured: WHY"), over the honest kernels judged."""
    costs, why_not, silent = [], [], 0
    for text in outputs:
        lines = [x.strip() for x in text.splitlines() if x.strip().startswith("waves:")]
        cost = [re.search(r": ([+-]?[0-9.]+)%$", x) for x in lines]
        if any(cost):
            costs.append(float(next(m for m in cost if m).group(1)))
        elif any("not measured" in x for x in lines):
            why_not.append(next(x for x in lines if "not measured" in x))
        else:
            silent += 1
    print("== the waves run's patch on the whole reduction, as %d honest checks' waves: lines say it: median %+.1f%%, "
          "p95 %+.1f%% over %d measured; not measured in %d%s; no waves: line in %d"
          % (len(outputs), percentile(costs, 0.5), percentile(costs, 0.95), len(costs), len(why_not),
             " (%s)" % why_not[0] if why_not else "", silent), flush=True)
    return costs, why_not, silent


def grids(out, judged, seconds=300):
    """RV_BENCH_WAVES=1: the judged kernels' grids, which the class records
    after their verdicts, while no kernel waits for one (its queue's "grid"
    events in submissions.jsonl): each honest judged kernel's grid waited
    for (at most `seconds` after the last verdict), how long after its
    verdict it was kept and what its run took, and the patch's cost as each
    grid's run said it (submissions/ID.grid.txt's waves: line).  A grid not
    kept, or never recorded, is a FAIL."""
    log, deadline, events = os.path.join(out, "submissions.jsonl"), time.time() + seconds, {}
    while True:
        with open(log) as f:
            for line in f:
                if '"event":"grid"' in line:
                    try:
                        e = json.loads(line)
                    except ValueError:
                        continue
                    events[e.get("id")] = e
        if all(i in events for i in judged) or time.time() > deadline:
            break
        time.sleep(1)
    got = [events[i] for i in judged if i in events]
    kept = [e for e in got if e.get("kept") == 1]
    after = [e["after_verdict_s"] for e in kept]
    print("== grids, recorded after the verdicts: %d of %d honest judged kernels' kept, %d not kept, %d never recorded; "
          "verdict to grid median %.1f s, p95 %.1f s, max %.1f s; a grid's run median %.1f s"
          % (len(kept), len(judged), len(got) - len(kept), len(judged) - len(got), percentile(after, 0.5),
             percentile(after, 0.95), max(after or [0]), percentile([e["ran_s"] for e in kept], 0.5)), flush=True)
    check(len(kept) == len(judged), "every honest judged kernel's grid recorded and kept after its verdict")
    outputs = []
    for e in kept:
        path = os.path.join(out, "submissions", "%d.grid.txt" % e["id"])
        outputs.append(open(path, errors="replace").read() if os.path.exists(path) else "")
    return outputs


def submit(c, token, ex, text):
    return c.request("POST", c.q("/submit", t=token, ex=ex), body=text.encode(), headers={"Content-Type": "text/plain"})


def wait_done(c, token, seconds=600):
    deadline = time.time() + seconds
    while time.time() < deadline:
        st, body = c.request("GET", c.q("/submission", t=token))
        if st == 200 and body["latest"] and body["latest"]["state"] == "done":
            return body["latest"]
        time.sleep(0.2)
    return None


def judged_speed(c, token, what, done):
    """A kernel judged on the GPU: its speed against v8 timed in the same run
    (check's speed line and summary, the page's JSON) and its trace beside v1
    as a lesson page."""
    check(("v8 timed in this run on this GPU" in done["output"] or "v8 timed on this GPU" in done["output"])
          and done["ms"] > 0 and done["gbps"] > 0
          and done["percent_of_mark"] > 0 and done["trace"] is True,
          "%s: ms %s, GB/s %s, %s%% of v8 timed in the same run, its trace kept" % (what, done["ms"], done["gbps"],
                                                                                 done["percent_of_mark"]))
    summary = os.path.join(c.out, "submissions", "%d.json" % done["id"])
    s = json.load(open(summary)) if os.path.exists(summary) else {}
    check(s.get("percent_of_mark") and abs(s["percent_of_mark"] - done["percent_of_mark"]) < 0.1
          and s.get("mark_ms", 0) > 0 and s["pass"] == (done["verdict"] == "pass"),
          "%s: check's summary says the same: %s" % (what, s))
    path, t0, st, body = c.q("/submissions/%d/trace" % done["id"], v="v1", t=token), time.time(), 202, ""
    while st == 202 and time.time() - t0 < 300:
        st, body = c.request("GET", path, timeout=30)
        time.sleep(1)
    check(st == 200 and "<title>Compare" in body and "vs v1" in body,
          "%s: its trace beside v1, a lesson page, in %.1f s: %s" % (what, time.time() - t0, str(body)[:160]))


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else float("nan")


def turns_of(out):
    """Each GPU turn the class's gates gave (DIR/gpu-turns.txt: kind, asked,
    given, given back, CLOCK_REALTIME seconds)."""
    rows = []
    path = os.path.join(out, "gpu-turns.txt")
    for line in open(path) if os.path.exists(path) else []:
        f = line.split()
        if len(f) == 5:
            rows.append((f[0], f[1], float(f[2]), float(f[3]), float(f[4])))
    return rows


def held_share(turns, t0, t1, kinds="SX"):
    """The share of [t0, t1] in which some turn of kinds was held."""
    spans = sorted((max(a, t0), min(b, t1)) for _, k, _, a, b in turns if k in kinds and b > t0 and a < t1)
    total, end = 0.0, t0
    for a, b in spans:
        if b > end:
            total += b - max(a, end)
            end = b
    return total / max(1e-9, t1 - t0)


def stages_under_load(out, waits, judged):
    """Where the checks' time went under the benchmark's load: the wait for
    a GPU's worker (compile included) and the check, and the check's stages
    from the summaries its runs left (DIR/submissions/ID.json: seconds)."""
    print("== waited for a GPU's worker median %.1f s, p95 %.1f s; a check took median %.1f s, p95 %.1f s"
          % (percentile(waits, 0.5), percentile(waits, 0.95), percentile(judged, 0.5), percentile(judged, 0.95)))
    stages = {}
    for name in glob.glob(os.path.join(out, "submissions", "*.json")):
        try:
            seconds = json.load(open(name)).get("seconds") or {}
        except (OSError, ValueError):
            continue
        for k, v in seconds.items():
            if isinstance(v, (int, float)):
                stages.setdefault(k, []).append(v)
    print("== a check's stages under load, median (p95) s: " + ", ".join(
        "%s %.2f (%.2f)" % (k, percentile(v, 0.5), percentile(v, 0.95)) for k, v in stages.items()), flush=True)


def watch_low_cpu(seen, stop):
    """Every sandbox cgroup seen with cpu.weight 1 (the relay lowered it:
    gpu_turn.h's RV_TURN_HOST_ALONE_S), into seen, until stop is set."""
    while not stop.wait(0.25):
        for f in glob.glob("/sys/fs/cgroup/reducevis/sb-*/cpu.weight"):
            try:
                if open(f).read().strip() == "1":
                    seen.add(os.path.dirname(f))
            except OSError:
                pass   # the sandbox ended meanwhile


def let_go(out, whats):
    """The checks whose GPU slot the class let go while they ran
    (submissions.jsonl's let_go events): their launch() on the host alone
    for SUBMIT_HOST_LET_GO_S, or past SUBMIT_OVERDUE_S; the hostile ones by
    name, the honest ones counted (each let go too soon)."""
    with open(os.path.join(out, "submissions.jsonl")) as f:
        events = [json.loads(x) for x in f if '"event":"let_go"' in x]
    for why, words in (("host", "their launch() on the host alone"), ("overdue", "past the time a check takes")):
        mine = [(whats.get(e["id"], "?"), e["after_s"]) for e in events if e.get("why") == why]
        hostile = ["%s %.1f s in" % (w, a) for w, a in mine if w.startswith("hostile")]
        library = ["%s %.1f s in" % (w, a) for w, a in mine if w.startswith("library")]
        honest = [a for w, a in mine if not w.startswith(("hostile", "library"))]
        print("== slots let go, %s: %d hostile (%s), %d honest%s%s"
              % (words, len(hostile), ", ".join(hostile) or "none", len(honest),
                 " (%.1f to %.1f s in)" % (min(honest), max(honest)) if honest else "",
                 ", %d library (%s)" % (len(library), ", ".join(library)) if library else ""), flush=True)


def hostile_students(src, count):
    """RV_BENCH_HOSTILE=1: {student's index: (what, file, None)} for the five
    hostile files that take the machine's resources, striking in launch()
    (copy_flood: the GPU's, from a thread and an atexit function), placed
    apart from the system() one at count // 2."""
    if os.environ.get("RV_BENCH_HOSTILE") != "1":
        return {}
    out = {}
    for k, name in enumerate(("forkbomb", "army", "gpumem", "spin", "copy_flood")):
        text = open(os.path.join(src, "tests/own/hostile/%s.cu" % name)).read()
        if "unsigned int launch(" not in text:
            text += open(os.path.join(src, "tests/own/hostile/carrier.cu.in")).read()
        text = text.replace("@AT_START@", "0").replace("@IN_LAUNCH@", "1")
        out[(k + 1) * count // 7] = ("hostile (%s)" % name, text, None)
    return out


def turn_stats(alone, shared, stopped):
    """The gate's turns: how long turns alone waited, how long shared turns
    waited and were held, and what a turn alone can be kept waiting by: the
    long shared turns (a traced run's tracer holds one for its kernels only,
    so host code that forks, sleeps or spins in launch() holds none), and the
    runs the gate stopped for keeping one while a timed run waited."""
    print("== %d turns alone waited median %.2f s, max %.2f s" % (len(alone), percentile(alone, 0.5),
          max(alone) if alone else float("nan")), flush=True)
    print("== %d shared turns waited median %.2f s, held median %.2f s, p95 %.2f s"
          % (len(shared), percentile([w for w, _ in shared], 0.5), percentile([h for _, h in shared], 0.5),
             percentile([h for _, h in shared], 0.95)), flush=True)
    held = [h for _, h in shared]
    print("== shared turns held over 1 s: %d, max %.2f s; turns alone that waited over 1 s: %d; runs stopped by the "
          "gate (their shared turn kept a timed run waiting 5 s): %d %s"
          % (len([h for h in held if h > 1.0]), max(held) if held else float("nan"), len([w for w in alone if w > 1.0]),
             len(stopped), sorted(set(stopped))), flush=True)


def bench_class(c, count, kinds, hostile, hostiles=None, library=(), waves=False):
    """count students, each sending one file of exercise 1 (kinds in turn,
    the hostile one once, and `hostiles` at their places), and the library
    students besides, each to its own exercise, spread over one minute: the
    median and p95 from submit to verdict, the verdicts, which GPU judged
    each, and how busy the GPUs were."""
    hostiles = hostiles or {}
    print("== the benchmark: %d students over one minute (%s; one hostile)%s"
          % (count, ", ".join(sorted(set(k[0] for k in kinds))),
             " and %d library students" % len(library) if library else ""), flush=True)
    # (when in the minute, what, its text, the verdict it must get or None, its exercise, its Library or None)
    plan = [(60.0 * i / count,
             *(("hostile (system())", hostile, None) if i == count // 2 else hostiles.get(i) or kinds[i % len(kinds)]),
             1, None) for i in range(count)]
    plan += [(60.0 * (k + 0.5) / len(library), "library (%s)" % os.path.basename(lib.path), text, None, lib.exercise,
              lib) for k, (lib, text) in enumerate(library)]   # their own places in the minute, the others' kept
    plan.sort(key=lambda p: p[0])
    bench = [c.join("B%d" % i) for i in range(len(plan))]
    smi = subprocess.Popen(["nvidia-smi", "--query-gpu=index,utilization.gpu", "--format=csv,noheader,nounits",
                            "-lms", "200"], stdout=subprocess.PIPE, text=True) if shutil.which("nvidia-smi") else None
    lowered, stop_watch = set(), threading.Event()
    watcher = threading.Thread(target=watch_low_cpu, args=(lowered, stop_watch), daemon=True)
    watcher.start()
    t_first = time.time()
    want, whats, sent = {}, {}, {}   # by token; what each submission id is; when each was sent
    for i, (t, (at, what, text, verdict, ex, lib)) in enumerate(zip(bench, plan)):
        while time.time() < t_first + at:
            time.sleep(0.02)
        st, body = submit(c, t, ex, text)
        check(st == 200, "benchmark kernel %d (%s) taken: %s %s" % (i, what, st, body))
        want[t] = (what, verdict, lib)
        sent[t] = time.time() - t_first
        whats[body.get("id") if isinstance(body, dict) else None] = what
    latency, verdicts, compiles, gpus, wrong, waits, judged, honest = [], {}, [], {}, [], [], [], []
    stopped = []   # checks whose run the gate stopped: it kept its shared turn while a timed run waited
    host_stopped = []   # (why, what, judged s) of checks stopped for their launch() on the host alone
                        # ("host") or their GPU work after launch() returned ("outside")
    honest_at = []   # (sent, submit to verdict) of each honest kernel
    libraries = []   # (Library, its submission when done, or None)
    judged_outputs, judged_ids = [], []   # check's output of each honest kernel judged, and its id
    for t in bench:
        done = wait_done(c, t)
        what, verdict, lib = want[t]
        if lib:
            libraries.append((lib, done))
        if not done:
            continue
        latency.append(done["waited_s"] + done["judged_s"])
        compiles.append(done["compile_s"])
        waits.append(done["waited_s"])
        judged.append(done["judged_s"])
        verdicts[done["verdict"]] = verdicts.get(done["verdict"], 0) + 1
        if done["verdict"] != "error":
            gpus[done.get("gpu")] = gpus.get(done.get("gpu"), 0) + 1
        if verdict:
            honest.append(done["waited_s"] + done["judged_s"])
            honest_at.append((sent[t], done["waited_s"] + done["judged_s"]))
            if done["verdict"] in ("pass", "fail"):
                judged_outputs.append(done["output"])
                judged_ids.append(done["id"])
        for key, said, _ in STOPS:
            if said in done["output"]:
                if key == "shared":
                    stopped.append(what)
                elif key in ("host", "outside"):
                    host_stopped.append((key, what, done["judged_s"]))
        if what.startswith("hostile ("):   # what its program said of itself (the spinner: the CPUs it kept busy)
            said = [x.strip() for x in done["output"].splitlines() if x.lstrip().startswith("hostile ")]
            print("== %s, sent %.0f s in: %s in %.1f s; its program said: %s"
                  % (what, sent[t], done["verdict"], done["judged_s"], " / ".join(said[-3:]) or "nothing"), flush=True)
        if "could not run this check" in done["output"]:
            print("== %s: the machine refused its check:\n%s" % (what, done["output"][:600]))
        if verdict and done["verdict"] != verdict:
            wrong.append("%s: %s" % (what, done["verdict"]))
            if len(wrong) <= 2:   # what the first of them said, for whoever reads the log
                print("== %s judged %s, not %s:\n%s" % (what, done["verdict"], verdict, done["output"][-1500:]))
    t_last = time.time()
    util = {}
    if smi:
        smi.terminate()
        for line in smi.communicate()[0].splitlines():
            f = [x.strip() for x in line.split(",")]
            if len(f) == 2 and f[1].isdigit():
                util.setdefault(f[0], []).append(float(f[1]))
    span = t_last - t_first
    turns = turns_of(c.out)
    alone = [g - a for _, k, a, g, _ in turns if k == "X" and a >= t_first]
    if latency:
        print("== %d submissions over %.0f s: submit to verdict median %.1f s, p95 %.1f s, max %.1f s; compile median "
              "%.1f s; verdicts %s; judged on GPU %s"
              % (len(plan), span, percentile(latency, 0.5), percentile(latency, 0.95), max(latency),
                 percentile(compiles, 0.5), verdicts, gpus))
    if honest_at:   # where in the minute the honest students' times went up
        print("== honest kernels by when they were sent, median (p95) s from submit to verdict: " + ", ".join(
            "%d-%d s %.1f (%.1f)" % (a, a + 10, percentile(v, 0.5), percentile(v, 0.95))
            for a in range(0, int(max(x for x, _ in honest_at)) + 1, 10)
            for v in [[y for x, y in honest_at if a <= x < a + 10]] if v), flush=True)
    if (hostiles or library) and honest:   # to set beside a run without them
        with open(os.path.join(c.out, "submissions.jsonl")) as f:
            retries = [json.loads(x) for x in f if '"event":"retry"' in x]
        print("== the %d honest kernels beside %s%s: submit to verdict median %.1f s, p95 %.1f s; "
              "%d checks went back to the queue (the machine refused them): %s"
              % (len(honest), "%d hostile ones" % (len(hostiles) + 1) if hostiles else "the hostile one",
                 " and %d library programs" % len(library) if library else "",
                 percentile(honest, 0.5), percentile(honest, 0.95), len(retries),
                 [r.get("why") for r in retries][:6]))
    if waves:   # the verdicts carry no waves run: the grids' runs after them do
        check(not any("waves:" in x for x in judged_outputs), "no verdict waited for its kernel's waves run")
        waves_costs(grids(c.out, judged_ids))
    stop_watch.set()
    watcher.join()
    let_go(c.out, whats)
    print("== sandboxes given the least share of the CPU (cpu.weight 1: their launch() on the host alone): %d"
          % len(lowered), flush=True)
    for why, words in (("host", "their launch() on the host alone"),
                       ("outside", "their GPU work queued after launch() returned")):
        mine = [(w, s) for y, w, s in host_stopped if y == why]
        hostile_stops = ["%s %.1f s in" % (w, s) for w, s in mine if w.startswith("hostile")]
        print("== runs stopped, %s: %d hostile (%s), %d honest"
              % (words, len(hostile_stops), ", ".join(hostile_stops) or "none", len(mine) - len(hostile_stops)),
              flush=True)
    if os.environ.get("RV_BENCH_SLURM"):   # the steps' turns are kept by their nodes' lock files, not the gate's log
        print("== the GPUs' turns: kept by the nodes' lock files (check --gpu-lock), which log none", flush=True)
    for gpu in sorted(set(t[0] for t in turns)) or ([] if os.environ.get("RV_BENCH_SLURM") else ["-"]):
        mine = [t for t in turns if t[0] == gpu]
        print("== GPU %s busy share: a check held a turn on it %.0f%% of the wall time, a timed run held it alone "
              "%.0f%%; nvidia-smi utilization mean %s over %.0f s"
              % (gpu, 100 * held_share(mine, t_first, t_last), 100 * held_share(mine, t_first, t_last, "X"),
                 "%.0f%%" % (sum(util[gpu]) / len(util[gpu])) if util.get(gpu) else "-", span))
    shared = [(g - a, b - g) for _, k, a, g, b in turns if k == "S" and a >= t_first]
    if turns:
        turn_stats(alone, shared, stopped)
    stages_under_load(c.out, waits, judged)
    if library:
        library_report(c, libraries)
    check(len(latency) == len(plan), "every benchmark kernel judged: %d of %d" % (len(latency), len(plan)))
    check(not wrong, "every benchmark kernel got its verdict: %s" % wrong)
    if os.environ.get("RV_BENCH_SLURM"):   # Slurm, not the class, gives each step its GPU: none is named
        print("== GPUs: Slurm's to give each step, not the class's (judged %s)" % gpus, flush=True)
    else:
        check(len([g for g in gpus if g is not None]) == max(1, len(util)), "every GPU judged some: %s" % gpus)


def disturbance(c, solution, busy_file):
    """The same kernel timed alone, then while 7 others are traced beside it:
    the times agree (the timed calls take the GPU alone)."""
    me, others = c.join("T"), [c.join("O%d" % i) for i in range(7)]
    alone, beside = [], []
    for rounds, into, crowd in ((4, alone, []), (4, beside, others)):
        for _ in range(rounds):
            for t in crowd:
                submit(c, t, 1, busy_file)
            submit(c, me, 1, solution)
            done = wait_done(c, me)
            for t in crowd:
                wait_done(c, t)
            if done and done["ms"] and done["ms"] > 0:
                into.append(done["ms"])
    if alone and beside:
        a, b = percentile(alone, 0.5), percentile(beside, 0.5)
        print("== timed alone: median %.4f ms of %s; with 7 others traced beside it: median %.4f ms of %s; "
              "%+.1f%%" % (a, alone, b, beside, 100 * (b - a) / a), flush=True)
        check(abs(b - a) / a <= 0.02, "a kernel timed while others trace beside it agrees within 2%% with it timed "
              "alone: %.4f against %.4f ms" % (b, a))
    else:
        check(False, "the kernel was timed alone and beside others: %s %s" % (alone, beside))


def kill_and_resume(c, exe, args, solution):
    """A SIGKILL while several checks run side by side: every kernel is in the
    log, and the class resumed judges each one that was not done."""
    import signal
    students = [c.join("K%d" % i) for i in range(8)]
    for t in students:
        submit(c, t, 1, solution)
    deadline, running = time.time() + 120, 0
    while time.time() < deadline and running < 2:
        st, body = c.request("GET", c.q("/submissions", k=c.secret))
        running = sum(1 for s in body["list"][-8:] if s["state"] == "running") if st == 200 else 0
        time.sleep(0.1)
    check(running >= 2, "checks run side by side on the GPU: %d at once" % running)
    c.proc.send_signal(signal.SIGKILL)
    c.proc.wait(30)
    r = Class(exe, *args, "--resume", c.out, out=c.out, env=dict(os.environ, LANGUAGE="en"))
    try:
        done = [wait_done(r, t) for t in students]
        check(all(d and d["verdict"] == "pass" for d in done), "after the kill, --resume judged all 8: %s"
              % [d and d["verdict"] for d in done])
        print("== killed with %d checks running side by side; resumed, all 8 judged: %s"
              % (running, [d and d["verdict"] for d in done]), flush=True)
        for d in [d for d in done if d and d["verdict"] != "pass"][:1]:
            print("== after --resume, judged %s:\n%s" % (d["verdict"], d["output"][-1500:]), flush=True)
    finally:
        r.proc.terminate()
        r.proc.wait(600)
    return r


def list_library(src):
    """--list: the library students' table held to the repository, with no
    GPU: each file is there and has a launch(), the exercises' rules are
    src/core/exercises.c's, each expectation names rules of its exercise;
    and the waves: lines read as inspect_waves.c prints them."""
    table = open(os.path.join(src, "src/core/exercises.c")).read()
    macros = {"EVERY": EVERY, "CONVERGED": ("converged",), "NO_CONFLICTS": ("converged", "conflict_free")}
    for number, rules in re.findall(r"\.number = (\d+),.*?\.rules = ([^,]*),", table, re.S):
        names = set()
        for term in rules.split("|"):
            bit = re.search(r"RV_RULE_BIT\(RV_RULE_(\w+)\)", term)
            names.update((bit.group(1).lower(),) if bit else macros.get(term.strip(), ("?" + term.strip(),)))
        check(names == set(EXERCISE_RULES.get(int(number), ())), "exercise %s's rules, src/core/exercises.c's: %s "
              "against %s" % (number, sorted(names), sorted(EXERCISE_RULES.get(int(number), ()))))
    for lib in LIBRARY:
        path = os.path.join(src, lib.path)
        text = open(path).read() if os.path.exists(path) else ""
        check("unsigned int launch(" in text, "%s is there, with its launch()" % lib.path)
        rules = EXERCISE_RULES.get(lib.exercise, ())
        check(set(lib.fail + lib.open) <= set(rules) and not set(lib.fail) & set(lib.open),
              "%s: expected failing %s, not held %s: rules of exercise %d"
              % (lib.path, lib.fail, lib.open, lib.exercise))
        print("== %s, exercise %d: expected %s\n     (expected from: %s)"
              % (lib.path, lib.exercise, expected(lib), lib.basis))
    said = ["waves: by the Compute Sanitizer's patch: the whole reduction took 1.2888 ms, untraced 0.2091 ms "
            "(medians of 20 timed calls each): +516.4%",
            "waves: stamped in the kernel, 2 launches: 0.0500 ms of kernel time, untraced 0.0400 ms (medians of 20 "
            "launches each): +25.0%", "waves: the patch's cost not measured: the runner failed", "PASS"]
    costs, why_not, silent = waves_costs(said)
    check(costs == [516.4, 25.0] and len(why_not) == 1 and silent == 1, "the waves: lines read: %s %s %d"
          % (costs, why_not, silent))
    lib = LIBRARY[1]
    check(rules_off(lib, [{"name": n, "ok": n != "fast"} for n in EXERCISE_RULES[5]]) == []
          and rules_off(lib, [{"name": n, "ok": True} for n in EXERCISE_RULES[5]]) == ["fast ok, expected FAIL"]
          and rules_off(lib, [{"name": "own", "ok": True}])[:1] == ["sum missing, expected ok"],
          "a verdict held to its expectation, rule by rule")
    return check.report()


def main():
    if sys.argv[1:2] == ["--list"]:
        return list_library(sys.argv[2])
    exe, src = sys.argv[1], sys.argv[2]
    ex1 = os.path.join(src, "docs/exercises/1-converge")
    start = open(os.path.join(ex1, "start.cu")).read()
    solution = open(os.path.join(ex1, "solution.cu")).read()
    broken = start.replace("unsigned int tid = threadIdx.x;", "unsigned int tid = not_declared_here;")
    # the hostile file as tests/own/sandbox_test.sh fills it: system() and exec
    # in launch(), writing outside and deleting a decoy key
    outside, home = tempfile.mkdtemp(prefix="rv-outside-"), tempfile.mkdtemp(prefix="rv-home-")
    os.makedirs(os.path.join(home, ".ssh"))
    decoy = os.path.join(home, ".ssh", "id_rsa")
    open(decoy, "w").write("decoy\n")
    hostile = open(os.path.join(src, "tests/own/hostile/system.cu")).read()
    if "unsigned int launch(" not in hostile:   # the reduction it rides in, as sandbox_test.sh appends it
        hostile += open(os.path.join(src, "tests/own/hostile/carrier.cu.in")).read()
    for k, v in (("@HOME@", home), ("@OUTSIDE@", outside), ("@AT_START@", "0"), ("@IN_LAUNCH@", "1")):
        hostile = hostile.replace(k, v)
    font = os.environ.get("RV_CLASS_FONT")   # a GPU machine without fonts: the bundle's (bundle.sh)
    waves = os.environ.get("RV_BENCH_WAVES") == "1"
    compilers = os.environ.get("RV_BENCH_COMPILERS")
    slots = os.environ.get("RV_BENCH_SLOTS")
    # RV_BENCH_SLURM=PARTITION: the checks as job steps there (tests/gpu/class_slurm.sh starts the cluster)
    slurm = os.environ.get("RV_BENCH_SLURM")
    args = ["--kernel", "v2", *(["--font", font] if font else []), *(["--compilers", compilers] if compilers else []),
            *(["--gpu-slots", slots] if slots else []), *(["--slurm", slurm] if slurm else []),
            *(["--slurm-gpu", "none"] if slurm and os.environ.get("RV_BENCH_SLURM_GPU") == "none" else []),
            *(["--slurm-shard"] if slurm and os.environ.get("RV_BENCH_SLURM_SHARD") else []),
            *(["--slurm-lock-dir", tempfile.mkdtemp(prefix="rv-locks-")] if slurm else []),
            *(["--waves"] if waves else [])]
    c = Class(exe, *args, env=dict(os.environ, LANGUAGE="en"))
    print("== the class: %s, kept in %s" % (c.printed.splitlines()[-1], c.out), flush=True)
    print("== the class's options: %s%s" % (" ".join(args), "; --waves: every judged kernel's grid recorded after its "
          "verdict, while no kernel waits for one" if waves else ""), flush=True)
    # what the class said at start of its sandboxes' limits (per sandbox or shared)
    said = [line.strip() for line in c.printed.splitlines() if "sandboxes:" in line]
    print("== %s" % (said[0] if said else "the class said nothing of its sandboxes' limits"), flush=True)
    try:
        cases = [("start file", start, "fail"), ("solution", solution, "pass"), ("does not compile", broken, "error"),
                 ("hostile (system())", hostile, None)]
        tokens = [c.join("S%d" % i) for i in range(3)]
        for i, (what, text, want) in enumerate(cases):
            t = tokens[i % 3]
            t0 = time.time()
            st, body = submit(c, t, 1, text)
            check(st == 200, "%s taken: %s %s" % (what, st, body))
            done = wait_done(c, t)
            check(done is not None, "%s judged" % what)
            if not done:
                continue
            print("== %s: %s in %.1f s (waited %.1f, judged %.1f)\n%s" % (what, done["verdict"], time.time() - t0,
                  done["waited_s"], done["judged_s"], done["output"]), flush=True)
            if want:
                check(done["verdict"] == want, "%s: verdict %s, expected %s" % (what, done["verdict"], want))
            if want in ("pass", "fail"):
                judged_speed(c, t, what, done)
            st, _ = c.request("GET", c.q("/submissions", k=c.secret))
            check(st == 200, "the class still serves after %s" % what)
        check(not os.listdir(outside) and not os.path.exists(os.path.join(home, "pwned-system"))
              and open(decoy).read() == "decoy\n", "the hostile file wrote nothing outside, and the decoy key is whole")

        count = int(os.environ.get("RV_BENCH_STUDENTS", "100"))   # fewer: a dry run of this script
        kinds = [("solution", solution, "pass")] * 5 + [("start file", start, "fail")] * 3 + \
                [("does not compile", broken, "error")] * 2
        bench_class(c, count, kinds, hostile, hostile_students(src, count), library_students(src), waves)
        check(not os.listdir(outside) and open(decoy).read() == "decoy\n", "the hostile one in the benchmark wrote "
              "nothing outside either")
        disturbance(c, solution, start)
        c = kill_and_resume(c, exe, args, solution)
    finally:
        c.proc.terminate()
        c.proc.wait(600)
        keep = os.environ.get("RV_KEEP_CLASS")   # the class's folder, to be shown again with --resume
        if keep:
            shutil.copytree(c.out, keep, dirs_exist_ok=True)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
