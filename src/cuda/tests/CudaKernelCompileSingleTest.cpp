// Every kernel file of the project compiles through NVRTC for sm_70/80/90 in single precision (no GPU
// needed); see CudaKernelCompileCheck.h.
#include "cuda/tests/CudaKernelCompileCheck.h"

class CudaKernelCompileSingleTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CudaKernelCompileSingleTest);
  CPPUNIT_TEST(everyKernelFileCompiles);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyKernelFileCompiles() {
    mardyn::cuda::testing::compileEveryKernelFile(mardyn::compute::Precision::Single);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CudaKernelCompileSingleTest);
