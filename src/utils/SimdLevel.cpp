// SimdLevel: names of the kernel variants and the CPU's support for them (cpuid through the compiler).
#include "utils/SimdLevel.h"

namespace mardyn {

const char* simdLevelName(SimdLevel level) {
  switch (level) {
    case SimdLevel::Sse2: return "sse2";
    case SimdLevel::Avx2: return "avx2";
    case SimdLevel::Avx512: return "avx512";
  }
  return "?";
}

std::optional<SimdLevel> parseSimdLevel(const std::string& name) {
  for (SimdLevel l : allSimdLevels())
    if (name == simdLevelName(l)) return l;
  return std::nullopt;
}

std::vector<SimdLevel> allSimdLevels() { return {SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}; }

std::string unsupportedReason(SimdLevel level) {
  if (level == SimdLevel::Sse2) return {};
#if MARDYN_SIMD_X86
  __builtin_cpu_init();
  const char* needed[] = {"avx2", "fma", "avx512f", "avx512vl", "avx512dq"};
  const int count = level == SimdLevel::Avx2 ? 2 : 5;
  for (int i = 0; i < count; ++i) {
    bool has = false;
    switch (i) {  // __builtin_cpu_supports needs a literal
      case 0: has = __builtin_cpu_supports("avx2"); break;
      case 1: has = __builtin_cpu_supports("fma"); break;
      case 2: has = __builtin_cpu_supports("avx512f"); break;
      case 3: has = __builtin_cpu_supports("avx512vl"); break;
      case 4: has = __builtin_cpu_supports("avx512dq"); break;
    }
    if (!has) return std::string("the CPU lacks ") + needed[i];
  }
  return {};
#else
  return std::string("the ") + simdLevelName(level) + " kernels are built for x86-64 only";
#endif
}

bool cpuSupports(SimdLevel level) { return unsupportedReason(level).empty(); }

SimdLevel bestSimdLevel() {
  SimdLevel best = SimdLevel::Sse2;
  for (SimdLevel l : allSimdLevels())
    if (cpuSupports(l)) best = l;
  return best;
}

}  // namespace mardyn
