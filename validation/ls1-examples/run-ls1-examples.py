#!/usr/bin/env python3
"""Run every simulation configuration of an ls1-mardyn checkout's examples/ folder with mardyn.

Usage: run-ls1-examples.py <ls1-mardyn checkout> [--mardyn PATH] [--steps N] [--timeout S] [--filter TEXT]
                            [--workdir DIR] [--uses NAMES] [--args ARGS] [--lines DIR]
                            [--compare ARGS [--tolerance X]]

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

--uses NAMES (comma-separated, or "physics" for all) keeps the configurations that use one of the physics
plugins named: TemperatureControl, planar (longrange type="planar"), MaxCheck, WallPotential, Mirror, DriftCtrl,
COMaligner, MettDeamon, MettDeamonFeedrateDirector, DistControl, PosNegComp; the line lists those it uses.
A configuration that reads a file an earlier configuration writes (a checkpoint of run01 read by run02) brings
that configuration along: it runs first, as "(needed by ...)", and is not compared.
--args adds arguments to every run; --lines DIR writes each run's Simstep lines to DIR/<configuration>.lines.

--compare ARGS runs each configuration that ran a second time with ARGS added (e.g. "--gpu --precision
double") and compares the two runs' Simstep lines: "same" when every printed digit is equal, else the first
step that differs and the largest relative difference of a printed number; with --tolerance X a largest
relative difference up to X counts as "within X". A comparison that is neither counts as "differs"; the
exit status is 1 when any run failed or any comparison differs.
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


PHYSICS = {
    "TemperatureControl": r'type\s*=\s*"TemperatureControl"',
    "planar": r'<longrange[^>]*type\s*=\s*"[Pp]lanar"',
}
for _name in ("MaxCheck", "WallPotential", "Mirror", "DriftCtrl", "COMaligner", "MettDeamon",
              "MettDeamonFeedrateDirector", "DistControl", "PosNegComp"):
    PHYSICS[_name] = r'<(?:output)?plugin[^>]*name\s*=\s*"%s"' % _name


def plugins_used(config):
    """The physics plugins a configuration uses (comments left out)."""
    with open(config, errors="replace") as fh:
        text = re.sub(r"<!--.*?-->", "", fh.read(), flags=re.S)
    return [n for n, pattern in PHYSICS.items() if re.search(pattern, text)]


INPUT_FILE = re.compile(r"<(header|data|file)\b[^>]*>\s*([^<>\s]+)\s*</\1>")


def prerequisites(selected, configs):
    """The configurations that write files the selected ones read and that the checkout lacks: those in the
    folder of such a file that come before the reader in path order (recursively)."""
    need, stack = [], list(selected)
    while stack:
        c = stack.pop()
        with open(c, errors="replace") as fh:
            text = re.sub(r"<!--.*?-->", "", fh.read(), flags=re.S)
        for m in INPUT_FILE.finditer(text):
            path = os.path.normpath(os.path.join(os.path.dirname(c), m.group(2)))
            if os.path.exists(path):
                continue
            for other in configs:
                if os.path.dirname(other) == os.path.dirname(path) and other < c and other not in selected and other not in need:
                    need.append(other)
                    stack.append(other)
    return need


STEP_LINE = re.compile(r"^Simstep\b.*$", re.M)
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)", re.I)


def step_lines(output):
    return STEP_LINE.findall(output)


def compare_lines(a, b, tolerance):
    """(verdict, detail) for two runs' Simstep lines."""
    if not a or len(a) != len(b):
        return "differs", "%d and %d Simstep lines" % (len(a), len(b))
    if a == b:
        return "same", "%d lines, every printed digit equal" % len(a)
    worst, first = 0.0, None
    for la, lb in zip(a, b):
        na, nb = NUMBER.findall(la), NUMBER.findall(lb)
        if len(na) != len(nb):
            return "differs", "lines differ in form: %r / %r" % (la, lb)
        for x, y in zip(na, nb):
            if x == y:
                continue
            fx, fy = float(x), float(y)
            if first is None:
                first = la.split()[2] if len(la.split()) > 2 else la
            rel = abs(fx - fy) / max(abs(fx), abs(fy), 1e-300)
            worst = max(worst, rel if rel == rel else float("inf"))
    detail = "first at step %s, largest relative difference %.3g" % (first, worst)
    if tolerance is not None and worst <= tolerance:
        return "within %g" % tolerance, detail
    return "differs", detail


def run_one(mardyn, config, steps, extra, timeout):
    with tempfile.TemporaryFile() as out:
        try:
            rc = subprocess.call([mardyn, os.path.basename(config), "--steps", str(steps), "--final-checkpoint", "0"] + extra,
                                 cwd=os.path.dirname(config), stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
        except subprocess.TimeoutExpired:
            rc = -1
        out.seek(0)
        return rc, out.read().decode(errors="replace")


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
    ap.add_argument("--uses", default="", help="only configurations using one of these physics plugins (or 'physics')")
    ap.add_argument("--args", default="", help="extra arguments of every run")
    ap.add_argument("--lines", default="", help="write each run's Simstep lines under this folder")
    ap.add_argument("--compare", default=None, help="second run with these arguments added; compare Simstep lines")
    ap.add_argument("--tolerance", type=float, default=None, help="largest relative difference accepted by --compare")
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
    every = find_configs(examples)
    configs = [c for c in every if args.filter in c]
    wanted = set(PHYSICS) if args.uses == "physics" else set(n for n in args.uses.split(",") if n)
    unknown = wanted - set(PHYSICS)
    if unknown:
        sys.exit("unknown plugin name(s) in --uses: %s (expected %s)" % (", ".join(sorted(unknown)), ", ".join(PHYSICS)))
    uses = {c: plugins_used(c) for c in configs}
    needed_by = {}
    if wanted:
        selected = [c for c in configs if wanted & set(uses[c])]
        extra_runs = prerequisites(selected, every)
        for c in extra_runs:
            needed_by[c] = True
        configs = sorted(selected + extra_runs)
    extra = args.args.split()
    totals, compared = {}, {}
    width = max([len(os.path.relpath(c, examples)) for c in configs] + [10])
    for c in configs:
        rel = os.path.relpath(c, examples)
        substituted, created = substitute_checkpoints(c, examples, original)
        rc, text = run_one(mardyn, c, args.steps, extra, args.timeout)
        status, msg = classify(rc, text)
        if rc == -1:
            status, msg = "failed", "time-out after %g s" % args.timeout
        if args.lines:
            dest = os.path.join(args.lines, rel + ".lines")
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w") as fh:
                fh.write("\n".join(step_lines(text)) + "\n")
        if args.compare is not None and rc == 0 and c not in needed_by:
            rc2, text2 = run_one(mardyn, c, args.steps, extra + args.compare.split(), args.timeout)
            if rc2 != 0:
                verdict, detail = "differs", "the compared run: " + classify(rc2, text2)[0] + " " + classify(rc2, text2)[1]
            else:
                verdict, detail = compare_lines(step_lines(text), step_lines(text2), args.tolerance)
            compared[verdict.split()[0]] = compared.get(verdict.split()[0], 0) + 1
            msg = "%s: %s%s" % (verdict, detail, ("; " + msg) if msg else "")
        for path in created:
            os.remove(path)
        if substituted:
            note = "checkpoint " + ", ".join("%s (not written within %d steps) substituted by %s" % (a, args.steps, u)
                                             for a, u in substituted)
            if status == "run":
                status, msg = "run, chained", note
            else:
                msg = msg + " [" + note + "]"
        if c not in needed_by:
            totals[status] = totals.get(status, 0) + 1
        if c in needed_by:
            msg = "(needed by a later configuration) " + msg
        elif wanted:
            msg = "[%s] %s" % (" ".join(uses[c]), msg)
        print("%-*s  %-12s %s" % (width, rel, status, msg[:200]), flush=True)
    print()
    print("%d configurations: " % (len(configs) - len(needed_by)) + ", ".join("%s %d" % (k, totals.get(k, 0))
                                                        for k in ("run", "run, chained", "input error", "missing data", "failed")))
    if args.compare is not None:
        print("compared with '%s': " % args.compare + ", ".join("%s %d" % (k, compared.get(k, 0))
                                                            for k in ("same", "within", "differs")))
    return 0 if totals.get("failed", 0) == 0 and compared.get("differs", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
