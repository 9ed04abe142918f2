// The nonbonded utility of the common-compute platforms in the common kernel dialect. Slots are taken in
// blocks of 32 (TILE_SIZE); each block gets a bounding box (computeBlockBounds). A tile is block a against
// a list of 32 atom slots: block a against itself, or the atoms of blocks b > a that lie within the cutoff
// plus a padding of one of a's atoms (findTiles: candidate blocks over a coarse grid of the block centres,
// whose boxes come that close to a's, then their atoms one by one, packed 32 to a tile), so that tiles hold
// mostly atoms that can interact. Every tile is one warp of 32 threads, WARPS_PER_GROUP tiles to a
// work-group (computeNonbondedTiles, computeNonbondedTilesEnergy): thread l holds atom l of block a, the
// list's atoms are staged in local memory and met in rotated order (thread l meets atom (l + k) mod 32 at
// step k, so no two threads touch one staged atom at once), every lane computes every step and keeps or
// drops the result (no divergence), and forces go into the fixed-point accumulators (the same sums in any
// order). Positions enter the pair loop in `real`, relative to block a's centre (per-pair minimum images
// only where a tile can reach across half the box); energies are summed per thread in fixed point and
// added once per work-group.
// DETERMINISTIC (the DeterministicForces property): every pair is computed from the two positions alone
// (difference and minimum image per pair) and converted to fixed point on its own, so that forces and
// energy come out the same bits whatever the tiles, the slots or the atoms' order in the System. The
// tiles are found again only when an atom moved more than half the padding (checkDisplacement); the tile
// list grows from the device's own count when it overflows.
//
// Pair energy (OpenMM's NonbondedForce without Ewald): Coulomb q_i q_j / r (charges scaled by
// sqrt(ONE_4PI_EPS0)), with a cutoff the reaction-field form q_i q_j (1/r + KRF r^2 - CRF); Lennard-Jones
// 4 eps ((sigma/r)^12 - (sigma/r)^6) with sigma = sigma_i/2 + sigma_j/2 and 4 eps = (2 sqrt eps_i)(2 sqrt
// eps_j) (atomParams = (sigma/2, 2 sqrt eps) per System atom), switched between SWITCH_DIST and the cutoff.
// Excluded pairs (exclusions[exclusionStart[a] ..], System indices) are skipped: their masks are found per
// tile when the tile list is built (findExclusionTiles), so that the pair loop reads one word per thread and
// only in tiles that hold an excluded pair.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 USE_CUTOFF=1 CUTOFF=1.0 CUTOFF2=1.0 PADDING=0.1 KRF=0.1 CRF=1.2 USE_SWITCH=1 SWITCH_DIST=0.8 SWITCH_WIDTH=0.2 TILE_SIZE=32 COARSE_NEIGHBOURS=1 DETERMINISTIC=0 WARPS_PER_GROUP=4 HAS_EXCLUSIONS=1 HAS_CHARGES=1 HAS_LJ=1 TILE_SYNC=SYNC_THREADS

/// Bounding box of each block: centre (w: 0) and half extent, positions taken relative to the block's
/// first atom by the minimum image; positions at this build kept for the displacement check.
KERNEL void computeBlockBounds(int numBlocks, GLOBAL const mixed4* RESTRICT posq, mixed4 box, mixed4 invBox,
                               GLOBAL mixed4* RESTRICT blockCentre, GLOBAL mixed4* RESTRICT blockHalf,
                               GLOBAL mixed4* RESTRICT posAtBuild) {
  for (int b = GLOBAL_ID; b < numBlocks; b += GLOBAL_SIZE) {
    const int first = b * TILE_SIZE;
    const int end = min(first + TILE_SIZE, NUM_ATOMS);
    const mixed4 p0 = posq[first];
    mixed4 lo = make_mixed4(0, 0, 0, 0), hi = lo;
    for (int s = first; s < end; s++) {
      const mixed4 p = posq[s];
      posAtBuild[s] = p;
      mixed4 d = make_mixed4(p.x - p0.x, p.y - p0.y, p.z - p0.z, 0);
      d = minimumImage(d, box, invBox);
      lo.x = min(lo.x, d.x); lo.y = min(lo.y, d.y); lo.z = min(lo.z, d.z);
      hi.x = max(hi.x, d.x); hi.y = max(hi.y, d.y); hi.z = max(hi.z, d.z);
    }
    blockCentre[b] = make_mixed4(p0.x + (mixed) 0.5 * (lo.x + hi.x), p0.y + (mixed) 0.5 * (lo.y + hi.y),
                                 p0.z + (mixed) 0.5 * (lo.z + hi.z), 0);
    blockHalf[b] = make_mixed4((mixed) 0.5 * (hi.x - lo.x), (mixed) 0.5 * (hi.y - lo.y), (mixed) 0.5 * (hi.z - lo.z), 0);
  }
}

/// maxHalf[0] = the largest half extent of a block, in units of 1/1024 rounded up (maxHalf zeroed before).
KERNEL void maxBlockHalf(int numBlocks, GLOBAL const mixed4* RESTRICT blockHalf, GLOBAL int* maxHalf) {
  for (int b = GLOBAL_ID; b < numBlocks; b += GLOBAL_SIZE) {
    const mixed4 h = blockHalf[b];
    ATOMIC_MAX(maxHalf, (int) ceil(max(h.x, max(h.y, h.z)) * 1024) + 1);
  }
}

/// flag[0] = 1 when an atom moved more than sqrt(limit2) since the last build.
KERNEL void checkDisplacement(GLOBAL const mixed4* RESTRICT posq, GLOBAL const mixed4* RESTRICT posAtBuild,
                              mixed limit2, GLOBAL int* RESTRICT flag) {
  for (int s = GLOBAL_ID; s < NUM_ATOMS; s += GLOBAL_SIZE) {
    const mixed4 p = posq[s], q = posAtBuild[s];
    const mixed dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
    if (dx * dx + dy * dy + dz * dz > limit2) flag[0] = 1;
  }
}

DEVICE int coarseCell(mixed x, mixed origin, mixed invWidth, int n) {
  int c = (int) floor((x - origin) * invWidth);
#if PERIODIC
  c %= n;
  if (c < 0) c += n;
#else
  c = c < 0 ? 0 : (c >= n ? n - 1 : c);
#endif
  return c;
}

/// cellOfBlock[b] = the coarse cell of the block's centre; counts[cell] += 1 (counts zeroed before).
KERNEL void binBlocks(int numBlocks, GLOBAL const mixed4* RESTRICT blockCentre, mixed4 origin, mixed4 invWidth,
                      int4 dims, GLOBAL int* RESTRICT cellOfBlock, GLOBAL int* counts) {
  for (int b = GLOBAL_ID; b < numBlocks; b += GLOBAL_SIZE) {
    const mixed4 c = blockCentre[b];
    const int cell = coarseCell(c.x, origin.x, invWidth.x, dims.x) +
                     dims.x * (coarseCell(c.y, origin.y, invWidth.y, dims.y) + dims.y * coarseCell(c.z, origin.z, invWidth.z, dims.z));
    cellOfBlock[b] = cell;
    ATOMIC_ADD(&counts[cell], 1);
  }
}

/// blocksInCell[start[cell] + k] = b (fill zeroed before).
KERNEL void scatterBlocks(int numBlocks, GLOBAL const int* RESTRICT cellOfBlock, GLOBAL const int* RESTRICT start,
                          GLOBAL int* fill, GLOBAL int* RESTRICT blocksInCell) {
  for (int b = GLOBAL_ID; b < numBlocks; b += GLOBAL_SIZE) {
    const int cell = cellOfBlock[b];
    blocksInCell[start[cell] + ATOMIC_ADD(&fill[cell], 1)] = b;
  }
}

/// Whether the boxes of blocks a and b come closer than the cutoff plus the padding (always without a cutoff).
DEVICE int blocksInteract(mixed4 ca, mixed4 ha, mixed4 cb, mixed4 hb, mixed4 box, mixed4 invBox, mixed reach2) {
#if USE_CUTOFF
  mixed4 d = make_mixed4(ca.x - cb.x, ca.y - cb.y, ca.z - cb.z, 0);
  d = minimumImage(d, box, invBox);
  const mixed dx = max((mixed) 0, fabs(d.x) - ha.x - hb.x);
  const mixed dy = max((mixed) 0, fabs(d.y) - ha.y - hb.y);
  const mixed dz = max((mixed) 0, fabs(d.z) - ha.z - hb.z);
  return dx * dx + dy * dy + dz * dz < reach2;
#else
  return 1;
#endif
}

/// Whether a position lies within sqrt(reach2) of a block's bounding box (centre c, half extent h).
DEVICE int atomNearBlock(mixed4 p, mixed4 c, mixed4 h, mixed4 box, mixed4 invBox, mixed reach2) {
  mixed4 d = minimumImage(make_mixed4(p.x - c.x, p.y - c.y, p.z - c.z, 0), box, invBox);
  const mixed dx = max((mixed) 0, fabs(d.x) - h.x);
  const mixed dy = max((mixed) 0, fabs(d.y) - h.y);
  const mixed dz = max((mixed) 0, fabs(d.z) - h.z);
  return dx * dx + dy * dy + dz * dz < reach2;
}

// Block a's atoms are tested in groups of SUB_GROUP (consecutive slots, so compact), each with its own box.
#define SUB_GROUP 8
#define NUM_SUB_GROUPS (TILE_SIZE / SUB_GROUP)

/// d with the minimum image where `image` is set (else as it is).
DEVICE real4 pairImageOf(real4 d, int image, mixed4 box, mixed4 invBox) {
  if (image) {
    d.x -= (real) box.x * floor(d.x * (real) invBox.x + (real) 0.5);
    d.y -= (real) box.y * floor(d.y * (real) invBox.y + (real) 0.5);
    d.z -= (real) box.z * floor(d.z * (real) invBox.z + (real) 0.5);
  }
  return d;
}

/// Whether a position (relative to block a's centre, by its minimum image) lies within sqrt(reach2) of one
/// of block a's atoms (the same, in local memory; groups of SUB_GROUP with their boxes' centres and half
/// extents, an empty group's half extent negative: a group whose box is out of reach is passed over).
/// `image`: each pair takes its own minimum image (blocks whose reach comes near half the box). The
/// comparison is made in `real` with a margin of 1e-5 nm on the reach, so that rounding never leaves out an
/// atom that is within it.
DEVICE int atomNearAtoms(real4 p, LOCAL_ARG const real4* blockAtoms, LOCAL_ARG const real4* groupCentre,
                         LOCAL_ARG const real4* groupHalf, int numA, int image, mixed4 box, mixed4 invBox, real reach2) {
  for (int g = 0; g < NUM_SUB_GROUPS; g++) {
    const real4 h = groupHalf[g];
    if (h.x < 0) continue;
    const real4 c = groupCentre[g];
    const real4 dc = pairImageOf(make_real4(p.x - c.x, p.y - c.y, p.z - c.z, 0), image, box, invBox);
    const real bx = max((real) 0, fabs(dc.x) - h.x), by = max((real) 0, fabs(dc.y) - h.y),
               bz = max((real) 0, fabs(dc.z) - h.z);
    if (bx * bx + by * by + bz * bz >= reach2) continue;
    const int end = min(numA, (g + 1) * SUB_GROUP);
    for (int m = g * SUB_GROUP; m < end; m++) {
      const real4 q = blockAtoms[m];
      const real4 d = pairImageOf(make_real4(p.x - q.x, p.y - q.y, p.z - q.z, 0), image, box, invBox);
      if (d.x * d.x + d.y * d.y + d.z * d.z < reach2) return 1;
    }
  }
  return 0;
}

#if TILE_SIZE % SUB_GROUP != 0
#error "TILE_SIZE must be a multiple of SUB_GROUP"
#endif

#ifndef CANDIDATE_CAP
#define CANDIDATE_CAP 128
#endif

#if USE_CUTOFF
/// One lane's part of the mask of a warp-wide predicate (bit l: lane l's), all TILE_SIZE lanes taking part.
DEVICE unsigned int laneMask(int predicate, int lane, LOCAL_ARG int* flags) {
#if defined(WARP_BALLOT) && TILE_SIZE == 32
  return WARP_BALLOT(predicate);
#else
  flags[lane] = predicate;
  SYNC_THREADS
  unsigned int mask = 0;
  for (int m = 0; m < TILE_SIZE; m++)
    if (flags[m]) mask |= 1u << m;
  SYNC_THREADS
  return mask;
#endif
}

/// Adds the atoms of block b in `mask` to block a's pending list; a full list of 32 becomes the block's next
/// tile (firstOut + *numOut) and the rest moves to the front.
DEVICE void appendAtoms(int a, int b, unsigned int mask, int lane, LOCAL_ARG int* pending, int* count, int* numOut,
                        int firstOut, GLOBAL int2* RESTRICT tiles, GLOBAL int* RESTRICT tileAtoms, int capacity) {
  const int found = POPCOUNT(mask);
  if ((mask >> lane) & 1u) pending[*count + POPCOUNT(mask & ((1u << lane) - 1u))] = b * TILE_SIZE + lane;
  SYNC_THREADS
  if (*count + found >= TILE_SIZE) {
    const int t = firstOut + *numOut;
    if (t < capacity) {
      tiles[t] = make_int2(a, -TILE_SIZE);
      tileAtoms[t * TILE_SIZE + lane] = pending[lane];
    }
    *numOut += 1;
    const int rest = lane < *count + found - TILE_SIZE ? pending[lane + TILE_SIZE] : -1;
    SYNC_THREADS
    pending[lane] = rest;
    *count -= TILE_SIZE;
  }
  *count += found;
  SYNC_THREADS
}
#endif

/// The tiles, one work-group of TILE_SIZE threads per block a at a time. A tile is block a against 32 atom
/// slots (tileAtoms[32 t + lane], -1 past its last atom): tiles[t] = (a, a) for the block against itself,
/// (a, -count) for a list of `count` atoms of blocks b > a that lie within the cutoff plus the padding of
/// one of a's atoms (blocks b found over the coarse grid, whose boxes come within that reach of a's, then
/// their atoms one by one: within the reach of a's bounding box first, then of an atom of a), packed 32 to
/// a tile. Testing against a's atoms rather than its box leaves out about a third of the atoms a box test
/// lets in (the corners and edges of the box grown by the reach hold no atom's neighbourhood). A block first finds its atoms (keeping up to CANDIDATE_CAP
/// blocks' masks in local memory; beyond that it finds them again), takes its range of the tile list with
/// one atomic add and writes its tiles; tiles beyond `capacity` are counted, not kept.
KERNEL void findTiles(int numBlocks, GLOBAL const mixed4* RESTRICT blockCentre, GLOBAL const mixed4* RESTRICT blockHalf,
                      GLOBAL const int* RESTRICT cellOfBlock, GLOBAL const int* RESTRICT cellStart,
                      GLOBAL const int* RESTRICT blocksInCell, int4 dims, mixed4 box, mixed4 invBox, mixed reach2,
                      GLOBAL const mixed4* RESTRICT posq, GLOBAL int2* RESTRICT tiles, GLOBAL int* RESTRICT tileAtoms,
                      int capacity, GLOBAL int* tileCount) {
#if USE_CUTOFF
  LOCAL int candidate[TILE_SIZE];
  LOCAL int flags[TILE_SIZE];
  LOCAL int pending[2 * TILE_SIZE];
  LOCAL int keptBlock[CANDIDATE_CAP];
  LOCAL unsigned int keptMask[CANDIDATE_CAP];
  LOCAL int firstTile;
  LOCAL real4 blockAtoms[TILE_SIZE];
  LOCAL real4 groupCentre[NUM_SUB_GROUPS], groupHalf[NUM_SUB_GROUPS];
  const int lane = LOCAL_ID;
  const real atomReach = (real) (sqrt(reach2) + (mixed) 1e-5);
  const real atomReach2 = atomReach * atomReach;
  const int span = 2 * COARSE_NEIGHBOURS + 1;
  const int nx = min(dims.x, span), ny = min(dims.y, span), nz = min(dims.z, span);
  for (int a = GROUP_ID; a < numBlocks; a += NUM_GROUPS) {
    const mixed4 ca = blockCentre[a], ha = blockHalf[a];
    const int cell = cellOfBlock[a];
    const int cx = cell % dims.x, cy = (cell / dims.x) % dims.y, cz = cell / (dims.x * dims.y);
    int firstOut = 0, numOut = 0, total = 0, kept = 0, count = 0;
    // Block a's atoms relative to its centre, and whether pairs need their own minimum image (as in the
    // tile kernel).
    const int numA = min(TILE_SIZE, NUM_ATOMS - a * TILE_SIZE);
    if (lane < numA) {
      const mixed4 p = posq[a * TILE_SIZE + lane];
      const mixed4 d = minimumImage(make_mixed4(p.x - ca.x, p.y - ca.y, p.z - ca.z, 0), box, invBox);
      blockAtoms[lane] = make_real4((real) d.x, (real) d.y, (real) d.z, 0);
    }
    int pairImage = 0;
#if PERIODIC
    {
      const mixed reachA = sqrt(reach2);
      pairImage = 2 * ha.x + reachA >= (mixed) 0.5 * box.x || 2 * ha.y + reachA >= (mixed) 0.5 * box.y ||
                  2 * ha.z + reachA >= (mixed) 0.5 * box.z;
    }
#endif
    SYNC_THREADS
    // The groups' boxes (positions relative to a's centre, so no images needed within the block).
    if (lane < NUM_SUB_GROUPS) {
      const int first = lane * SUB_GROUP, end = min(numA, first + SUB_GROUP);
      if (first < end) {
        real4 lo = blockAtoms[first], hi = lo;
        for (int m = first + 1; m < end; m++) {
          const real4 q = blockAtoms[m];
          lo.x = min(lo.x, q.x); lo.y = min(lo.y, q.y); lo.z = min(lo.z, q.z);
          hi.x = max(hi.x, q.x); hi.y = max(hi.y, q.y); hi.z = max(hi.z, q.z);
        }
        groupCentre[lane] = make_real4((real) 0.5 * (lo.x + hi.x), (real) 0.5 * (lo.y + hi.y), (real) 0.5 * (lo.z + hi.z), 0);
        // Rounded outwards a little, so that the box holds its atoms whatever the rounding of the centre.
        groupHalf[lane] = make_real4((real) 0.5 * (hi.x - lo.x) + (real) 1e-5, (real) 0.5 * (hi.y - lo.y) + (real) 1e-5,
                                     (real) 0.5 * (hi.z - lo.z) + (real) 1e-5, 0);
      } else {
        groupHalf[lane] = make_real4(-1, -1, -1, 0);
      }
    }
    SYNC_THREADS
    // Pass 0 finds the atoms (the block's tiles: 1 + ceil(total / 32)); pass 1 writes the tiles, from the
    // kept masks where they all fit, else finding the atoms again.
    for (int pass = 0; pass < 2; pass++) {
      if (pass == 1) {
        if (lane == 0) firstTile = ATOMIC_ADD(tileCount, 1 + (total + TILE_SIZE - 1) / TILE_SIZE);
        SYNC_THREADS
        firstOut = firstTile;
        if (firstOut < capacity) {
          tiles[firstOut] = make_int2(a, a);
          const int s = a * TILE_SIZE + lane;
          tileAtoms[firstOut * TILE_SIZE + lane] = s < NUM_ATOMS ? s : -1;
        }
        numOut = 1;
        if (kept <= CANDIDATE_CAP) {
          for (int i = 0; i < kept; i++)
            appendAtoms(a, keptBlock[i], keptMask[i], lane, pending, &count, &numOut, firstOut, tiles, tileAtoms, capacity);
          break;
        }
      }
      for (int n = 0; n < nx * ny * nz; n++) {
        const int ix = n % nx, iy = (n / nx) % ny, iz = n / (nx * ny);
        int x = cx + ix - (nx == dims.x ? cx : COARSE_NEIGHBOURS);
        int y = cy + iy - (ny == dims.y ? cy : COARSE_NEIGHBOURS);
        int z = cz + iz - (nz == dims.z ? cz : COARSE_NEIGHBOURS);
#if PERIODIC
        x = (x + dims.x) % dims.x; y = (y + dims.y) % dims.y; z = (z + dims.z) % dims.z;
#else
        if (x < 0 || y < 0 || z < 0 || x >= dims.x || y >= dims.y || z >= dims.z) continue;
#endif
        const int c = x + dims.x * (y + dims.y * z);
        const int end = cellStart[c + 1];
        for (int k0 = cellStart[c]; k0 < end; k0 += TILE_SIZE) {
          const int k = k0 + lane;
          const int b = k < end ? blocksInCell[k] : -1;
          // The blocks of this round whose boxes come within reach, packed to the front of `candidate` in
          // lane order (the same order in both passes).
          const int mine = b > a && blocksInteract(ca, ha, blockCentre[b], blockHalf[b], box, invBox, reach2) ? b : -1;
          const unsigned int valid = laneMask(mine >= 0, lane, flags);
          if (mine >= 0) candidate[POPCOUNT(valid & ((1u << lane) - 1u))] = mine;
          SYNC_THREADS
          const int numValid = POPCOUNT(valid);
          // Each candidate's atoms are loaded one candidate ahead, so that the load's latency overlaps the
          // tests of the one before.
          mixed4 next = make_mixed4(0, 0, 0, 0);
          if (numValid > 0 && candidate[0] * TILE_SIZE + lane < NUM_ATOMS) next = posq[candidate[0] * TILE_SIZE + lane];
          for (int q = 0; q < numValid; q++) {
            const int cb = candidate[q];
            const int s = cb * TILE_SIZE + lane;
            const mixed4 p = next;
            if (q + 1 < numValid && candidate[q + 1] * TILE_SIZE + lane < NUM_ATOMS)
              next = posq[candidate[q + 1] * TILE_SIZE + lane];
            int near = 0;
            if (s < NUM_ATOMS) {
              if (atomNearBlock(p, ca, ha, box, invBox, reach2)) {
                const mixed4 d = minimumImage(make_mixed4(p.x - ca.x, p.y - ca.y, p.z - ca.z, 0), box, invBox);
                near = atomNearAtoms(make_real4((real) d.x, (real) d.y, (real) d.z, 0), blockAtoms, groupCentre, groupHalf,
                                     numA, pairImage, box, invBox, atomReach2);
              }
            }
            const unsigned int mask = laneMask(near, lane, flags);
            if (mask == 0) continue;
            if (pass == 0) {
              if (lane == 0 && kept < CANDIDATE_CAP) {
                keptBlock[kept] = cb;
                keptMask[kept] = mask;
              }
              kept++;
              total += POPCOUNT(mask);
            } else {
              appendAtoms(a, cb, mask, lane, pending, &count, &numOut, firstOut, tiles, tileAtoms, capacity);
            }
          }
          SYNC_THREADS
        }
      }
    }
    if (count > 0) {
      const int t = firstOut + numOut;
      if (t < capacity) {
        tiles[t] = make_int2(a, -count);
        tileAtoms[t * TILE_SIZE + lane] = lane < count ? pending[lane] : -1;
      }
    }
    SYNC_THREADS
  }
#else
  // Without a cutoff: block a against itself and against every block b > a (one thread per block a).
  for (int a = GLOBAL_ID; a < numBlocks; a += GLOBAL_SIZE)
    for (int b = a; b < numBlocks; b++) {
      const int t = ATOMIC_ADD(tileCount, 1);
      if (t >= capacity) continue;
      const int count = min(TILE_SIZE, NUM_ATOMS - b * TILE_SIZE);
      tiles[t] = make_int2(a, b == a ? a : -count);
      for (int k = 0; k < TILE_SIZE; k++) tileAtoms[t * TILE_SIZE + k] = k < count ? b * TILE_SIZE + k : -1;
    }
#endif
}

#define GROUP_THREADS (TILE_SIZE * WARPS_PER_GROUP)
// Positions in the pair loop: `real` relative to the tile's block centres, except with DETERMINISTIC, where
// each pair's difference is formed from the two stored positions in `mixed`.
#if DETERMINISTIC
#define POS mixed
#define POS4 mixed4
#define make_POS4 make_mixed4
#else
#define POS real
#define POS4 real4
#define make_POS4 make_real4
#endif

/// dE/dr (over r) of one pair at squared distance r2, and with `withEnergy` its energy (else 0; callers
/// pass a constant so that the force-only form compiles without the energy's arithmetic). HAS_CHARGES and
/// HAS_LJ leave out the terms no atom of the force has; a pair whose charge product or epsilon is zero
/// computes the term anyway (it adds zero), so that the lanes of a warp stay on one path.
DEVICE real pairEnergy(real r2, real qq, real sigma, real eps4, real* dEdrOverR, int withEnergy) {
  const real invR = FAST_RSQRT(r2); // r2 is a normal number: a pair distance, or 1 for a pair left out
  const real invR2 = invR * invR;
  real energy = 0, dEdr = 0;
#if HAS_CHARGES
#if USE_CUTOFF
  if (withEnergy) energy += qq * (invR + (real) KRF * r2 - (real) CRF);
  dEdr += qq * (-invR2 + (real) (2 * KRF) * r2 * invR);
#else
  if (withEnergy) energy += qq * invR;
  dEdr -= qq * invR2;
#endif
#endif
#if HAS_LJ
  const real s2 = sigma * sigma * invR2;
  const real sr6 = s2 * s2 * s2;
  real dlj = eps4 * ((real) -12 * sr6 * sr6 + (real) 6 * sr6) * invR;
#if USE_SWITCH
  real lj = eps4 * (sr6 * sr6 - sr6);
  const real r = r2 * invR;
  if (r > (real) SWITCH_DIST) {
    const real t = (r - (real) SWITCH_DIST) / (real) SWITCH_WIDTH;
    const real s = 1 + t * t * t * ((real) -10 + t * ((real) 15 - (real) 6 * t));
    const real dsdr = t * t * ((real) -30 + t * ((real) 60 - (real) 30 * t)) / (real) SWITCH_WIDTH;
    dlj = dlj * s + lj * dsdr;
    lj *= s;
  }
  if (withEnergy) energy += lj;
#else
  if (withEnergy) energy += eps4 * (sr6 * sr6 - sr6);
#endif
  dEdr += dlj;
#endif
  *dEdrOverR = dEdr * invR;
  return energy;
}

/// The exclusion masks of the tiles, found once per tile list: a tile that holds an excluded pair gets
/// tileMaskIndex[t] = k and its masks in exclusionMasks[k TILE_SIZE + lane] (bit m: lane's atom of block a
/// and the tile's atom m are excluded), every other tile -1; the masks beyond `capacity` are counted in
/// maskCount, not kept (tileMaskIndex -2). Work-groups as computeNonbondedTiles's.
KERNEL void findExclusionTiles(GLOBAL const int2* RESTRICT tiles, GLOBAL const int* RESTRICT tileAtoms,
                               GLOBAL const int* RESTRICT tileCount, GLOBAL const int* RESTRICT atomIndex,
                               GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const int* RESTRICT exclusionStart,
                               GLOBAL const int* RESTRICT exclusions, GLOBAL int* RESTRICT tileMaskIndex,
                               GLOBAL unsigned int* RESTRICT exclusionMasks, int capacity, GLOBAL int* maskCount) {
  LOCAL int jSlot[TILE_SIZE * WARPS_PER_GROUP];
  LOCAL unsigned int masks[TILE_SIZE * WARPS_PER_GROUP];
  LOCAL int maskSlot[WARPS_PER_GROUP];
  const int lane = LOCAL_ID & (TILE_SIZE - 1);
  const int warp = LOCAL_ID / TILE_SIZE;
  const int base = LOCAL_ID - lane;
  const int numTiles = tileCount[0];
  for (int first = GROUP_ID * WARPS_PER_GROUP; first < numTiles; first += NUM_GROUPS * WARPS_PER_GROUP) {
    const int t = first + warp;
    jSlot[LOCAL_ID] = t < numTiles ? tileAtoms[t * TILE_SIZE + lane] : -1;
    TILE_SYNC
    unsigned int mask = 0;
    if (t < numTiles) {
      const int si = tiles[t].x * TILE_SIZE + lane;
      if (si < NUM_ATOMS) {
        const int atom = atomIndex[si];
        for (int e = exclusionStart[atom]; e < exclusionStart[atom + 1]; e++) {
          const int partner = slotOfAtom[exclusions[e]];
          for (int m = 0; m < TILE_SIZE; m++)
            if (jSlot[base + m] == partner) mask |= 1u << m;
        }
      }
    }
    masks[LOCAL_ID] = mask;
    TILE_SYNC
    if (lane == 0) {
      unsigned int any = 0;
      for (int k = 0; k < TILE_SIZE; k++) any |= masks[LOCAL_ID + k];
      int slot = -1;
      if (any != 0) {
        slot = ATOMIC_ADD(maskCount, 1);
        if (slot >= capacity) slot = -2;
      }
      maskSlot[warp] = slot;
      if (t < numTiles) tileMaskIndex[t] = slot;
    }
    TILE_SYNC
    const int slot = maskSlot[warp];
    if (slot >= 0) exclusionMasks[slot * TILE_SIZE + lane] = mask;
    TILE_SYNC
  }
}

#if DETERMINISTIC
#define FORCE_ACC mm_long
#define ENERGY_ACC mm_long
#define J_FORCE_ARGS LOCAL_ARG mm_long* jForceX, LOCAL_ARG mm_long* jForceY, LOCAL_ARG mm_long* jForceZ
#define J_FORCES jForceX, jForceY, jForceZ
#else
#define FORCE_ACC real
#define ENERGY_ACC mixed
#define J_FORCE_ARGS LOCAL_ARG real4* jForce
#define J_FORCES jForce
#endif
// The per-thread energy over tiles: in fixed point (the same sum in any order) except where forces are not.
#if DETERMINISTIC || FORCE_FIXED_POINT
#define ENERGY_SUM mm_long
#else
#define ENERGY_SUM double
#endif

/// One tile's pairs for the thread of lane `lane` (atom i at xi, yi, zi): the staged atoms j in rotated order,
/// the pairs whose bit is set in `useMask` (bit j: atom j of the list is neither excluded, nor a padding slot,
/// nor at or below i on the diagonal) and within the cutoff. The force on i is added to fx, fy, fz, the
/// reaction on j to the staged forces, the energy (with withEnergy, a constant at every call) to *energy.
/// Every lane computes every step and keeps or drops the result, so that the warp never diverges. `image`
/// (a constant at every call, like withEnergy): each pair takes its own minimum image.
DEVICE void tilePairs(const int withEnergy, const int image, int lane, int base, unsigned int useMask, POS xi, POS yi,
                      POS zi, real qi, real2 parI, mixed4 box, mixed4 invBox, LOCAL_ARG const POS4* jPos,
                      LOCAL_ARG const real2* jParams, J_FORCE_ARGS, FORCE_ACC* fx, FORCE_ACC* fy, FORCE_ACC* fz,
                      ENERGY_ACC* energy) {
  for (int k = 0; k < TILE_SIZE; k++) {
    const int j = (lane + k) & (TILE_SIZE - 1);
    const POS4 pj = jPos[base + j];
    POS dx = xi - pj.x, dy = yi - pj.y, dz = zi - pj.z;
    if (image) {
      dx -= (POS) box.x * floor(dx * (POS) invBox.x + (POS) 0.5);
      dy -= (POS) box.y * floor(dy * (POS) invBox.y + (POS) 0.5);
      dz -= (POS) box.z * floor(dz * (POS) invBox.z + (POS) 0.5);
    }
    real r2 = dx * dx + dy * dy + dz * dz;
#if USE_CUTOFF
    const int use = ((useMask >> j) & 1u) && r2 < (real) CUTOFF2;
#else
    const int use = (useMask >> j) & 1u;
#endif
    r2 = use ? r2 : (real) 1;
    const real2 pj2 = jParams[base + j];
    real dEdrOverR;
    const real e = pairEnergy(r2, qi * (real) pj.w, parI.x + pj2.x, parI.y * pj2.y, &dEdrOverR, withEnergy);
    dEdrOverR = use ? dEdrOverR : (real) 0;
    const real gx = -dEdrOverR * dx, gy = -dEdrOverR * dy, gz = -dEdrOverR * dz;
#if DETERMINISTIC
    if (withEnergy && use) *energy += (mm_long) ((mixed) e * (mixed) FIXED_POINT_SCALE);
    const mm_long kx = (mm_long) ((mixed) gx * (mixed) FIXED_POINT_SCALE),
                  ky = (mm_long) ((mixed) gy * (mixed) FIXED_POINT_SCALE),
                  kz = (mm_long) ((mixed) gz * (mixed) FIXED_POINT_SCALE);
    *fx += kx; *fy += ky; *fz += kz;
    jForceX[base + j] -= kx;
    jForceY[base + j] -= ky;
    jForceZ[base + j] -= kz;
#else
    if (withEnergy && use) *energy += (mixed) e;
    *fx += gx; *fy += gy; *fz += gz;
    real4 fj = jForce[base + j];
    fj.x -= gx; fj.y -= gy; fj.z -= gz;
    jForce[base + j] = fj;
#endif
    TILE_SYNC
  }
}

/// WARPS_PER_GROUP tiles at a time per work-group, one to each warp of TILE_SIZE threads (groups stride over
/// the tiles, every warp of a group taking the same number of turns, so TILE_SYNC may be a work-group
/// barrier); nothing where skip[0] is set (checkDisplacement found an atom that moved too far: the host,
/// which reads that flag while this kernel runs, finds the tiles again and launches it again).
/// With withEnergy, energy[0] receives the energy, each thread's share of each tile converted to fixed point (so
/// the total does not depend on the tiles' order) and summed over the work-group before one atomic add.
DEVICE void nonbondedTiles(const int withEnergy, GLOBAL const int2* RESTRICT tiles, GLOBAL const int* RESTRICT tileAtoms,
                           GLOBAL const int* RESTRICT tileCount, GLOBAL const mixed4* RESTRICT posq,
                           GLOBAL const real2* RESTRICT atomParams, GLOBAL const int* RESTRICT atomIndex,
                           GLOBAL const int* RESTRICT tileMaskIndex, GLOBAL const unsigned int* RESTRICT exclusionMasks,
                           GLOBAL const mixed4* RESTRICT blockCentre, GLOBAL const mixed4* RESTRICT blockHalf,
                           mixed4 box, mixed4 invBox, GLOBAL const int* RESTRICT skip, GLOBAL mm_long* force,
                           GLOBAL mm_long* energy, LOCAL_ARG POS4* jPos, LOCAL_ARG real2* jParams, J_FORCE_ARGS,
                           LOCAL_ARG ENERGY_SUM* energySum) {
  ENERGY_SUM threadEnergy = 0;
  const int lane = LOCAL_ID & (TILE_SIZE - 1);
  const int base = LOCAL_ID - lane;
  // With skip set the tiles are out of date (found again, then launched again): no tile is taken. (Not an
  // early return: every thread must reach the barriers, and some OpenCL compilers mishandle a return
  // ahead of them.)
  const int numTiles = skip[0] != 0 ? 0 : tileCount[0];
  for (int first = GROUP_ID * WARPS_PER_GROUP; first < numTiles; first += NUM_GROUPS * WARPS_PER_GROUP) {
    const int t = first + (int) (LOCAL_ID / TILE_SIZE);
    const int haveTile = t < numTiles;
    const int2 tile = haveTile ? tiles[t] : make_int2(0, 0);
    // Positions relative to block a's centre, each atom by its minimum image about it. The tile's atoms lay
    // within the cutoff plus the padding of a's box when the tiles were found, and every atom has moved
    // less than half the padding since: where twice a's half extent, the cutoff and twice the padding stay
    // below half the box, these differences are the minimum images; elsewhere each pair takes its own.
    const mixed4 ca = blockCentre[tile.x];
    int perPairImage = 0;
#if PERIODIC
    {
      const mixed4 ha = blockHalf[tile.x];
      const mixed reach = (mixed) CUTOFF + (mixed) 2 * (mixed) PADDING;
      perPairImage = 2 * ha.x + reach >= (mixed) 0.5 * box.x || 2 * ha.y + reach >= (mixed) 0.5 * box.y ||
                     2 * ha.z + reach >= (mixed) 0.5 * box.z;
    }
#endif
    // tile.y: a for block a against itself, else minus the number of atoms in the tile's list.
    const int diagonal = tile.y >= 0;
    const int numJ = diagonal ? min(TILE_SIZE, NUM_ATOMS - tile.x * TILE_SIZE) : -tile.y;
    const int si = tile.x * TILE_SIZE + lane, sj = haveTile ? tileAtoms[t * TILE_SIZE + lane] : -1;
    const int validI = haveTile && si < NUM_ATOMS;
    const mixed4 pi = validI ? posq[si] : ca;
#if DETERMINISTIC
    const mixed4 ri = pi;
#else
    const mixed4 ri = minimumImage(make_mixed4(pi.x - ca.x, pi.y - ca.y, pi.z - ca.z, 0), box, invBox);
#endif
    const real qi = (real) pi.w;
    const int ai = validI ? atomIndex[si] : 0;
    const real2 parI = validI ? atomParams[ai] : make_real2(0, 0);
    // Bit j of useMask: the pair (i, list atom j) is computed.
    unsigned int useMask = numJ >= TILE_SIZE ? 0xffffffffu : (1u << numJ) - 1u;
    if (diagonal) useMask &= lane + 1 >= TILE_SIZE ? 0u : 0xffffffffu << (lane + 1);
    if (!validI) useMask = 0;
#if HAS_EXCLUSIONS
    const int maskIndex = haveTile ? tileMaskIndex[t] : -1;
    if (maskIndex >= 0) useMask &= ~exclusionMasks[maskIndex * TILE_SIZE + lane];
#endif
    if (sj >= 0) {
      const mixed4 pj = posq[sj];
#if DETERMINISTIC
      jPos[LOCAL_ID] = pj;
#else
      const mixed4 rj = minimumImage(make_mixed4(pj.x - ca.x, pj.y - ca.y, pj.z - ca.z, 0), box, invBox);
      jPos[LOCAL_ID] = make_real4((real) rj.x, (real) rj.y, (real) rj.z, (real) pj.w);
#endif
      jParams[LOCAL_ID] = atomParams[atomIndex[sj]];
    } else {
      jPos[LOCAL_ID] = make_POS4(0, 0, 0, 0);
      jParams[LOCAL_ID] = make_real2(0, 0);
    }
#if DETERMINISTIC
    jForceX[LOCAL_ID] = 0;
    jForceY[LOCAL_ID] = 0;
    jForceZ[LOCAL_ID] = 0;
#else
    jForce[LOCAL_ID] = make_real4(0, 0, 0, 0);
#endif
    FORCE_ACC fx = 0, fy = 0, fz = 0;
    ENERGY_ACC tileEnergy = 0;
    TILE_SYNC
#if DETERMINISTIC
    tilePairs(withEnergy, PERIODIC, lane, base, useMask, (POS) ri.x, (POS) ri.y, (POS) ri.z, qi, parI, box, invBox,
              jPos, jParams, J_FORCES, &fx, &fy, &fz, &tileEnergy);
#else
    if (perPairImage)
      tilePairs(withEnergy, 1, lane, base, useMask, (POS) ri.x, (POS) ri.y, (POS) ri.z, qi, parI, box, invBox, jPos,
                jParams, J_FORCES, &fx, &fy, &fz, &tileEnergy);
    else
      tilePairs(withEnergy, 0, lane, base, useMask, (POS) ri.x, (POS) ri.y, (POS) ri.z, qi, parI, box, invBox, jPos,
                jParams, J_FORCES, &fx, &fy, &fz, &tileEnergy);
#endif
#if DETERMINISTIC
    if (validI) {
      atomicAddFixedPoint(force + si, fx);
      atomicAddFixedPoint(force + si + PADDED_ATOMS, fy);
      atomicAddFixedPoint(force + si + 2 * PADDED_ATOMS, fz);
    }
    if (sj >= 0) {
      atomicAddFixedPoint(force + sj, jForceX[LOCAL_ID]);
      atomicAddFixedPoint(force + sj + PADDED_ATOMS, jForceY[LOCAL_ID]);
      atomicAddFixedPoint(force + sj + 2 * PADDED_ATOMS, jForceZ[LOCAL_ID]);
    }
    threadEnergy += tileEnergy;
#else
    if (validI) addForce(force, si, fx, fy, fz);
    if (sj >= 0) addForce(force, sj, jForce[LOCAL_ID].x, jForce[LOCAL_ID].y, jForce[LOCAL_ID].z);
    // Each thread's share of each tile in fixed point, so that the sum does not depend on the tiles' order.
#if FORCE_FIXED_POINT
    if (withEnergy) threadEnergy += (mm_long) (tileEnergy * (mixed) FIXED_POINT_SCALE);
#else
    if (withEnergy) threadEnergy += (double) tileEnergy;
#endif
#endif
  }
  if (!withEnergy) return;
  energySum[LOCAL_ID] = threadEnergy;
  SYNC_THREADS
  for (int stride = GROUP_THREADS / 2; stride > 0; stride /= 2) {
    if ((int) LOCAL_ID < stride) energySum[LOCAL_ID] += energySum[LOCAL_ID + stride];
    SYNC_THREADS
  }
  if (LOCAL_ID == 0 && energySum[0] != 0) {
#if DETERMINISTIC || FORCE_FIXED_POINT
    atomicAddFixedPoint(energy, energySum[0]);
#else
    atomicAddDouble((GLOBAL double*) energy, energySum[0]);
#endif
  }
}

#if DETERMINISTIC
#define TILE_LOCALS                                                                                                 \
  LOCAL POS4 jPos[GROUP_THREADS];                                                                                  \
  LOCAL real2 jParams[GROUP_THREADS];                                                                              \
  LOCAL mm_long jForceX[GROUP_THREADS], jForceY[GROUP_THREADS], jForceZ[GROUP_THREADS];                            \
  LOCAL ENERGY_SUM energySum[GROUP_THREADS];
#else
#define TILE_LOCALS                                                                                                 \
  LOCAL POS4 jPos[GROUP_THREADS];                                                                                  \
  LOCAL real2 jParams[GROUP_THREADS];                                                                              \
  LOCAL real4 jForce[GROUP_THREADS];                                                                               \
  LOCAL ENERGY_SUM energySum[GROUP_THREADS];
#endif
#define TILE_KERNEL_ARGS                                                                                           \
  GLOBAL const int2 *RESTRICT tiles, GLOBAL const int *RESTRICT tileAtoms, GLOBAL const int *RESTRICT tileCount,   \
      GLOBAL const mixed4 *RESTRICT posq, GLOBAL const real2 *RESTRICT atomParams,                                 \
      GLOBAL const int *RESTRICT atomIndex, GLOBAL const int *RESTRICT tileMaskIndex,                              \
      GLOBAL const unsigned int *RESTRICT exclusionMasks, GLOBAL const mixed4 *RESTRICT blockCentre,               \
      GLOBAL const mixed4 *RESTRICT blockHalf, mixed4 box, mixed4 invBox, GLOBAL const int *RESTRICT skip,         \
      GLOBAL mm_long *force, GLOBAL mm_long *energy
#define TILE_CALL_ARGS                                                                                             \
  tiles, tileAtoms, tileCount, posq, atomParams, atomIndex, tileMaskIndex, exclusionMasks, blockCentre, blockHalf, \
      box, invBox, skip, force, energy, jPos, jParams, J_FORCES, energySum

/// The forces of every tile (nonbondedTiles without the energy).
KERNEL void computeNonbondedTiles(TILE_KERNEL_ARGS) {
  TILE_LOCALS
  nonbondedTiles(0, TILE_CALL_ARGS);
}

/// The forces and the energy of every tile.
KERNEL void computeNonbondedTilesEnergy(TILE_KERNEL_ARGS) {
  TILE_LOCALS
  nonbondedTiles(1, TILE_CALL_ARGS);
}
