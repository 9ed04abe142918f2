// Verlet-list processor in the common kernel dialect: after each rebuild of the cells, every owned
// molecule lists the molecules (owned or halo) whose centres lie within cutoff + skin (buildVerletLists,
// one thread per owned molecule walking the neighbour cells); until the next rebuild, which comes before
// any molecule has moved half the skin, every pair within the cutoff is in the lists. Each step one
// thread per owned molecule walks its list (processVerletLists): a full list, so every pair is computed
// from both sides and each thread writes only its own molecule: no atomics, the same sums every run.
//
// Lists are stored in groups of VERLET_GROUP entries, group by group for all molecules: entry n of owned
// molecule k at listEntry(n, k, stride) = ((n / G) * stride + k) * G + n % G. A thread writes and reads
// whole 32-byte sectors of its own list while the threads of a warp work on neighbouring sectors, and an
// index needs 64 bits beyond 2^31 entries. A list longer than `capacity` is cut and overflow[0] receives the longest
// length; the host then grows the lists and builds them again.
// moleculeStats[k] = (U_pot, virial) of owned molecule k: one half of each pair (the partner has the
// other half), plus its reaction-field self energy.
// Under MPI the owned molecules are split after each build into those whose partners are all owned
// (interior: outside the outermost layers of owned cells; computed while the halo is refreshed on its own
// queue) and the others (boundary: computed once it has arrived); each keeps its k, so the sums are the same
// as in one launch.
// mardyn-kernel: requires gpu/kernels/PotForce.cc gpu/kernels/MoleculePairHandler.cc
// mardyn-kernel: defines WARP_BLOCK=32 NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=1 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0

#define VERLET_GROUP 8

DEVICE mm_long listEntry(int n, int k, int stride) {
  return ((mm_long) (n / VERLET_GROUP) * stride + k) * VERLET_GROUP + n % VERLET_GROUP;
}

/// One work-group of WARP_BLOCK threads per owned cell (group g: owned cell g in x-fastest order); each
/// thread holds one molecule of the cell (more than WARP_BLOCK molecules: in turns). The candidates
/// (the molecules of the neighbour cells: for each (dy, dz) the cells x - h .. x + h are consecutive
/// slots) are staged WARP_BLOCK at a time in local memory, where every thread reads the same entry at
/// once (a broadcast). A thread lists its partners in candidate order: the same lists every run.
/// ownedIndex[s]: the column of slot s in the lists.
KERNEL void buildVerletLists(int numOwnedCells, GLOBAL const int* RESTRICT cellStart, GLOBAL const int* RESTRICT ownedIndex,
                             GLOBAL const mixed4* RESTRICT positions, int4 dims, mixed listRadius2, int capacity,
                             int stride, GLOBAL int* RESTRICT neighbours, GLOBAL int* RESTRICT counts,
                             GLOBAL int* overflow) {
  LOCAL mixed4 staged[WARP_BLOCK];
  const int h = dims.w;
  const int nx = dims.x - 2 * h, ny = dims.y - 2 * h;
  const int lane = LOCAL_ID;
  for (int g = GROUP_ID; g < numOwnedCells; g += NUM_GROUPS) {
    const int cx = g % nx + h, cy = (g / nx) % ny + h, cz = g / (nx * ny) + h;
    const int cell = cx + dims.x * (cy + dims.y * cz);
    const int first = cellStart[cell], end = cellStart[cell + 1];
    for (int base = first; base < end; base += WARP_BLOCK) {  // uniform over the group
      const int s = base + lane;
      const int active = s < end;
      const mixed4 p = active ? positions[s] : make_mixed4(0, 0, 0, 0);
      const int k = active ? ownedIndex[s] : 0;
      int n = 0;
      for (int dz = -h; dz <= h; dz++)
        for (int dy = -h; dy <= h; dy++) {
          const int row = dims.x * ((cy + dy) + dims.y * (cz + dz));
          const int from = cellStart[row + cx - h], to = cellStart[row + cx + h + 1];
          for (int chunk = from; chunk < to; chunk += WARP_BLOCK) {
            SYNC_WARPS
            if (chunk + lane < to) staged[lane] = positions[chunk + lane];
            SYNC_WARPS
            const int count = min(WARP_BLOCK, to - chunk);
            for (int c = 0; c < count; c++) {
              const mixed4 q = staged[c];
              const mixed ex = p.x - q.x, ey = p.y - q.y, ez = p.z - q.z;
              const int j = chunk + c;
              if (active && j != s && ex * ex + ey * ey + ez * ez < listRadius2) {
                if (n < capacity) neighbours[listEntry(n, k, stride)] = j;
                n++;
              }
            }
          }
        }
      if (active) {
        counts[k] = n;
        if (n > capacity) ATOMIC_MAX(overflow, n);
      }
    }
  }
}

/// Single-centre Lennard-Jones molecules without a cutoff switch: the pair is one site pair at the
/// centres, evaluated directly (the same arithmetic as interactMolecules, without its site tables).
#if ORIENTATION_FREE && MAX_LJ == 1 && MAX_CHARGES == 0 && MAX_DIPOLES == 0 && MAX_QUADRUPOLES == 0 && !USE_CUTOFF_SWITCH
#define LJ_CENTRES_ONLY 1
#else
#define LJ_CENTRES_ONLY 0
#endif

/// boundary[k] = 1 for an owned molecule k in the outermost h owned layers of cells (its cell, in the w of
/// its position, touches a halo cell), 0 for the others: those have only owned partners, the cells being
/// cutoff + skin wide.
KERNEL void flagBoundaryMolecules(int numOwned, GLOBAL const int* RESTRICT ownedSlots,
                                  GLOBAL const mixed4* RESTRICT positions, int4 dims, GLOBAL int* RESTRICT boundary) {
  const int h = dims.w;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int cell = (int) positions[ownedSlots[k]].w;
    const int x = cell % dims.x, y = (cell / dims.x) % dims.y, z = cell / (dims.x * dims.y);
    boundary[k] = x < 2 * h || x >= dims.x - 2 * h || y < 2 * h || y >= dims.y - 2 * h || z < 2 * h || z >= dims.z - 2 * h;
  }
}

/// offsets: the exclusive scan of flagBoundaryMolecules; the molecules in order into the two lists.
KERNEL void splitMolecules(int numOwned, GLOBAL const int* RESTRICT offsets, GLOBAL int* RESTRICT interior,
                           GLOBAL int* RESTRICT boundary) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int b = offsets[k];
    if (offsets[k + 1] != b) boundary[b] = k;
    else interior[k - b] = k;
  }
}

/// Owned molecules k = order[t] for t < count (with ordered == 0: k = t).
KERNEL void processVerletLists(int count, GLOBAL const int* RESTRICT order, int ordered,
                               GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT neighbours,
                               GLOBAL const int* RESTRICT counts, int stride, GLOBAL const mixed4* RESTRICT positions,
                               GLOBAL const real* RESTRICT rotations, GLOBAL const int* RESTRICT componentTypes,
                               GLOBAL const real4* RESTRICT componentSites, GLOBAL const int4* RESTRICT componentCounts,
                               GLOBAL const real4* RESTRICT ljParams, GLOBAL mixed4* RESTRICT forces,
                               GLOBAL mixed4* RESTRICT torques, GLOBAL mixed2* RESTRICT moleculeStats) {
  for (int t = GLOBAL_ID; t < count; t += GLOBAL_SIZE) {
    const int k = ordered ? order[t] : t;
    const int i = ownedSlots[k];
#if LJ_CENTRES_ONLY
    const mixed4 pa = positions[i];
    const int ta = NUM_COMPONENTS == 1 ? 0 : componentTypes[i];
    mixed fx = 0, fy = 0, fz = 0, sumU = 0, sumVirial = 0;
    const int n = counts[k];
    for (int m = 0; m < n; m++) {
      const int j = neighbours[listEntry(m, k, stride)];
      const mixed4 pb = positions[j];
      const preal dx = (preal) (pa.x - pb.x), dy = (preal) (pa.y - pb.y), dz = (preal) (pa.z - pb.z);
      if (dx * dx + dy * dy + dz * dz < (preal) CUTOFF2) {
        const int tb = NUM_COMPONENTS == 1 ? 0 : componentTypes[j];
        const real4 lj = ljParams[ta * NUM_COMPONENTS + tb];
        const SitePairResult r = ljPotForce(dx, dy, dz, dx, dy, dz, lj.x, lj.y, lj.z);
        fx += r.fx; fy += r.fy; fz += r.fz;
        sumU += r.u;
        sumVirial += r.virial;
      }
    }
    forces[i] = make_mixed4(fx, fy, fz, 0);
    torques[i] = make_mixed4(0, 0, 0, 0);
    moleculeStats[k] = make_mixed2((mixed) 0.5 * sumU, (mixed) 0.5 * sumVirial);
#else
    mixed4 pa;
    int ta;
    real4 sa[SITES_PER_MOLECULE];
    loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
    mixed fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0, sumU = 0, sumVirial = 0;
    const int n = counts[k];
    for (int m = 0; m < n; m++) {
      const int j = neighbours[listEntry(m, k, stride)];
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
#endif
  }
}
