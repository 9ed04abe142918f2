// The platform test bodies on the CUDA platform in single, mixed and double precision: the suites
// openmm.CUDASinglePlatformTest, ...Mixed... and ...Double... from one translation unit (the bodies compiled once).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(CUDASinglePlatformTest, "CUDA", "single");
COMPUTE_PLATFORM_TEST(CUDAMixedPlatformTest, "CUDA", "mixed");
COMPUTE_PLATFORM_TEST(CUDADoublePlatformTest, "CUDA", "double");
