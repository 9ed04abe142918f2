// Tests of the GPU decorator's device interactions for Stockmayer molecules (LJ + point dipole, reaction field) on every cell processor x
// precision x backend against a brute-force reference of the CPU site functions.
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

class GpuDipolarModelTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuDipolarModelTest);
  CPPUNIT_TEST(testDipolarWithReactionField);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testDipolarWithReactionField() {
    TestSystem s = makeSystem("dipolar", 3, 150, 22);
    s.params->setReactionField(20.0);
    runEverywhere(s);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuDipolarModelTest);
