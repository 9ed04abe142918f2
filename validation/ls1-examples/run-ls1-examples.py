#!/usr/bin/env python3
"""Run every simulation configuration of an ls1-mardyn checkout's examples/ folder with mardyn.

Usage: run-ls1-examples.py <ls1-mardyn checkout> [--mardyn PATH] [--steps N] [--timeout S] [--filter TEXT]
                            [--workdir DIR]

The examples/ folder is copied to a working folder first (a temporary one, removed at the end, unless
--workdir names one, which is kept); the checkout itself is never written to. Each configuration (an XML
file whose root is <mardyn> with a <simulation>) runs from its own folder of the copy as
`mardyn config.xml --steps N --final-checkpoint 0`. Configurations that read an earlier run's checkpoint
(run02 after run01, ...) are run after the configurations that come before them by path, so a chain works
end to end.

A chain whose earlier run writes the checkpoint the later run reads only after more steps than N (ls1's
examples write `cp_binary-1` after 5000 or 500000 steps) cannot be followed literally in a short run. When a
configuration names a checkpoint `<prefix>-<k>.restart.header.xml` / `.restart.dat` that neither the
checkout nor the earlier runs provide, but an earlier run of this pass wrote `<prefix>-<j>` files in that
folder, the earliest of them (smallest j) is copied to the name asked for for this one run (and removed
after it), and the line says so: "run, chained" with the substitution named. The totals count these apart.

One line per configuration, then the totals:
  run            exit status 0
  run, chained   exit status 0, started from a substituted checkpoint (see above)
  input error    exit status 1 with an input error (the first message line is shown)
  missing data   the configuration names a file that is not in the checkout
  failed         anything else (a crash, a time-out, another exit status)
"""
import argparse
import os
import re
import shutil
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


CHECKPOINT = re.compile(r"([^<>\s\"']*?)-(\d+)\.restart\.(header\.xml|dat)\b")


def substitute_checkpoints(config, copy_root, checkout_root):
    """Copies, for each checkpoint the configuration names that does not exist, the earliest checkpoint
    of the same prefix an earlier run of this pass wrote in that folder. Returns [(asked, used)] and the
    paths created (to remove after the run)."""
    with open(config, errors="replace") as fh:
        text = re.sub(r"<!--.*?-->", "", fh.read(), flags=re.S)
    here = os.path.dirname(config)
    done, created = [], []
    for m in sorted(set(CHECKPOINT.finditer(text)), key=lambda m: m.start()):
        prefix, k, ext = m.group(1), int(m.group(2)), m.group(3)
        asked = os.path.normpath(os.path.join(here, m.group(0)))
        if os.path.exists(asked) or asked in created:
            continue
        folder, base = os.path.dirname(asked), os.path.basename(prefix)
        if not os.path.isdir(folder):
            continue
        written = []
        for f in os.listdir(folder):
            w = re.fullmatch(re.escape(base) + r"-(\d+)\.restart\." + re.escape(ext), f)
            if not w:
                continue
            path = os.path.join(folder, f)
            original = os.path.join(checkout_root, os.path.relpath(path, copy_root))
            if not os.path.exists(original):  # written by a run of this pass, not shipped
                written.append((int(w.group(1)), path))
        if not written:
            continue
        j, path = min(written)
        shutil.copyfile(path, asked)
        created.append(asked)
        done.append(("%s-%d" % (base, k), "%s-%d" % (base, j)))
    return sorted(set(done)), created


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
    ap.add_argument("--mardyn", default=os.path.join(here, "..", "..", "build", "mardyn"),
                    help="the mardyn executable (default: build/mardyn of this source tree)")
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--filter", default="", help="run only configurations whose path contains this text")
    ap.add_argument("--workdir", default="", help="copy the examples here (kept) instead of a temporary folder")
    args = ap.parse_args()
    mardyn = os.path.abspath(args.mardyn)
    if not (os.path.isfile(mardyn) and os.access(mardyn, os.X_OK)):
        sys.exit("no mardyn executable at %s (build it, or name it with --mardyn)" % mardyn)
    original = os.path.join(os.path.abspath(args.checkout), "examples")
    if not os.path.isdir(original):
        sys.exit("no examples/ folder in %s" % args.checkout)
    work = os.path.abspath(args.workdir) if args.workdir else tempfile.mkdtemp(prefix="ls1-examples-")
    examples = os.path.join(work, "examples")
    if os.path.exists(examples):
        sys.exit("%s exists already; name an empty or new --workdir" % examples)
    shutil.copytree(original, examples, symlinks=True)
    try:
        return run_all(args, mardyn, examples, original)
    finally:
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)


def run_all(args, mardyn, examples, original):
    configs = [c for c in find_configs(examples) if args.filter in c]
    totals = {}
    width = max([len(os.path.relpath(c, examples)) for c in configs] + [10])
    for c in configs:
        rel = os.path.relpath(c, examples)
        substituted, created = substitute_checkpoints(c, examples, original)
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
        for path in created:
            os.remove(path)
        if substituted:
            note = "checkpoint " + ", ".join("%s (not written within %d steps) substituted by %s" % (a, args.steps, u)
                                             for a, u in substituted)
            if status == "run":
                status, msg = "run, chained", note
            else:
                msg = msg + " [" + note + "]"
        totals[status] = totals.get(status, 0) + 1
        print("%-*s  %-12s %s" % (width, rel, status, msg[:160]), flush=True)
    print()
    print("%d configurations: " % len(configs) + ", ".join("%s %d" % (k, totals.get(k, 0))
                                                        for k in ("run", "run, chained", "input error", "missing data", "failed")))
    return 0 if totals.get("failed", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
