// The tile search of the common-compute platforms' nonbonded utility, in the common kernel dialect. Slots
// are taken in blocks of 32 (TILE_SIZE), and the blocks in clusters of 32 consecutive ones (compact too, the
// atoms being ordered along a space-filling curve); each block and each cluster gets a bounding box and a
// sphere (computeBlockBounds, which finds a cluster's from its blocks' when the last of them is done), and
// findTiles lists, for each block a, the atoms of blocks b > a that lie within the cutoff plus a padding of
// one of a's atoms (the clusters whose box and sphere come that close to a's, then their blocks, then the
// blocks' atoms one by one), packed 32 to a tile, several tiles at a time; findExclusionTiles gives the
// tiles that hold excluded pairs their masks. The tiles are found again only when an atom moved more than
// half the padding (checkDisplacement); the tile list grows from the device's own count when it
// overflows. The pair kernel is NonbondedTiles.cc.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 USE_CUTOFF=1 PADDING=0.1 TILE_SIZE=32 WARPS_PER_GROUP=4 FIND_WARPS=2 TILE_SYNC=SYNC_THREADS

/// The box around the TILE_SIZE work-items' boxes (corners low, high) of a work-group, for every work-item,
/// halved through local memory (lo, hi).
DEVICE void groupBox(mixed4 low, mixed4 high, int lane, LOCAL_ARG mixed4* lo, LOCAL_ARG mixed4* hi, mixed4* boxLow,
                     mixed4* boxHigh) {
  lo[lane] = low;
  hi[lane] = high;
  SYNC_THREADS
  for (int step = TILE_SIZE / 2; step > 0; step /= 2) {
    if (lane < step) {
      const mixed4 l = lo[lane + step], u = hi[lane + step];
      lo[lane] = make_mixed4(min(lo[lane].x, l.x), min(lo[lane].y, l.y), min(lo[lane].z, l.z), 0);
      hi[lane] = make_mixed4(max(hi[lane].x, u.x), max(hi[lane].y, u.y), max(hi[lane].z, u.z), 0);
    }
    SYNC_THREADS
  }
  *boxLow = lo[0];
  *boxHigh = hi[0];
  SYNC_THREADS
}

/// The largest of the work-group's TILE_SIZE values, for every work-item, halved through local memory.
DEVICE mixed groupMax(mixed value, int lane, LOCAL_ARG mixed4* scratch) {
  scratch[lane].w = value;
  SYNC_THREADS
  for (int step = TILE_SIZE / 2; step > 0; step /= 2) {
    if (lane < step) scratch[lane].w = max(scratch[lane].w, scratch[lane + step].w);
    SYNC_THREADS
  }
  const mixed largest = scratch[0].w;
  SYNC_THREADS
  return largest;
}

/// Bounds of cluster g, the TILE_SIZE consecutive blocks from g TILE_SIZE (compact, the atoms being ordered along a
/// space-filling curve): centre, half extent and (w) the radius of a sphere about the centre that holds the
/// cluster's atoms, from the blocks' own bounds. A work-group of TILE_SIZE, a block to a work-item.
DEVICE void clusterBounds(int g, int numBlocks, GLOBAL const mixed4* blockCentre, GLOBAL const mixed4* blockHalf,
                          mixed4 box, mixed4 invBox, GLOBAL mixed4* RESTRICT clusterCentre,
                          GLOBAL mixed4* RESTRICT clusterHalf, int lane, LOCAL_ARG mixed4* lo, LOCAL_ARG mixed4* hi) {
  const int b = g * TILE_SIZE + lane;
  const mixed4 c0 = blockCentre[g * TILE_SIZE];
  // Centres relative to the cluster's first block's by the minimum image; past the last block, a point inside
  // the first block's box, which changes no extreme.
  mixed4 d = make_mixed4(0, 0, 0, 0), h = d;
  if (b < numBlocks) {
    const mixed4 c = blockCentre[b];
    d = minimumImage(make_mixed4(c.x - c0.x, c.y - c0.y, c.z - c0.z, 0), box, invBox);
    h = blockHalf[b];
  }
  mixed4 l, u;
  groupBox(make_mixed4(d.x - h.x, d.y - h.y, d.z - h.z, 0), make_mixed4(d.x + h.x, d.y + h.y, d.z + h.z, 0), lane, lo,
           hi, &l, &u);
  const mixed4 middle = make_mixed4((mixed) 0.5 * (l.x + u.x), (mixed) 0.5 * (l.y + u.y), (mixed) 0.5 * (l.z + u.z), 0);
  const mixed ex = d.x - middle.x, ey = d.y - middle.y, ez = d.z - middle.z;
  const mixed radius = groupMax(b < numBlocks ? sqrt(ex * ex + ey * ey + ez * ez) + h.w : 0, lane, lo);
  if (lane == 0) {
    clusterCentre[g] = make_mixed4(c0.x + middle.x, c0.y + middle.y, c0.z + middle.z, 0);
    clusterHalf[g] = make_mixed4((mixed) 0.5 * (u.x - l.x), (mixed) 0.5 * (u.y - l.y), (mixed) 0.5 * (u.z - l.z), radius);
  }
}

/// Bounding box of each block: centre (w: 0) and half extent (w: the radius of the sphere about the centre
/// that holds the block's atoms), positions taken relative to the block's first atom by the minimum image;
/// positions at this build kept for the displacement check. One work-group of TILE_SIZE per block at a time,
/// an atom to a work-item (the extremes and the radius found by halving in local memory). The work-group that
/// finishes the last block of a cluster (blocksDone[g] counts them, and is cleared again) finds the cluster's
/// bounds too (clusterBounds), so that the two take one launch.
KERNEL void computeBlockBounds(int numBlocks, GLOBAL const mixed4* RESTRICT posq, mixed4 box, mixed4 invBox,
                               GLOBAL mixed4* blockCentre, GLOBAL mixed4* blockHalf,
                               GLOBAL mixed4* RESTRICT posAtBuild, GLOBAL int* RESTRICT tileCount,
                               GLOBAL int* RESTRICT maskCount, GLOBAL int* RESTRICT blocksDone,
                               GLOBAL mixed4* RESTRICT clusterCentre, GLOBAL mixed4* RESTRICT clusterHalf) {
  LOCAL mixed4 lo[TILE_SIZE], hi[TILE_SIZE];
  LOCAL int clusterDone;
  const int lane = LOCAL_ID;
  if (GLOBAL_ID == 0) {  // the counts findTiles and findExclusionTiles add to, cleared here rather than by two fills
    tileCount[0] = 0;
    maskCount[0] = 0;
  }
  for (int b = GROUP_ID; b < numBlocks; b += NUM_GROUPS) {
    const int s = b * TILE_SIZE + lane;
    const mixed4 p0 = posq[b * TILE_SIZE];
    // Past the last atom: the first atom's place (0), which changes no extreme.
    mixed4 d = make_mixed4(0, 0, 0, 0);
    if (s < NUM_ATOMS) {
      const mixed4 p = posq[s];
      posAtBuild[s] = p;
      d = minimumImage(make_mixed4(p.x - p0.x, p.y - p0.y, p.z - p0.z, 0), box, invBox);
    }
    mixed4 l, h;
    groupBox(d, d, lane, lo, hi, &l, &h);
    const mixed4 middle = make_mixed4((mixed) 0.5 * (l.x + h.x), (mixed) 0.5 * (l.y + h.y), (mixed) 0.5 * (l.z + h.z), 0);
    const mixed ex = d.x - middle.x, ey = d.y - middle.y, ez = d.z - middle.z;
    const mixed radius2 = groupMax(s < NUM_ATOMS ? ex * ex + ey * ey + ez * ez : 0, lane, lo);
    const int g = b / TILE_SIZE;
    if (lane == 0) {
      blockCentre[b] = make_mixed4(p0.x + middle.x, p0.y + middle.y, p0.z + middle.z, 0);
      blockHalf[b] = make_mixed4((mixed) 0.5 * (h.x - l.x), (mixed) 0.5 * (h.y - l.y), (mixed) 0.5 * (h.z - l.z), sqrt(radius2));
      GLOBAL_FENCE
      clusterDone = ATOMIC_ADD(&blocksDone[g], 1) == min(TILE_SIZE, numBlocks - g * TILE_SIZE) - 1;
    }
    SYNC_THREADS
    if (clusterDone) {
      GLOBAL_FENCE
      clusterBounds(g, numBlocks, blockCentre, blockHalf, box, invBox, clusterCentre, clusterHalf, lane, lo, hi);
      if (lane == 0) blocksDone[g] = 0;
    }
    SYNC_THREADS
  }
}

/// flag[0] = 1 when an atom moved more than sqrt(limit2) since the last build.
KERNEL void checkDisplacement(GLOBAL const mixed4* RESTRICT posq, GLOBAL const mixed4* RESTRICT posAtBuild,
                              mixed limit2, GLOBAL int* RESTRICT flag) {
  flagDisplacedAtoms(NUM_ATOMS, posq, posAtBuild, limit2, flag);
}

/// Whether blocks a and b can hold a pair within `reach`: their boxes come closer than that, and so do the
/// spheres that hold them (always without a cutoff).
DEVICE int blocksInteract(mixed4 ca, mixed4 ha, mixed4 cb, mixed4 hb, mixed4 box, mixed4 invBox, mixed reach) {
#if USE_CUTOFF
  mixed4 d = make_mixed4(ca.x - cb.x, ca.y - cb.y, ca.z - cb.z, 0);
  d = minimumImage(d, box, invBox);
  const mixed spheres = reach + ha.w + hb.w;
  const mixed dx = max((mixed) 0, fabs(d.x) - ha.x - hb.x);
  const mixed dy = max((mixed) 0, fabs(d.y) - ha.y - hb.y);
  const mixed dz = max((mixed) 0, fabs(d.z) - ha.z - hb.z);
  return dx * dx + dy * dy + dz * dz < reach * reach && d.x * d.x + d.y * d.y + d.z * d.z < spheres * spheres;
#else
  return 1;
#endif
}

/// d with the minimum image where `image` is set (else as it is).
DEVICE real4 pairImageOf(real4 d, int image, mixed4 box, mixed4 invBox) {
  if (image) {
    d.x -= (real) box.x * floor(d.x * (real) invBox.x + (real) 0.5);
    d.y -= (real) box.y * floor(d.y * (real) invBox.y + (real) 0.5);
    d.z -= (real) box.z * floor(d.z * (real) invBox.z + (real) 0.5);
  }
  return d;
}

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

// The atoms found for a block wait in local memory until they fill whole tiles, several written at a time.
#define TILE_BUFFER (4 * TILE_SIZE)

/// Block a's atoms found so far (pending[0, *count)) written out as tiles: the full ones, and with `last`
/// also the rest and a's tile against itself, all taking their range of the tile list with one atomic add
/// (tiles past `capacity` are counted, not kept). Without `last`, the atoms of the partial tile move to the
/// front. Warp 0 of the work-group writes (all FIND_WARPS warps take part in the synchronisations).
DEVICE void writeTiles(int a, int last, int lane, LOCAL_ARG int* pending, int* count, LOCAL_ARG int* firstTile,
                       GLOBAL int2* RESTRICT tiles, GLOBAL int* RESTRICT tileAtoms, int capacity, GLOBAL int* tileCount) {
  const int full = *count / TILE_SIZE, rest = *count - full * TILE_SIZE;
  const int numTiles = full + (last ? 1 + (rest > 0) : 0);
  if (numTiles == 0) return;
  const int writer = LOCAL_ID < TILE_SIZE;
  if (LOCAL_ID == 0) *firstTile = ATOMIC_ADD(tileCount, numTiles);
  SYNC_THREADS
  int t = *firstTile;
  for (int k = 0; k < full; k++, t++)
    if (t < capacity && writer) {
      if (lane == 0) tiles[t] = make_int2(a, -TILE_SIZE);
      tileAtoms[t * TILE_SIZE + lane] = pending[k * TILE_SIZE + lane];
    }
  const int moved = lane < rest ? pending[full * TILE_SIZE + lane] : -1;
  if (last) {
    if (rest > 0) {
      if (t < capacity && writer) {
        if (lane == 0) tiles[t] = make_int2(a, -rest);
        tileAtoms[t * TILE_SIZE + lane] = moved;
      }
      t++;
    }
    if (t < capacity && writer) {
      if (lane == 0) tiles[t] = make_int2(a, a);
      const int s = a * TILE_SIZE + lane;
      tileAtoms[t * TILE_SIZE + lane] = s < NUM_ATOMS ? s : -1;
    }
    *count = 0;
  } else {
    SYNC_THREADS
    if (lane < rest && writer) pending[lane] = moved;
    *count = rest;
  }
  SYNC_THREADS
}
#endif

/// The tiles, one work-group of FIND_WARPS warps of TILE_SIZE threads per block a at a time (on a small System,
/// several warps share a block's atoms, so that enough warps run to hide the loads' latency). A tile is block a against 32 atom
/// slots (tileAtoms[32 t + lane], -1 past its last atom): tiles[t] = (a, a) for the block against itself,
/// (a, -count) for a list of `count` atoms of blocks b > a that lie within the cutoff plus the padding of
/// one of a's atoms, packed 32 to a tile. Candidate blocks b: those whose boxes and spheres come within that
/// reach of a's (blocksInteract), in the clusters that do; a candidate whose sphere no atom of a comes near
/// is passed over, and each atom of the others is tested against every atom of a (lane: the candidate's
/// atom; a's atoms from local memory: the least |s|^2 / 2 - r.s over them, three fused multiply-adds and a
/// minimum to a pair, plus |r|^2 / 2 is the half squared distance to the closest). Testing atoms rather than
/// boxes leaves out about a third of the atoms a box test lets in. A block's tiles are written as they fill
/// (TILE_BUFFER atoms at a time), each batch taking its range of the tile list with one atomic add; tiles beyond
/// `capacity` are counted, not kept. A tile's atoms ascend by slot (findExclusionTiles relies on it).
/// Where a pair may need its own minimum image (blocks whose reach comes near half the box), each pair
/// takes one and no candidate is passed over by its sphere. Distances are compared in `real`, relative to
/// a's centre, with a margin of 1e-5 nm on the reach (and one growing with the lengths in the half squared
/// distances), so that rounding never leaves out an atom within it.
KERNEL void findTiles(int numBlocks, GLOBAL const mixed4* RESTRICT blockCentre, GLOBAL const mixed4* RESTRICT blockHalf,
                      GLOBAL const mixed4* RESTRICT clusterCentre, GLOBAL const mixed4* RESTRICT clusterHalf,
                      mixed4 box, mixed4 invBox, mixed reach2,
                      GLOBAL const mixed4* RESTRICT posq, GLOBAL int2* RESTRICT tiles, GLOBAL int* RESTRICT tileAtoms,
                      int capacity, GLOBAL int* tileCount) {
#if USE_CUTOFF
  LOCAL int candidate[TILE_SIZE];
  LOCAL real4 candidateSphere[TILE_SIZE];
  LOCAL int flagSpace[FIND_WARPS * TILE_SIZE];
  LOCAL int pending[TILE_BUFFER];
  LOCAL int firstTile;
  LOCAL real4 blockAtoms[TILE_SIZE];
#if FIND_WARPS > 1
  LOCAL int votes[2 * FIND_WARPS * TILE_SIZE];
  int round = 0;
#endif
  const int lane = LOCAL_ID % TILE_SIZE, warp = LOCAL_ID / TILE_SIZE;
  LOCAL_ARG int* flags = flagSpace + warp * TILE_SIZE;
  // The atoms of block a that this warp tests a candidate atom against (all TILE_SIZE with one warp).
  const int firstAtom = warp * (TILE_SIZE / FIND_WARPS), endAtom = firstAtom + TILE_SIZE / FIND_WARPS;
  const mixed reach = sqrt(reach2) + (mixed) 1e-5;
  const real atomReach = (real) reach;
  const real atomReach2 = atomReach * atomReach, halfReach2 = (real) 0.5 * atomReach2;
  const int numClusters = (numBlocks + TILE_SIZE - 1) / TILE_SIZE;
  for (int a = GROUP_ID; a < numBlocks; a += NUM_GROUPS) {
    const mixed4 ca = blockCentre[a], ha = blockHalf[a];
    // Block a's atoms relative to its centre (w: half the squared length; far out of reach past the last
    // atom), and whether pairs need their own minimum image (as in the tile kernel).
    const int numA = min(TILE_SIZE, NUM_ATOMS - a * TILE_SIZE);
    real4 mine = make_real4(0, 0, 0, (real) 1e30);
    if (lane < numA) {
      const mixed4 p = posq[a * TILE_SIZE + lane];
      const mixed4 d = minimumImage(make_mixed4(p.x - ca.x, p.y - ca.y, p.z - ca.z, 0), box, invBox);
      mine = make_real4((real) d.x, (real) d.y, (real) d.z, 0);
      mine.w = (real) 0.5 * (mine.x * mine.x + mine.y * mine.y + mine.z * mine.z);
    }
    if (warp == 0) blockAtoms[lane] = mine;
    const real halfExtent2 = (real) (0.5 * ha.w * ha.w);
    int pairImage = 0;
#if PERIODIC
    pairImage = 2 * ha.x + reach >= (mixed) 0.5 * box.x || 2 * ha.y + reach >= (mixed) 0.5 * box.y ||
                2 * ha.z + reach >= (mixed) 0.5 * box.z;
#endif
    int count = 0;
    SYNC_THREADS
    // The clusters from a's own on (the blocks b > a) that can hold a pair within reach, 32 at a time, then
    // the blocks of each such cluster.
    for (int first = a / TILE_SIZE; first < numClusters; first += TILE_SIZE) {
      const int g = first + lane;
      unsigned int clusters =
          laneMask(g < numClusters && blocksInteract(ca, ha, clusterCentre[g], clusterHalf[g], box, invBox, reach), lane, flags);
      while (clusters != 0) {
        const int k = POPCOUNT((clusters & (0u - clusters)) - 1u);
        clusters &= clusters - 1u;
        const int b = (first + k) * TILE_SIZE + lane;
        // The blocks of this round that can hold a pair within reach, packed to the front of `candidate` in
        // lane order, each with its sphere relative to a's centre (radius "infinite" where that image of the
        // centre is not every atom's minimum image about a's centre, or pairs take their own images).
        int found = 0;
        mixed4 cb = make_mixed4(0, 0, 0, 0), hb = cb;
        if (b > a && b < numBlocks) {
          cb = blockCentre[b];
          hb = blockHalf[b];
          found = blocksInteract(ca, ha, cb, hb, box, invBox, reach);
        }
        const unsigned int valid = laneMask(found, lane, flags);
        if (found && warp == 0) {
          const int slot = POPCOUNT(valid & ((1u << lane) - 1u));
          candidate[slot] = b;
          const mixed4 d = minimumImage(make_mixed4(cb.x - ca.x, cb.y - ca.y, cb.z - ca.z, 0), box, invBox);
          int usable = !pairImage;
#if PERIODIC
          usable = usable && fabs(d.x) + hb.w < (mixed) 0.5 * box.x && fabs(d.y) + hb.w < (mixed) 0.5 * box.y &&
                   fabs(d.z) + hb.w < (mixed) 0.5 * box.z;
#endif
          candidateSphere[slot] = make_real4((real) d.x, (real) d.y, (real) d.z, usable ? (real) hb.w : (real) 1e30);
        }
        SYNC_THREADS
        const int numValid = POPCOUNT(valid);
        // Each candidate's atoms are loaded one candidate ahead, so that the load's latency overlaps the
        // tests of the one before.
        mixed4 next = make_mixed4(0, 0, 0, 0);
        if (numValid > 0 && candidate[0] * TILE_SIZE + lane < NUM_ATOMS) next = posq[candidate[0] * TILE_SIZE + lane];
        for (int q = 0; q < numValid; q++) {
          const int s = candidate[q] * TILE_SIZE + lane;
          const mixed4 p = next;
          if (q + 1 < numValid && candidate[q + 1] * TILE_SIZE + lane < NUM_ATOMS)
            next = posq[candidate[q + 1] * TILE_SIZE + lane];
          // Whether an atom of a comes within reach of the candidate's sphere.
          const real4 sphere = candidateSphere[q];
          const real sx = mine.x - sphere.x, sy = mine.y - sphere.y, sz = mine.z - sphere.z;
          const real sr = atomReach + sphere.w;
          if (laneMask(lane < numA && sx * sx + sy * sy + sz * sz < sr * sr, lane, flags) == 0) continue;
          int near = 0;
          if (s < NUM_ATOMS) {
            const mixed4 d = minimumImage(make_mixed4(p.x - ca.x, p.y - ca.y, p.z - ca.z, 0), box, invBox);
            const real4 r = make_real4((real) d.x, (real) d.y, (real) d.z, 0);
            if (!pairImage) {
              // The smallest |s|^2 / 2 - r.s over a's atoms s (three fused multiply-adds and a minimum each),
              // then |r|^2 / 2 added once: the half squared distance to the closest of them.
              const real w = (real) 0.5 * (r.x * r.x + r.y * r.y + r.z * r.z);
              real closest = (real) 1e30;
              for (int j = firstAtom; j < endAtom; j++) {
                const real4 o = blockAtoms[j];
                closest = min(closest, o.w - o.x * r.x - o.y * r.y - o.z * r.z);
              }
              // The margin grows with the lengths, whose squares lose their last bits to rounding.
              near = closest + w < halfReach2 + (real) 1e-6 * (w + halfExtent2);
            } else {
              for (int j = firstAtom; j < min(endAtom, numA) && !near; j++) {
                const real4 o = blockAtoms[j];
                const real4 e = pairImageOf(make_real4(r.x - o.x, r.y - o.y, r.z - o.z, 0), 1, box, invBox);
                near = e.x * e.x + e.y * e.y + e.z * e.z < atomReach2;
              }
            }
          }
#if FIND_WARPS > 1
          // Each warp tested the candidate atom against its share of a's atoms: the votes of all warps, so that
          // every warp takes the same decision (two vote buffers in turn: one synchronisation a candidate).
          votes[(round * FIND_WARPS + warp) * TILE_SIZE + lane] = near;
          SYNC_THREADS
          for (int w = 0; w < FIND_WARPS; w++) near |= votes[(round * FIND_WARPS + w) * TILE_SIZE + lane];
          round ^= 1;
#endif
          const unsigned int mask = laneMask(near, lane, flags);
          if (mask == 0) continue;
          if (near && warp == 0) pending[count + POPCOUNT(mask & ((1u << lane) - 1u))] = s;
          count += POPCOUNT(mask);
          if (count > TILE_BUFFER - TILE_SIZE) {
            SYNC_THREADS
            writeTiles(a, 0, lane, pending, &count, &firstTile, tiles, tileAtoms, capacity, tileCount);
          }
        }
        SYNC_THREADS
      }
    }
    writeTiles(a, 1, lane, pending, &count, &firstTile, tiles, tileAtoms, capacity, tileCount);
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
/// After a build: status = (tiles found, exclusion tiles found, whether either exceeds its room). With that
/// overflow, skip[0] is set, so that the tile kernel queued next does nothing (the host, reading status
/// meanwhile, builds again with more room); else skip[0] is cleared.
DEVICE void reportTileRoom(int tiles, int tileCapacity, int masks, int maskCapacity, GLOBAL int* RESTRICT skip,
                           GLOBAL int* RESTRICT status) {
  const int overflow = tiles > tileCapacity || masks > maskCapacity;
  status[0] = tiles;
  status[1] = masks;
  status[2] = overflow;
  skip[0] = overflow;
}

/// The exclusion masks of the tiles, found once per tile list: a tile that holds an excluded pair gets
/// tileMaskIndex[t] = k and its masks in exclusionMasks[k TILE_SIZE + lane] (bit m: lane's atom of block a
/// and the tile's atom m are excluded), every other tile -1; the masks beyond `capacity` are counted in
/// maskCount, not kept (tileMaskIndex -2). Work-groups as computeNonbondedTiles's. The last work-group to finish
/// (groupsDone counts them, and is cleared again) runs reportTileRoom, so that the check takes no launch of its own.
KERNEL void findExclusionTiles(GLOBAL const int2* RESTRICT tiles, GLOBAL const int* RESTRICT tileAtoms,
                               GLOBAL const int* RESTRICT tileCount, GLOBAL const int* RESTRICT atomIndex,
                               GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const int* RESTRICT exclusionStart,
                               GLOBAL const int* RESTRICT exclusions, GLOBAL int* RESTRICT tileMaskIndex,
                               GLOBAL unsigned int* RESTRICT exclusionMasks, int capacity, GLOBAL int* maskCount,
                               int tileCapacity, GLOBAL int* RESTRICT groupsDone, GLOBAL int* RESTRICT skip,
                               GLOBAL int* RESTRICT status) {
  LOCAL int lastGroup;
  LOCAL int jSlot[TILE_SIZE * WARPS_PER_GROUP];
#if !(defined(WARP_BALLOT) && TILE_SIZE == 32)
  LOCAL unsigned int masks[TILE_SIZE * WARPS_PER_GROUP];
#endif
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
      // A list tile holds atoms of blocks after a only, so only partners there are looked for in its list;
      // a's tile against itself holds partner s at m = s - 32 a.
      const int2 tile = tiles[t];
      const int si = tile.x * TILE_SIZE + lane, listStart = (tile.x + 1) * TILE_SIZE;
      if (si < NUM_ATOMS) {
        const int atom = atomIndex[si];
        for (int e = exclusionStart[atom]; e < exclusionStart[atom + 1]; e++) {
          const int partner = slotOfAtom[exclusions[e]];
          if (tile.y >= 0) {
            const int m = partner - tile.x * TILE_SIZE;
            if (m >= 0 && m < TILE_SIZE) mask |= 1u << m;
          } else if (partner >= listStart) {
            // A list tile's slots ascend (findTiles appends them in order), -1 past the last: a binary search,
            // with -1 taken as past every slot.
            int lo = 0, hi = TILE_SIZE - 1;
            while (lo < hi) {
              const int mid = (lo + hi) >> 1, v = jSlot[base + mid];
              if (v >= 0 && v < partner) lo = mid + 1;
              else hi = mid;
            }
            if (jSlot[base + lo] == partner) mask |= 1u << lo;
          }
        }
      }
    }
#if defined(WARP_BALLOT) && TILE_SIZE == 32
    const unsigned int any = WARP_BALLOT(mask != 0);
#else
    masks[LOCAL_ID] = mask;
    TILE_SYNC
    unsigned int any = 0;
    if (lane == 0)
      for (int k = 0; k < TILE_SIZE; k++) any |= masks[LOCAL_ID + k];
#endif
    if (lane == 0) {
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
  SYNC_THREADS
  if (LOCAL_ID == 0) {
    GLOBAL_FENCE
    lastGroup = ATOMIC_ADD(groupsDone, 1) == NUM_GROUPS - 1;
  }
  SYNC_THREADS
  if (lastGroup && LOCAL_ID == 0) {
    GLOBAL_FENCE
    groupsDone[0] = 0;
    reportTileRoom(tileCount[0], tileCapacity, ATOMIC_ADD(maskCount, 0), capacity, skip, status);
  }
}

/// reportTileRoom in a launch of its own (a build without exclusions).
KERNEL void checkTileRoom(GLOBAL const int* RESTRICT tileCount, int tileCapacity, GLOBAL const int* RESTRICT maskCount,
                          int maskCapacity, GLOBAL int* RESTRICT skip, GLOBAL int* RESTRICT status) {
  if (GLOBAL_ID == 0) reportTileRoom(tileCount[0], tileCapacity, maskCount[0], maskCapacity, skip, status);
}
