#!/usr/bin/env python3
"""corpus_compare_test.py — corpus_compare.py on made-up inputs, no GPU: ncu's
CSV read with its noise lines, thousands separators and n/a; counters EQUAL,
DIFFERENT and EXPLAINED; the global atomics as atom + red; launches matched
in order; a trace without "launches" and an ncu.csv without launches refused
(exit 2); the EXPLAINED table's own check; the whole grid's cp.async, bulk
copies and other blocks' shared memory each EQUAL and DIFFERENT, held to
their metrics where the ncu.csv has them and NOT ASKED (not failed) where it
predates them.
Usage: corpus_compare_test.py SOURCE_DIR"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

src = sys.argv[1]
tool = os.path.join(src, "tests", "own", "corpus_compare.py")
sys.dont_write_bytecode = True   # nothing left in the source tree (source_tree_clean)
spec = importlib.util.spec_from_file_location("corpus_compare", tool)
cc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cc)
corpus = os.path.join(src, "tests", "own", "corpus")
passed = failed = 0


def check(what, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}" + (f"\n{detail}" if detail else ""))


def run(*args):
    p = subprocess.run([sys.executable, tool, *args], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size",'
          '"Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"')


def ncu_csv(launches):
    """launches: [(kernel, {metric: text})] -> ncu --csv text with its noise"""
    out = ["==PROF== Connected to process 4242 (/tmp/x/program)", "==PROF== Profiling \"k\": 0%....100% - 3 passes",
           HEADER]
    for k, (kernel, ms) in enumerate(launches):
        for m, v in ms.items():
            out.append(f'"{k}","4242","program","127.0.0.1","{kernel}","1","13","(256, 1, 1)","(1, 1, 1)","0",'
                       f'"9.0","Command line profiler metrics","{m}","","{v}"')
    out.append("==PROF== Disconnected from process 4242")
    return "\n".join(out) + "\n"


def metrics(ld="1,212", st="9", atom="0", wld="1212", wst="9", watom="0", gatom="1", gred="2"):
    return {"smsp__sass_inst_executed_op_shared_ld.sum": ld, "smsp__sass_inst_executed_op_shared_st.sum": st,
            "smsp__sass_inst_executed_op_shared_atom.sum": atom,
            "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": wld,
            "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum": wst,
            "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum": watom,
            "smsp__sass_inst_executed_op_global_atom.sum": gatom,
            "smsp__sass_inst_executed_op_global_red.sum": gred}


# the whole grid's copies and other blocks' shared memory: trace key -> ncu
# metric (the bulk copies' as corpus_compare.py names it, whichever it is)
LATER = {"async_requests": "smsp__sass_inst_executed_op_ldgsts.sum",
         "async_bytes": "smsp__sass_data_bytes_mem_shared_op_ldgsts.sum",
         "bulk_copies": cc.BULK_COPIES_METRIC,
         "dsmem_ld_requests": "smsp__sass_inst_executed_op_dshared_ld.sum",
         "dsmem_st_requests": "smsp__sass_inst_executed_op_dshared_st.sum",
         "dsmem_atom_requests": "smsp__sass_inst_executed_op_dshared_atom.sum"}
LATER_VALUES = {"async_requests": 8, "async_bytes": 1024, "bulk_copies": 4, "dsmem_ld_requests": 744,
                "dsmem_st_requests": 3, "dsmem_atom_requests": 2}


def later_metrics(**changed):
    """metrics() and the later ones, as an ncu.csv made since asks for them"""
    ms = metrics()
    for key, metric in LATER.items():
        ms[metric] = str(changed.get(key, LATER_VALUES[key]))
    return ms


def grid_launch(**changed):
    """a launch the tracer counted over the whole grid (grid_counts)"""
    l = launch(1, 1, "_Z5firstPKfPfj")
    l["grid_counts"] = dict(l["smem"], global_atom_requests=3, cas_requests=0, bulk_bytes=4096, buffers=[],
                            **{k: changed.get(k, v) for k, v in LATER_VALUES.items()})
    return l


def launch(k, of, kernel, st=9, gatom=3):
    return {"launch": k, "of": of, "kernel": kernel, "grid": 1, "block_size": 256,
            "smem": {"ld_requests": 1212, "ld_wavefronts": 1212, "st_requests": st, "st_wavefronts": 9,
                     "atom_requests": 0, "atom_wavefronts": 0},
            "global_atom_requests": gatom}


with tempfile.TemporaryDirectory() as tmp:
    def put(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    two = put("two.csv", ncu_csv([("_Z5firstPKfPfj", metrics()), ("_Z6secondPKfPfj", metrics())]))
    tr_equal = put("eq.json", json.dumps({"version": -1, "launches": [launch(2, 2, "_Z6secondPKfPfj"),
                                                                     launch(1, 2, "_Z5firstPKfPfj")]}))
    rc, out = run("two_launches", tr_equal, two)
    check("two launches, every counter equal (1,212 read as 1212; atom + red = 3): exit 0", rc == 0, out)
    check("both launches are listed, in order", out.find("launch 1 of 2: _Z5first") < out.find("launch 2 of 2: _Z6second")
          and "DIFFERENT" not in out, out)

    tr_st = put("st.json", json.dumps({"launches": [launch(1, 2, "_Z5firstPKfPfj"),
                                                    launch(2, 2, "_Z6secondPKfPfj", st=8)]}))
    rc, out = run("two_launches", tr_st, two)
    check("a store count that differs in launch 2: exit 1, DIFFERENT", rc == 1 and out.count("DIFFERENT") == 1, out)
    ex = put("EXPLAINED", "# comment\ntwo_launches st_requests a reason written down # and a comment\n")
    rc, out = run("two_launches", tr_st, two, ex)
    check("... and EXPLAINED with its reason: exit 0", rc == 0 and "EXPLAINED (a reason written down)" in out, out)
    ex_all = put("EXPLAINED.all", "two_launches * every counter\n")
    rc, out = run("two_launches", tr_st, two, ex_all)
    check("* explains any counter of the file", rc == 0, out)
    rc, out = run("other_file", tr_st, two, ex)
    check("a reason for another file explains nothing", rc == 1, out)

    one = put("one.csv", ncu_csv([("_Z5firstPKfPfj", metrics())]))
    rc, out = run("two_launches", tr_equal, one)
    check("2 traced launches, 1 profiled: DIFFERENT launches", rc == 1 and "launches" in out and "DIFFERENT" in out, out)

    na = put("na.csv", ncu_csv([("_Z5firstPKfPfj", metrics(watom="n/a"))]))
    tr_one = put("one.json", json.dumps({"launches": [launch(1, 1, "_Z5firstPKfPfj")]}))
    rc, out = run("x", tr_one, na)
    check("n/a from ncu is no value: DIFFERENT", rc == 1 and "n/a" in out, out)

    rc, out = run("x", put("renamed.json", json.dumps({"launches": [launch(1, 1, "_Z5otherPKfPfj")]})), one)
    check("another kernel at the same place: DIFFERENT kernel", rc == 1 and "kernel" in out, out)

    rc, out = run("x", put("old.json", json.dumps({"version": 1, "steps": []})), one)
    check("a trace without launches: exit 2, said", rc == 2 and "launches" in out, out)
    rc, out = run("x", tr_one, put("empty.csv", "==PROF== Connected\n==ERROR== failed\n"))
    check("an ncu.csv without a CSV: exit 2, said", rc == 2 and "no ncu CSV" in out, out)
    rc, out = run("x", tr_one, os.path.join(tmp, "missing.csv"))
    check("a missing ncu.csv: exit 2", rc == 2, out)

    # the whole grid's copies and other blocks' shared memory
    later = put("later.csv", ncu_csv([("_Z5firstPKfPfj", later_metrics())]))
    tr_grid = put("grid.json", json.dumps({"launches": [grid_launch()]}))
    rc, out = run("x", tr_grid, later)
    check("copies and other blocks' shared memory, every one equal: exit 0", rc == 0 and "DIFFERENT" not in out, out)
    for key in LATER:
        check(f"{key} compared: EQUAL", any(l.split()[:1] == [key] and l.endswith("EQUAL") for l in out.splitlines()),
              out)
        rc, out2 = run("x", put(f"{key}.json", json.dumps({"launches": [grid_launch(**{key: LATER_VALUES[key] + 1})]})),
                       later)
        check(f"{key} one more than ncu's: DIFFERENT, exit 1",
              rc == 1 and out2.count("DIFFERENT") == 1 and any(l.split()[:1] == [key] and l.endswith("DIFFERENT")
                                                               for l in out2.splitlines()), out2)
    check("NOT ASKED said of none when ncu.csv has them", "NOT ASKED" not in out, out)
    rc, out = run("x", tr_grid, one)
    check("an ncu.csv from before they were asked: exit 0, each NOT ASKED, none compared",
          rc == 0 and all(k in out.split("NOT ASKED", 1)[-1] for k in LATER) and "DIFFERENT" not in out
          and not any(l.split()[:1] == ["async_requests"] for l in out.splitlines()), out)
    rc, out = run("x", tr_grid, put("later_na.csv", ncu_csv([("_Z5firstPKfPfj",
                                                              dict(later_metrics(), **{LATER["bulk_copies"]: "n/a"}))])))
    check("a later metric asked but n/a: DIFFERENT, not NOT ASKED", rc == 1 and "NOT ASKED" not in out, out)
    rc, out = run("x", tr_one, later)
    check("counted over block 0 only, the copies cannot be compared: DIFFERENT", rc == 1 and "async_requests" in out, out)
    shown = dict(later_metrics(), **{"sm__inst_executed_pipe_tma.sum": "4",
                                     "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum": "5,120"})
    rc, out = run("x", tr_grid, put("shown.csv", ncu_csv([("_Z5firstPKfPfj", shown)])))
    check("the other candidate and the TMA's bytes shown, not compared: exit 0",
          rc == 0 and "not compared: ncu's sm__inst_executed_pipe_tma.sum" in out
          and "4096       5120  (shown, not compared" in out, out)

    rc, out = run("--check-explained", os.path.join(corpus, "EXPLAINED"), corpus)
    check("the corpus's EXPLAINED names corpus files and known counters", rc == 0, out)
    bad = put("bad", "no_such_file ld_requests why\natomic_shared_float no_such_counter why\nshfl_down ld_requests\n")
    rc, out = run("--check-explained", bad, corpus)
    check("a bad EXPLAINED: each bad line named", rc == 1 and out.count("is not CORPUS_FILE") == 3, out)

print(f"corpus_compare: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
