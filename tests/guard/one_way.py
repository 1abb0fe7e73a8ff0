#!/usr/bin/env python3
"""one_way.py ROOT — fails when a file includes a layer above its own, or a
wing of its folder above its own, when two source files use each other's
names (directly or through others), or when a frame's data climbs back up
its path.

The folders of src/ are layers (docs/architecture.md draws them); a file
includes its own folder's headers and those of the layers below, never one
above:
  core          the trace, its analysis, the version table, rules, quiz,
                results, i18n, what to run (config.h), how to fail (status.h)
  model         the CPU model: it fills core's trace
  gpu           the GPU's runs (CUDA) and the host side of several GPUs
  tracer        the Compute Sanitizer tool, alone (built apart, no project
                header but its own)
  own           a student's kernel traced unchanged: build, run, convert
  class         the live class's server, room and queue
  viewer        the window, the scene, drawing, export, charts
  cli           main and one file per command: may include anything
src/rv_access.h, the access layout the kernels share, is below them all.

Two folders are built in wings, one folder a purpose, bottom to top (a wing
includes its own headers and those of the wings below it; wings of one rank
include neither each other):
  own       base < records, sandbox, turns < nvcc < run < trace
  viewer    scene < draw < window < export < chart < class
KNOWN_CLIMBS lists the includes that still go up, each with its reason.

No circle of files: a file that calls a function (or names a variable) that
another defines uses it; no two files use each other, directly or through
others.  KNOWN_CIRCLE_EDGES lists the uses left out of that count, each with
its reason.

A frame goes one way: trace -> analysis -> scene -> layout -> drawing
(src/viewer/scene/scene.h).  Each stage reads what the one before produced and
calls nothing of a stage before that:
  - drawing (src/viewer/draw/draw_*.c, panel_results.c) paints the scene: it calls
    no function of the trace, the analysis, the version table, the verify
    record, the results, compare mode's alignment, predict mode's quiz or
    the scene builders, and reads no trace, analysis, results, verify or
    quiz field of the frame (sizes, theme, mouse and toggles only);
  - frame.c runs the path: it may call the scene builders, nothing above;
  - layout (src/viewer/draw/layout.c) is arithmetic on numbers: it includes
    nothing of the viewer but its own header;
  - the scene (src/viewer/scene/scene*.c) decides words and facts: it neither
    measures nor paints (no SDL, fonts or drawing calls) and asks nothing
    of the layout, which comes after it;
Comments and string literals are ignored.  Exit status: 0 clean, 1 calls
found (each printed as FILE:LINE: what), 2 bad use.
"""
import os
import re
import sys

TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.S)
UPSTREAM_CALL = (r"\b(rv_\w+|verify_\w+|compare_\w+|stepview_\w+|step_label|step_phase_name|quiz_\w+|"
                 r"predict_\w+|device_label\w*|shown_\w+|assets_\w+|code_statement|scene_\w+|draw_layout_for|draw_compare_layout)\s*\(")
FRAME_DATA = (r"(->|\.)(tr|an|tr2|an2|results|results2|sweep|verify|verify2|verify_note|results_note|"
              r"results_path|quiz|rows|note|note2|other2)\b(?!\s*\()")
UPSTREAM_INCLUDE = (r'#include\s+"([\w./]*/)?(analysis|trace|versions|results|verify_record|quiz|predict|model|'
                    r'verify_words|compare|stepview|step_words|shown|assets|device_label)\.h"')
RULES = [
    # (files, forbidden pattern, what it means)
    (r"^src/viewer/draw/(draw_\w+|panel_results)\.c$", UPSTREAM_CALL, "drawing calls a stage above the scene"),
    (r"^src/viewer/draw/(draw_\w+|panel_results)\.c$", FRAME_DATA, "drawing reads the frame's data, not the scene"),
    (r"^src/viewer/draw/(draw_\w+|panel_results|frame)\.c$", UPSTREAM_INCLUDE, "drawing includes a stage above the scene"),
    (r"^src/viewer/draw/frame\.c$", r"\b(rv_\w+|verify_\w+|compare_\w+|stepview_\w+|quiz_\w+)\s*\(",
     "the frame's driver calls the analysis, not the scene"),
    (r"^src/viewer/draw/layout\.c$", r'#include\s+"(?!layout\.h)[^"]*"', "layout includes more than its header"),
    (r"^src/viewer/scene/scene\w*\.c$", r'#include\s+[<"]([\w./]*/)?(SDL|draw|font|render)\.h[>"]|\b(prim|text|draw)_\w+\s*\(',
     "the scene measures or paints"),
    (r"^src/viewer/scene/scene\w*\.c$", r"\blayout_\w+\s*\(", "the scene calls the layout, a later stage"),
]


# what each folder of src/ may include besides itself and src/rv_access.h
LAYERS = {
    "core": set(),
    "model": {"core"},
    "gpu": {"core", "model"},
    "tracer": set(),
    "own": {"core", "model", "gpu", "tracer"},
    "class": {"core", "model", "own"},
    "viewer": {"core", "model", "gpu", "own", "class"},
    "cli": {"core", "model", "gpu", "own", "class", "viewer", "tracer"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')

# the wings of a folder, bottom to top: a wing's rank (docs/architecture.md)
WINGS = {
    "own": {"base": 0, "records": 1, "sandbox": 1, "turns": 1, "nvcc": 2, "run": 3, "trace": 4},
    "viewer": {"scene": 0, "draw": 1, "window": 2, "export": 3, "chart": 4, "class": 5},
}

# includes of a wing above, not yet undone: (file, header) -> why (none
# left: a new one needs its reason here, and undoing it soon)
KNOWN_CLIMBS = {}

# uses left out of the circle count: (file, file or folder it uses) -> why
# (none left: a new one needs its reason here, and undoing it soon)
KNOWN_CIRCLE_EDGES = {}


def layer_of(rel):
    """The folder of src/ a path is in ("" for src/ itself, None outside)."""
    parts = rel.split("/")
    if parts[0] != "src":
        return None
    return parts[1] if len(parts) > 2 else ""


def layering(root):
    """Includes that reach a layer above the including file's, or a wing
    above its own; and the known climbs that no longer happen (the list is
    kept true)."""
    found, seen = [], set()
    for dirpath, _, files in os.walk(os.path.join(root, "src")):
        for name in sorted(files):
            if not name.endswith((".c", ".h", ".cu", ".cuh")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            mine = layer_of(rel)
            if mine not in LAYERS:
                continue
            with open(path, encoding="utf-8") as f:
                for no, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    for base in (dirpath, os.path.join(root, "src")):
                        target = os.path.normpath(os.path.join(base, m.group(1)))
                        if os.path.exists(target):
                            break
                    else:
                        continue
                    target_rel = os.path.relpath(target, root)
                    theirs = layer_of(target_rel)
                    if theirs == mine and mine in WINGS:
                        climb = wing_climb(rel, target_rel, mine)
                        if climb and (rel, m.group(1)) in KNOWN_CLIMBS:
                            seen.add((rel, m.group(1)))
                        elif climb:
                            found.append(f"{rel}:{no}: {climb}: {m.group(1)}")
                        continue
                    if theirs in (mine, "", None) or theirs in LAYERS[mine]:
                        continue
                    found.append(f"{rel}:{no}: {mine}/ includes {theirs}/, a layer above it: {m.group(1)}")
    for rel, header in sorted(set(KNOWN_CLIMBS) - seen):
        found.append(f"{rel}: no longer includes {header}: take it out of KNOWN_CLIMBS")
    return found


def wing_climb(rel, target_rel, folder):
    """What is wrong with rel including target_rel, two files of one folder
    built in wings ("" when nothing is)."""
    a, b = rel.split("/"), target_rel.split("/")
    if len(a) < 4 or len(b) < 4:
        return ""
    mine, theirs = a[2], b[2]
    ranks = WINGS[folder]
    if mine == theirs or mine not in ranks or theirs not in ranks:
        return ""
    if ranks[theirs] > ranks[mine]:
        return f"{folder}/{mine}/ includes {folder}/{theirs}/, a wing above it"
    if ranks[theirs] == ranks[mine]:
        return f"{folder}/{mine}/ includes {folder}/{theirs}/, a wing beside it"
    return ""


# a function defined at the top of a file (not static), a variable likewise
DEFINED_FN = re.compile(r'^(?!static\b)([A-Za-z_][^;{}#()=]*?)\b([A-Za-z_]\w*)\s*\(([^;{}]*?)\)\s*'
                        r'(?:__attribute__\s*\(\(.*?\)\)\s*)?\{', re.M | re.S)
DEFINED_VAR = re.compile(r'^(?!static\b|extern\b|typedef\b|return\b)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*'
                         r'(?:\[[^\]\n]*\]\s*)*(?:=|;)', re.M)
# a name declared for others: a prototype, or an extern variable
DECLARED_FN = re.compile(r'^(?!static\b)[A-Za-z_][^;{}#()=\n]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*'
                         r'(?:__attribute__\s*\(\(.*?\)\)\s*)?;', re.M)
DECLARED_VAR = re.compile(r'\bextern\b[^;(]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*;')
USED = re.compile(r'(?<![\w.>])(?<!->)([A-Za-z_]\w*)\b')
NOT_NAMES = {"if", "for", "while", "switch", "return", "sizeof"}


def uses_between(root):
    """{file: {file whose names it uses: [names]}} over the sources of src/
    (.c and .cu), by the names each defines for others and each uses."""
    defs, used, declared = {}, {}, set()
    for dirpath, _, files in os.walk(os.path.join(root, "src")):
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if not name.endswith((".c", ".cu", ".h", ".cuh")):
                continue
            with open(path, encoding="utf-8") as f:
                code = code_only(f.read())
            declared.update(m.group(1) for m in DECLARED_FN.finditer(code))
            declared.update(m.group(1) for m in DECLARED_VAR.finditer(code))
            if name.endswith((".h", ".cuh")):
                continue
            for m in DEFINED_FN.finditer(code):
                if m.group(2) not in NOT_NAMES:
                    defs.setdefault(m.group(2), set()).add(rel)
            for m in DEFINED_VAR.finditer(code):
                defs.setdefault(m.group(1), set()).add(rel)
            used[rel] = set(USED.findall(code))
    edges = {}
    for f, names in used.items():
        for n in names:
            where = defs.get(n, set()) if n in declared else set()
            if f in where:      # its own, or one of alternatives it is (x.c, x_none.c)
                continue
            for d in where:
                edges.setdefault(f, {}).setdefault(d, []).append(n)
    return edges


def known_edge(a, b):
    return any(a == f and b.startswith(t) for f, t in KNOWN_CIRCLE_EDGES)


def circles(root):
    """Groups of files that use each other, directly or through others."""
    edges = uses_between(root)
    graph = {a: sorted(b for b in bs if not known_edge(a, b)) for a, bs in edges.items()}
    index, low, stack, on, out = {}, {}, [], set(), []
    for start in sorted(graph):
        if start in index:
            continue
        # Tarjan's strongly connected components, without recursion
        work = [(start, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on.add(v)
            succ = graph.get(v, [])
            if i < len(succ):
                work.append((v, i + 1))
                w = succ[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    found = []
    for group in sorted(out):
        members = set(group)
        ties = []
        for a in group:
            for b in graph.get(a, []):
                if b in members:
                    ties.append(f"{a} uses {b} ({', '.join(sorted(set(edges[a][b]))[:3])})")
        found.append(f"{group[0]}: a circle of {len(group)} files that use each other: " + "; ".join(ties))
    return found


def code_only(text):
    """The text with comments and literals blanked, line breaks kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return TOKEN.sub(blank, text)


def check(root):
    found = []
    for top in ("src",):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                rules = [(re.compile(p), w) for f, p, w in RULES if re.search(f, rel)]
                if not rules:
                    continue
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                code = code_only(text)
                lines = text.split("\n")
                for no, line in enumerate(code.split("\n"), 1):
                    for pat, what in rules:
                        # includes are judged on the real line (their name is a literal)
                        subject = lines[no - 1] if "#include" in pat.pattern else line
                        m = pat.search(subject)
                        if m:
                            found.append(f"{rel}:{no}: {what}: {m.group(0).strip()}")
    return found


def main():
    if len(sys.argv) != 2 or not os.path.isdir(os.path.join(sys.argv[1], "src")):
        print("usage: one_way.py SOURCE_ROOT", file=sys.stderr)
        return 2
    up = layering(sys.argv[1])
    found = check(sys.argv[1])
    round_ = circles(sys.argv[1])
    for f in up + found + round_:
        print(f)
    if up:
        print(f"one_way.py: {len(up)} include(s) of a layer or a wing above (docs/architecture.md)")
    if found:
        print(f"one_way.py: {len(found)} place(s) where a frame's data goes back up its path")
    if round_:
        print(f"one_way.py: {len(round_)} circle(s) of files that use each other")
    if up or found or round_:
        return 1
    print("one_way.py: every folder includes only the layers below it, every wing only the wings below it; "
          "no two files use each other; trace -> analysis -> scene -> layout -> drawing, no step back")
    return 0


if __name__ == "__main__":
    sys.exit(main())
