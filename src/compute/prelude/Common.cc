// Device prelude shared by all backends, compiled after the backend's own prelude: the precision types
// real/mixed with their vector types and make_ functions, and 64-bit fixed-point accumulation.
// The host defines exactly one of MM_SINGLE_PRECISION, MM_MIXED_PRECISION, MM_DOUBLE_PRECISION.

#if defined(MM_DOUBLE_PRECISION)
typedef double real;
typedef double2 real2;
typedef double3 real3;
typedef double4 real4;
#define make_real2 make_double2
#define make_real3 make_double3
#define make_real4 make_double4
#else
typedef float real;
typedef float2 real2;
typedef float3 real3;
typedef float4 real4;
#define make_real2 make_float2
#define make_real3 make_float3
#define make_real4 make_float4
#endif

#if defined(MM_DOUBLE_PRECISION) || defined(MM_MIXED_PRECISION)
typedef double mixed;
typedef double2 mixed2;
typedef double3 mixed3;
typedef double4 mixed4;
#define make_mixed2 make_double2
#define make_mixed3 make_double3
#define make_mixed4 make_double4
#else
typedef float mixed;
typedef float2 mixed2;
typedef float3 mixed3;
typedef float4 mixed4;
#define make_mixed2 make_float2
#define make_mixed3 make_float3
#define make_mixed4 make_float4
#endif

// e^x and 1/x where `real` is float by the hardware's approximations, for terms whose own error is larger (the
// erfc approximation of Ewald's direct space): on NVIDIA GPUs (CUDA, OpenCL with PTX) ex2/rcp.approx without the
// scaling that keeps subnormal arguments and results (a few ulp; e^x below 1e-38 is 0), elsewhere OpenCL's
// native functions. In double precision the exact functions.
#if defined(MM_DOUBLE_PRECISION)
#define FAST_EXP(x) exp(x)
#define FAST_RECIP(x) (1.0 / (x))
#elif defined(__CUDA_ARCH__) || defined(MM_NVIDIA_PTX)
DEVICE float ptxFastExp(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}
DEVICE float ptxFastRecip(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
#define FAST_EXP(x) ptxFastExp(x)
#define FAST_RECIP(x) ptxFastRecip(x)
#else
#define FAST_EXP(x) native_exp(x)
#define FAST_RECIP(x) native_recip(x)
#endif

// 64-bit fixed point with 32 fractional bits: exact, order-independent sums of values |x| < 2^31.
#define FIXED_POINT_SCALE 4294967296.0f

DEVICE mm_long realToFixedPoint(real x) { return (mm_long)(x * (real)FIXED_POINT_SCALE); }

DEVICE real fixedPointToReal(mm_long x) { return (real)x / (real)FIXED_POINT_SCALE; }

/// Adds x to a fixed-point accumulator in global memory (atomically).
DEVICE void accumulateFixedPoint(GLOBAL mm_long* accumulator, real x) {
  atomicAddFixedPoint(accumulator, realToFixedPoint(x));
}
