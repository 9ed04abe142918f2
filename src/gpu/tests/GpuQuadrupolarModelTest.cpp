// Tests of the GPU decorator's device interactions for two-centre LJ molecules with a point quadrupole on every cell processor x
// precision x backend against a brute-force reference of the CPU site functions.
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

class GpuQuadrupolarModelTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuQuadrupolarModelTest);
  CPPUNIT_TEST(testQuadrupolar);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testQuadrupolar() {
    TestSystem s = makeSystem("quadrupolar", 3, 150, 23);
    s.params->setReactionField(20.0);
    runEverywhere(s);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuQuadrupolarModelTest);
