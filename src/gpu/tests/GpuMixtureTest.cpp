// Tests of the GPU decorator's device interactions for a mixture of all model classes with xi/eta mixing on every cell processor x
// precision x backend against a brute-force reference of the CPU site functions.
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

class GpuMixtureTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuMixtureTest);
  CPPUNIT_TEST(testMixture);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testMixture() {
    TestSystem s = makeSystem("mixture", 3, 200, 24);
    s.params->setReactionField(20.0);
    runEverywhere(s, {64});
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuMixtureTest);
