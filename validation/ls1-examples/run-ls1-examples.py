#!/usr/bin/env python3
"""Run every simulation configuration of an ls1-mardyn checkout's examples/ folder with mardyn.

Usage: run-ls1-examples.py <ls1-mardyn checkout> [--mardyn PATH] [--steps N] [--timeout S] [--filter TEXT]

Each configuration (an XML file whose root is <mardyn> with a <simulation>) runs from its own folder as
`mardyn config.xml --steps N --final-checkpoint 0`. Configurations that read an earlier run's checkpoint
(run02 after run01, ...) are run after the configurations of their folder that come before them by name,
so a chain in one folder works end to end. One line per configuration, then the totals:
  run            exit status 0
  input error    exit status 1 with an input error (the first message line is shown)
  missing data   the configuration names a file that is not in the checkout
  failed         anything else (a crash, a time-out, another exit status)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def find_configs(examples):
    configs = []
    for root, _, files in os.walk(examples):
        for f in sorted(files):
            if not f.endswith(".xml"):
                continue
            path = os.path.join(root, f)
            try:
                with open(path, errors="replace") as fh:
                    text = fh.read()
            except OSError:
                continue
            if re.search(r"<mardyn\b", text) and re.search(r"<simulation\b", text):
                configs.append(path)
    return sorted(configs)


def classify(rc, output):
    lines = [l.strip() for l in output.splitlines() if l.strip()]
    if rc == 0:
        return "run", ""
    # the problems follow a line "mardyn: N problems in the input:" (or one "mardyn: <message>" line)
    problems, inside = [], False
    for l in lines:
        if re.match(r"mardyn: .*problems? in the input", l):
            inside = True
            continue
        if inside and not l.startswith("Warning"):
            problems.append(l)
    if not problems:
        problems = [l for l in lines if not l.startswith("Warning")] or lines
    missing = [l for l in problems if re.search(r"cannot open|cannot read|no such file|does not exist", l, re.I)]
    if rc == 1 and missing and len(missing) == len(problems):
        return "missing data", missing[0]
    if rc == 1:
        return "input error", "; ".join(problems[:3])
    return "failed", "exit status %d: %s" % (rc, lines[-1] if lines else "")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkout", help="an ls1-mardyn checkout (its examples/ folder is used)")
    ap.add_argument("--mardyn", default=os.path.join(here, "..", "..", "build", "src", "mardyn"))
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--filter", default="", help="run only configurations whose path contains this text")
    args = ap.parse_args()
    mardyn = os.path.abspath(args.mardyn)
    examples = os.path.join(os.path.abspath(args.checkout), "examples")
    if not os.path.isdir(examples):
        sys.exit("no examples/ folder in %s" % args.checkout)
    configs = [c for c in find_configs(examples) if args.filter in c]
    totals = {}
    width = max([len(os.path.relpath(c, examples)) for c in configs] + [10])
    for c in configs:
        rel = os.path.relpath(c, examples)
        with tempfile.TemporaryFile() as out:
            try:
                rc = subprocess.call([mardyn, os.path.basename(c), "--steps", str(args.steps), "--final-checkpoint", "0"],
                                     cwd=os.path.dirname(c), stdout=out, stderr=subprocess.STDOUT, timeout=args.timeout)
            except subprocess.TimeoutExpired:
                rc = -1
            out.seek(0)
            text = out.read().decode(errors="replace")
        status, msg = classify(rc, text)
        if rc == -1:
            status, msg = "failed", "time-out after %g s" % args.timeout
        totals[status] = totals.get(status, 0) + 1
        print("%-*s  %-12s %s" % (width, rel, status, msg[:160]), flush=True)
    print()
    print("%d configurations: " % len(configs) + ", ".join("%s %d" % (k, totals.get(k, 0))
                                                        for k in ("run", "input error", "missing data", "failed")))
    return 0 if totals.get("failed", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
