// The tile search of the common-compute platforms' nonbonded utility, in the common kernel dialect. Slots
// are taken in blocks of 32 (TILE_SIZE); each block gets a bounding box (computeBlockBounds), the blocks are
// binned on a coarse grid of their centres (binBlocks, scatterBlocks), and findTiles lists, for each block a,
// the atoms of blocks b > a that lie within the cutoff plus a padding of one of a's atoms (candidate blocks
// from the coarse grid whose boxes come that close to a's, then their atoms one by one), packed 32 to a tile;
// findExclusionTiles gives the tiles that hold excluded pairs their masks. The tiles are found again only
// when an atom moved more than half the padding (checkDisplacement); the tile list grows from the device's
// own count when it overflows. The pair kernel is NonbondedTiles.cc.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 USE_CUTOFF=1 PADDING=0.1 TILE_SIZE=32 COARSE_NEIGHBOURS=1 WARPS_PER_GROUP=4 TILE_SYNC=SYNC_THREADS

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

/// The coarse grid of a build (one work-item): grid[0] = cells per axis, each at least reach0 (the cutoff plus the
/// padding) plus twice the widest block's half extent (maxHalf[0], in 1/1024 units, rounded up) wide, at most
/// 256 per axis; gridInvWidth[0] = cells per unit length. One cell without periodic boundaries.
KERNEL void coarseGrid(GLOBAL const int* RESTRICT maxHalf, mixed4 box, mixed4 invBox, mixed reach0,
                       GLOBAL int4* RESTRICT grid, GLOBAL mixed4* RESTRICT gridInvWidth) {
  if (GLOBAL_ID != 0) return;
#if PERIODIC
  const mixed reach = reach0 + (mixed) 2 * (mixed) maxHalf[0] / (mixed) 1024;
  const int nx = max(1, min(256, (int) floor(box.x / reach))), ny = max(1, min(256, (int) floor(box.y / reach))),
            nz = max(1, min(256, (int) floor(box.z / reach)));
  grid[0] = make_int4(nx, ny, nz, 0);
  gridInvWidth[0] = make_mixed4((mixed) nx * invBox.x, (mixed) ny * invBox.y, (mixed) nz * invBox.z, 0);
#else
  grid[0] = make_int4(1, 1, 1, 0);
  gridInvWidth[0] = make_mixed4(1, 1, 1, 0);
#endif
}

/// cellOfBlock[b] = the coarse cell (of coarseGrid's grid) of the block's centre; counts[cell] += 1 (counts
/// zeroed before).
KERNEL void binBlocks(int numBlocks, GLOBAL const mixed4* RESTRICT blockCentre, GLOBAL const int4* RESTRICT grid,
                      GLOBAL const mixed4* RESTRICT gridInvWidth, GLOBAL int* RESTRICT cellOfBlock, GLOBAL int* counts) {
  const int4 dims = grid[0];
  const mixed4 invWidth = gridInvWidth[0];
  const mixed4 origin = make_mixed4(0, 0, 0, 0);
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
                      GLOBAL const int* RESTRICT blocksInCell, GLOBAL const int4* RESTRICT grid, mixed4 box, mixed4 invBox, mixed reach2,
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
  const int4 dims = grid[0];
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
/// The exclusion masks of the tiles, found once per tile list: a tile that holds an excluded pair gets
/// tileMaskIndex[t] = k and its masks in exclusionMasks[k TILE_SIZE + lane] (bit m: lane's atom of block a
/// and the tile's atom m are excluded), every other tile -1; the masks beyond `capacity` are counted in
/// maskCount, not kept (tileMaskIndex -2). Work-groups as computeNonbondedTiles's.
KERNEL void findExclusionTiles(GLOBAL const int2* RESTRICT tiles, GLOBAL const int* RESTRICT tileAtoms,
                               GLOBAL const int* RESTRICT tileCount, GLOBAL const int* RESTRICT atomIndex,
                               GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const int* RESTRICT exclusionStart,
                               GLOBAL const int* RESTRICT exclusions, GLOBAL int* RESTRICT tileMaskIndex,
                               GLOBAL unsigned int* RESTRICT exclusionMasks, int capacity, GLOBAL int* maskCount,
                               int tileCapacity) {
  LOCAL int jSlot[TILE_SIZE * WARPS_PER_GROUP];
  LOCAL unsigned int masks[TILE_SIZE * WARPS_PER_GROUP];
  LOCAL int maskSlot[WARPS_PER_GROUP];
  const int lane = LOCAL_ID & (TILE_SIZE - 1);
  const int warp = LOCAL_ID / TILE_SIZE;
  const int base = LOCAL_ID - lane;
  const int numTiles = min(tileCount[0], tileCapacity); // the tiles that were kept (checkTileRoom sees the rest)
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

/// After a build: status = (tiles found, exclusion tiles found, whether either exceeds its room). With that
/// overflow, skip[0] is set, so that the tile kernel queued next does nothing (the host, reading status
/// meanwhile, builds again with more room); else skip[0] is cleared.
KERNEL void checkTileRoom(GLOBAL const int* RESTRICT tileCount, int tileCapacity, GLOBAL const int* RESTRICT maskCount,
                          int maskCapacity, GLOBAL int* RESTRICT skip, GLOBAL int* RESTRICT status) {
  if (GLOBAL_ID == 0) {
    const int tiles = tileCount[0], masks = maskCount[0];
    const int overflow = tiles > tileCapacity || masks > maskCapacity;
    status[0] = tiles;
    status[1] = masks;
    status[2] = overflow;
    skip[0] = overflow;
  }
}
