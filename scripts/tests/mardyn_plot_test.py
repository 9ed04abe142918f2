#!/usr/bin/env python3
"""mardyn-plot on a short run of input/lj-fcc: the figure of the .res is a PNG of the size matplotlib draws, T from
the run's Simstep lines agrees with T from the .res (the degrees of freedom taken from the log), and a folder
without anything to plot is an error.

  mardyn_plot_test.py MARDYN SOURCE_DIR WORKDIR      exit 77: matplotlib is missing
"""
import os
import shutil
import subprocess
import sys

mardyn, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
try:
    import matplotlib  # noqa: F401
except ImportError:
    print('matplotlib is not installed (python3-matplotlib): skipped')
    sys.exit(77)
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
run = subprocess.run([mardyn, os.path.join(src, 'input', 'lj-fcc', 'config.xml'), '-n', '30', '--final-checkpoint', '0',
                      '-p', 'lj-fcc'], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
open(os.path.join(work, 'run.log'), 'w').write(run.stdout)
if run.returncode != 0:
    print(run.stdout)
    sys.exit(1)
plot = os.path.join(src, 'scripts', 'mardyn-plot')
res = [f for f in os.listdir(work) if f.endswith('.res')]
p = subprocess.run([sys.executable, plot, '--log', os.path.join(work, 'run.log'), os.path.join(work, res[0])],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
png = os.path.join(work, res[0][:-4] + '.png')
if p.returncode != 0 or not os.path.exists(png):
    print(p.stdout)
    sys.exit(1)
data = open(png, 'rb').read()
if data[:8] != b'\x89PNG\r\n\x1a\n' or len(data) < 10000:
    print('not a PNG figure:', len(data), 'bytes')
    sys.exit(1)
# T of the figure's data: 2 U_kin / (F N) with F from the log must reproduce the printed T of every step
sys.path.insert(0, os.path.join(src, 'scripts'))
import importlib.machinery  # noqa: E402
mp = importlib.machinery.SourceFileLoader('mardyn_plot', plot).load_module()
rows = mp.table(os.path.join(work, res[0]))
dof = mp.dof_from_log(os.path.join(work, 'run.log'), rows)
printed = {}
for line in run.stdout.split('\n'):
    if line.startswith('Simstep = '):
        f = line.split()
        printed[int(f[2])] = float(f[5])
for r in rows:
    T = 2 * r[4] / (dof * r[11])
    if int(r[0]) in printed and abs(T - printed[int(r[0])]) > 1e-5 * printed[int(r[0])]:
        print('step %d: T %g from the .res, %g printed' % (r[0], T, printed[int(r[0])]))
        sys.exit(1)
empty = os.path.join(work, 'empty')
os.makedirs(empty)
if subprocess.run([sys.executable, plot, empty], stdout=subprocess.PIPE, stderr=subprocess.PIPE).returncode == 0:
    print('an empty folder should be an error')
    sys.exit(1)
print('mardyn-plot: %s (%d bytes), T of %d steps as printed (%g degrees of freedom per molecule)' % (
    os.path.basename(png), len(data), len(rows), dof))
