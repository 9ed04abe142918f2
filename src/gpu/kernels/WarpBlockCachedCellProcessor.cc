// Warp-block cell processor, every cell pair processed once, in the common kernel dialect.
//
// Persistent blocks; each warp takes jobs (one warp block of the pair's owned cell A paired with the
// whole cell B, WarpBlockScheduler.cc) from its queue. A lane keeps one molecule of A in registers; the
// warp stages B in chunks of WARP_BLOCK molecules in shared memory together with a force and torque
// cache. The lanes walk the chunk in rotated order (lane l meets molecule (l + shift) mod WARP_BLOCK,
// separated by warp barriers), so each cache entry has one writer at a time; Newton's third law puts the
// opposite force into the cache, and the chunk is committed to B's molecules under B's cell lock (no
// lock where A has a single warp block: the chunk then has one writer). In an intra-cell pair, warp
// block k meets itself in registers (both directions) and the warp blocks after it through the cache;
// its own molecules are written under the cell's lock too (warp block 0, which no other commits into,
// without).
//
// deterministic: a job is a whole cell pair instead (the warp walks A's warp blocks in order), so every
// molecule has one writer per launch and its sums are formed in the same order every time; no lock.
//
// A pair between an owned and a halo cell counts half of U_pot and virial, owned pairs fully; halo
// molecules get no forces.
// mardyn-kernel: requires gpu/kernels/PotForce.cc gpu/kernels/MoleculePairHandler.cc gpu/kernels/WarpBlockScheduler.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=1 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0 BLOCK_SIZE=128 WARP_BLOCK=32 SCAN_BLOCK=256

KERNEL void processCellPairs(GLOBAL const int2* RESTRICT cellPairs, GLOBAL const int2* RESTRICT jobs,
                             GLOBAL const int* RESTRICT jobStart, int firstPair, int numPairs,
                             GLOBAL int* RESTRICT queueCounters, int launch, GLOBAL const int* RESTRICT cellStart,
                             GLOBAL const int* RESTRICT cellIsHalo, GLOBAL const mixed4* RESTRICT positions,
                             GLOBAL const real* RESTRICT rotations, GLOBAL const int* RESTRICT componentTypes,
                             GLOBAL const real4* RESTRICT componentSites, GLOBAL const int4* RESTRICT componentCounts,
                             GLOBAL const real4* RESTRICT ljParams, GLOBAL mixed4* forces, GLOBAL mixed4* torques,
                             GLOBAL mixed2* RESTRICT moleculeStats, GLOBAL int* cellLocks, int deterministic) {
  LOCAL mixed4 bPos[BLOCK_SIZE];
  LOCAL real4 bSites[BLOCK_SIZE * STAGED_SITE_SLOTS];
  LOCAL int bType[BLOCK_SIZE];
  LOCAL mixed4 bForce[BLOCK_SIZE];
  LOCAL mixed4 bTorque[BLOCK_SIZE];
  LOCAL int warpJob[WARPS_PER_BLOCK];
  LOCAL mm_ulong pool;
  const int warp = LOCAL_ID / WARP_BLOCK;
  const int lane = LOCAL_ID % WARP_BLOCK;
  const int slot = LOCAL_ID;
  const int jobBegin = jobStart[firstPair];
  const int numJobs = jobStart[firstPair + numPairs] - jobBegin;
  const int queue = warpBlockQueueLength(numJobs);
  if (LOCAL_ID == 0) pool = (mm_ulong) (WARPS_PER_BLOCK * queue);
  SYNC_THREADS;
  int next = 0, end = 0;
  for (;;) {
    const int jobIndex = takeWarpBlockJob(lane, warpJob + warp, &next, &end, numJobs, queue, queueCounters + launch, &pool);
    if (jobIndex < 0) break;  // uniform over the warp
    const WarpBlockJob job = decodeWarpBlockJob(jobs[jobBegin + jobIndex], cellPairs, cellStart);
    const int cellA = job.cellA, cellB = job.cellB;
    const int same = cellA == cellB;
    const int haloB = cellIsHalo[cellB];
    const int startA = job.startA, numA = job.numA, startB = job.startB, numB = job.numB;
    const int lastBlockA = (numA - 1) / WARP_BLOCK;
    // One writer per chunk: the pair's only job (deterministic: the whole pair; else A has one warp
    // block), or, in an intra-cell pair, warp block 0, which the later ones do not commit into.
    const int wholePair = deterministic || lastBlockA == 0;
    const int firstBlock = deterministic ? 0 : job.block;
    const int lastBlock = deterministic ? lastBlockA : job.block;
    for (int block = firstBlock; block <= lastBlock; block++) {
      const int iLocal = block * WARP_BLOCK + lane;
      const int validLanes = min(WARP_BLOCK, numA - block * WARP_BLOCK);
      const int validA = iLocal < numA;
      const int i = startA + iLocal;
      mixed4 pa = make_mixed4(0, 0, 0, 0);
      int ta = 0;
      real4 sa[SITES_PER_MOLECULE];
      mixed fax = 0, fay = 0, faz = 0, tax = 0, tay = 0, taz = 0;
      mixed sumU = 0, sumVirial = 0, halfU = 0, halfVirial = 0, selfU = 0;
      if (validA) {
        loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
        if (same) selfU = rfSelfEnergy(ta, sa, componentCounts);
      }
      for (int chunk = same ? block : 0; chunk * WARP_BLOCK < numB; chunk++) {
        const int jBase = chunk * WARP_BLOCK;
        const int count = min(WARP_BLOCK, numB - jBase);
        if (lane < count)
          stageMolecule(startB + jBase + lane, slot, positions, rotations, componentTypes, componentSites, bPos, bType,
                        bSites);
        bForce[slot] = make_mixed4(0, 0, 0, 0);
        bTorque[slot] = make_mixed4(0, 0, 0, 0);
        SYNC_WARPS;
        if (same && chunk == block) {
          // The warp block with itself: each lane meets every other lane's molecule (both directions,
          // half the energy each), nothing goes to the cache.
          if (validA) {
            for (int k = 0; k < count; k++) {
              if (k == lane) continue;
              MoleculePairResult r;
              if (interactStaged(pa, ta, sa, warp * WARP_BLOCK + k, bPos, bType, bSites, componentSites,
                                 componentCounts, ljParams, &r)) {
                fax += r.fx; fay += r.fy; faz += r.fz;
                tax += r.tax; tay += r.tay; taz += r.taz;
                halfU += r.u;
                halfVirial += r.virial;
              }
            }
          }
        } else {
          // Shifts that pair a valid lane with a molecule of the chunk: lane l meets k = (l + shift) mod
          // WARP_BLOCK for l < validLanes and k < count, i.e. shift in [1 - validLanes, count - 1].
          const int shifts = min(WARP_BLOCK, count + validLanes - 1);
          for (int t = 0; t < shifts; t++) {
            const int shift = (t - validLanes + 1 + WARP_BLOCK) % WARP_BLOCK;
            const int k = (lane + shift) % WARP_BLOCK;
            if (validA && k < count) {
              const int j = warp * WARP_BLOCK + k;
              MoleculePairResult r;
              if (interactStaged(pa, ta, sa, j, bPos, bType, bSites, componentSites, componentCounts, ljParams, &r)) {
                fax += r.fx; fay += r.fy; faz += r.fz;
                tax += r.tax; tay += r.tay; taz += r.taz;
                sumU += r.u;
                sumVirial += r.virial;
                addToPartnerCache(&r, j, bForce, bTorque);
              }
            }
            SYNC_WARPS;
          }
          if (!haloB && wholePair) {
            // The pair's only job: nobody else writes B in this launch.
            if (lane < count) {
              addPlain(forces + startB + jBase + lane, bForce[slot]);
#if !ORIENTATION_FREE
              addPlain(torques + startB + jBase + lane, bTorque[slot]);
#endif
            }
          } else if (!haloB) {
            // Several warp blocks of A write this chunk (in an intra-cell pair the ones before it, and
            // its own warp block its registers): under B's cell lock.
            beginWarpBlockCommit(lane, cellLocks + cellB);
            if (lane < count) {
              addCommitted(forces + startB + jBase + lane, bForce[slot]);
#if !ORIENTATION_FREE
              addCommitted(torques + startB + jBase + lane, bTorque[slot]);
#endif
            }
            endWarpBlockCommit(lane, cellLocks + cellB);
          }
        }
        SYNC_WARPS;
      }
      const mixed w = haloB ? (mixed) 0.5 : (mixed) 1;
      const mixed4 fa = make_mixed4(fax, fay, faz, 0), tqa = make_mixed4(tax, tay, taz, 0);
      if (same && block > 0 && !wholePair) {
        // Earlier warp blocks of this cell, in other jobs, commit into this one: under the cell's lock
        // (warp block 0 receives no commits).
        beginWarpBlockCommit(lane, cellLocks + cellA);
        if (validA) {
          addCommitted(forces + i, fa);
#if !ORIENTATION_FREE
          addCommitted(torques + i, tqa);
#endif
        }
        endWarpBlockCommit(lane, cellLocks + cellA);
      } else if (validA) {
        addPlain(forces + i, fa);
#if !ORIENTATION_FREE
        addPlain(torques + i, tqa);
#endif
      }
      if (validA) {
        mixed2 st = moleculeStats[i];
        st.x += w * sumU + (mixed) 0.5 * halfU + selfU;
        st.y += w * sumVirial + (mixed) 0.5 * halfVirial;
        moleculeStats[i] = st;
      }
      SYNC_WARPS;  // the next warp block restages the cache
    }
  }
}
