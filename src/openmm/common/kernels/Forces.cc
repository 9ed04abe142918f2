// Clearing the force and energy accumulators of the common-compute platforms, in the common kernel dialect.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

/// Zeroes the three fixed-point force arrays and the energy accumulators.
KERNEL void clearForces(GLOBAL mm_long* RESTRICT force, GLOBAL mm_long* RESTRICT energy, int energySlots) {
  for (int i = GLOBAL_ID; i < 3 * PADDED_ATOMS; i += GLOBAL_SIZE) force[i] = 0;
  for (int i = GLOBAL_ID; i < energySlots; i += GLOBAL_SIZE) energy[i] = 0;
}
