// Thread-block cell processor in the common kernel dialect: one block per cell pair; each cell is
// split into blocks of BLOCK_SIZE molecules (one per thread). The molecules of block A stay in
// registers, those of block B in shared memory; the pair loop walks B warp block by warp block
// (WARP_BLOCK molecules), rotating partners so no two threads update one B molecule at once, and
// applies Newton's third law inside the block pair. Same signature and contract as the reference
// processor (ReferenceCellProcessor.cc).
//
// Needs BLOCK_SIZE (a power of two, the launch's block size) and WARP_BLOCK (dividing BLOCK_SIZE).
// mardyn-kernel: requires gpu/kernels/PotForce.cc gpu/kernels/MoleculePairHandler.cc gpu/kernels/GlobalStats.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=1 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0 BLOCK_SIZE=64 WARP_BLOCK=32

#define NUM_WARP_BLOCKS (BLOCK_SIZE / WARP_BLOCK)

// Separates the shifts of one warp block. On CUDA the warp block is a warp and __syncwarp (in
// SYNC_WARPS) orders its lanes; OpenCL guarantees no lock-step of WARP_BLOCK work-items, so a
// work-group barrier is used there (all loops below are uniform over the block).
#ifdef __OPENCL_VERSION__
#define WARP_BLOCK_SYNC SYNC_THREADS
#else
#define WARP_BLOCK_SYNC SYNC_WARPS
#endif

KERNEL void processCellPairs(GLOBAL const int2* RESTRICT cellPairs, int firstPair, int numPairs,
                             GLOBAL const int* RESTRICT cellStart, GLOBAL const int* RESTRICT cellIsHalo,
                             GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                             GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                             GLOBAL const int4* RESTRICT componentCounts, GLOBAL const real4* RESTRICT ljParams,
                             GLOBAL mixed4* RESTRICT forces, GLOBAL mixed4* RESTRICT torques,
                             GLOBAL mixed2* RESTRICT cellStats) {
  LOCAL mixed4 bPos[BLOCK_SIZE];
  LOCAL real4 bSites[BLOCK_SIZE * STAGED_SITE_SLOTS];
  LOCAL int bType[BLOCK_SIZE];
  LOCAL mixed4 bForce[BLOCK_SIZE];
  LOCAL mixed4 bTorque[BLOCK_SIZE];
  LOCAL mixed2 stats[BLOCK_SIZE];
  const int tid = LOCAL_ID;
  const int warp = tid / WARP_BLOCK;
  const int lane = tid % WARP_BLOCK;

  for (int p = GROUP_ID; p < numPairs; p += NUM_GROUPS) {
    const int2 cp = cellPairs[firstPair + p];
    const int same = cp.x == cp.y;
    const int startA = cellStart[cp.x], numA = cellStart[cp.x + 1] - startA;
    const int startB = cellStart[cp.y], numB = cellStart[cp.y + 1] - startB;
    const int blocksA = (numA + BLOCK_SIZE - 1) / BLOCK_SIZE;
    const int blocksB = (numB + BLOCK_SIZE - 1) / BLOCK_SIZE;
    if (numA == 0 || numB == 0)
      continue;  // uniform over the block
    mixed sumU = 0, sumVirial = 0;

    for (int blockA = 0; blockA < blocksA; blockA++) {
      const int iLocal = blockA * BLOCK_SIZE + tid;
      const int validA = iLocal < numA;
      const int i = startA + iLocal;
      mixed4 pa = make_mixed4(0, 0, 0, 0);
      int ta = 0;
      real4 sa[SITES_PER_MOLECULE];
      mixed fax = 0, fay = 0, faz = 0, tax = 0, tay = 0, taz = 0;
      if (validA) {
        loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
        if (same)
          sumU += rfSelfEnergy(ta, sa, componentCounts);
      }

      const int blockBEnd = same ? blockA + 1 : blocksB;
      for (int blockB = 0; blockB < blockBEnd; blockB++) {
        const int sameBlock = same && blockB == blockA;
        const int jBase = blockB * BLOCK_SIZE;
        const int countB = min(BLOCK_SIZE, (same ? numA : numB) - jBase);
        const int firstB = same ? startA : startB;
        SYNC_THREADS;
        if (tid < countB)
          stageMolecule(firstB + jBase + tid, tid, positions, rotations, componentTypes, componentSites, bPos, bType, bSites);
        bForce[tid] = make_mixed4(0, 0, 0, 0);
        bTorque[tid] = make_mixed4(0, 0, 0, 0);
        SYNC_THREADS;

        for (int step = 0; step < NUM_WARP_BLOCKS; step++) {
          const int wb = (warp + step) % NUM_WARP_BLOCKS;
          // Inside one block each unordered pair is visited twice (by either partner): keep the
          // first half of the steps, and of the middle step the lower warps.
          int stepActive = 1;
          if (sameBlock && step > 0)
            stepActive = 2 * step < NUM_WARP_BLOCKS || (2 * step == NUM_WARP_BLOCKS && warp < NUM_WARP_BLOCKS / 2);
          for (int shift = 0; shift < WARP_BLOCK; shift++) {
            const int j = wb * WARP_BLOCK + (lane + shift) % WARP_BLOCK;
            int active = validA && stepActive && j < countB;
            if (sameBlock && step == 0)
              active = active && shift > 0 && (2 * shift < WARP_BLOCK || (2 * shift == WARP_BLOCK && lane < WARP_BLOCK / 2));
            if (active) {
              MoleculePairResult r;
              if (interactStaged(pa, ta, sa, j, bPos, bType, bSites, componentSites, componentCounts, ljParams, &r)) {
                fax += r.fx; fay += r.fy; faz += r.fz;
                tax += r.tax; tay += r.tay; taz += r.taz;
                addToPartnerCache(&r, j, bForce, bTorque);
                sumU += r.u;
                sumVirial += r.virial;
              }
            }
            WARP_BLOCK_SYNC;
          }
          SYNC_THREADS;
        }
        // Write block B back; a molecule's global entry is only ever written by the thread of its
        // position within a block, so this does not race with the write-back of block A below.
        if (tid < countB) {
          const int j = firstB + jBase + tid;
          mixed4 f = forces[j], t = torques[j];
          f.x += bForce[tid].x; f.y += bForce[tid].y; f.z += bForce[tid].z;
          t.x += bTorque[tid].x; t.y += bTorque[tid].y; t.z += bTorque[tid].z;
          forces[j] = f;
          torques[j] = t;
        }
      }
      if (validA) {
        mixed4 f = forces[i], t = torques[i];
        f.x += fax; f.y += fay; f.z += faz;
        t.x += tax; t.y += tay; t.z += taz;
        forces[i] = f;
        torques[i] = t;
      }
    }
    stats[tid] = make_mixed2(sumU, sumVirial);
    reduceBlockStats(stats);
    if (tid == 0)
      addCellPairStats(cellStats, cellIsHalo, cp, stats[0].x, stats[0].y);
    SYNC_THREADS;
  }
}
