// Per-cell potential energy and virial in the common kernel dialect: the sums of one cell pair are
// added to its cells with the weights of the CPU path, and a block-wide reduction for processors
// whose threads share a cell pair.

/// Adds the (U_pot, virial) sums of the pair (cp.x, cp.y) to its cells: each owned cell takes one
/// half (so a pair of owned molecules counts fully, an owned-halo pair one half), halo cells
/// nothing; an intra-cell pass (cp.x == cp.y, owned cells only) counts fully. Callers guarantee
/// that no other thread writes these cells in the same launch.
DEVICE void addCellPairStats(GLOBAL mixed2* RESTRICT cellStats, GLOBAL const int* RESTRICT cellIsHalo, int2 cp,
                             mixed sumU, mixed sumVirial) {
  const mixed wA = cellIsHalo[cp.x] ? 0 : (mixed) 0.5;
  const mixed wB = cellIsHalo[cp.y] ? 0 : (mixed) 0.5;
  if (cp.x == cp.y) {
    mixed2 s = cellStats[cp.x];
    s.x += (wA + wB) * sumU;
    s.y += (wA + wB) * sumVirial;
    cellStats[cp.x] = s;
  } else {
    mixed2 s = cellStats[cp.x];
    s.x += wA * sumU;
    s.y += wA * sumVirial;
    cellStats[cp.x] = s;
    s = cellStats[cp.y];
    s.x += wB * sumU;
    s.y += wB * sumVirial;
    cellStats[cp.y] = s;
  }
}

/// Sums buffer[0 .. LOCAL_SIZE) into buffer[0] (LOCAL_SIZE a power of two); all threads of the
/// block must call it, the result is valid after it returns.
DEVICE void reduceBlockStats(LOCAL_ARG mixed2* buffer) {
  SYNC_THREADS;
  for (int stride = LOCAL_SIZE / 2; stride > 0; stride /= 2) {
    if (LOCAL_ID < stride) {
      buffer[LOCAL_ID].x += buffer[LOCAL_ID + stride].x;
      buffer[LOCAL_ID].y += buffer[LOCAL_ID + stride].y;
    }
    SYNC_THREADS;
  }
}
