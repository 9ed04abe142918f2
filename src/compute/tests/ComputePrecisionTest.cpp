// Each precision mode gives the device types it promises: sizeof(real), sizeof(mixed) and their
// vector types as compiled on every backend, and the context reports the same sizes.
#include <cppunit/extensions/HelperMacros.h>

#include "compute/ComputeArray.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class ComputePrecisionTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputePrecisionTest);
  CPPUNIT_TEST(deviceTypeSizes);
  CPPUNIT_TEST(precisionNames);
  CPPUNIT_TEST_SUITE_END();

 public:
  void deviceTypeSizes() {
    struct Expected {
      Precision precision;
      int real, mixed;
    };
    for (const Expected& e : {Expected{Precision::Single, 4, 4}, Expected{Precision::Mixed, 4, 8},
                              Expected{Precision::Double, 8, 8}}) {
      for (const auto& options : ComputeTestDevices::all(e.precision)) {
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        CPPUNIT_ASSERT_EQUAL(std::size_t(e.real), context->realSize());
        CPPUNIT_ASSERT_EQUAL(std::size_t(e.mixed), context->mixedSize());
        auto program = context->compileProgram(ComputeTestDevices::testKernels(), {}, "sizes");
        ComputeArray<int> sizes(*context, 6, "sizes");
        program->createKernel("typeSizes")->call().arg(sizes).execute(1);
        const auto s = sizes.download();
        const std::string label = ComputeTestDevices::label(*context);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(label, e.real, s[0]);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(label, e.mixed, s[1]);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(label, 4 * e.real, s[2]);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(label, 4 * e.mixed, s[3]);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(label, 8, s[4]);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(label, 2 * e.real, s[5]);
      }
    }
  }

  void precisionNames() {
    CPPUNIT_ASSERT(parsePrecision("Mixed") == Precision::Mixed);
    CPPUNIT_ASSERT_EQUAL(std::string("double"), precisionName(parsePrecision("double")));
    CPPUNIT_ASSERT_THROW(parsePrecision("half"), ComputeException);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputePrecisionTest);
