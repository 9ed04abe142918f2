// SimdLevelTest: names of the kernel variants, what this CPU supports, and --simd on the command line.
#include "io/CommandLine.h"
#include "utils/SimdLevel.h"

#include <cppunit/extensions/HelperMacros.h>

#include <iostream>

using namespace mardyn;

class SimdLevelTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(SimdLevelTest);
  CPPUNIT_TEST(namesRoundTrip);
  CPPUNIT_TEST(bestIsSupported);
  CPPUNIT_TEST(commandLine);
  CPPUNIT_TEST_SUITE_END();

 public:
  void namesRoundTrip() {
    for (SimdLevel l : allSimdLevels()) CPPUNIT_ASSERT(parseSimdLevel(simdLevelName(l)) == l);
    CPPUNIT_ASSERT(!parseSimdLevel("avx1024"));
  }

  void bestIsSupported() {
    CPPUNIT_ASSERT(cpuSupports(SimdLevel::Sse2));
    CPPUNIT_ASSERT(cpuSupports(bestSimdLevel()));
    for (SimdLevel l : allSimdLevels()) {
      CPPUNIT_ASSERT_EQUAL(cpuSupports(l), unsupportedReason(l).empty());
      std::cout << "\n  " << simdLevelName(l) << ": " << (cpuSupports(l) ? "supported" : unsupportedReason(l));
    }
  }

  void commandLine() {
    SimulationConfig c;
    CommandLine::apply(CommandLine::parse({"--simd", "sse2", "--cpu-cell-processor", "vectorized", "c.xml"}), c);
    CPPUNIT_ASSERT_EQUAL(std::string("sse2"), c.simd);
    CPPUNIT_ASSERT_EQUAL(std::string("vectorized"), c.cpuCellProcessor);
    CPPUNIT_ASSERT_THROW(CommandLine::parse({"--simd", "avx1024", "c.xml"}), CommandLine::UsageError);
    CPPUNIT_ASSERT_THROW(CommandLine::parse({"--cpu-cell-processor", "fastest", "c.xml"}), CommandLine::UsageError);
    for (SimdLevel l : allSimdLevels())
      if (!cpuSupports(l))  // a variant the CPU lacks is a usage error naming the reason
        CPPUNIT_ASSERT_THROW(CommandLine::parse({"--simd", simdLevelName(l), "c.xml"}), CommandLine::UsageError);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SimdLevelTest);
