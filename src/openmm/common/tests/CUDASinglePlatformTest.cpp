// The platform test bodies on the CUDA platform in single precision (ctest openmm.CUDASinglePlatformTest).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(CUDASinglePlatformTest, "CUDA", "single");
