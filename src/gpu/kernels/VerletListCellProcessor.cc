// Verlet-list processor in the common kernel dialect: after each rebuild of the cells, every owned
// molecule lists the molecules (owned or halo) whose centres lie within cutoff + skin (buildVerletLists,
// one thread per owned molecule walking the neighbour cells); until the next rebuild, which comes before
// any molecule has moved half the skin, every pair within the cutoff is in the lists. Each step one
// thread per owned molecule walks its list (processVerletLists): a full list, so every pair is computed
// from both sides and each thread writes only its own molecule: no atomics, the same sums every run.
//
// Lists are stored column by column (entry n of owned molecule k at n * stride + k), so the threads of a
// warp read consecutive words. A list longer than `capacity` is cut and overflow[0] receives the longest
// length; the host then grows the lists and builds them again.
// moleculeStats[k] = (U_pot, virial) of owned molecule k: one half of each pair (the partner has the
// other half), plus its reaction-field self energy.
// mardyn-kernel: requires gpu/kernels/PotForce.cc gpu/kernels/MoleculePairHandler.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=1 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0

KERNEL void buildVerletLists(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT cellStart,
                             GLOBAL const mixed4* RESTRICT positions, int4 dims, mixed listRadius2, int capacity,
                             int stride, GLOBAL int* RESTRICT neighbours, GLOBAL int* RESTRICT counts,
                             GLOBAL int* overflow) {
  const int h = dims.w;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const mixed4 p = positions[s];
    const int cell = (int) p.w;
    const int cz = cell / (dims.x * dims.y), cy = (cell / dims.x) % dims.y, cx = cell % dims.x;
    int n = 0;
    for (int dz = -h; dz <= h; dz++)
      for (int dy = -h; dy <= h; dy++)
        for (int dx = -h; dx <= h; dx++) {
          const int c = (cx + dx) + dims.x * ((cy + dy) + dims.y * (cz + dz));
          const int end = cellStart[c + 1];
          for (int j = cellStart[c]; j < end; j++) {
            const mixed4 q = positions[j];
            const mixed ex = p.x - q.x, ey = p.y - q.y, ez = p.z - q.z;
            if (j != s && ex * ex + ey * ey + ez * ez < listRadius2) {
              if (n < capacity) neighbours[n * stride + k] = j;
              n++;
            }
          }
        }
    counts[k] = n;
    if (n > capacity) ATOMIC_MAX(overflow, n);
  }
}

KERNEL void processVerletLists(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT neighbours,
                               GLOBAL const int* RESTRICT counts, int stride, GLOBAL const mixed4* RESTRICT positions,
                               GLOBAL const real* RESTRICT rotations, GLOBAL const int* RESTRICT componentTypes,
                               GLOBAL const real4* RESTRICT componentSites, GLOBAL const int4* RESTRICT componentCounts,
                               GLOBAL const real4* RESTRICT ljParams, GLOBAL mixed4* RESTRICT forces,
                               GLOBAL mixed4* RESTRICT torques, GLOBAL mixed2* RESTRICT moleculeStats) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    mixed4 pa;
    int ta;
    real4 sa[SITES_PER_MOLECULE];
    loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
    mixed fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0, sumU = 0, sumVirial = 0;
    const int n = counts[k];
    for (int m = 0; m < n; m++) {
      const int j = neighbours[m * stride + k];
      mixed4 pb;
      int tb;
      real4 sb[SITES_PER_MOLECULE];
      loadMolecule(j, positions, rotations, componentTypes, componentSites, &pb, &tb, sb);
      MoleculePairResult r;
      if (interactMolecules((preal) (pa.x - pb.x), (preal) (pa.y - pb.y), (preal) (pa.z - pb.z), ta, sa, tb, sb,
                            componentCounts, ljParams, &r)) {
        fx += r.fx; fy += r.fy; fz += r.fz;
        tx += r.tax; ty += r.tay; tz += r.taz;
        sumU += r.u;
        sumVirial += r.virial;
      }
    }
    forces[i] = make_mixed4(fx, fy, fz, 0);
    torques[i] = make_mixed4(tx, ty, tz, 0);
    moleculeStats[k] = make_mixed2((mixed) 0.5 * sumU + rfSelfEnergy(ta, sa, componentCounts), (mixed) 0.5 * sumVirial);
  }
}
