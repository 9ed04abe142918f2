// NVRTC compilation without a GPU: a compile error carries NVRTC's log naming the offending identifier
// and the program, and the architecture choice for a device never exceeds its compute capability.
#include <cppunit/extensions/HelperMacros.h>

#include "compute/ComputeCompileError.h"
#include "cuda/CudaCompiler.h"

using namespace mardyn::compute;
using mardyn::cuda::CudaCompiler;

class CudaCompilerTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CudaCompilerTest);
  CPPUNIT_TEST(compileErrorCarriesLog);
  CPPUNIT_TEST(architectureChoice);
  CPPUNIT_TEST_SUITE_END();

 public:
  void compileErrorCarriesLog() {
    CudaCompiler compiler("");
    const std::string source = CudaCompiler::fullSource("KERNEL void k(GLOBAL int* x) { x[0] = missingName; }", {},
                                                        Precision::Single, "broken.cc");
    try {
      compiler.compile(source, "broken.cc", CudaCompiler::architectureFor(90), "test");
      CPPUNIT_FAIL("compiling broken code did not throw");
    } catch (const ComputeCompileError& error) {
      CPPUNIT_ASSERT_MESSAGE(error.log(), error.log().find("missingName") != std::string::npos);
      CPPUNIT_ASSERT_MESSAGE(error.log(), error.log().find("broken.cc") != std::string::npos);
      CPPUNIT_ASSERT_EQUAL(std::string("broken.cc"), error.program());
    }
  }

  void architectureChoice() {
    const auto archs = CudaCompiler::supportedArchitectures();
    CPPUNIT_ASSERT(!archs.empty());
    CPPUNIT_ASSERT_EQUAL(90, CudaCompiler::architectureFor(90));
    CPPUNIT_ASSERT_EQUAL(89, CudaCompiler::architectureFor(89));
    CPPUNIT_ASSERT(CudaCompiler::architectureFor(999) >= 90);
    CPPUNIT_ASSERT_THROW(CudaCompiler::architectureFor(10), ComputeException);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CudaCompilerTest);
