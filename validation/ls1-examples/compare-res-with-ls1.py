#!/usr/bin/env python3
"""Runs one ls1-mardyn example with ls1-mardyn and with mardyn for a few steps and compares U_pot, U_kin and p
of every step at full precision (a ResultWriter with writeprecision 15 in both runs) and the printed
"Simstep = .. T = .." lines.

  compare-res-with-ls1.py LS1_BINARY EXAMPLES_DIR EXAMPLE_FOLDER [--config config.xml] [--steps 20]
                          [--tol 1e-10] [--mardyn build/mardyn] [--keep DIR] [-- MARDYN_OPTIONS...]

EXAMPLE_FOLDER is relative to EXAMPLES_DIR (ls1-mardyn's examples/ folder); the group folder it belongs to
(its first path component) is copied to a scratch folder, so includes and data files found by relative paths
are there, and the checkout is never written to. In the copy the configuration runs --steps steps, every
output plugin and every plugin that only observes is removed, and one ResultWriter (every step, 15 digits) is
added. Exit status 0 when every compared value agrees to --tol (relative to max(|a|, |b|, 1e-300)).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

OBSERVERS = ("RegionSampling|GammaWriter|SpatialProfile|DomainProfiles|MmpldWriter|VTKMoleculeWriter|SysMonOutput|"
             "TestPlugin|MaxWriter|DecompWriter|RDF|CavityWriter|PovWriter|LoadbalanceWriter|FlopRateWriter|"
             "ResultWriter|CheckpointWriter|XyzWriter|EnergyLogWriter|TimerWriter|ODF|HaloParticleWriter")


def prepare(cfg, steps):
    s = open(cfg).read()
    s = re.sub(r'<!--.*?-->', '', s, flags=re.S)
    s = re.sub(r'<outputplugin\b.*?</outputplugin>', '', s, flags=re.S)
    s = re.sub(r'<outputplugin\b[^>]*/>', '', s)
    s = re.sub(r'<plugin name="(%s)".*?</plugin>' % OBSERVERS, '', s, flags=re.S)
    s = re.sub(r'(<production>\s*<steps>)\s*\d+\s*(</steps>)', r'\g<1>%d\2' % steps, s)
    writer = ('<outputplugin name="ResultWriter"><writefrequency>1</writefrequency><writeprecision>15'
              '</writeprecision><accumulation_steps>1</accumulation_steps><outputprefix>cmp</outputprefix>'
              '</outputplugin>')
    if re.search(r'<output>', s):
        s = re.sub(r'<output>', '<output>' + writer, s, count=1)
    else:
        s = re.sub(r'</simulation>', '<output>' + writer + '</output></simulation>', s, count=1)
    open(cfg, 'w').write(s)


def read_res(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if not f or line.startswith('#') or not f[0].isdigit():
            continue
        rows[int(f[0])] = {'U_pot': float(f[2]), 'U_kin': float(f[4]), 'p': float(f[6])}
    return rows


def steplines(text):
    return [re.sub(r'\s+\[SI.*', '', l).strip() for l in re.findall(r'Simstep = [^\n]*', text)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('ls1')
    ap.add_argument('examples')
    ap.add_argument('example')
    ap.add_argument('--config', default='config.xml')
    ap.add_argument('--steps', type=int, default=20)
    ap.add_argument('--tol', type=float, default=1e-10)
    ap.add_argument('--mardyn', default=os.path.join(os.path.dirname(__file__), '..', '..', 'build', 'mardyn'))
    ap.add_argument('--keep', help='scratch folder to use and keep')
    argv = sys.argv[1:]
    extra = argv[argv.index('--') + 1:] if '--' in argv else []
    a = ap.parse_args(argv[:argv.index('--')] if '--' in argv else argv)
    a.mardyn_options = extra
    ls1, mardyn = os.path.abspath(a.ls1), os.path.abspath(a.mardyn)
    group = a.example.strip('/').split('/')[0]
    work = a.keep or tempfile.mkdtemp()
    try:
        outs = {}
        for who in ('ls1', 'mardyn'):
            dest = os.path.join(work, who)
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(os.path.join(a.examples, group), os.path.join(dest, group))
            folder = os.path.join(dest, a.example)
            prepare(os.path.join(folder, a.config), a.steps)
            cmd = [ls1, a.config] if who == 'ls1' else [mardyn, a.config, '--final-checkpoint', '0'] + a.mardyn_options
            p = subprocess.run(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            outs[who] = (p.returncode, p.stdout, os.path.join(folder, 'cmp.res'))
        for who, (rc, text, res) in outs.items():
            if not os.path.exists(res):
                print('%s wrote no result file (exit %d); its last output:\n%s' % (who, rc, text[-2000:]))
                return 1
        ref, got = read_res(outs['ls1'][2]), read_res(outs['mardyn'][2])
        worst = {'U_pot': (0.0, None), 'U_kin': (0.0, None), 'p': (0.0, None)}
        for step, r in sorted(ref.items()):
            if step not in got:
                print('mardyn has no row for step %d' % step)
                return 1
            for k in worst:
                d = abs(r[k] - got[step][k]) / max(abs(r[k]), abs(got[step][k]), 1e-300)
                if d > worst[k][0]:
                    worst[k] = (d, step)
        lines_equal = steplines(outs['ls1'][1]) == steplines(outs['mardyn'][1])
        print('%s: %d steps; largest relative differences: %s; Simstep lines %s' % (
            a.example, len(ref), ', '.join('%s %.2e (step %s)' % (k, v[0], v[1]) for k, v in worst.items()),
            'equal' if lines_equal else 'differ'))
        if not lines_equal:
            for l1, l2 in zip(steplines(outs['ls1'][1]), steplines(outs['mardyn'][1])):
                if l1 != l2:
                    print('  ls1:    ' + l1 + '\n  mardyn: ' + l2)
                    break
        return 0 if all(v[0] <= a.tol for v in worst.values()) and lines_equal else 1
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
