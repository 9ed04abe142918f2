// Tests of the GPU decorator's settings: backend/device, processor, precision and option keys from
// the configuration and MARDYN_GPU_OPTIONS, and the errors for bad values; the processor registry.
#include "gpu/CellProcessorRegistry.h"
#include "gpu/GpuOptions.h"
#include "io/SimulationConfig.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>

using namespace mardyn;
using namespace mardyn::gpu;

class GpuOptionsTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuOptionsTest);
  CPPUNIT_TEST(testFromConfig);
  CPPUNIT_TEST(testEnvironmentOverrides);
  CPPUNIT_TEST(testBadValuesAreNamed);
  CPPUNIT_TEST(testRegistry);
  CPPUNIT_TEST_SUITE_END();

 public:
  void setUp() override { unsetenv("MARDYN_GPU_OPTIONS"); }
  void tearDown() override { unsetenv("MARDYN_GPU_OPTIONS"); }

  void testFromConfig() {
    GpuConfig c;
    c.enabled = true;
    c.backend = "CUDA:1";
    c.cellProcessor = "reference";
    c.precision = "double";
    c.options = {{"blockSize", "128"}, {"compareToCpu", "true"}, {"compareTolerance", "1e-9"}};
    const GpuOptions o = GpuOptions::fromConfig(c);
    CPPUNIT_ASSERT_EQUAL(std::string("cuda"), o.backend);
    CPPUNIT_ASSERT_EQUAL(1, o.deviceIndex);
    CPPUNIT_ASSERT_EQUAL(std::string("reference"), o.cellProcessor);
    CPPUNIT_ASSERT(o.precision == compute::Precision::Double);
    CPPUNIT_ASSERT_EQUAL(128, o.blockSize);
    CPPUNIT_ASSERT(o.compareToCpu);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1e-9, o.effectiveTolerance(), 0.0);
    const GpuOptions d = GpuOptions::fromConfig(GpuConfig{});
    CPPUNIT_ASSERT(d.precision == compute::Precision::Double);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1e-8, d.effectiveTolerance(), 0.0);
  }

  void testEnvironmentOverrides() {
    setenv("MARDYN_GPU_OPTIONS", "compareToCpu=1,blockSize=64,device=opencl:0", 1);
    GpuConfig c;
    c.options = {{"blockSize", "32"}};
    const GpuOptions o = GpuOptions::fromConfig(c);
    CPPUNIT_ASSERT(o.compareToCpu);
    CPPUNIT_ASSERT_EQUAL(64, o.blockSize);
    CPPUNIT_ASSERT_EQUAL(std::string("opencl"), o.backend);
    CPPUNIT_ASSERT_EQUAL(0, o.deviceIndex);
    setenv("MARDYN_GPU_OPTIONS", "compareToCpu", 1);
    CPPUNIT_ASSERT_THROW(GpuOptions::fromConfig(GpuConfig{}), MardynException);
  }

  void testBadValuesAreNamed() {
    auto message = [](const GpuConfig& c) {
      try {
        GpuOptions::fromConfig(c);
      } catch (const MardynException& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    GpuConfig c;
    c.options = {{"blockSize", "many"}};
    CPPUNIT_ASSERT(message(c).find("blockSize='many'") != std::string::npos);
    c.options = {{"noSuchKey", "1"}};
    CPPUNIT_ASSERT(message(c).find("noSuchKey") != std::string::npos);
    c.options.clear();
    c.precision = "quadruple";
    CPPUNIT_ASSERT(message(c).find("quadruple") != std::string::npos);
  }

  void testRegistry() {
    CPPUNIT_ASSERT_EQUAL(std::string("threadBlock"), CellProcessorRegistry::find("THREADBLOCK").name);
    CPPUNIT_ASSERT_EQUAL(std::string("reference"), CellProcessorRegistry::find("reference").name);
    try {
      CellProcessorRegistry::find("warpblock");
      CPPUNIT_FAIL("unknown processor accepted");
    } catch (const MardynException& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("available: reference, threadBlock") != std::string::npos);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuOptionsTest);
