// ReferencePlatformTest: runs every platform test body (PlatformTestBase) on the Reference platform.
// ctest entry openmm.ReferencePlatformTest.
#include "PlatformTestBase.h"

class ReferencePlatformTest : public PlatformTestBase {
  CPPUNIT_TEST_SUB_SUITE(ReferencePlatformTest, PlatformTestBase);
  CPPUNIT_TEST_SUITE_END();

protected:
  std::string platformName() const override { return "Reference"; }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReferencePlatformTest);
