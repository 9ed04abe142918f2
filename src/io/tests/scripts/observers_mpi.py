#!/usr/bin/env python3
"""The observing plugins under mpirun write what the serial run writes: the 2CLJ slab of io.Ls1OutputFilesTest
(RegionSampling profiles and VDF, GammaWriter, RDF, SpatialProfile, MaxWriter, plus MmpldWriter, DecompWriter and
CavityWriter here) run serially and on 2 processes (the box split along y); every file's numbers agree to 1e-10 (the
processes sum in another order), binary files exactly.

With --gpu the 2-process run is made under the GPU decorator in double precision (the device computes the sums,
extremes and counts; exit 77, skipped, without a usable device).

  observers_mpi.py MARDYN MPIEXEC WORKDIR SOURCE_DIR [--gpu]
"""
import math
import os
import re
import shutil
import subprocess
import sys

mardyn, mpiexec, work, src = sys.argv[1:5]
gpu = ['--gpu', '--precision', 'double'] if sys.argv[5:6] == ['--gpu'] else []
text = open(os.path.join(src, 'src', 'io', 'tests', 'Ls1OutputFilesTest.cpp')).read()
config = text[text.index('const char* kConfig = R"(') + len('const char* kConfig = R"('):text.index(')";', text.index('kConfig'))]
config = config.replace('</output>', '<outputplugin name="MmpldWriter" type="simple"><spheres><site><radius>0.5</radius></site>'
                        '</spheres><writecontrol><start>0</start><writefrequency>10</writefrequency><stop>20</stop>'
                        '</writecontrol><outputprefix>megamol</outputprefix></outputplugin>'
                        '<outputplugin name="DecompWriter"><writefrequency>10</writefrequency><outputprefix>dec</outputprefix>'
                        '</outputplugin><outputplugin name="CavityWriter"><writefrequency>10</writefrequency>'
                        '<outputprefix>cav</outputprefix><maxNeighbours>2</maxNeighbours><radius>1.0</radius><Nx>8</Nx>'
                        '<Ny>20</Ny><Nz>8</Nz><componentid>0</componentid></outputplugin></output>')
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1',
           OMPI_MCA_rmaps_base_oversubscribe='1')
shutil.rmtree(work, ignore_errors=True)
for run, cmd in (('serial', [mardyn]), ('mpi', [mpiexec, '-np', '2', '--oversubscribe', mardyn])):
    if run == 'mpi':
        cmd = cmd + gpu
    d = os.path.join(work, run)
    os.makedirs(d)
    open(os.path.join(d, 'config.xml'), 'w').write(config)
    r = subprocess.run(cmd + ['config.xml', '-q', '--final-checkpoint', '0'], cwd=d, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0 and gpu and 'no usable device' in r.stdout:
        print(r.stdout[-1000:])
        sys.exit(77)
    if r.returncode != 0:
        print(run, 'failed:\n', r.stdout[-3000:])
        sys.exit(1)
a, b = os.path.join(work, 'serial'), os.path.join(work, 'mpi')
fa, fb = set(os.listdir(a)), set(os.listdir(b))
if fa != fb:
    print('files differ: serial only', sorted(fa - fb), 'mpi only', sorted(fb - fa))
    sys.exit(1)
number = re.compile(r'^[-+]?(\d+\.?\d*([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?|-?nan|-?inf)$')
failed = 0
for f in sorted(fa - {'config.xml'}):
    A, B = open(os.path.join(a, f), 'rb').read(), open(os.path.join(b, f), 'rb').read()
    if f.endswith('.decomp'):
        # the process list differs by design: one region, then two halves along y
        if b'size 8 20 8' not in A or A.count(b'\n') != 3 or B.count(b'\n') != 4:
            print(f, 'unexpected decomposition:', A, B)
            failed += 1
        continue
    if f.endswith('.mmpld'):
        # the spheres of a list come in another order; as sets of positions they agree
        sys.path.insert(0, os.path.join(src, 'validation', 'formats'))
        import read_mmpld
        ra, rb = read_mmpld.read(os.path.join(a, f)), read_mmpld.read(os.path.join(b, f))
        for x, y in zip(ra['frames'], rb['frames']):
            for la, lb in zip(x['lists'], y['lists']):
                pa = sorted(p for p, _ in la['particles'])
                pb = sorted(p for p, _ in lb['particles'])
                if len(pa) != len(pb) or any(max(abs(u - v) for u, v in zip(p, q)) > 1e-5 for p, q in zip(pa, pb)):
                    print(f, 'spheres differ')
                    failed += 1
        continue
    if A == B:
        continue
    try:
        la, lb = A.decode().split('\n'), B.decode().split('\n')
    except UnicodeDecodeError:
        print(f, 'binary files differ')
        failed += 1
        continue
    worst = 0.0
    for x, y in zip(la, lb):
        if x.startswith('#') and y.startswith('#'):
            continue  # comments: start and end times
        for u, v in zip(x.split(), y.split()):
            if u == v:
                continue
            if not (number.match(u) and number.match(v)):
                print(f, 'text differs:', u, v)
                failed += 1
                break
            U, V = float(u), float(v)
            if math.isnan(U) and math.isnan(V):
                continue
            if abs(U - V) > 1e-12:
                worst = max(worst, abs(U - V) / max(abs(U), abs(V)))
    if len(la) != len(lb) or worst > 1e-10:
        print(f, 'differs: largest relative difference %.2e' % worst)
        failed += 1
print('%d files of the 2-process run against the serial run: %s' % (len(fa) - 1, 'all agree' if not failed else '%d differ' % failed))
sys.exit(1 if failed else 0)
