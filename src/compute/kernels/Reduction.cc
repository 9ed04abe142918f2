// Deterministic sums in the common kernel dialect: a fixed grid of REDUCE_GROUPS blocks of REDUCE_BLOCK
// threads strides over the values in a fixed order and reduces each block as a tree; one block then sums
// the block results in a fixed order. The same bits every run, whatever the device schedules.
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// Whole block: the sum of `value` over the block's threads (valid in thread 0), through `buffer`
/// (REDUCE_BLOCK mixed of local memory). All threads must call it.
DEVICE mixed blockSum(LOCAL_ARG mixed* buffer, mixed value) {
  SYNC_THREADS;
  buffer[LOCAL_ID] = value;
  SYNC_THREADS;
  for (int stride = REDUCE_BLOCK / 2; stride > 0; stride /= 2) {
    if ((int) LOCAL_ID < stride) buffer[LOCAL_ID] += buffer[LOCAL_ID + stride];
    SYNC_THREADS;
  }
  return buffer[0];
}

/// First pass over n (x, y) pairs: partials[2 g], partials[2 g + 1] = the sums of block g.
KERNEL void sumPairsPartial(GLOBAL const mixed2* RESTRICT values, int n, GLOBAL mixed* RESTRICT partials) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed x = 0, y = 0;
  for (int i = GLOBAL_ID; i < n; i += GLOBAL_SIZE) {
    const mixed2 v = values[i];
    x += v.x;
    y += v.y;
  }
  x = blockSum(buffer, x);
  if (LOCAL_ID == 0) partials[2 * GROUP_ID] = x;
  y = blockSum(buffer, y);
  if (LOCAL_ID == 0) partials[2 * GROUP_ID + 1] = y;
}

/// One block: results[offset + k] = the sum over the groups g of partials[width g + k], k < width.
KERNEL void sumPartials(GLOBAL const mixed* RESTRICT partials, int groups, int width, GLOBAL mixed* RESTRICT results,
                        int offset) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  for (int k = 0; k < width; k++) {
    mixed s = 0;
    for (int g = LOCAL_ID; g < groups; g += REDUCE_BLOCK) s += partials[width * g + k];
    s = blockSum(buffer, s);
    if (LOCAL_ID == 0) results[offset + k] = s;
  }
}
