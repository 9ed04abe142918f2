// Tests of the GPU decorator's device interactions for two-centre LJ molecules with three point charges on every cell processor x
// precision x backend against a brute-force reference of the CPU site functions.
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

class GpuChargeModelTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuChargeModelTest);
  CPPUNIT_TEST(testChargesOnMultiCentreLJ);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testChargesOnMultiCentreLJ() {
    TestSystem s = makeSystem("ljcharges", 3, 150, 21);
    s.params->setReactionField(20.0);
    runEverywhere(s);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuChargeModelTest);
