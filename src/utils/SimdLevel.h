// SimdLevel: the instruction-set variants of the CPU hot kernels (SSE2 baseline, AVX2 + FMA, AVX-512),
// what this CPU supports, and the function attributes that compile one kernel body for each of them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mardyn {

/// Variants of the CPU pair kernels, one binary for all: every variant is compiled, one is chosen at
/// start-up (the best the CPU supports, or the one asked for with --simd).
enum class SimdLevel { Sse2, Avx2, Avx512 };

/// "sse2", "avx2", "avx512".
const char* simdLevelName(SimdLevel level);
/// The level of a name (as simdLevelName writes it), or nothing.
std::optional<SimdLevel> parseSimdLevel(const std::string& name);
/// Every level, lowest first.
std::vector<SimdLevel> allSimdLevels();
/// Whether this CPU (and this build) can run the level's kernels. SSE2 is the x86-64 baseline (on
/// other architectures: the compiler's default code), so always true.
bool cpuSupports(SimdLevel level);
/// The highest level cpuSupports.
SimdLevel bestSimdLevel();
/// Why a level cannot run here ("the CPU lacks avx512f"), empty if it can.
std::string unsupportedReason(SimdLevel level);

/// The one of three variants of a kernel (function pointers) that belongs to a level.
template <class F>
F simdVariant(SimdLevel level, F sse2, F avx2, F avx512) {
  return level == SimdLevel::Avx512 ? avx512 : level == SimdLevel::Avx2 ? avx2 : sse2;
}

}  // namespace mardyn

// Function attributes compiling a kernel for a level (GCC and Clang on x86-64; elsewhere every level
// falls back to the default code and cpuSupports says no above SSE2).
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define MARDYN_SIMD_X86 1
#define MARDYN_TARGET_AVX2 __attribute__((target("avx2,fma")))
#define MARDYN_TARGET_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma")))
#else
#define MARDYN_SIMD_X86 0
#define MARDYN_TARGET_AVX2
#define MARDYN_TARGET_AVX512
#endif

/// Defines NAME##Sse2, NAME##Avx2 and NAME##Avx512, each `RET NAME##Level PARAMS { return CALL; }`:
/// one kernel body (CALL, usually an always-inline template) compiled for every level.
#define MARDYN_SIMD_VARIANTS(RET, NAME, PARAMS, CALL) \
  RET NAME##Sse2 PARAMS { return CALL; }              \
  MARDYN_TARGET_AVX2 RET NAME##Avx2 PARAMS { return CALL; } \
  MARDYN_TARGET_AVX512 RET NAME##Avx512 PARAMS { return CALL; }
