// The nonbonded utility of the common-compute platforms in the common kernel dialect. Slots are taken in
// blocks of 32 (TILE_SIZE); each block gets a bounding box (computeBlockBounds); a tile is a pair of
// blocks whose boxes come closer than the cutoff plus a padding (findTiles, over a coarse grid of the
// block centres); every tile is one work-group of 32 threads (computeNonbondedTiles): thread l holds
// atom l of the first block, the second block's atoms are staged in local memory and met in rotated
// order (thread l meets atom (l + k) mod 32 at step k, so no two threads touch one staged atom at once),
// and forces go into the fixed-point accumulators (the same sums in any order). The tiles are found again
// only when an atom moved more than half the padding (checkDisplacement); the tile list grows from the
// device's own count when it overflows.
//
// Pair energy (OpenMM's NonbondedForce without Ewald): Coulomb q_i q_j / r (charges scaled by
// sqrt(ONE_4PI_EPS0)), with a cutoff the reaction-field form q_i q_j (1/r + KRF r^2 - CRF); Lennard-Jones
// 4 eps ((sigma/r)^12 - (sigma/r)^6) with sigma = sigma_i/2 + sigma_j/2 and 4 eps = (2 sqrt eps_i)(2 sqrt
// eps_j) (atomParams = (sigma/2, 2 sqrt eps) per System atom), switched between SWITCH_DIST and the cutoff.
// Excluded pairs (exclusions[exclusionStart[a] ..], System indices) are skipped.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 USE_CUTOFF=1 CUTOFF=1.0 CUTOFF2=1.0 KRF=0.1 CRF=1.2 USE_SWITCH=1 SWITCH_DIST=0.8 SWITCH_WIDTH=0.2 TILE_SIZE=32 COARSE_NEIGHBOURS=1

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

/// One thread per block a: every block b >= a in the coarse cells around a's cell (all blocks without a
/// cutoff) whose box comes within reach becomes tile (a, b); tiles beyond `capacity` are counted, not kept.
KERNEL void findTiles(int numBlocks, GLOBAL const mixed4* RESTRICT blockCentre, GLOBAL const mixed4* RESTRICT blockHalf,
                      GLOBAL const int* RESTRICT cellOfBlock, GLOBAL const int* RESTRICT cellStart,
                      GLOBAL const int* RESTRICT blocksInCell, int4 dims, mixed4 box, mixed4 invBox, mixed reach2,
                      GLOBAL int2* RESTRICT tiles, int capacity, GLOBAL int* tileCount) {
  for (int a = GLOBAL_ID; a < numBlocks; a += GLOBAL_SIZE) {
    const mixed4 ca = blockCentre[a], ha = blockHalf[a];
#if USE_CUTOFF
    const int cell = cellOfBlock[a];
    const int cx = cell % dims.x, cy = (cell / dims.x) % dims.y, cz = cell / (dims.x * dims.y);
    // Neighbour cells, each once even where an axis has fewer than three cells.
    const int nx = min(dims.x, 2 * COARSE_NEIGHBOURS + 1), ny = min(dims.y, 2 * COARSE_NEIGHBOURS + 1),
              nz = min(dims.z, 2 * COARSE_NEIGHBOURS + 1);
    for (int iz = 0; iz < nz; iz++)
      for (int iy = 0; iy < ny; iy++)
        for (int ix = 0; ix < nx; ix++) {
          int x = cx + ix - (nx == dims.x ? cx : COARSE_NEIGHBOURS);
          int y = cy + iy - (ny == dims.y ? cy : COARSE_NEIGHBOURS);
          int z = cz + iz - (nz == dims.z ? cz : COARSE_NEIGHBOURS);
#if PERIODIC
          x = (x + dims.x) % dims.x; y = (y + dims.y) % dims.y; z = (z + dims.z) % dims.z;
#else
          if (x < 0 || y < 0 || z < 0 || x >= dims.x || y >= dims.y || z >= dims.z) continue;
#endif
          const int c = x + dims.x * (y + dims.y * z);
          for (int k = cellStart[c]; k < cellStart[c + 1]; k++) {
            const int b = blocksInCell[k];
            if (b < a || !blocksInteract(ca, ha, blockCentre[b], blockHalf[b], box, invBox, reach2)) continue;
            const int t = ATOMIC_ADD(tileCount, 1);
            if (t < capacity) tiles[t] = make_int2(a, b);
          }
        }
#else
    for (int b = a; b < numBlocks; b++) {
      const int t = ATOMIC_ADD(tileCount, 1);
      if (t < capacity) tiles[t] = make_int2(a, b);
    }
#endif
  }
}

#ifndef SQRT
#define SQRT sqrt
#endif

/// Energy and dE/dr (over r) of one pair at squared distance r2.
DEVICE real pairEnergy(real r2, real qq, real sigma, real eps4, real* dEdrOverR) {
  const real invR2 = (real) 1 / r2;
  const real invR = SQRT(invR2);
  real energy = 0, dEdr = 0;
  if (qq != 0) {
#if USE_CUTOFF
    const real r = r2 * invR;
    energy += qq * (invR + (real) KRF * r2 - (real) CRF);
    dEdr += qq * (-invR2 + (real) (2 * KRF) * r);
#else
    energy += qq * invR;
    dEdr -= qq * invR2;
#endif
  }
  if (eps4 != 0) {
    const real s2 = sigma * sigma * invR2;
    const real sr6 = s2 * s2 * s2;
    real lj = eps4 * (sr6 * sr6 - sr6);
    real dlj = eps4 * ((real) -12 * sr6 * sr6 + (real) 6 * sr6) * invR;
#if USE_SWITCH
    const real r = r2 * invR;
    if (r > (real) SWITCH_DIST) {
      const real t = (r - (real) SWITCH_DIST) / (real) SWITCH_WIDTH;
      const real s = 1 + t * t * t * ((real) -10 + t * ((real) 15 - (real) 6 * t));
      const real dsdr = t * t * ((real) -30 + t * ((real) 60 - (real) 30 * t)) / (real) SWITCH_WIDTH;
      dlj = dlj * s + lj * dsdr;
      lj *= s;
    }
#endif
    energy += lj;
    dEdr += dlj;
  }
  *dEdrOverR = dEdr * invR;
  return energy;
}

/// Bit k of the mask: the atom in slot blockStart + k is excluded for System atom `atom`.
DEVICE unsigned int exclusionMask(int atom, int blockStart, GLOBAL const int* RESTRICT exclusionStart,
                                  GLOBAL const int* RESTRICT exclusions, GLOBAL const int* RESTRICT slotOfAtom) {
  unsigned int mask = 0;
  for (int e = exclusionStart[atom]; e < exclusionStart[atom + 1]; e++) {
    const int k = slotOfAtom[exclusions[e]] - blockStart;
    if (k >= 0 && k < TILE_SIZE) mask |= 1u << k;
  }
  return mask;
}

/// One work-group of TILE_SIZE threads per tile (groups stride over the tiles). energy[0] receives the
/// energy, each tile's share converted to fixed point (so the total does not depend on the tiles' order).
KERNEL void computeNonbondedTiles(GLOBAL const int2* RESTRICT tiles, GLOBAL const int* RESTRICT tileCount,
                                  GLOBAL const mixed4* RESTRICT posq, GLOBAL const real2* RESTRICT atomParams,
                                  GLOBAL const int* RESTRICT atomIndex, GLOBAL const int* RESTRICT slotOfAtom,
                                  GLOBAL const int* RESTRICT exclusionStart, GLOBAL const int* RESTRICT exclusions,
                                  mixed4 box, mixed4 invBox, GLOBAL mm_long* force, GLOBAL mm_long* energy) {
  LOCAL mixed4 jPos[TILE_SIZE];
  LOCAL real2 jParams[TILE_SIZE];
  LOCAL real4 jForce[TILE_SIZE];
  const int lane = LOCAL_ID;
  const int numTiles = tileCount[0];
  for (int t = GROUP_ID; t < numTiles; t += NUM_GROUPS) {
    mixed tileEnergy = 0;
    const int2 tile = tiles[t];
    const int si = tile.x * TILE_SIZE + lane, sj = tile.y * TILE_SIZE + lane;
    const int validI = si < NUM_ATOMS;
    const mixed4 pi = validI ? posq[si] : make_mixed4(0, 0, 0, 0);
    const int ai = validI ? atomIndex[si] : 0;
    const real2 parI = validI ? atomParams[ai] : make_real2(0, 0);
    const unsigned int excluded =
        validI ? exclusionMask(ai, tile.y * TILE_SIZE, exclusionStart, exclusions, slotOfAtom) : 0xffffffffu;
    SYNC_WARPS
    if (sj < NUM_ATOMS) {
      jPos[lane] = posq[sj];
      jParams[lane] = atomParams[atomIndex[sj]];
    } else {
      jPos[lane] = make_mixed4(0, 0, 0, 0);
      jParams[lane] = make_real2(0, 0);
    }
    jForce[lane] = make_real4(0, 0, 0, 0);
    SYNC_WARPS
    const int diagonal = tile.x == tile.y;
    real fx = 0, fy = 0, fz = 0;
    for (int k = 0; k < TILE_SIZE; k++) {
      const int j = (lane + k) & (TILE_SIZE - 1);
      const int slotJ = tile.y * TILE_SIZE + j;
      const int use = validI && slotJ < NUM_ATOMS && !((excluded >> j) & 1u) && (!diagonal || j > lane);
      if (use) {
        const mixed4 pj = jPos[j];
        mixed4 d = make_mixed4(pi.x - pj.x, pi.y - pj.y, pi.z - pj.z, 0);
        d = minimumImage(d, box, invBox);
        const real dx = (real) d.x, dy = (real) d.y, dz = (real) d.z;
        const real r2 = dx * dx + dy * dy + dz * dz;
#if USE_CUTOFF
        if (r2 < (real) CUTOFF2) {
#else
        {
#endif
          const real2 pj2 = jParams[j];
          real dEdrOverR;
          tileEnergy += (mixed) pairEnergy(r2, (real) pi.w * (real) pj.w, parI.x + pj2.x, parI.y * pj2.y, &dEdrOverR);
          const real gx = -dEdrOverR * dx, gy = -dEdrOverR * dy, gz = -dEdrOverR * dz;
          fx += gx; fy += gy; fz += gz;
          real4 fj = jForce[j];
          fj.x -= gx; fj.y -= gy; fj.z -= gz;
          jForce[j] = fj;
        }
      }
      SYNC_WARPS
    }
    if (validI) addForce(force, si, fx, fy, fz);
    if (sj < NUM_ATOMS) addForce(force, sj, jForce[lane].x, jForce[lane].y, jForce[lane].z);
    if (tileEnergy != 0) accumulate(energy, tileEnergy);
  }
}
