// SimdSse2Test: the sse2 variant of the CPU pair kernels against brute force (skipped where the CPU lacks it).
#include "particleContainer/tests/SimdVariantChecks.h"

MARDYN_SIMD_VARIANT_TEST(SimdSse2Test, mardyn::SimdLevel::Sse2);
