// 64-bit fixed-point accumulation on every backend and precision: many threads add into a few
// accumulators with atomics; the sums equal the host's fixed-point sums exactly and are bitwise the
// same from run to run. On OpenCL it also runs with the 32-bit two-word emulation.
#include <cppunit/extensions/HelperMacros.h>

#include <random>

#include "compute/ComputeArray.h"
#include "compute/VectorTypes.h"
#include "compute/FixedPoint.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class FixedPointAccumulationTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(FixedPointAccumulationTest);
  CPPUNIT_TEST(exactAndReproducible);
  CPPUNIT_TEST(emulatedAtomics);
  CPPUNIT_TEST_SUITE_END();

 public:
  void exactAndReproducible() {
    for (Precision precision : {Precision::Single, Precision::Double})
      for (const auto& options : ComputeTestDevices::all(precision)) check(options);
  }

  void emulatedAtomics() {
    for (auto options : ComputeTestDevices::all(Precision::Single)) {
      if (options.backend != "opencl") continue;
      options.emulate64BitAtomics = true;
      check(options);
    }
  }

 private:
  static void check(const ContextOptions& options) {
    auto context = ComputeTestDevices::create(options);
    if (!context) return;
    if (options.emulate64BitAtomics) CPPUNIT_ASSERT(!context->deviceInfo().supports64BitAtomics);
    auto program = context->compileProgram(ComputeTestDevices::testKernels(), {}, "fixed");
    auto kernel = program->createKernel("accumulate");
    const int n = 200000, accumulators = 7;
    std::mt19937 random(11);
    std::uniform_real_distribution<double> uniform(-3, 3);
    std::vector<double> values(n);
    for (auto& x : values) x = uniform(random);
    std::vector<int64_t> expected(accumulators, 0);
    auto input = context->createArrayImpl(n, context->realSize(), "values");
    if (context->realSize() == 4) {
      std::vector<float> v(values.begin(), values.end());
      for (int i = 0; i < n; ++i) expected[i % accumulators] += static_cast<int64_t>(v[i] * 4294967296.0f);
      input->upload(v);
    } else {
      for (int i = 0; i < n; ++i) expected[i % accumulators] += static_cast<int64_t>(values[i] * fixedPointScale);
      input->upload(values);
    }
    ComputeArray<mm_long> sums(*context, accumulators, "sums");
    std::vector<std::vector<mm_long>> runs;
    for (int run = 0; run < 3; ++run) {
      sums.zero();
      kernel->call().arg(*input).arg(sums).arg(n).arg(accumulators).blockShape(128).executeBlocks(64);
      runs.push_back(sums.download());
    }
    for (int a = 0; a < accumulators; ++a) {
      CPPUNIT_ASSERT_EQUAL_MESSAGE(ComputeTestDevices::label(*context), expected[a], runs[0][a]);
      CPPUNIT_ASSERT_EQUAL(runs[0][a], runs[1][a]);
      CPPUNIT_ASSERT_EQUAL(runs[0][a], runs[2][a]);
    }
    double total = 0;
    for (double x : values) total += x;
    double deviceTotal = 0;
    for (auto s : runs[0]) deviceTotal += fixedPointToDouble(s);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(total, deviceTotal, 1e-1);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FixedPointAccumulationTest);
