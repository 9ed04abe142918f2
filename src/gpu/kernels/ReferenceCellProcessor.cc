// Reference cell processor in the common kernel dialect: one thread per cell pair walks every
// molecule pair of it (the oracle for the faster processors).
//
// Every cell processor kernel has this signature. A launch gets pairs cellPairs[firstPair ..
// firstPair + numPairs) of which no two share a cell (DomainTraverser), so each molecule and each
// cell is written by one thread (here) or one block at most. (c, c) is the intra-cell case.
// cellStats[c] collects (U_pot, virial) of owned molecules: a pair between owned molecules counts
// fully, one between an owned and a halo molecule one half; the intra-cell pass adds each molecule's
// reaction-field self energy.
// mardyn-kernel: requires gpu/kernels/PotForce.cc gpu/kernels/MoleculePairHandler.cc gpu/kernels/GlobalStats.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=1 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0

KERNEL void processCellPairs(GLOBAL const int2* RESTRICT cellPairs, int firstPair, int numPairs,
                             GLOBAL const int* RESTRICT cellStart, GLOBAL const int* RESTRICT cellIsHalo,
                             GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                             GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                             GLOBAL const int4* RESTRICT componentCounts, GLOBAL const real4* RESTRICT ljParams,
                             GLOBAL mixed4* RESTRICT forces, GLOBAL mixed4* RESTRICT torques,
                             GLOBAL mixed2* RESTRICT cellStats) {
  for (int p = GLOBAL_ID; p < numPairs; p += GLOBAL_SIZE) {
    const int2 cp = cellPairs[firstPair + p];
    const int same = cp.x == cp.y;
    const int startA = cellStart[cp.x], endA = cellStart[cp.x + 1];
    const int startB = cellStart[cp.y], endB = cellStart[cp.y + 1];
    mixed sumU = 0, sumVirial = 0;
    for (int i = startA; i < endA; i++) {
      mixed4 pa;
      int ta;
      real4 sa[SITES_PER_MOLECULE];
      loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
      mixed4 fa = forces[i], tqa = torques[i];
      if (same)
        sumU += rfSelfEnergy(ta, sa, componentCounts);
      const int jEnd = same ? i : endB;
      for (int j = same ? startA : startB; j < jEnd; j++) {
        mixed4 pb;
        int tb;
        real4 sb[SITES_PER_MOLECULE];
        loadMolecule(j, positions, rotations, componentTypes, componentSites, &pb, &tb, sb);
        MoleculePairResult r;
        if (interactMolecules((preal) (pa.x - pb.x), (preal) (pa.y - pb.y), (preal) (pa.z - pb.z), ta, sa, tb, sb,
                              componentCounts, ljParams, &r)) {
          fa.x += r.fx; fa.y += r.fy; fa.z += r.fz;
          tqa.x += r.tax; tqa.y += r.tay; tqa.z += r.taz;
          mixed4 fb = forces[j], tqb = torques[j];
          fb.x -= r.fx; fb.y -= r.fy; fb.z -= r.fz;
          tqb.x += r.tbx; tqb.y += r.tby; tqb.z += r.tbz;
          forces[j] = fb;
          torques[j] = tqb;
          sumU += r.u;
          sumVirial += r.virial;
        }
      }
      forces[i] = fa;
      torques[i] = tqa;
    }
    addCellPairStats(cellStats, cellIsHalo, cp, sumU, sumVirial);
  }
}
