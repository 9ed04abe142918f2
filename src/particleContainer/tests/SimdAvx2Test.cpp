// SimdAvx2Test: the avx2 variant of the CPU pair kernels against brute force (skipped where the CPU lacks it).
#include "particleContainer/tests/SimdVariantChecks.h"

MARDYN_SIMD_VARIANT_TEST(SimdAvx2Test, mardyn::SimdLevel::Avx2);
