// Warp-block cell processor, every cell pair processed twice, in the common kernel dialect.
//
// Persistent blocks; each warp takes jobs (one warp block of cell A paired with the whole cell B,
// WarpBlockScheduler.cc) from its queue. A lane keeps one molecule of A in registers; the warp stages B
// in chunks of WARP_BLOCK molecules (centres, space-frame sites) in shared memory and every lane walks
// the chunk. Only A's molecules are written: a pair of owned cells is visited from both sides, each
// visit counting half of U_pot and virial, so no write-back needs a lock and the results do not depend
// on the schedule (always deterministic). Halo molecules get no forces.
//
// Launched once per DomainTraverser launch (pairs sharing no cell, so each warp block has at most one
// job per launch) with the pairs [firstPair, firstPair + numPairs); queueCounters[launch] starts at 0.
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
  LOCAL int warpJob[WARPS_PER_BLOCK];
  LOCAL mm_ulong pool;
  const int warp = LOCAL_ID / WARP_BLOCK;
  const int lane = LOCAL_ID % WARP_BLOCK;
  const int slot = LOCAL_ID;  // this lane's entry of its warp's chunk
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
    const int same = job.cellA == job.cellB;
    const int startA = job.startA, numA = job.numA, startB = job.startB, numB = job.numB;
    const int iLocal = job.block * WARP_BLOCK + lane;
    const int validA = iLocal < numA;
    const int i = startA + iLocal;
    mixed4 pa = make_mixed4(0, 0, 0, 0);
    int ta = 0;
    real4 sa[SITES_PER_MOLECULE];
    mixed fax = 0, fay = 0, faz = 0, tax = 0, tay = 0, taz = 0;
    mixed sumU = 0, sumVirial = 0, selfU = 0;
    if (validA) {
      loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
      if (same) selfU = rfSelfEnergy(ta, sa, componentCounts);
    }
    for (int jBase = 0; jBase < numB; jBase += WARP_BLOCK) {
      if (jBase + lane < numB)
        stageMolecule(startB + jBase + lane, slot, positions, rotations, componentTypes, componentSites, bPos, bType, bSites);
      SYNC_WARPS;
      const int count = min(WARP_BLOCK, numB - jBase);
      if (validA) {
        for (int k = 0; k < count; k++) {
          if (same && jBase + k == iLocal) continue;
          MoleculePairResult r;
          if (interactStaged(pa, ta, sa, warp * WARP_BLOCK + k, bPos, bType, bSites, componentSites, componentCounts,
                             ljParams, &r)) {
            fax += r.fx; fay += r.fy; faz += r.fz;
            tax += r.tax; tay += r.tay; taz += r.taz;
            sumU += r.u;
            sumVirial += r.virial;
          }
        }
      }
      SYNC_WARPS;
    }
    if (validA) {
      mixed4 f = forces[i];
      f.x += fax; f.y += fay; f.z += faz;
      forces[i] = f;
#if !ORIENTATION_FREE
      mixed4 t = torques[i];
      t.x += tax; t.y += tay; t.z += taz;
      torques[i] = t;
#endif
      mixed2 st = moleculeStats[i];
      st.x += (mixed) 0.5 * sumU + selfU;
      st.y += (mixed) 0.5 * sumVirial;
      moleculeStats[i] = st;
    }
  }
}
