#!/usr/bin/env python3
"""one_way.py ROOT — fails when a file includes a layer above its own, or
when a frame's data climbs back up its path.

The folders of src/ are layers (docs/architecture.md draws them); a file
includes its own folder's headers and those of the layers below, never one
above:
  core, model   the trace, its analysis, the version table, rules, quiz,
                results, i18n; and the CPU model (one layer: the model fills
                core's trace, the trace loader checks a version's steps
                against the model's plan)
  gpu           the GPU's runs (CUDA) and the host side of several GPUs
  tracer        the Compute Sanitizer tool, alone (built apart, no project
                header but its own)
  own           a student's kernel traced unchanged: build, run, convert
  class         the live class's server, room and queue
  viewer        the window, the scene, drawing, export, charts
  cli           main and one file per command: may include anything
src/rv_access.h, the access layout the kernels share, is below them all.

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
    "core": {"model"},
    "model": {"core"},
    "gpu": {"core", "model"},
    "tracer": set(),
    "own": {"core", "model", "gpu", "tracer"},
    "class": {"core", "model", "own"},
    "viewer": {"core", "model", "gpu", "own", "class"},
    "cli": {"core", "model", "gpu", "own", "class", "viewer", "tracer"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(rel):
    """The folder of src/ a path is in ("" for src/ itself, None outside)."""
    parts = rel.split("/")
    if parts[0] != "src":
        return None
    return parts[1] if len(parts) > 2 else ""


def layering(root):
    """Includes that reach a layer above the including file's."""
    found = []
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
                    theirs = layer_of(os.path.relpath(target, root))
                    if theirs in (mine, "", None) or theirs in LAYERS[mine]:
                        continue
                    found.append(f"{rel}:{no}: {mine}/ includes {theirs}/, a layer above it: {m.group(1)}")
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
    for f in up + found:
        print(f)
    if up:
        print(f"one_way.py: {len(up)} include(s) of a layer above (docs/architecture.md)")
    if found:
        print(f"one_way.py: {len(found)} place(s) where a frame's data goes back up its path")
    if up or found:
        return 1
    print("one_way.py: every folder includes only the layers below it; "
          "trace -> analysis -> scene -> layout -> drawing, no step back")
    return 0


if __name__ == "__main__":
    sys.exit(main())
