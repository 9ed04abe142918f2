// mardyn-kernel: defines BLOCK_SIZE=128
// Kernels of the compute layer's tests, in the common dialect: every prelude macro, a block reduction,
// fixed-point accumulation, type sizes per precision, vector arithmetic and an empty kernel.

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 128
#endif

DEVICE int twice(int x) { return 2 * x; }

DEVICE void storeLocal(LOCAL_ARG int* buffer, int index, int value) { buffer[index] = value; }

/// Per thread: ids[8*g + 0..7] = global id, local id, group id, local size, groups, global size, the
/// group id of the next thread in the block (through local memory) and twice(local id); counter[0]
/// counts threads with ATOMIC_ADD; flags[0..2] = SIMT_WIDTH, SUPPORTS_DOUBLE_PRECISION, SUPPORTS_64_BIT_ATOMICS.
KERNEL void everyMacro(GLOBAL int* RESTRICT ids, GLOBAL int* RESTRICT counter, GLOBAL int* RESTRICT flags) {
  LOCAL int shared[BLOCK_SIZE];
  const int g = (int)GLOBAL_ID;
  const int l = (int)LOCAL_ID;
  storeLocal(shared, l, (int)GROUP_ID * 1000 + l);
  SYNC_THREADS
  const int next = shared[(l + 1) % (int)LOCAL_SIZE];
  SYNC_WARPS
  MEM_FENCE
  ids[8 * g + 0] = g;
  ids[8 * g + 1] = l;
  ids[8 * g + 2] = (int)GROUP_ID;
  ids[8 * g + 3] = (int)LOCAL_SIZE;
  ids[8 * g + 4] = (int)NUM_GROUPS;
  ids[8 * g + 5] = (int)GLOBAL_SIZE;
  ids[8 * g + 6] = next;
  ids[8 * g + 7] = twice(l);
  ATOMIC_ADD(counter, 1);
  if (g == 0) {
    flags[0] = SIMT_WIDTH;
#ifdef SUPPORTS_DOUBLE_PRECISION
    flags[1] = 1;
#else
    flags[1] = 0;
#endif
#ifdef SUPPORTS_64_BIT_ATOMICS
    flags[2] = 1;
#else
    flags[2] = 0;
#endif
  }
}

/// With WARP_BALLOT: masks[w] = the ballot over warp w (32 consecutive work-items) of "lane divisible by 3, or
/// lane 31 - w % 32" and its last lane's FAST_RSQRT(4) in rsqrt4; without it masks[0] = 1 and the rest untouched.
KERNEL void warpBallot(GLOBAL uint* RESTRICT masks, GLOBAL real* RESTRICT rsqrt4) {
  const int g = (int)GLOBAL_ID, lane = g % 32, w = g / 32;
#if defined(WARP_BALLOT)
  const uint mask = WARP_BALLOT(lane % 3 == 0 || lane == 31 - w % 32);
  SYNC_WARPS
  if (lane == 31) {
    masks[w] = mask;
    rsqrt4[w] = FAST_RSQRT((real)4);
  }
#else
  if (g == 0) masks[0] = 1u;
#endif
}

/// Sums input[0..n) per block into partial[GROUP_ID] (blocks of BLOCK_SIZE threads, a power of two).
KERNEL void blockSum(GLOBAL const real* RESTRICT input, GLOBAL mixed* RESTRICT partial, int n) {
  LOCAL mixed buffer[BLOCK_SIZE];
  mixed sum = 0;
  for (int i = (int)GLOBAL_ID; i < n; i += (int)GLOBAL_SIZE) sum += input[i];
  buffer[LOCAL_ID] = sum;
  SYNC_THREADS
  for (int step = (int)LOCAL_SIZE / 2; step > 0; step /= 2) {
    if ((int)LOCAL_ID < step) buffer[LOCAL_ID] += buffer[LOCAL_ID + step];
    SYNC_THREADS
  }
  if (LOCAL_ID == 0) partial[GROUP_ID] = buffer[0];
}

/// Adds values[i] to accumulators[i % numAccumulators] in 64-bit fixed point.
KERNEL void accumulate(GLOBAL const real* RESTRICT values, GLOBAL mm_long* RESTRICT accumulators, int n,
                       int numAccumulators) {
  for (int i = (int)GLOBAL_ID; i < n; i += (int)GLOBAL_SIZE) accumulateFixedPoint(&accumulators[i % numAccumulators], values[i]);
}

/// sizeof(real), sizeof(mixed), sizeof(real4), sizeof(mixed4), sizeof(mm_long), sizeof(real2).
KERNEL void typeSizes(GLOBAL int* sizes) {
  if (GLOBAL_ID == 0) {
    sizes[0] = (int)sizeof(real);
    sizes[1] = (int)sizeof(mixed);
    sizes[2] = (int)sizeof(real4);
    sizes[3] = (int)sizeof(mixed4);
    sizes[4] = (int)sizeof(mm_long);
    sizes[5] = (int)sizeof(real2);
  }
}

/// out[i] = (dot(b, b), cross(b, z).x, cross(b, z).y, length(a - a2)) with b = 2 * trimTo3(a) + (1, 1, 1).
KERNEL void vectorMath(GLOBAL const real4* RESTRICT a, GLOBAL real4* RESTRICT out, int n) {
  const int i = (int)GLOBAL_ID;
  if (i >= n) return;
  const real4 v = a[i];
  real3 b = trimTo3(v) * (real)2 + make_real3(1, 1, 1);
  const real3 c = cross(b, make_real3(0, 0, 1));
  real4 w = v;
  w -= make_real4(0, 0, 0, 1);
  w *= (real)1;
  out[i] = make_real4(dot(b, b), c.x, c.y, length(v - w));
}

/// Does nothing: measures launch overhead.
KERNEL void empty(int n) {}
