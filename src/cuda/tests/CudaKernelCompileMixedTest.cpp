// Every kernel file of the project compiles through NVRTC for sm_70/80/90 in mixed precision (no GPU
// needed); see CudaKernelCompileCheck.h.
#include "cuda/tests/CudaKernelCompileCheck.h"

class CudaKernelCompileMixedTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CudaKernelCompileMixedTest);
  CPPUNIT_TEST(everyKernelFileCompiles);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyKernelFileCompiles() {
    mardyn::cuda::testing::compileEveryKernelFile(mardyn::compute::Precision::Mixed);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CudaKernelCompileMixedTest);
