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

// 64-bit fixed point with 32 fractional bits: exact, order-independent sums of values |x| < 2^31.
#define FIXED_POINT_SCALE 4294967296.0f

DEVICE mm_long realToFixedPoint(real x) { return (mm_long)(x * (real)FIXED_POINT_SCALE); }

DEVICE real fixedPointToReal(mm_long x) { return (real)x / (real)FIXED_POINT_SCALE; }

/// Adds x to a fixed-point accumulator in global memory (atomically).
DEVICE void accumulateFixedPoint(GLOBAL mm_long* accumulator, real x) {
  atomicAddFixedPoint(accumulator, realToFixedPoint(x));
}
