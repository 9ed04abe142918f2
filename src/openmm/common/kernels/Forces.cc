// Clearing the force and energy accumulators of the common-compute platforms, in the common kernel dialect.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc openmm/common/kernels/AtomSteps.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 MOMENTUM_GROUPS=32

/// Zeroes the three fixed-point force arrays and the energy accumulators; with check, also runs a tile list's
/// displacement check (flagDisplacedAtoms), and with removeMomentum the removal of the centre-of-mass motion
/// (momentum: the MOMENTUM_GROUPS blocks' partial sums), which so cost no launch of their own.
KERNEL void clearForces(GLOBAL mm_long* RESTRICT force, GLOBAL mm_long* RESTRICT energy, int energySlots,
                        GLOBAL const mixed4* RESTRICT posq, GLOBAL const mixed4* RESTRICT posAtBuild, mixed limit2,
                        GLOBAL int* RESTRICT flag, int check, int removeMomentum,
                        GLOBAL const mixed* RESTRICT momentum, mixed totalMass, GLOBAL mixed4* RESTRICT velm) {
  for (int i = GLOBAL_ID; i < 3 * PADDED_ATOMS; i += GLOBAL_SIZE) force[i] = 0;
  for (int i = GLOBAL_ID; i < energySlots; i += GLOBAL_SIZE) energy[i] = 0;
  if (check) flagDisplacedAtoms(NUM_ATOMS, posq, posAtBuild, limit2, flag);
  if (removeMomentum) subtractMomentum(NUM_ATOMS, MOMENTUM_GROUPS, momentum, totalMass, velm);
}
