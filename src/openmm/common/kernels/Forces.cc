// Clearing the force and energy accumulators of the common-compute platforms, in the common kernel dialect.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1

/// Zeroes the three fixed-point force arrays and the energy accumulators; with check, also a tile list's
/// displacement check (NonbondedTileSearch.cc's checkDisplacement: flag[0] = 1 when an atom moved more than
/// sqrt(limit2) since the list was found), which so costs no launch of its own.
KERNEL void clearForces(GLOBAL mm_long* RESTRICT force, GLOBAL mm_long* RESTRICT energy, int energySlots,
                        GLOBAL const mixed4* RESTRICT posq, GLOBAL const mixed4* RESTRICT posAtBuild, mixed limit2,
                        GLOBAL int* RESTRICT flag, int check) {
  for (int i = GLOBAL_ID; i < 3 * PADDED_ATOMS; i += GLOBAL_SIZE) force[i] = 0;
  for (int i = GLOBAL_ID; i < energySlots; i += GLOBAL_SIZE) energy[i] = 0;
  if (check)
    for (int s = GLOBAL_ID; s < NUM_ATOMS; s += GLOBAL_SIZE) {
      const mixed4 p = posq[s], q = posAtBuild[s];
      const mixed dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
      if (dx * dx + dy * dy + dz * dz > limit2) flag[0] = 1;
    }
}
