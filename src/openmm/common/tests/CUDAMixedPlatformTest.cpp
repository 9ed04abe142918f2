// The platform test bodies on the CUDA platform in mixed precision (ctest openmm.CUDAMixedPlatformTest).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(CUDAMixedPlatformTest, "CUDA", "mixed");
