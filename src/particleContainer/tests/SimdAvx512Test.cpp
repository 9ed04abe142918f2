// SimdAvx512Test: the avx512 variant of the CPU pair kernels against brute force (skipped where the CPU lacks it).
#include "particleContainer/tests/SimdVariantChecks.h"

MARDYN_SIMD_VARIANT_TEST(SimdAvx512Test, mardyn::SimdLevel::Avx512);
