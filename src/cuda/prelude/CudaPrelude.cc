// Device prelude of the CUDA backend: the common-dialect macros (KERNEL, GLOBAL_ID, SYNC_THREADS, ...)
// as CUDA, 64-bit integer names, arithmetic operators and geometric functions for the vector types,
// trimTo3, 64-bit atomic fixed-point addition and host constants as __constant__ module globals.

#define KERNEL extern "C" __global__
#define DEVICE __device__
#define LOCAL __shared__
#define LOCAL_ARG
#define GLOBAL
#define RESTRICT __restrict__
#define LOCAL_ID threadIdx.x
#define LOCAL_SIZE blockDim.x
#define GLOBAL_ID (blockIdx.x * blockDim.x + threadIdx.x)
#define GLOBAL_SIZE (blockDim.x * gridDim.x)
#define GROUP_ID blockIdx.x
#define NUM_GROUPS gridDim.x
#define SYNC_THREADS __syncthreads();
#if __CUDA_ARCH__ >= 700
#define SYNC_WARPS __syncwarp();
#else
#define SYNC_WARPS
#endif
#define MEM_FENCE __threadfence_block();
#define GLOBAL_FENCE __threadfence();
#define ATOMIC_ADD(dest, value) atomicAdd(dest, value)
#define ATOMIC_CAS(dest, compare, value) atomicCAS(dest, compare, value)
#define ATOMIC_EXCH(dest, value) atomicExch(dest, value)
#define ATOMIC_MAX(dest, value) atomicMax(dest, value)
// Bits set in a 32-bit word; with WARP_BALLOT, the predicate of every lane of a full warp as one word (bit l:
// lane l), where every lane of the warp reaches it.
#define POPCOUNT(x) __popc(x)
#if __CUDA_ARCH__ >= 700
#define WARP_BALLOT(predicate) __ballot_sync(0xffffffffu, (predicate))
// The `real` value v of lane srcLane of the same warp, where every lane of a full warp reaches it.
#define WARP_SHUFFLE_REAL(v, srcLane) __shfl_sync(0xffffffffu, (real) (v), (srcLane))
#endif
// 1/sqrt(x) by the hardware approximation, without the fix-up for subnormal arguments that rsqrtf adds (four
// instructions): for arguments that are normal numbers the result is rsqrtf's. Double stays rsqrt.
inline __device__ float fastRsqrt(float x) {
  float y;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
inline __device__ double fastRsqrt(double x) { return rsqrt(x); }
#define FAST_RSQRT(x) fastRsqrt(x)
// e^x and 1/x by the hardware approximations where `real` is float (ex2.approx: a few ulp for the arguments of
// Ewald's screening; rcp.approx: 1 ulp), without the scaling that keeps subnormal arguments and results (e^x
// below 1e-38 is 0), for terms whose own error is larger (the erfc approximation of the direct space); in
// double precision the exact functions.
#if defined(MM_DOUBLE_PRECISION)
#define FAST_EXP(x) exp(x)
#define FAST_RECIP(x) (1.0 / (x))
#else
inline __device__ float fastExp(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}
inline __device__ float fastRecip(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
#define FAST_EXP(x) fastExp(x)
#define FAST_RECIP(x) fastRecip(x)
#endif
// A double product rounded on its own, never fused with an addition (NVRTC fuses across statements).
#define MUL_ROUNDED(a, b) __dmul_rn((a), (b))
// 64-bit atomics on an unsigned word (mm_ulong) in local (shared) or global memory.
#define ATOMIC_ADD_U64(dest, value) atomicAdd((unsigned long long*) (dest), (unsigned long long) (value))
#define ATOMIC_CAS_U64(dest, compare, value) \
  atomicCAS((unsigned long long*) (dest), (unsigned long long) (compare), (unsigned long long) (value))
#define SUPPORTS_DOUBLE_PRECISION 1
#define SUPPORTS_64_BIT_ATOMICS 1

#define HOST_CONSTANT(type, name) __constant__ type name;
#define HOST_CONSTANT_ARRAY(type, name, count) __constant__ type name[count];
#define HOST_CONSTANTS

typedef long long mm_long;
typedef unsigned long long mm_ulong;
typedef unsigned int uint;

// Vector arithmetic (OpenCL has it built in).
#define MM_VECTOR_OPS_2(T, S)                                                                                      \
  inline __device__ T operator+(T a, T b) { return make_##T(a.x + b.x, a.y + b.y); }                             \
  inline __device__ T operator-(T a, T b) { return make_##T(a.x - b.x, a.y - b.y); }                             \
  inline __device__ T operator*(T a, T b) { return make_##T(a.x * b.x, a.y * b.y); }                             \
  inline __device__ T operator/(T a, T b) { return make_##T(a.x / b.x, a.y / b.y); }                             \
  inline __device__ T operator*(T a, S s) { return make_##T(a.x * s, a.y * s); }                                 \
  inline __device__ T operator*(S s, T a) { return make_##T(a.x * s, a.y * s); }                                 \
  inline __device__ T operator/(T a, S s) { return make_##T(a.x / s, a.y / s); }                                 \
  inline __device__ T operator-(T a) { return make_##T(-a.x, -a.y); }                                            \
  inline __device__ void operator+=(T& a, T b) { a.x += b.x; a.y += b.y; }                                       \
  inline __device__ void operator-=(T& a, T b) { a.x -= b.x; a.y -= b.y; }                                       \
  inline __device__ void operator*=(T& a, S s) { a.x *= s; a.y *= s; }                                           \
  inline __device__ void operator/=(T& a, S s) { a.x /= s; a.y /= s; }                                           \
  inline __device__ S dot(T a, T b) { return a.x * b.x + a.y * b.y; }

#define MM_VECTOR_OPS_3(T, S)                                                                                      \
  inline __device__ T operator+(T a, T b) { return make_##T(a.x + b.x, a.y + b.y, a.z + b.z); }                  \
  inline __device__ T operator-(T a, T b) { return make_##T(a.x - b.x, a.y - b.y, a.z - b.z); }                  \
  inline __device__ T operator*(T a, T b) { return make_##T(a.x * b.x, a.y * b.y, a.z * b.z); }                  \
  inline __device__ T operator/(T a, T b) { return make_##T(a.x / b.x, a.y / b.y, a.z / b.z); }                  \
  inline __device__ T operator*(T a, S s) { return make_##T(a.x * s, a.y * s, a.z * s); }                        \
  inline __device__ T operator*(S s, T a) { return make_##T(a.x * s, a.y * s, a.z * s); }                        \
  inline __device__ T operator/(T a, S s) { return make_##T(a.x / s, a.y / s, a.z / s); }                        \
  inline __device__ T operator-(T a) { return make_##T(-a.x, -a.y, -a.z); }                                      \
  inline __device__ void operator+=(T& a, T b) { a.x += b.x; a.y += b.y; a.z += b.z; }                           \
  inline __device__ void operator-=(T& a, T b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; }                           \
  inline __device__ void operator*=(T& a, S s) { a.x *= s; a.y *= s; a.z *= s; }                                 \
  inline __device__ void operator/=(T& a, S s) { a.x /= s; a.y /= s; a.z /= s; }                                 \
  inline __device__ S dot(T a, T b) { return a.x * b.x + a.y * b.y + a.z * b.z; }                                \
  inline __device__ T cross(T a, T b) {                                                                          \
    return make_##T(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);                        \
  }

#define MM_VECTOR_OPS_4(T, T3, S)                                                                                  \
  inline __device__ T operator+(T a, T b) { return make_##T(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }       \
  inline __device__ T operator-(T a, T b) { return make_##T(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }       \
  inline __device__ T operator*(T a, T b) { return make_##T(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }       \
  inline __device__ T operator/(T a, T b) { return make_##T(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w); }       \
  inline __device__ T operator*(T a, S s) { return make_##T(a.x * s, a.y * s, a.z * s, a.w * s); }               \
  inline __device__ T operator*(S s, T a) { return make_##T(a.x * s, a.y * s, a.z * s, a.w * s); }               \
  inline __device__ T operator/(T a, S s) { return make_##T(a.x / s, a.y / s, a.z / s, a.w / s); }               \
  inline __device__ T operator-(T a) { return make_##T(-a.x, -a.y, -a.z, -a.w); }                                \
  inline __device__ void operator+=(T& a, T b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }               \
  inline __device__ void operator-=(T& a, T b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; a.w -= b.w; }               \
  inline __device__ void operator*=(T& a, S s) { a.x *= s; a.y *= s; a.z *= s; a.w *= s; }                       \
  inline __device__ void operator/=(T& a, S s) { a.x /= s; a.y /= s; a.z /= s; a.w /= s; }                       \
  inline __device__ S dot(T a, T b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }                    \
  inline __device__ T cross(T a, T b) {                                                                          \
    return make_##T(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x, 0);                     \
  }                                                                                                              \
  inline __device__ T3 trimTo3(T a) { return make_##T3(a.x, a.y, a.z); }

MM_VECTOR_OPS_2(int2, int)
MM_VECTOR_OPS_3(int3, int)
MM_VECTOR_OPS_4(int4, int3, int)
MM_VECTOR_OPS_2(float2, float)
MM_VECTOR_OPS_3(float3, float)
MM_VECTOR_OPS_4(float4, float3, float)
MM_VECTOR_OPS_2(double2, double)
MM_VECTOR_OPS_3(double3, double)
MM_VECTOR_OPS_4(double4, double3, double)

inline __device__ float length(float2 a) { return sqrtf(dot(a, a)); }
inline __device__ float length(float3 a) { return sqrtf(dot(a, a)); }
inline __device__ float length(float4 a) { return sqrtf(dot(a, a)); }
inline __device__ double length(double2 a) { return sqrt(dot(a, a)); }
inline __device__ double length(double3 a) { return sqrt(dot(a, a)); }
inline __device__ double length(double4 a) { return sqrt(dot(a, a)); }
inline __device__ float3 normalize(float3 a) { return a * rsqrtf(dot(a, a)); }
inline __device__ double3 normalize(double3 a) { return a * rsqrt(dot(a, a)); }

/// Atomic addition of doubles (the order of additions changes the rounding: not deterministic).
inline __device__ void atomicAddDouble(double* target, double value) { atomicAdd(target, value); }

/// Atomic addition of floats (not deterministic; DeviceInfo::floatAtomicAdd).
inline __device__ void atomicAddFloat(float* target, float value) { atomicAdd(target, value); }

inline __device__ void atomicAddFixedPoint(mm_long* accumulator, mm_long value) {
  atomicAdd((unsigned long long*)accumulator, (unsigned long long)value);
}
