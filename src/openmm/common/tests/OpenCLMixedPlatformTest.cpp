// The platform test bodies on the OpenCL platform in mixed precision (ctest openmm.OpenCLMixedPlatformTest).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(OpenCLMixedPlatformTest, "OpenCL", "mixed");
