// The pair kernel of the common-compute platforms' nonbonded utility in the common kernel dialect, on the
// tiles of NonbondedTileSearch.cc (block a against a list of 32 atom slots). Every tile is one warp of 32
// threads, WARPS_PER_GROUP tiles to a work-group (computeNonbondedTiles, computeNonbondedTilesEnergy): thread
// l holds atom l of block a, the list's atoms are staged in local memory and met in rotated order (thread l
// meets atom (l + k) mod 32 at step k, so no two threads touch one staged atom at once), every lane computes
// every step and keeps or drops the result (no divergence), and forces go into the fixed-point accumulators
// (the same sums in any order). Positions enter the pair loop in `real`, relative to block a's centre
// (per-pair minimum images only where a tile can reach across half the box); energies are summed per thread
// in fixed point and added once per work-group.
// DETERMINISTIC (the DeterministicForces property): every pair is computed from the two positions alone
// (difference and minimum image per pair) and converted to fixed point on its own, so that forces and
// energy come out the same bits whatever the tiles, the slots or the atoms' order in the System.
//
// What a pair computes is injected (ComputeNonbondedUtilities writes it ahead of this file, with NB_GENERATED
// defined): the struct AtomParams of every interaction's per-atom parameters (read in slot order), the
// macros that load them, the extra kernel arguments, and pairInteractions(), which runs every interaction's
// code on a pair and returns dE/dr and the energy. Without NB_GENERATED (this file compiled on its own) a
// placeholder interaction stands in. Excluded pairs are skipped through the masks findExclusionTiles found
// per tile (the interactions never see them), pairs beyond the list's cutoff (LIST_CUTOFF2) too.
// NUM_ENERGY_DERIVS > 0: pairInteractions also adds the derivatives of the energy by global parameters to
// derivs[k]; they are summed like the energy into energy[1 + k], on every launch.
// mardyn-kernel: requires openmm/common/kernels/NonbondedTileSearch.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 USE_CUTOFF=1 LIST_CUTOFF=1.0 LIST_CUTOFF2=1.0 PADDING=0.1 TILE_SIZE=32 DETERMINISTIC=0 WARPS_PER_GROUP=4 FIND_WARPS=2 HAS_EXCLUSIONS=1 TILE_SYNC=SYNC_THREADS NUM_ENERGY_DERIVS=0

#ifndef NB_GENERATED
// Placeholder of the injected part: a soft repulsion with one per-atom parameter.
typedef struct {
  real2 value;
} AtomParams;
#define NB_PARAM_ARGS , GLOBAL const real2* RESTRICT param0
#define NB_PARAM_NAMES , param0
#define NB_LOAD_PARAMS(p, slot) p.value = param0[slot];
#define NB_ZERO_PARAMS(p) p.value = make_real2(0, 0);
#define NB_EXTRA_ARGS
#define NB_EXTRA_NAMES
DEVICE real pairInteractions(const int withEnergy, int interactions, real r2, real invR, real4 posq1, real4 posq2,
                             AtomParams p1, AtomParams p2, int slot1, int slot2, real* dEdR, real* derivs NB_EXTRA_ARGS) {
  const real s = p1.value.x + p2.value.x;
  const real sr2 = s * s * invR * invR;
  const real sr6 = sr2 * sr2 * sr2;
  *dEdR = (real) -12 * p1.value.y * p2.value.y * sr6 * sr6 * invR;
  return withEnergy ? p1.value.y * p2.value.y * sr6 * sr6 : 0;
}
#endif

#define GROUP_THREADS (TILE_SIZE * WARPS_PER_GROUP)
#if NUM_ENERGY_DERIVS > 0
#define DERIV_SLOTS NUM_ENERGY_DERIVS
#else
#define DERIV_SLOTS 1
#endif
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

// The reactions on the list's atoms: with WARP_SHUFFLE_REAL (a warp's lanes exchange registers) each lane holds
// the reaction on the list atom it meets and hands it on to the lane that meets that atom next (J_ROTATE), so
// the pair loop reads only the staged positions and parameters from local memory; else they are summed in
// local memory, and with DETERMINISTIC in fixed point there.
#if defined(WARP_SHUFFLE_REAL) && !DETERMINISTIC && TILE_SIZE == 32
#define J_ROTATE 1
#else
#define J_ROTATE 0
#endif
// J_FORCE_ARGS / J_FORCES: the reactions as tilePairs takes them; J_STAGED_ARGS / J_STAGED: the local arrays
// that hold them, as the kernels hand them to nonbondedTiles (none with J_ROTATE).
#if DETERMINISTIC
#define FORCE_ACC mm_long
#define ENERGY_ACC mm_long
#define J_FORCE_ARGS LOCAL_ARG mm_long* jForceX, LOCAL_ARG mm_long* jForceY, LOCAL_ARG mm_long* jForceZ
#define J_FORCES jForceX, jForceY, jForceZ
#define J_STAGED_ARGS , J_FORCE_ARGS
#define J_STAGED , J_FORCES
#elif J_ROTATE
#define FORCE_ACC real
#define ENERGY_ACC mixed
#define J_FORCE_ARGS real* fjx, real* fjy, real* fjz
#define J_FORCES &fjx, &fjy, &fjz
#define J_STAGED_ARGS
#define J_STAGED
#else
#define FORCE_ACC real
#define ENERGY_ACC mixed
#define J_FORCE_ARGS LOCAL_ARG real4* jForce
#define J_FORCES jForce
#define J_STAGED_ARGS , J_FORCE_ARGS
#define J_STAGED , J_FORCES
#endif
// The per-thread energy over tiles: in fixed point (the same sum in any order) except where forces are not.
#if DETERMINISTIC || FORCE_FIXED_POINT
#define ENERGY_SUM mm_long
#else
#define ENERGY_SUM double
#endif

/// One tile's pairs for the thread of lane `lane` (atom i in slot si at xi, yi, zi with charge qi): the staged
/// atoms j in rotated order, the pairs whose bit is set in `useMask` (bit j: atom j of the list is neither
/// excluded, nor a padding slot, nor at or below i on the diagonal) and within the list's cutoff. The force on i
/// is added to fx, fy, fz, the reaction on j to the staged forces (J_ROTATE: to *fjx, *fjy, *fjz, which hold the
/// reaction on list atom (lane + k) mod 32 at step k and that on list atom `lane` at the end), the energy (with
/// withEnergy, a constant at every call) to *energy, the energy's parameter derivatives to derivs. Every lane
/// computes every step and keeps or drops the result, so that the warp never diverges (skipping a step that no
/// lane keeps, by a warp vote, cost the reaction-field tiles 4 % on an H200 and saved nothing measurable with
/// PME). `image` (a constant at every call, like withEnergy): each pair takes its own minimum image.
DEVICE void tilePairs(const int withEnergy, const int image, int interactions, int lane, int base, unsigned int useMask,
                      POS xi, POS yi, POS zi, real qi, AtomParams parI, int si, mixed4 box, mixed4 invBox,
                      LOCAL_ARG const POS4* jPos, LOCAL_ARG const AtomParams* jParams, LOCAL_ARG const int* jSlot,
                      J_FORCE_ARGS, FORCE_ACC* fx, FORCE_ACC* fy, FORCE_ACC* fz, ENERGY_ACC* energy,
                      mixed* derivs NB_EXTRA_ARGS) {
  // The list is staged twice over (2 TILE_SIZE entries per warp from 2 base): step k reads entry lane + k without
  // wrapping round, at a constant offset from the lane's first entry once the loop is unrolled; bit k of `rotated`
  // is the bit of useMask for that atom.
  LOCAL_ARG const POS4* myPos = jPos + 2 * base + lane;
  LOCAL_ARG const AtomParams* myParams = jParams + 2 * base + lane;
  LOCAL_ARG const int* mySlot = jSlot + 2 * base + lane;
  const unsigned int rotated = lane == 0 ? useMask : (useMask >> lane) | (useMask << (TILE_SIZE - lane));
#if J_ROTATE
#pragma unroll  // (with a barrier in the loop, PoCL's unrolled code summed a NoCutoff tile's energy wrongly)
#endif
  for (int k = 0; k < TILE_SIZE; k++) {
    const int j = (lane + k) & (TILE_SIZE - 1);
    const POS4 pj = myPos[k];
    POS dx = xi - pj.x, dy = yi - pj.y, dz = zi - pj.z;
    if (image) {
      dx -= (POS) box.x * floor(dx * (POS) invBox.x + (POS) 0.5);
      dy -= (POS) box.y * floor(dy * (POS) invBox.y + (POS) 0.5);
      dz -= (POS) box.z * floor(dz * (POS) invBox.z + (POS) 0.5);
    }
    real r2 = dx * dx + dy * dy + dz * dz;
#if USE_CUTOFF
    const int use = (rotated & (1u << k)) != 0u && r2 < (real) LIST_CUTOFF2;
#else
    const int use = (rotated & (1u << k)) != 0u;
#endif
    {
      r2 = use ? r2 : (real) 1;
      const real invR = FAST_RSQRT(r2); // r2 is a normal number: a pair distance, or 1 for a pair left out
      real dEdR = 0;
      real pairDerivs[DERIV_SLOTS];
      for (int d = 0; d < DERIV_SLOTS; d++) pairDerivs[d] = 0;
      const real e = pairInteractions(withEnergy, interactions, r2, invR, make_real4((real) dx, (real) dy, (real) dz, qi),
                                      make_real4(0, 0, 0, (real) pj.w), parI, myParams[k], si, mySlot[k],
                                      &dEdR, pairDerivs NB_EXTRA_NAMES);
      const real dEdrOverR = use ? dEdR * invR : (real) 0;
      const real gx = -dEdrOverR * dx, gy = -dEdrOverR * dy, gz = -dEdrOverR * dz;
#if NUM_ENERGY_DERIVS > 0
      for (int d = 0; d < NUM_ENERGY_DERIVS; d++)
        if (use) derivs[d] += (mixed) pairDerivs[d];
#endif
#if DETERMINISTIC
      if (withEnergy && use) *energy += (mm_long) ((mixed) e * (mixed) FIXED_POINT_SCALE);
      const mm_long kx = (mm_long) ((mixed) gx * (mixed) FIXED_POINT_SCALE),
                    ky = (mm_long) ((mixed) gy * (mixed) FIXED_POINT_SCALE),
                    kz = (mm_long) ((mixed) gz * (mixed) FIXED_POINT_SCALE);
      *fx += kx; *fy += ky; *fz += kz;
      jForceX[base + j] -= kx;
      jForceY[base + j] -= ky;
      jForceZ[base + j] -= kz;
#elif J_ROTATE
      if (withEnergy && use) *energy += (mixed) e;
      *fx += gx; *fy += gy; *fz += gz;
      *fjx -= gx; *fjy -= gy; *fjz -= gz;
#else
      if (withEnergy && use) *energy += (mixed) e;
      *fx += gx; *fy += gy; *fz += gz;
      real4 fj = jForce[base + j];
      fj.x -= gx; fj.y -= gy; fj.z -= gz;
      jForce[base + j] = fj;
#endif
    }
#if J_ROTATE
    const int next = (lane + 1) & (TILE_SIZE - 1);
    *fjx = WARP_SHUFFLE_REAL(*fjx, next);
    *fjy = WARP_SHUFFLE_REAL(*fjy, next);
    *fjz = WARP_SHUFFLE_REAL(*fjz, next);
#endif
#if !J_ROTATE
    TILE_SYNC
#endif
  }
#if J_ROTATE
  TILE_SYNC  // the staged atoms are read until here
#endif
}

/// The work-group's sum of one per-thread value (every thread takes part), added to *target by thread 0.
DEVICE void addGroupSum(LOCAL_ARG ENERGY_SUM* scratch, ENERGY_SUM value, GLOBAL mm_long* target) {
  scratch[LOCAL_ID] = value;
  SYNC_THREADS
  for (int stride = GROUP_THREADS / 2; stride > 0; stride /= 2) {
    if ((int) LOCAL_ID < stride) scratch[LOCAL_ID] += scratch[LOCAL_ID + stride];
    SYNC_THREADS
  }
  if (LOCAL_ID == 0 && scratch[0] != 0) {
#if DETERMINISTIC || FORCE_FIXED_POINT
    atomicAddFixedPoint(target, scratch[0]);
#else
    atomicAddDouble((GLOBAL double*) target, scratch[0]);
#endif
  }
  SYNC_THREADS
}

/// WARPS_PER_GROUP tiles at a time per work-group, one to each warp of TILE_SIZE threads (groups stride over
/// the tiles, every warp of a group taking the same number of turns, so TILE_SYNC may be a work-group
/// barrier); nothing where skip[0] is set (checkDisplacement found an atom that moved too far: the host,
/// which reads that flag while this kernel runs, finds the tiles again and launches it again).
/// With withEnergy, energy[0] receives the energy, each thread's share of each tile converted to fixed point (so
/// the total does not depend on the tiles' order) and summed over the work-group before one atomic add; the
/// energy's parameter derivatives go to energy[1 ..] the same way (with or without withEnergy).
DEVICE void nonbondedTiles(const int withEnergy, GLOBAL const int2* RESTRICT tiles, GLOBAL const int* RESTRICT tileAtoms,
                           GLOBAL const int* RESTRICT tileCount, GLOBAL const mixed4* RESTRICT posq,
                           GLOBAL const int* RESTRICT tileMaskIndex, GLOBAL const unsigned int* RESTRICT exclusionMasks,
                           GLOBAL const mixed4* RESTRICT blockCentre, GLOBAL const mixed4* RESTRICT blockHalf,
                           mixed4 box, mixed4 invBox, GLOBAL const int* RESTRICT skip, int interactions, GLOBAL mm_long* force,
                           GLOBAL mm_long* energy, LOCAL_ARG POS4* jPos, LOCAL_ARG AtomParams* jParams,
                           LOCAL_ARG int* jSlot J_STAGED_ARGS, LOCAL_ARG ENERGY_SUM* energySum NB_PARAM_ARGS NB_EXTRA_ARGS) {
  ENERGY_SUM threadEnergy = 0;
  mixed derivs[DERIV_SLOTS];
  for (int d = 0; d < DERIV_SLOTS; d++) derivs[d] = 0;
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
    // less than half the padding since (PADDING: the widest the list takes): where twice a's half extent, the
    // cutoff and twice the padding stay below half the box, these differences are the minimum images; elsewhere
    // each pair takes its own.
    const mixed4 ca = blockCentre[tile.x];
    int perPairImage = 0;
#if PERIODIC
    {
      const mixed4 ha = blockHalf[tile.x];
      const mixed reach = (mixed) LIST_CUTOFF + (mixed) 2 * (mixed) PADDING;
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
    AtomParams parI;
    if (validI) {
      NB_LOAD_PARAMS(parI, si)
    } else {
      NB_ZERO_PARAMS(parI)
    }
    // Bit j of useMask: the pair (i, list atom j) is computed.
    unsigned int useMask = numJ >= TILE_SIZE ? 0xffffffffu : (1u << numJ) - 1u;
    if (diagonal) useMask &= lane + 1 >= TILE_SIZE ? 0u : 0xffffffffu << (lane + 1);
    if (!validI) useMask = 0;
#if HAS_EXCLUSIONS
    const int maskIndex = haveTile ? tileMaskIndex[t] : -1;
    if (maskIndex >= 0) useMask &= ~exclusionMasks[maskIndex * TILE_SIZE + lane];
#endif
    // Staged twice: entries `staged` and `staged + TILE_SIZE` (tilePairs reads lane + k, k < TILE_SIZE).
    const int staged = 2 * base + lane;
    jSlot[staged] = sj < 0 ? 0 : sj;
    if (sj >= 0) {
      const mixed4 pj = posq[sj];
#if DETERMINISTIC
      jPos[staged] = pj;
#else
      const mixed4 rj = minimumImage(make_mixed4(pj.x - ca.x, pj.y - ca.y, pj.z - ca.z, 0), box, invBox);
      jPos[staged] = make_real4((real) rj.x, (real) rj.y, (real) rj.z, (real) pj.w);
#endif
      NB_LOAD_PARAMS(jParams[staged], sj)
    } else {
      jPos[staged] = make_POS4(0, 0, 0, 0);
      NB_ZERO_PARAMS(jParams[staged])
    }
    jSlot[staged + TILE_SIZE] = jSlot[staged];
    jPos[staged + TILE_SIZE] = jPos[staged];
    jParams[staged + TILE_SIZE] = jParams[staged];
#if DETERMINISTIC
    jForceX[LOCAL_ID] = 0;
    jForceY[LOCAL_ID] = 0;
    jForceZ[LOCAL_ID] = 0;
#elif J_ROTATE
    real fjx = 0, fjy = 0, fjz = 0;
#else
    jForce[LOCAL_ID] = make_real4(0, 0, 0, 0);
#endif
    FORCE_ACC fx = 0, fy = 0, fz = 0;
    ENERGY_ACC tileEnergy = 0;
    TILE_SYNC
#if DETERMINISTIC
    tilePairs(withEnergy, PERIODIC, interactions, lane, base, useMask, (POS) ri.x, (POS) ri.y, (POS) ri.z, qi, parI, si,
              box, invBox, jPos, jParams, jSlot, J_FORCES, &fx, &fy, &fz, &tileEnergy, derivs NB_EXTRA_NAMES);
#else
    if (perPairImage)
      tilePairs(withEnergy, 1, interactions, lane, base, useMask, (POS) ri.x, (POS) ri.y, (POS) ri.z, qi, parI, si, box,
                invBox, jPos, jParams, jSlot, J_FORCES, &fx, &fy, &fz, &tileEnergy, derivs NB_EXTRA_NAMES);
    else
      tilePairs(withEnergy, 0, interactions, lane, base, useMask, (POS) ri.x, (POS) ri.y, (POS) ri.z, qi, parI, si, box,
                invBox, jPos, jParams, jSlot, J_FORCES, &fx, &fy, &fz, &tileEnergy, derivs NB_EXTRA_NAMES);
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
#if J_ROTATE
    if (sj >= 0) addForce(force, sj, fjx, fjy, fjz);
#else
    if (sj >= 0) addForce(force, sj, jForce[LOCAL_ID].x, jForce[LOCAL_ID].y, jForce[LOCAL_ID].z);
#endif
    // Each thread's share of each tile in fixed point, so that the sum does not depend on the tiles' order.
#if FORCE_FIXED_POINT
    if (withEnergy) threadEnergy += (mm_long) (tileEnergy * (mixed) FIXED_POINT_SCALE);
#else
    if (withEnergy) threadEnergy += (double) tileEnergy;
#endif
#endif
  }
#if NUM_ENERGY_DERIVS > 0
  for (int d = 0; d < NUM_ENERGY_DERIVS; d++) {
#if DETERMINISTIC || FORCE_FIXED_POINT
    addGroupSum(energySum, (mm_long) (derivs[d] * (mixed) FIXED_POINT_SCALE), energy + 1 + d);
#else
    addGroupSum(energySum, (double) derivs[d], energy + 1 + d);
#endif
  }
#endif
  if (withEnergy) addGroupSum(energySum, threadEnergy, energy);
}

#if DETERMINISTIC
#define TILE_LOCALS                                                                                                 \
  LOCAL POS4 jPos[2 * GROUP_THREADS];                                                                              \
  LOCAL AtomParams jParams[2 * GROUP_THREADS];                                                                     \
  LOCAL int jSlot[2 * GROUP_THREADS];                                                                              \
  LOCAL mm_long jForceX[GROUP_THREADS], jForceY[GROUP_THREADS], jForceZ[GROUP_THREADS];                            \
  LOCAL ENERGY_SUM energySum[GROUP_THREADS];
#elif J_ROTATE
#define TILE_LOCALS                                                                                                 \
  LOCAL POS4 jPos[2 * GROUP_THREADS];                                                                              \
  LOCAL AtomParams jParams[2 * GROUP_THREADS];                                                                     \
  LOCAL int jSlot[2 * GROUP_THREADS];                                                                              \
  LOCAL ENERGY_SUM energySum[GROUP_THREADS];
#else
#define TILE_LOCALS                                                                                                 \
  LOCAL POS4 jPos[2 * GROUP_THREADS];                                                                              \
  LOCAL AtomParams jParams[2 * GROUP_THREADS];                                                                     \
  LOCAL int jSlot[2 * GROUP_THREADS];                                                                              \
  LOCAL real4 jForce[GROUP_THREADS];                                                                               \
  LOCAL ENERGY_SUM energySum[GROUP_THREADS];
#endif
#define TILE_KERNEL_ARGS                                                                                           \
  GLOBAL const int2 *RESTRICT tiles, GLOBAL const int *RESTRICT tileAtoms, GLOBAL const int *RESTRICT tileCount,   \
      GLOBAL const mixed4 *RESTRICT posq, GLOBAL const int *RESTRICT tileMaskIndex,                                \
      GLOBAL const unsigned int *RESTRICT exclusionMasks, GLOBAL const mixed4 *RESTRICT blockCentre,               \
      GLOBAL const mixed4 *RESTRICT blockHalf, mixed4 box, mixed4 invBox, GLOBAL const int *RESTRICT skip,         \
      int interactions, GLOBAL mm_long *force, GLOBAL mm_long *energy NB_PARAM_ARGS NB_EXTRA_ARGS
#define TILE_CALL_ARGS                                                                                             \
  tiles, tileAtoms, tileCount, posq, tileMaskIndex, exclusionMasks, blockCentre, blockHalf, box, invBox, skip,     \
      interactions, force, energy, jPos, jParams, jSlot J_STAGED, energySum NB_PARAM_NAMES NB_EXTRA_NAMES

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
