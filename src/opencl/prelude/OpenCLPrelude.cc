// Device prelude of the OpenCL backend: the common-dialect macros as OpenCL C, make_ constructors and
// trimTo3 (CUDA style), 64-bit integer names and fixed-point atomic addition, with a two-word 32-bit
// emulation where the device lacks 64-bit atomics. The host puts SUPPORTS_* and the extension
// pragmas in front of this file.

#define KERNEL __kernel
#define DEVICE
#define LOCAL __local
#define LOCAL_ARG __local
#define GLOBAL __global
#define RESTRICT restrict
#define LOCAL_ID get_local_id(0)
#define LOCAL_SIZE get_local_size(0)
#define GLOBAL_ID get_global_id(0)
#define GLOBAL_SIZE get_global_size(0)
#define GROUP_ID get_group_id(0)
#define NUM_GROUPS get_num_groups(0)
#define SYNC_THREADS barrier(CLK_LOCAL_MEM_FENCE + CLK_GLOBAL_MEM_FENCE);
// Lock-step execution is not assumed: SYNC_WARPS is a sub-group barrier where sub-groups exist and a
// work-group barrier otherwise, so it must be reached by every work-item of the work-group. On NVIDIA GPUs
// (MM_NVIDIA_PTX) it is the warp barrier of PTX, as __syncwarp on CUDA: it orders the 32 lanes of one warp
// (its local-memory accesses included) and every lane of the warp must reach it.
#if defined(MM_NVIDIA_PTX)
#define SYNC_WARPS asm volatile("bar.warp.sync -1;" ::: "memory");
#elif defined(MM_USE_SUB_GROUPS)
#define SYNC_WARPS sub_group_barrier(CLK_LOCAL_MEM_FENCE);
#else
#define SYNC_WARPS barrier(CLK_LOCAL_MEM_FENCE);
#endif
#define MEM_FENCE mem_fence(CLK_LOCAL_MEM_FENCE + CLK_GLOBAL_MEM_FENCE);
#define GLOBAL_FENCE mem_fence(CLK_GLOBAL_MEM_FENCE);
#define ATOMIC_ADD(dest, value) atom_add(dest, value)
#define ATOMIC_CAS(dest, compare, value) atomic_cmpxchg(dest, compare, value)
#define ATOMIC_EXCH(dest, value) atomic_xchg(dest, value)
#define ATOMIC_MAX(dest, value) atomic_max(dest, value)
// Bits set in a 32-bit word; WARP_BALLOT (the predicate of every lane of a full warp as one word, bit l: lane
// l) only on NVIDIA GPUs, where kernels elsewhere use local memory.
#define POPCOUNT(x) popcount(x)
#if defined(MM_NVIDIA_PTX)
DEVICE uint nvidiaWarpBallot(int predicate) {
  uint mask;
  asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; vote.sync.ballot.b32 %0, p, -1; }" : "=r"(mask) : "r"(predicate));
  return mask;
}
#define WARP_BALLOT(predicate) nvidiaWarpBallot((int) (predicate))
// The `real` value v of lane srcLane of the same warp, where every lane of a full warp reaches it.
DEVICE uint nvidiaWarpShuffle(uint v, int srcLane) {
  uint r;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, -1;" : "=r"(r) : "r"(v), "r"(srcLane));
  return r;
}
#if defined(MM_DOUBLE_PRECISION)
DEVICE double nvidiaWarpShuffleReal(double v, int srcLane) {
  const uint2 w = as_uint2(v);
  return as_double((uint2) (nvidiaWarpShuffle(w.x, srcLane), nvidiaWarpShuffle(w.y, srcLane)));
}
#else
DEVICE float nvidiaWarpShuffleReal(float v, int srcLane) { return as_float(nvidiaWarpShuffle(as_uint(v), srcLane)); }
#endif
#define WARP_SHUFFLE_REAL(v, srcLane) nvidiaWarpShuffleReal((v), (srcLane))
#endif
// 1/sqrt(x) of a normal number `real` x: on NVIDIA GPUs in single and mixed precision the hardware
// approximation without the fix-up for subnormal arguments (as on CUDA), else the built-in rsqrt.
#if defined(MM_NVIDIA_PTX) && !defined(MM_DOUBLE_PRECISION)
DEVICE float nvidiaFastRsqrt(float x) {
  float y;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
#define FAST_RSQRT(x) nvidiaFastRsqrt(x)
#else
#define FAST_RSQRT(x) rsqrt(x)
#endif
// e^x and 1/x by the device's native approximations where `real` is float, for terms whose own error is larger
// (the erfc approximation of Ewald's direct space); in double precision the exact functions.
#if defined(MM_DOUBLE_PRECISION)
#define FAST_EXP(x) exp(x)
#define FAST_RECIP(x) (1.0 / (x))
#elif defined(MM_NVIDIA_PTX)
DEVICE float nvidiaFastExp(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}
DEVICE float nvidiaFastRecip(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
#define FAST_EXP(x) nvidiaFastExp(x)
#define FAST_RECIP(x) nvidiaFastRecip(x)
#else
#define FAST_EXP(x) native_exp(x)
#define FAST_RECIP(x) native_recip(x)
#endif

// A product rounded on its own: OpenCL C fuses a product with an addition only within one expression, so a
// product written as a statement of its own stays unfused.
#define MUL_ROUNDED(a, b) ((a) * (b))

#define HOST_CONSTANT(type, name)
#define HOST_CONSTANT_ARRAY(type, name, count)

typedef long mm_long;
typedef ulong mm_ulong;

#define make_short2(x, y) ((short2)((x), (y)))
#define make_short3(x, y, z) ((short3)((x), (y), (z)))
#define make_short4(x, y, z, w) ((short4)((x), (y), (z), (w)))
#define make_int2(x, y) ((int2)((x), (y)))
#define make_int3(x, y, z) ((int3)((x), (y), (z)))
#define make_int4(x, y, z, w) ((int4)((x), (y), (z), (w)))
#define make_uint2(x, y) ((uint2)((x), (y)))
#define make_uint3(x, y, z) ((uint3)((x), (y), (z)))
#define make_uint4(x, y, z, w) ((uint4)((x), (y), (z), (w)))
#define make_float2(x, y) ((float2)((x), (y)))
#define make_float3(x, y, z) ((float3)((x), (y), (z)))
#define make_float4(x, y, z, w) ((float4)((x), (y), (z), (w)))
#define make_double2(x, y) ((double2)((x), (y)))
#define make_double3(x, y, z) ((double3)((x), (y), (z)))
#define make_double4(x, y, z, w) ((double4)((x), (y), (z), (w)))
#define trimTo3(v) ((v).xyz)

// 64-bit atomics on an unsigned word (mm_ulong) in local memory. Without cl_khr_int64_base_atomics they
// are plain read-modify-writes: correct only while one work-item uses the word, as in a work-group of one
// warp whose lane 0 alone takes jobs (the warp-block scheduler on OpenCL).
#if defined(SUPPORTS_64_BIT_ATOMICS)
#define ATOMIC_ADD_U64(dest, value) atom_add((volatile LOCAL ulong*) (dest), (ulong) (value))
#define ATOMIC_CAS_U64(dest, compare, value) atom_cmpxchg((volatile LOCAL ulong*) (dest), (ulong) (compare), (ulong) (value))
#else
DEVICE ulong localAddU64(LOCAL ulong* dest, ulong value) {
  const ulong old = *dest;
  *dest = old + value;
  return old;
}
DEVICE ulong localCasU64(LOCAL ulong* dest, ulong compare, ulong value) {
  const ulong old = *dest;
  if (old == compare) *dest = value;
  return old;
}
#define ATOMIC_ADD_U64(dest, value) localAddU64((LOCAL ulong*) (dest), (ulong) (value))
#define ATOMIC_CAS_U64(dest, compare, value) localCasU64((LOCAL ulong*) (dest), (ulong) (compare), (ulong) (value))
#endif

#if defined(SUPPORTS_64_BIT_ATOMICS) && defined(SUPPORTS_DOUBLE_PRECISION)
/// Atomic addition of doubles through a compare-and-swap loop (the order of additions changes the
/// rounding: not deterministic).
DEVICE void atomicAddDouble(GLOBAL double* target, double value) {
  volatile GLOBAL ulong* word = (volatile GLOBAL ulong*) target;
  ulong old = *word, assumed;
  do {
    assumed = old;
    old = atom_cmpxchg(word, assumed, as_ulong(as_double(assumed) + value));
  } while (old != assumed);
}
#endif

#if defined(MM_NVIDIA_PTX)
/// Atomic addition of floats, the GPU's reduction instruction (not deterministic; DeviceInfo::floatAtomicAdd).
DEVICE void atomicAddFloat(GLOBAL float* target, float value) {
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(target), "f"(value) : "memory");
}
#endif

#if defined(SUPPORTS_64_BIT_ATOMICS)
DEVICE void atomicAddFixedPoint(GLOBAL mm_long* accumulator, mm_long value) {
  atom_add((volatile GLOBAL long*)accumulator, value);
}
#else
// Two 32-bit words, low word first (little-endian device): the carry out of each atomic addition to the
// low word goes into the high word, so the final 64-bit sum is exact whatever the order.
DEVICE void atomicAddFixedPoint(GLOBAL mm_long* accumulator, mm_long value) {
  volatile GLOBAL uint* words = (volatile GLOBAL uint*)accumulator;
  const uint low = (uint)value;
  uint high = (uint)(((ulong)value) >> 32);
  const uint old = atomic_add(&words[0], low);
  if (old + low < old) high += 1u;
  if (high != 0u) atomic_add(&words[1], high);
}
#endif
