// Per-atom data of the common-compute platforms in the common kernel dialect. Atoms live in "slots", an
// order along a space-filling curve that the platform changes every few hundred steps; atomIndex[slot]
// is the System's index of the atom in a slot. posq = (x, y, z, charge * sqrt(ONE_4PI_EPS0)) in `mixed`,
// velm = (vx, vy, vz, 1/mass); forces are three arrays of PADDED_ATOMS (x, then y, then z) of 64-bit words:
// fixed point (FIXED_POINT_SCALE) with FORCE_FIXED_POINT, so that sums come out the same whatever order the
// threads add in, else doubles added atomically (double precision without DeterministicForces). The
// energy accumulator is the same kind of word.
// mardyn-kernel: fragment

/// Minimum image of d in a rectangular box (invBox = 1/box per axis) when PERIODIC is set.
DEVICE mixed4 minimumImage(mixed4 d, mixed4 box, mixed4 invBox) {
#if PERIODIC
  d.x -= box.x * floor(d.x * invBox.x + (mixed) 0.5);
  d.y -= box.y * floor(d.y * invBox.y + (mixed) 0.5);
  d.z -= box.z * floor(d.z * invBox.z + (mixed) 0.5);
#endif
  return d;
}

/// A tile list's displacement check over the work-item's share of the numAtoms slots: flag[0] = 1 when an atom
/// moved more than sqrt(limit2) since the list was found (posAtBuild).
DEVICE void flagDisplacedAtoms(int numAtoms, GLOBAL const mixed4* RESTRICT posq,
                               GLOBAL const mixed4* RESTRICT posAtBuild, mixed limit2, GLOBAL int* RESTRICT flag) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 p = posq[s], q = posAtBuild[s];
    const mixed dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
    if (dx * dx + dy * dy + dz * dz > limit2) flag[0] = 1;
  }
}

/// Adds x to one accumulator word (converted to fixed point from `mixed`, so that energies keep the
/// precision of mixed arithmetic).
DEVICE void accumulate(GLOBAL mm_long* word, mixed x) {
#if FORCE_FIXED_POINT
  atomicAddFixedPoint(word, (mm_long) (x * (mixed) FIXED_POINT_SCALE));
#else
  atomicAddDouble((GLOBAL double*) word, (double) x);
#endif
}

/// The value of one accumulator word.
DEVICE mixed accumulated(GLOBAL const mm_long* word) {
#if FORCE_FIXED_POINT
  return (mixed) *word * ((mixed) 1 / (mixed) FIXED_POINT_SCALE);
#else
  return (mixed) *(GLOBAL const double*) word;
#endif
}

/// The force on a slot.
DEVICE mixed4 fixedForce(GLOBAL const mm_long* RESTRICT force, int slot) {
  return make_mixed4(accumulated(force + slot), accumulated(force + slot + PADDED_ATOMS),
                     accumulated(force + slot + 2 * PADDED_ATOMS), 0);
}

/// Adds (fx, fy, fz) to a slot's force.
DEVICE void addForce(GLOBAL mm_long* force, int slot, real fx, real fy, real fz) {
  accumulate(force + slot, fx);
  accumulate(force + slot + PADDED_ATOMS, fy);
  accumulate(force + slot + 2 * PADDED_ATOMS, fz);
}
