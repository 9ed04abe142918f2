// Job lists, job queues and write-back of the warp-block cell processors in the common kernel dialect.
//
// A job is one warp block (WARP_BLOCK consecutive molecules) of a cell A paired with a whole cell B:
// int2 (index into cellPairs, 2 * warp block + side), side 1 meaning A is the pair's second cell.
// Jobs of one pair are consecutive and ordered by warp block; jobStart[p] is the first job of pair p
// (jobStart[numPairs] the total), so the jobs of a launch over pairs [first, first + count) are
// jobStart[first] .. jobStart[first + count]. mode WB_JOBS_TWICE (warpBlock): a job for every warp
// block of every owned cell of a pair, each writing only its own molecules; WB_JOBS_ONCE
// (warpBlockCached): a job for every warp block of the pair's owned cell (the first cell unless it is
// halo), which also writes the other cell's molecules; WB_JOBS_PER_PAIR (warpBlockCached,
// deterministic): one job per pair, its warp block 0 standing for all of them.
//
// Every job adds its molecules' share of U_pot and virial to moleculeStats (one writer per molecule
// and launch); reduceWarpBlockStats sums them per cell at the end of the traversal.
// mardyn-kernel: requires compute/kernels/Scan.cc
// mardyn-kernel: defines BLOCK_SIZE=128 WARP_BLOCK=32 SCAN_BLOCK=256

#define WARPS_PER_BLOCK (BLOCK_SIZE / WARP_BLOCK)
/// Most jobs a warp takes at a time (its queue); the block's pool, which its warps share, holds a queue
/// for each warp.
#define WB_QUEUE_MAX 4

/// Jobs a warp takes at a time in a launch of numJobs jobs: one while there are fewer than four jobs
/// per resident warp (so that every warp gets work), up to WB_QUEUE_MAX when there are many.
DEVICE int warpBlockQueueLength(int numJobs) {
  const int perWarp = numJobs / (4 * (int) NUM_GROUPS * WARPS_PER_BLOCK);
  return perWarp < 1 ? 1 : (perWarp > WB_QUEUE_MAX ? WB_QUEUE_MAX : perWarp);
}

DEVICE int warpBlocksOf(int n) { return (n + WARP_BLOCK - 1) / WARP_BLOCK; }

/// Job modes: one job per warp block of the pair's owned cell, jobs for the warp blocks of both cells,
/// one job per pair.
#define WB_JOBS_ONCE 0
#define WB_JOBS_TWICE 1
#define WB_JOBS_PER_PAIR 2

/// Number of jobs of cell pair cp: the first *firstCount of them are warp blocks 0, 1, ... of side
/// *firstSide, the rest (WB_JOBS_TWICE, both cells owned) warp blocks of side 1. A pair with an empty
/// cell has no job.
DEVICE int pairJobCount(int2 cp, GLOBAL const int* RESTRICT cellStart, GLOBAL const int* RESTRICT cellIsHalo,
                        int mode, int* firstSide, int* firstCount) {
  const int nA = cellStart[cp.x + 1] - cellStart[cp.x], nB = cellStart[cp.y + 1] - cellStart[cp.y];
  const int haloA = cellIsHalo[cp.x], haloB = cellIsHalo[cp.y];
  *firstSide = 0;
  *firstCount = 0;
  if (cp.x == cp.y) {
    *firstCount = mode == WB_JOBS_PER_PAIR ? (nA > 0 ? 1 : 0) : warpBlocksOf(nA);
    return *firstCount;
  }
  if (nA == 0 || nB == 0) return 0;
  if (mode == WB_JOBS_TWICE) {
    const int a = haloA ? 0 : warpBlocksOf(nA), b = haloB ? 0 : warpBlocksOf(nB);
    *firstSide = a == 0 ? 1 : 0;
    *firstCount = a == 0 ? b : a;
    return a + b;
  }
  // Once per pair: the owned cell keeps its warp blocks in registers.
  *firstSide = haloA ? 1 : 0;
  *firstCount = mode == WB_JOBS_PER_PAIR ? 1 : warpBlocksOf(haloA ? nB : nA);
  return *firstCount;
}

/// Exclusive scan of the job counts within blocks of SCAN_BLOCK pairs (launched with that block size,
/// one thread per pair): jobStart[p] relative to its block, blockSums[block] the block's total.
KERNEL void countWarpBlockJobs(GLOBAL const int2* RESTRICT cellPairs, int numPairs, GLOBAL const int* RESTRICT cellStart,
                               GLOBAL const int* RESTRICT cellIsHalo, int mode, GLOBAL int* RESTRICT jobStart,
                               GLOBAL int* RESTRICT blockSums) {
  LOCAL int scan[2 * SCAN_BLOCK];
  const int p = GLOBAL_ID;
  int side = 0, firstCount = 0;
  const int count =
      p < numPairs ? pairJobCount(cellPairs[p], cellStart, cellIsHalo, mode, &side, &firstCount) : 0;
  const int inclusive = blockInclusiveScan(scan, count);
  if (p < numPairs) jobStart[p] = inclusive - count;
  if (LOCAL_ID == SCAN_BLOCK - 1) blockSums[GROUP_ID] = inclusive;
}

/// One thread per pair (blocks of SCAN_BLOCK): makes jobStart global and writes the pair's jobs
/// (those beyond `capacity` are left out; the host then grows the list and builds it again).
KERNEL void writeWarpBlockJobs(GLOBAL const int2* RESTRICT cellPairs, int numPairs, GLOBAL const int* RESTRICT cellStart,
                               GLOBAL const int* RESTRICT cellIsHalo, int mode, GLOBAL int* RESTRICT jobStart,
                               GLOBAL const int* RESTRICT blockSums, GLOBAL int2* RESTRICT jobs, int capacity) {
  const int p = GLOBAL_ID;
  if (p >= numPairs) return;
  const int2 cp = cellPairs[p];
  int side = 0, firstCount = 0;
  const int count = pairJobCount(cp, cellStart, cellIsHalo, mode, &side, &firstCount);
  const int start = jobStart[p] + blockSums[p / SCAN_BLOCK];
  jobStart[p] = start;
  for (int k = 0; k < count && start + k < capacity; k++)
    jobs[start + k] = k < firstCount ? make_int2(p, 2 * k + side) : make_int2(p, 2 * (k - firstCount) + 1);
}

/// cellStats[c] = the sum of moleculeStats over the molecules of cell c, in molecule order.
KERNEL void reduceWarpBlockStats(GLOBAL const int* RESTRICT cellStart, int numCells,
                                 GLOBAL const mixed2* RESTRICT moleculeStats, GLOBAL mixed2* RESTRICT cellStats) {
  for (int c = GLOBAL_ID; c < numCells; c += GLOBAL_SIZE) {
    mixed u = 0, virial = 0;
    for (int i = cellStart[c]; i < cellStart[c + 1]; i++) {
      u += moleculeStats[i].x;
      virial += moleculeStats[i].y;
    }
    cellStats[c] = make_mixed2(u, virial);
  }
}

/// Lane 0 of a warp: the next job (0-based within the launch) of the warp's queue, refilled when
/// empty; -1 when the launch has no job left. The warps of a block refill their queues from a
/// pool the block shares (one global atomic per WARPS_PER_BLOCK * queue jobs): a (base, taken) pair
/// packed into one 64-bit word, so taking from it and refilling it are single atomic operations and no
/// warp ever waits for another. The same code on every backend (an OpenCL work-group is one warp, whose
/// pool then holds one queue).
/// queue: warpBlockQueueLength of the launch; *pool starts as (0, WARPS_PER_BLOCK * queue) (used up).
DEVICE int nextWarpBlockJob(int* next, int* end, int numJobs, int queue, GLOBAL int* counter, LOCAL_ARG mm_ulong* pool) {
  if (*next >= *end) {
    const int poolSize = WARPS_PER_BLOCK * queue;
    const mm_ulong old = ATOMIC_ADD_U64(pool, queue);
    const int taken = (int) (old & 0xffffffffUL);
    if (taken < poolSize) {
      *next = (int) (old >> 32) + taken;
      *end = *next + queue;
    } else {
      // The pool is used up: take a new chunk; share all but the first `queue` jobs through the pool
      // unless another warp has refilled it meanwhile, in which case this warp keeps the whole chunk.
      const int g = ATOMIC_ADD(counter, poolSize);
      *next = g;
      *end = g + poolSize;
      const mm_ulong fresh = ((mm_ulong) (uint) g << 32) | (mm_ulong) queue;
      mm_ulong seen = old + queue;
      while ((int) (seen & 0xffffffffUL) >= poolSize) {
        const mm_ulong previous = ATOMIC_CAS_U64(pool, seen, fresh);
        if (previous == seen) {
          *end = g + queue;
          break;
        }
        seen = previous;
      }
    }
  }
  if (*next >= numJobs) return -1;
  return (*next)++;
}

/// Whole warp: the next job of this warp (lane 0 takes it, every lane reads it from warpJob), -1 when
/// the launch has none left.
DEVICE int takeWarpBlockJob(int lane, LOCAL_ARG int* warpJob, int* next, int* end, int numJobs, int queue,
                            GLOBAL int* counter, LOCAL_ARG mm_ulong* pool) {
  if (lane == 0) *warpJob = nextWarpBlockJob(next, end, numJobs, queue, counter, pool);
  SYNC_WARPS
  const int jobIndex = *warpJob;
  SYNC_WARPS
  return jobIndex;
}

/// A job decoded: cell A (whose warp block `block` the lanes hold) and cell B with their molecules.
typedef struct {
  int cellA, cellB, startA, numA, startB, numB, block;
} WarpBlockJob;

DEVICE WarpBlockJob decodeWarpBlockJob(int2 job, GLOBAL const int2* RESTRICT cellPairs,
                                       GLOBAL const int* RESTRICT cellStart) {
  const int2 cp = cellPairs[job.x];
  WarpBlockJob j;
  j.cellA = (job.y & 1) ? cp.y : cp.x;
  j.cellB = (job.y & 1) ? cp.x : cp.y;
  j.startA = cellStart[j.cellA];
  j.numA = cellStart[j.cellA + 1] - j.startA;
  j.startB = cellStart[j.cellB];
  j.numB = cellStart[j.cellB + 1] - j.startB;
  j.block = job.y >> 1;
  return j;
}

/// Whole warp: takes the lock of a cell for a write-back. Only lane 0 spins (compare-and-swap); the
/// others wait at the warp barrier, so no lock-step is assumed.
DEVICE void beginWarpBlockCommit(int lane, GLOBAL int* lock) {
  if (lane == 0) {
    while (ATOMIC_CAS(lock, 0, 1) != 0) {
    }
    GLOBAL_FENCE
  }
  SYNC_WARPS
}

/// Whole warp: releases the lock after the lanes' writes are made visible device-wide.
DEVICE void endWarpBlockCommit(int lane, GLOBAL int* lock) {
  GLOBAL_FENCE
  SYNC_WARPS
  if (lane == 0) ATOMIC_EXCH(lock, 0);
}

/// Adds (x, y, z) of v to the vector at `target`, which no other thread writes in this launch.
DEVICE void addPlain(GLOBAL mixed4* target, mixed4 v) {
  mixed4 t = *target;
  t.x += v.x;
  t.y += v.y;
  t.z += v.z;
  *target = t;
}

/// Adds (x, y, z) of v to the vector at `target` with accesses that bypass incoherent caches (the
/// target is written by other blocks under the same lock or turn).
DEVICE void addCommitted(GLOBAL mixed4* target, mixed4 v) {
  volatile GLOBAL mixed* t = (volatile GLOBAL mixed*) target;
  t[0] = t[0] + v.x;
  t[1] = t[1] + v.y;
  t[2] = t[2] + v.z;
}
