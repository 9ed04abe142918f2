#!/usr/bin/env python3
"""The Lennard-Jones liquid of mardyn's GPU benchmark on an OpenMM platform: FCC start at rho* = 0.8442,
velocities for T* = 1.44, rc = 2.5 sigma, CutoffPeriodic without dispersion correction, Verlet at
dt = 0.005 tau, NVE. Prints one line: "openmm <platform> <precision> N=<n> particle_steps_per_s=<rate>".

Reduced units map onto OpenMM's with sigma = 1 nm, epsilon = 1 kJ/mol, m = 1 amu (tau = 1 ps).
usage: openmm-lj.py <CUDA|OpenCL|CPU> <single|mixed|double> <cells> [steps]   (N = 4 cells^3)
"""
import sys
import time

import openmm
import openmm.unit as u


def main():
    platform_name, precision, cells = sys.argv[1], sys.argv[2], int(sys.argv[3])
    steps = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    n = 4 * cells ** 3
    a = (4.0 / 0.8442) ** (1.0 / 3.0)
    box = cells * a
    system = openmm.System()
    system.setDefaultPeriodicBoxVectors(openmm.Vec3(box, 0, 0), openmm.Vec3(0, box, 0), openmm.Vec3(0, 0, box))
    nb = openmm.NonbondedForce()
    nb.setNonbondedMethod(openmm.NonbondedForce.CutoffPeriodic)
    nb.setCutoffDistance(2.5)
    nb.setUseDispersionCorrection(False)
    nb.setUseSwitchingFunction(False)
    nb.setReactionFieldDielectric(1.0)
    positions = []
    basis = ((0, 0, 0), (0.5, 0.5, 0), (0.5, 0, 0.5), (0, 0.5, 0.5))
    for i in range(cells):
        for j in range(cells):
            for k in range(cells):
                for b in basis:
                    system.addParticle(1.0)
                    nb.addParticle(0.0, 1.0, 1.0)
                    positions.append(openmm.Vec3((i + b[0] + 0.25) * a, (j + b[1] + 0.25) * a, (k + b[2] + 0.25) * a))
    system.addForce(nb)
    integrator = openmm.VerletIntegrator(0.005)
    platform = openmm.Platform.getPlatformByName(platform_name)
    props = {"Precision": precision} if platform_name in ("CUDA", "OpenCL") else {}
    context = openmm.Context(system, integrator, platform, props)
    context.setPositions(positions)
    kb = u.MOLAR_GAS_CONSTANT_R.value_in_unit(u.kilojoule_per_mole / u.kelvin)
    context.setVelocitiesToTemperature(1.44 / kb, 4711)
    integrator.step(50)  # warm-up: kernels compiled, neighbour list sized
    context.getState(getEnergy=True)
    t0 = time.perf_counter()
    integrator.step(steps)
    state = context.getState(getEnergy=True)
    seconds = time.perf_counter() - t0
    energy = (state.getPotentialEnergy() + state.getKineticEnergy()).value_in_unit(u.kilojoule_per_mole) / n
    print(f"openmm {platform_name} {precision} N={n} particle_steps_per_s={n * steps / seconds:.4g} "
          f"ms_per_step={1e3 * seconds / steps:.4g} E_per_particle={energy:.6f}")


if __name__ == "__main__":
    main()
