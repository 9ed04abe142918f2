// The platform test bodies on the OpenCL platform in double precision (ctest openmm.OpenCLDoublePlatformTest).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(OpenCLDoublePlatformTest, "OpenCL", "double");
