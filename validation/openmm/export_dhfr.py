#!/usr/bin/env python3
"""Builds the System of OpenMM's own 'pme' benchmark (examples/benchmarks/benchmark.py in OpenMM's sources:
dihydrofolate reductase in a cube of TIP3P water, 23,558 atoms, amber99sb + tip3p, PME with a 0.9 nm cutoff,
bonds to hydrogen constrained, hydrogen masses 1.5 amu) with OpenMM's Python package and writes it with
OpenMM's XmlSerializer: system.xml and state.xml (positions and box) in OUT_DIR, for
SerializedSystemBenchmark.cpp. Also prints the potential energy on OpenMM's Reference platform.
usage: export_dhfr.py <5dfr_solv-cube_equil.pdb from an OpenMM checkout> <out_dir>"""
import os
import sys

import openmm
from openmm import app, unit


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pdb = app.PDBFile(sys.argv[1])
    forcefield = app.ForceField('amber99sb.xml', 'tip3p.xml')
    system = forcefield.createSystem(pdb.topology, nonbondedMethod=app.PME, nonbondedCutoff=0.9 * unit.nanometers,
                                     constraints=app.HBonds, hydrogenMass=1.5 * unit.amu)
    integrator = openmm.VerletIntegrator(0.001)
    context = openmm.Context(system, integrator, openmm.Platform.getPlatformByName('Reference'))
    context.setPositions(pdb.positions)
    if pdb.topology.getPeriodicBoxVectors() is not None:
        context.setPeriodicBoxVectors(*pdb.topology.getPeriodicBoxVectors())
    state = context.getState(getPositions=True, getEnergy=True)
    os.makedirs(sys.argv[2], exist_ok=True)
    with open(os.path.join(sys.argv[2], 'system.xml'), 'w') as f:
        f.write(openmm.XmlSerializer.serialize(system))
    with open(os.path.join(sys.argv[2], 'state.xml'), 'w') as f:
        f.write(openmm.XmlSerializer.serialize(state))
    print('atoms=%d constraints=%d forces=%s reference_potential_energy=%.10g' % (
        system.getNumParticles(), system.getNumConstraints(),
        '+'.join(type(f).__name__ for f in system.getForces()),
        state.getPotentialEnergy().value_in_unit(unit.kilojoules_per_mole)))


if __name__ == '__main__':
    main()
