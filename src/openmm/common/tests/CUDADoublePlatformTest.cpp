// The platform test bodies on the CUDA platform in double precision (ctest openmm.CUDADoublePlatformTest).
#include "ComputePlatformTest.h"

COMPUTE_PLATFORM_TEST(CUDADoublePlatformTest, "CUDA", "double");
