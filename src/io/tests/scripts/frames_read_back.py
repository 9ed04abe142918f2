#!/usr/bin/env python3
"""Frames read back by independent readers: a short run of a mixture (LJ atoms and two-centre molecules) writes
MMPLD files (MmpldWriter "multi" with velocities as colours and version 1.2, "simple" with a colour per list, two
frames per file) and VTK files (VTKMoleculeWriter), with ASCII checkpoints at the same steps; the MMPLD reader
of validation/formats (written from the format's description) and meshio (for VTK) must find the checkpoints'
molecules, sites and velocities in them.

  frames_read_back.py MARDYN WORKDIR SOURCE_DIR mmpld|vtk     exit 77: the reader's Python module is missing
"""
import math
import os
import shutil
import subprocess
import sys

mardyn, work, src, part = sys.argv[1:5]
sys.path.insert(0, os.path.join(src, 'validation', 'formats'))
import read_mmpld  # noqa: E402

if part == 'vtk':
    try:
        import meshio  # noqa: F401
    except ImportError:
        print('meshio is not installed (python3-meshio): VTK read-back skipped')
        sys.exit(77)

shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
os.chdir(work)
box = (6.0, 6.5, 7.0)
lines = []
for i in range(40):
    x, y, z = (i % 4 + 0.5) * box[0] / 4, ((i // 4) % 5 + 0.5) * box[1] / 5, (i // 20 + 0.5) * box[2] / 2
    a = 0.4 * i
    n = math.sqrt(1 + 0.01 + 0.04)
    lines.append('%d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g' % (
        i + 1, 1 + i % 2, x, y, z, 0.8 * math.sin(a), 0.6 * math.cos(a), 0.3, math.cos(a) / n, math.sin(a) / n,
        0.1 / n, 0.2 / n, 0.0, 0.02 * (i % 2), 0.0))
open('phase.inp', 'w').write('mardyn trunk 20120726\n NumberOfMolecules\t40\n MoleculeFormat\tICRVQD\n' + '\n'.join(lines) + '\n')
open('config.xml', 'w').write('''<?xml version="1.0"?>
<mardyn version="20100525"><simulation type="MD">
  <integrator type="Leapfrog"><timestep>0.002</timestep></integrator>
  <run><production><steps>4</steps></production></run>
  <ensemble type="NVE"><temperature>1.0</temperature>
    <domain type="box"><lx>6.0</lx><ly>6.5</ly><lz>7.0</lz></domain>
    <components>
      <moleculetype id="1" name="A"><site type="LJ126"><coords><x>0</x><y>0</y><z>0</z></coords><mass>1.0</mass>
        <sigma>1.0</sigma><epsilon>1.0</epsilon></site></moleculetype>
      <moleculetype id="2" name="B">
        <site type="LJ126"><coords><x>0</x><y>0</y><z>-0.3</z></coords><mass>0.6</mass><sigma>0.9</sigma><epsilon>0.8</epsilon></site>
        <site type="LJ126"><coords><x>0</x><y>0</y><z>0.3</z></coords><mass>0.6</mass><sigma>0.9</sigma><epsilon>0.8</epsilon></site>
      </moleculetype>
    </components>
    <phasespacepoint><file type="ASCII">phase.inp</file></phasespacepoint>
  </ensemble>
  <algorithm><cutoffs type="CenterOfMass"><radiusLJ>2.5</radiusLJ></cutoffs></algorithm>
  <output>
    <outputplugin name="CheckpointWriter"><writefrequency>2</writefrequency><outputprefix>cp</outputprefix></outputplugin>
    <outputplugin name="MmpldWriter" type="multi" ctype="4">
      <spheres><site><radius>0.5</radius></site><site><radius>0.45</radius></site><site><radius>0.45</radius></site></spheres>
      <writecontrol><start>0</start><writefrequency>2</writefrequency><stop>4</stop><framesperfile>2</framesperfile></writecontrol>
      <mmpldversion>102</mmpldversion><outputprefix>multi</outputprefix>
    </outputplugin>
    <outputplugin name="MmpldWriter" type="simple">
      <spheres><site><radius>0.5</radius><color><r>255</r><g>0</g><b>0</b><alpha>255</alpha></color></site>
               <site><radius>0.7</radius><color><r>0</r><g>0</g><b>255</b><alpha>255</alpha></color></site></spheres>
      <writecontrol><start>0</start><writefrequency>2</writefrequency><stop>4</stop></writecontrol>
      <outputprefix>simple</outputprefix>
    </outputplugin>
    <outputplugin name="VTKMoleculeWriter"><writefrequency>2</writefrequency><outputprefix>vtk</outputprefix></outputplugin>
  </output>
</simulation></mardyn>
''')
r = subprocess.run([mardyn, 'config.xml', '-q', '--final-checkpoint', '0'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   text=True)
if r.returncode != 0:
    print(r.stdout)
    sys.exit(1)


def checkpoint(step):
    """Molecules of the ASCII checkpoint of `step`: id -> (component, r, v, q)."""
    name = 'phase.inp' if step == 0 else 'cp-%09d.restart.dat' % step  # no checkpoint of the start step
    text = open(name).read().split('\n')
    start = [k for k, l in enumerate(text) if l.startswith('MoleculeFormat') or 'MoleculeFormat' in l][0] + 1
    mols = {}
    for l in text[start:]:
        f = l.split()
        if len(f) < 12:
            continue
        v = [float(x) for x in f[2:12]]
        mols[int(f[0])] = (int(f[1]) - 1, v[0:3], v[3:6], v[6:10])
    return mols


def site(r, q, body):
    w, x, y, z = q
    m = [w*w + x*x - y*y - z*z, 2*(x*y + w*z), 2*(x*z - w*y), 2*(x*y - w*z), w*w - x*x + y*y - z*z, 2*(y*z + w*x),
         2*(x*z + w*y), 2*(y*z - w*x), w*w - x*x - y*y + z*z]
    return [r[0] + m[0]*body[0] + m[3]*body[1] + m[6]*body[2], r[1] + m[1]*body[0] + m[4]*body[1] + m[7]*body[2],
            r[2] + m[2]*body[0] + m[5]*body[1] + m[8]*body[2]]


def near(a, b, tol=2e-6):
    return all(abs(p - q) <= tol * max(1.0, abs(p)) for p, q in zip(a, b))


def same_points(expected, found, what):
    key = lambda p: tuple(round(c, 4) for c in p[0])
    e, f = sorted(expected, key=key), sorted(found, key=key)
    if len(e) != len(f):
        raise SystemExit('%s: %d points, expected %d' % (what, len(f), len(e)))
    for (pe, ce), (pf, cf) in zip(e, f):
        if not near(pe, pf) or (ce is not None and not near(ce, cf)):
            raise SystemExit('%s: point %s (colour %s), expected %s (%s)' % (what, pf, cf, pe, ce))


bodies = {0: [[0, 0, 0]], 1: [[0, 0, -0.3], [0, 0, 0.3]]}
steps = [0, 2, 4]
if part == 'mmpld':
    multi = read_mmpld.read('multi_0001.mmpld')['frames'] + read_mmpld.read('multi_0002.mmpld')['frames']
    simple = read_mmpld.read('simple_0001.mmpld')
    if len(multi) != 3 or len(simple['frames']) != 3 or simple['version'] != 100:
        raise SystemExit('frames: multi %d, simple %d (version %d), expected 3 each' % (len(multi), len(simple['frames']), simple['version']))
    if abs(simple['bbox'][3] - box[0]) > 1e-6 or abs(simple['clip'][3] - (box[0] + 0.7)) > 1e-6:
        raise SystemExit('bounding or clipping box %s %s' % (simple['bbox'], simple['clip']))
    for k, step in enumerate(steps):
        mols = checkpoint(step)
        fm = multi[k]
        if abs(fm['time'] - 0.002 * step) > 1e-6 or len(fm['lists']) != 3:
            raise SystemExit('multi frame %d: time %s, %d lists' % (k, fm['time'], len(fm['lists'])))
        lists = [[] for _ in range(3)]
        for c, r, v, q in mols.values():
            for s, b in enumerate(bodies[c]):
                lists[0 if c == 0 else 1 + s].append((site(r, q, b), v))
        for t in range(3):
            same_points(lists[t], fm['lists'][t]['particles'], 'multi step %d list %d' % (step, t))
        fs = simple['frames'][k]
        if fs['lists'][1]['rgba'] != (0, 0, 255, 255) or abs(fs['lists'][1]['radius'] - 0.7) > 1e-7:
            raise SystemExit('simple list 1: colour %s radius %s' % (fs['lists'][1]['rgba'], fs['lists'][1]['radius']))
        for c in range(2):
            same_points([(r, None) for cc, r, v, q in mols.values() if cc == c],
                        [(p, None) for p, _ in fs['lists'][c]['particles']], 'simple step %d component %d' % (step, c))
    print('MMPLD: 3 frames in two "multi" files (sites, velocities, times) and one "simple" file, as the checkpoints')
else:
    import meshio
    for step in steps:
        mols = checkpoint(step)
        m = meshio.read('vtk_%d.vtu' % step)
        expected = []
        for i, (c, r, v, q) in sorted(mols.items()):
            for s, b in enumerate(bodies[c]):
                expected.append((i, c, s, site(r, q, b)))
        if len(m.points) != len(expected):
            raise SystemExit('VTK step %d: %d points, expected %d' % (step, len(m.points), len(expected)))
        found = sorted(zip(m.point_data['id'].ravel(), m.point_data['component-id'].ravel(),
                           m.point_data['center-id'].ravel(), (tuple(p) for p in m.points)))
        for (i, c, s, p), (fi, fc, fs, fp) in zip(expected, found):
            if (i, c, s) != (int(fi), int(fc), int(fs)) or not near(p, fp):
                raise SystemExit('VTK step %d: site %s, expected %s' % (step, (fi, fc, fs, fp), (i, c, s, p)))
        if set(m.point_data['center-type'].ravel().tolist()) != {2} or m.point_data['forces'].shape != (len(expected), 3):
            raise SystemExit('VTK step %d: center types or forces' % step)
    print('VTK: 3 files, every site with its id, component, number, kind and force, as the checkpoints (meshio %s)' % meshio.__version__)
