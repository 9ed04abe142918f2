// Every kernel file of the project compiles through NVRTC for sm_70/80/90 in double precision (no GPU
// needed); see CudaKernelCompileCheck.h.
#include "cuda/tests/CudaKernelCompileCheck.h"

class CudaKernelCompileDoubleTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CudaKernelCompileDoubleTest);
  CPPUNIT_TEST(everyKernelFileCompiles);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyKernelFileCompiles() {
    mardyn::cuda::testing::compileEveryKernelFile(mardyn::compute::Precision::Double);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CudaKernelCompileDoubleTest);
