// The platform test bodies on the OpenCL platform in single, mixed and double precision: the suites
// openmm.OpenCLSinglePlatformTest, ...Mixed... and ...Double... from one translation unit (the bodies compiled once).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(OpenCLSinglePlatformTest, "OpenCL", "single");
COMPUTE_PLATFORM_TEST(OpenCLMixedPlatformTest, "OpenCL", "mixed");
COMPUTE_PLATFORM_TEST(OpenCLDoublePlatformTest, "OpenCL", "double");
