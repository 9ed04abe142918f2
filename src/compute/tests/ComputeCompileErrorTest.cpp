// Compile errors on every backend throw ComputeCompileError carrying the compiler's log, which names
// the offending identifier and the program.
#include <cppunit/extensions/HelperMacros.h>

#include "compute/ComputeCompileError.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class ComputeCompileErrorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputeCompileErrorTest);
  CPPUNIT_TEST(logIsReported);
  CPPUNIT_TEST_SUITE_END();

 public:
  void logIsReported() {
    const std::string source = "KERNEL void broken(GLOBAL float* x) {\n  x[0] = undefinedSymbolXyz;\n}\n";
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      bool thrown = false;
      try {
        context->compileProgram(source, {}, "brokenProgram");
      } catch (const ComputeCompileError& error) {
        thrown = true;
        CPPUNIT_ASSERT_EQUAL(std::string("brokenProgram"), error.program());
        CPPUNIT_ASSERT_MESSAGE(error.log(), error.log().find("undefinedSymbolXyz") != std::string::npos);
        CPPUNIT_ASSERT(std::string(error.what()).find("undefinedSymbolXyz") != std::string::npos);
      }
      CPPUNIT_ASSERT_MESSAGE(ComputeTestDevices::label(*context), thrown);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputeCompileErrorTest);
