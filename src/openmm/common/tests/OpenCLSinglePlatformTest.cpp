// The platform test bodies on the OpenCL platform in single precision (ctest openmm.OpenCLSinglePlatformTest).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(OpenCLSinglePlatformTest, "OpenCL", "single");
