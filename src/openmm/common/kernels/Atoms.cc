// Per-atom data of the common-compute platforms in the common kernel dialect. Atoms live in "slots", an
// order along a space-filling curve that the platform changes every few hundred steps; atomIndex[slot]
// is the System's index of the atom in a slot. posq = (x, y, z, charge * sqrt(ONE_4PI_EPS0)) in `mixed`,
// velm = (vx, vy, vz, 1/mass); forces are 64-bit fixed point (FIXED_POINT_SCALE), three arrays of
// PADDED_ATOMS (x, then y, then z), so that sums come out the same whatever order the threads add in.
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

/// The force on a slot from the fixed-point accumulators.
DEVICE mixed4 fixedForce(GLOBAL const mm_long* RESTRICT force, int slot) {
  const mixed scale = (mixed) 1 / (mixed) FIXED_POINT_SCALE;
  return make_mixed4((mixed) force[slot] * scale, (mixed) force[slot + PADDED_ATOMS] * scale,
                     (mixed) force[slot + 2 * PADDED_ATOMS] * scale, 0);
}

/// Adds (fx, fy, fz) to a slot's fixed-point force.
DEVICE void addForce(GLOBAL mm_long* force, int slot, real fx, real fy, real fz) {
  accumulateFixedPoint(force + slot, fx);
  accumulateFixedPoint(force + slot + PADDED_ATOMS, fy);
  accumulateFixedPoint(force + slot + 2 * PADDED_ATOMS, fz);
}
