// Clearing the force and energy accumulators of the common-compute platforms, in the common kernel dialect.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1

/// Zeroes the three fixed-point force arrays and the energy accumulators; with check, also runs a tile list's
/// displacement check (flagDisplacedAtoms), which so costs no launch of its own.
KERNEL void clearForces(GLOBAL mm_long* RESTRICT force, GLOBAL mm_long* RESTRICT energy, int energySlots,
                        GLOBAL const mixed4* RESTRICT posq, GLOBAL const mixed4* RESTRICT posAtBuild, mixed limit2,
                        GLOBAL int* RESTRICT flag, int check) {
  for (int i = GLOBAL_ID; i < 3 * PADDED_ATOMS; i += GLOBAL_SIZE) force[i] = 0;
  for (int i = GLOBAL_ID; i < energySlots; i += GLOBAL_SIZE) energy[i] = 0;
  if (check) flagDisplacedAtoms(NUM_ATOMS, posq, posAtBuild, limit2, flag);
}
