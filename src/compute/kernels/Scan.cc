// Exclusive prefix sums of int arrays in the common kernel dialect, in a fixed order (the same result on
// every run): scanBlocks scans blocks of SCAN_BLOCK elements, scanBlockTotals the block totals (one
// block), addBlockOffsets makes the block results global. out[n] receives the total.
// mardyn-kernel: defines SCAN_BLOCK=256

/// Whole block of SCAN_BLOCK threads: the inclusive prefix sum of `value` over the block's threads, in
/// the double buffer `scan` (2 * SCAN_BLOCK ints of local memory).
DEVICE int blockInclusiveScan(LOCAL_ARG int* scan, int value) {
  int in = 0;
  scan[LOCAL_ID] = value;
  SYNC_THREADS;
  for (int offset = 1; offset < SCAN_BLOCK; offset *= 2) {
    const int out = 1 - in;
    int v = scan[in * SCAN_BLOCK + LOCAL_ID];
    if ((int) LOCAL_ID >= offset) v += scan[in * SCAN_BLOCK + LOCAL_ID - offset];
    scan[out * SCAN_BLOCK + LOCAL_ID] = v;
    in = out;
    SYNC_THREADS;
  }
  return scan[in * SCAN_BLOCK + LOCAL_ID];
}

/// Launched with blocks of SCAN_BLOCK threads over n elements: out[i] = the exclusive sum of in within
/// its block, blockSums[block] = the block's total.
KERNEL void scanBlocks(GLOBAL const int* RESTRICT in, int n, GLOBAL int* RESTRICT out, GLOBAL int* RESTRICT blockSums) {
  LOCAL int scan[2 * SCAN_BLOCK];
  const int i = GLOBAL_ID;
  const int value = i < n ? in[i] : 0;
  const int inclusive = blockInclusiveScan(scan, value);
  if (i < n) out[i] = inclusive - value;
  if (LOCAL_ID == SCAN_BLOCK - 1) blockSums[GROUP_ID] = inclusive;
}

/// One block: the exclusive scan of blockSums in place; out[n] = the total.
KERNEL void scanBlockTotals(GLOBAL int* RESTRICT blockSums, int numBlocks, GLOBAL int* RESTRICT out, int n) {
  LOCAL int scan[2 * SCAN_BLOCK];
  LOCAL int carry;
  if (LOCAL_ID == 0) carry = 0;
  SYNC_THREADS;
  for (int base = 0; base < numBlocks; base += SCAN_BLOCK) {
    const int b = base + LOCAL_ID;
    const int count = b < numBlocks ? blockSums[b] : 0;
    const int inclusive = blockInclusiveScan(scan, count);
    if (b < numBlocks) blockSums[b] = carry + inclusive - count;
    SYNC_THREADS;
    if (LOCAL_ID == SCAN_BLOCK - 1) carry += inclusive;
    SYNC_THREADS;
  }
  if (LOCAL_ID == 0) out[n] = carry;
}

/// out[i] += blockSums[i / SCAN_BLOCK] for i < n.
KERNEL void addBlockOffsets(GLOBAL int* RESTRICT out, int n, GLOBAL const int* RESTRICT blockSums) {
  for (int i = GLOBAL_ID; i < n; i += GLOBAL_SIZE) out[i] += blockSums[i / SCAN_BLOCK];
}
