#!/usr/bin/env python3
"""launch_words_check.py — what each launch of a recorded corpus trace says
it did ("launch 2 of 2: one block sums the 264 partials of buffer 5 into
out[0]"), held to the counts the recording has, as `inspect --json` gives
them (each launch's "did", "grid", "n" and "grid_counts" buffers).

Usage: launch_words_check.py INSPECT.json TRACE.txt INSPECT.txt
  INSPECT.json  `reducevis inspect --json` of the trace
  TRACE.txt     what `reducevis trace --replay` printed making it
  INSPECT.txt   `reducevis inspect` of it (text)

For every launch:
  - "did" begins "launch K of M: ", K and M the launch's own numbers;
  - a launch that reads a buffer an earlier launch wrote sums "the P
    partials of B": P the lanes of its grid that read B, equal to the values
    the writer wrote there (the hand-off counted alike on both sides), and
    the input's N is not said for them;
  - otherwise a launch of one block that reads in[] sums "the N elements of
    in[]", a launch of G blocks says "G blocks, each sums its tile" (or
    "tiles" when N is more than G blocks of threads);
  - a launch of one block that writes out[] leaves its sum "into out[I]";
  - the same sentence is in the trace's and inspect's text, whole.
Prints one line per launch; exit 0 when all hold, else 1 with each failure.
"""
import json
import sys

SUP = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"


def count(n):
    """A count as the header writes it: 2²⁵ for powers of two from 2¹⁰."""
    if n >= 1024 and n & (n - 1) == 0:
        e = n.bit_length() - 1
        return "2" + SUP[e // 10] + SUP[e % 10]
    return f"{n:,}"


def plural(n, one, many):
    return one if n == 1 else many


def check_launch(launch, launches, fails):
    did, k, of = launch["did"], launch["launch"], launch["of"]
    if launch["grid_counts"] is None:   # not counted: no sentence, the old words
        if did:
            fails.append(f"launch {k}: not counted, yet it says \"{did}\"")
        return
    head = f"launch {k} of {of}: "
    if not did.startswith(head):
        fails.append(f"launch {k}: \"{did}\" does not begin \"{head}\"")
        return
    body = did[len(head):]
    bufs = (launch["grid_counts"] or {}).get("buffers", [])
    handed = [b for b in bufs if b["reads"] and b["written_by_launch"] and b["role"] != "in"]
    grid, n = launch["grid"], launch["n"]
    if handed:
        b = max(handed, key=lambda b: b["reads"])
        name = "out[]" if b["role"] == "out" else f"buffer {b['buffer']}"
        writer = launches[b["written_by_launch"] - 1]
        wrote = [w for w in writer["grid_counts"]["buffers"] if w["buffer"] == b["buffer"]]
        if wrote and wrote[0]["writes"] and wrote[0]["writes"] != b["reads"]:
            fails.append(f"launch {k}: read {b['reads']} values of {name}, launch {writer['launch']} wrote "
                         f"{wrote[0]['writes']}")
        p = b["reads"]
        want = f"the {count(p)} {plural(p, 'partial', 'partials')} of {name}"
        if want not in body:
            fails.append(f"launch {k}: \"{body}\" does not say \"{want}\" (the recorded reads of {name})")
        if p != n and f"{count(n)} element" in body:
            fails.append(f"launch {k}: \"{body}\" says the input's N ({n}) for the partials it read")
    elif any(b["role"] == "in" and b["reads"] for b in bufs):
        if grid <= 1:
            want = f"one block sums the {count(n)} {plural(n, 'element', 'elements')} of in[]"
        else:
            want = f"{count(grid)} blocks, each sums {'its tiles' if n > grid * launch['block_size'] else 'its tile'}"
        if not body.startswith(want):
            fails.append(f"launch {k}: \"{body}\" does not begin \"{want}\"")
    if grid <= 1 and any(b["role"] == "out" and b["writes"] for b in bufs) and " into out[" not in body:
        fails.append(f"launch {k}: \"{body}\" does not say which word of out[] it leaves its sum in")


def main():
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    texts = [open(p, encoding="utf-8").read() for p in sys.argv[2:4]]
    launches, fails = data["launches"], []
    for launch in launches:
        print(launch["did"])
        check_launch(launch, launches, fails)
        for path, text in zip(sys.argv[2:4], texts):
            if launch["did"] and launch["did"] not in text.splitlines() and \
                    "  " + launch["did"] not in text.splitlines():
                fails.append(f"launch {launch['launch']}: \"{launch['did']}\" is not a line of {path}")
    for f in fails:
        print("FAIL:", f, file=sys.stderr)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
