// Host-side vector types with the size and alignment of the device types of the same name without
// the mm_ prefix (int2, float4, double4, ...), for kernel arguments and array elements. There are no
// three-component types: CUDA and OpenCL lay them out differently.
#pragma once

#include <cstdint>

namespace mardyn::compute {

// clang-format off
struct alignas(4)  mm_short2  { int16_t x, y; };
struct alignas(8)  mm_short4  { int16_t x, y, z, w; };
struct alignas(8)  mm_int2    { int32_t x, y; };
struct alignas(16) mm_int4    { int32_t x, y, z, w; };
struct alignas(8)  mm_uint2   { uint32_t x, y; };
struct alignas(16) mm_uint4   { uint32_t x, y, z, w; };
struct alignas(8)  mm_float2  { float x, y; };
struct alignas(16) mm_float4  { float x, y, z, w; };
struct alignas(16) mm_double2 { double x, y; };
struct alignas(32) mm_double4 { double x, y, z, w; };
// clang-format on

using mm_long = int64_t;
using mm_ulong = uint64_t;

static_assert(sizeof(mm_int2) == 8 && sizeof(mm_int4) == 16, "int vector layout");
static_assert(sizeof(mm_float2) == 8 && sizeof(mm_float4) == 16, "float vector layout");
static_assert(sizeof(mm_double2) == 16 && sizeof(mm_double4) == 32, "double vector layout");

}  // namespace mardyn::compute
