#!/usr/bin/env python3
"""The systems of GpuSystemsBenchmark.cpp (LJ fluid, flexible or rigid water-like box) on OpenMM's own platforms,
built the same way; prints the same line.
usage: gpu_systems_peer.py <platform> <precision> <lj|water|rigid|pme> <cells> [steps]"""
import math
import sys
import time

import openmm

KB = 0.00831446261815324


def lj_fluid(system, positions, cells):
    sigma, epsilon, mass = 0.34, 0.996, 39.95
    a = (4.0 / 0.8442) ** (1.0 / 3.0) * sigma
    box = cells * a
    nb = openmm.NonbondedForce()
    for i in range(cells):
        for j in range(cells):
            for k in range(cells):
                for b in ((0, 0, 0), (0.5, 0.5, 0), (0.5, 0, 0.5), (0, 0.5, 0.5)):
                    system.addParticle(mass)
                    nb.addParticle(0.0, sigma, epsilon)
                    positions.append(openmm.Vec3((i + b[0] + 0.25) * a, (j + b[1] + 0.25) * a, (k + b[2] + 0.25) * a))
    system.setDefaultPeriodicBoxVectors(openmm.Vec3(box, 0, 0), openmm.Vec3(0, box, 0), openmm.Vec3(0, 0, box))
    nb.setNonbondedMethod(openmm.NonbondedForce.CutoffPeriodic)
    nb.setCutoffDistance(2.5 * sigma)
    nb.setUseDispersionCorrection(False)
    system.addForce(nb)
    return 1.44 * epsilon / KB, 0.005 * sigma * math.sqrt(mass / epsilon)


def water_box(system, positions, cells, rigid=False, pme=False):
    spacing, bond, angle = 0.3107, 0.09572, 104.52 * math.pi / 180.0
    box = cells * spacing
    nb, bonds, angles = openmm.NonbondedForce(), openmm.HarmonicBondForce(), openmm.HarmonicAngleForce()
    pairs = []
    for i in range(cells):
        for j in range(cells):
            for k in range(cells):
                o, h1, h2 = system.addParticle(15.999), system.addParticle(1.008), system.addParticle(1.008)
                nb.addParticle(-0.834, 0.315, 0.636)
                nb.addParticle(0.417, 1.0, 0.0)
                nb.addParticle(0.417, 1.0, 0.0)
                c = openmm.Vec3((i + 0.5) * spacing, (j + 0.5) * spacing, (k + 0.5) * spacing)
                positions += [c, c + openmm.Vec3(bond, 0, 0),
                              c + openmm.Vec3(bond * math.cos(angle), bond * math.sin(angle), 0)]
                if rigid:
                    system.addConstraint(o, h1, bond)
                    system.addConstraint(o, h2, bond)
                    system.addConstraint(h1, h2, 2.0 * bond * math.sin(0.5 * angle))
                else:
                    bonds.addBond(o, h1, bond, 462750.4)
                    bonds.addBond(o, h2, bond, 462750.4)
                    angles.addAngle(h1, o, h2, angle, 836.8)
                pairs += [(o, h1), (o, h2)]
    system.setDefaultPeriodicBoxVectors(openmm.Vec3(box, 0, 0), openmm.Vec3(0, box, 0), openmm.Vec3(0, 0, box))
    nb.setNonbondedMethod(openmm.NonbondedForce.PME if pme else openmm.NonbondedForce.CutoffPeriodic)
    nb.setCutoffDistance(0.9 if pme else 1.0)
    nb.setEwaldErrorTolerance(5e-4)
    nb.setReactionFieldDielectric(78.3)
    nb.setUseDispersionCorrection(False)
    nb.createExceptionsFromBonds(pairs, 0.5, 0.5)
    for force in ((nb,) if rigid else (nb, bonds, angles)):
        system.addForce(force)
    return 300.0, (0.002 if rigid else 0.0005)


def main():
    platform_name, precision, model, cells = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    system, positions = openmm.System(), []
    if model == "lj":
        temperature, dt = lj_fluid(system, positions, cells)
    elif model in ("water", "rigid", "pme"):
        temperature, dt = water_box(system, positions, cells, model != "water", model == "pme")
    else:
        sys.exit("unknown model '%s' (lj, water, rigid or pme)" % model)
    n = system.getNumParticles()
    if model == "pme":
        integrator = openmm.LangevinMiddleIntegrator(temperature, 1.0, dt)
    else:
        integrator = openmm.VerletIntegrator(dt)
    platform = openmm.Platform.getPlatformByName(platform_name)
    props = {"Precision": precision} if platform_name in ("CUDA", "OpenCL") else {}
    context = openmm.Context(system, integrator, platform, props)
    context.setPositions(positions)
    context.setVelocitiesToTemperature(temperature, 4711)
    integrator.step(50)
    context.getState(getEnergy=True)
    steps = int(sys.argv[5]) if len(sys.argv) > 5 else max(100, int(3.0e8 / n))
    t0 = time.perf_counter()
    integrator.step(steps)
    state = context.getState(getEnergy=True)
    seconds = time.perf_counter() - t0
    energy = (state.getPotentialEnergy() + state.getKineticEnergy())._value / n
    print(f"platform={platform_name} precision={precision} model={model} particles={n} steps={steps} "
          f"particle_steps_per_s={n * steps / seconds:.4e} ms_per_step={1e3 * seconds / steps:.4f} "
          f"energy_per_particle={energy:.6f}")


if __name__ == "__main__":
    main()
