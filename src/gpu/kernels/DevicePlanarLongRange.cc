// ls1's planar long-range correction on the device: the density profile of the LJ centres (and dipolar
// molecules) in slabs along y, counted with integer atomics, and the slab forces with their torques on
// every site and the energy and virial sums (per work-group), as the host's PlanarLongRange.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc gpu/kernels/PlanarSlab.cc
// mardyn-kernel: defines SITES_PER_MOLECULE=1 REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// profile[(ljOffset[c] + i) slabs + slab] += 1 per LJ centre i; profile[ljEntries + dipoleIndex[c] slabs +
/// slab] += 1 per dipolar molecule.
KERNEL void planarProfile(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                          GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                          GLOBAL const mixed4* RESTRICT quat, GLOBAL const real4* RESTRICT componentSites,
                          GLOBAL const int4* RESTRICT componentCounts, GLOBAL const int2* RESTRICT typeOf,
                          GLOBAL int* RESTRICT profile, int slabs, mixed delta, int ljEntries, mixed4 boxMin,
                          mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed4 r = hostPosition(pos[s], vel[s], boxMin, box);
    const mixed4 q = quat[s];
    const int2 t = typeOf[c];
    const int n = componentCounts[c].x;
    for (int i = 0; i < n; i++) {
      const mixed4 arm = siteArm(q, componentSites[c * SITES_PER_MOLECULE + i]);
      ATOMIC_ADD(&profile[(t.x + i) * slabs + planarSlab(r.y + arm.y, delta, slabs)], 1);
    }
    if (t.y >= 0) ATOMIC_ADD(&profile[ljEntries + t.y * slabs + planarSlab(r.y, delta, slabs)], 1);
  }
}

/// table[4 k] = (u, vN, vT, f) of entry k (LJ entries first, then the dipole entries at ljEntries); the
/// force acts on molecules with left <= y <= right (region); sums: (U, virial) per group (launched as blocks of
/// REDUCE_BLOCK threads).
KERNEL void planarForces(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                         GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                         GLOBAL const mixed4* RESTRICT quat, GLOBAL mixed4* RESTRICT force, GLOBAL mixed4* RESTRICT torque,
                         GLOBAL const real4* RESTRICT componentSites, GLOBAL const int4* RESTRICT componentCounts,
                         GLOBAL const int2* RESTRICT typeOf, GLOBAL const mixed* RESTRICT table, int slabs, mixed delta,
                         int ljEntries, mixed4 region, GLOBAL mixed* RESTRICT sums, mixed4 boxMin, mixed4 box) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed uSum = 0, wSum = 0;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed4 r = hostPosition(pos[s], vel[s], boxMin, box);
    const int forced = r.y >= region.x && r.y <= region.y;
    const mixed4 q = quat[s];
    const int2 t = typeOf[c];
    const int n = componentCounts[c].x;
    mixed4 F = force[s], M = torque[s];
    mixed u = 0, w = 0;
    for (int i = 0; i < n; i++) {
      const mixed4 arm = siteArm(q, componentSites[c * SITES_PER_MOLECULE + i]);
      const int e = (t.x + i) * slabs + planarSlab(r.y + arm.y, delta, slabs);
      u += table[4 * e];
      w += 2 * table[4 * e + 2] + table[4 * e + 1];
      if (!forced) continue;
      const mixed fy = table[4 * e + 3];
      F.x = F.x + 0;
      F.y = F.y + fy;
      F.z = F.z + 0;
      M.x = M.x + (arm.y * 0 - arm.z * fy);
      M.y = M.y + (arm.z * 0 - arm.x * 0);
      M.z = M.z + (arm.x * fy - arm.y * 0);
    }
    if (t.y >= 0) {
      const int e = ljEntries + t.y * slabs + planarSlab(r.y, delta, slabs);
      u += table[4 * e];
      w += 2 * table[4 * e + 2] + table[4 * e + 1];
      if (forced) {
        F.x = F.x + 0;
        F.y = F.y + table[4 * e + 3];
        F.z = F.z + 0;
      }
    }
    force[s] = F;
    torque[s] = M;
    uSum += u;
    wSum += w;
  }
  blockToGroupSum(buffer, sums, 2, 0, uSum);
  blockToGroupSum(buffer, sums, 2, 1, wSum);
}
