// Host-set program constants on every backend: scalar, vector and array constants set from the host
// are seen by the next launch, a changed value by the one after; wrong names and sizes are rejected.
#include <cppunit/extensions/HelperMacros.h>

#include "compute/ComputeArray.h"
#include "compute/VectorTypes.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class ComputeHostConstantTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputeHostConstantTest);
  CPPUNIT_TEST(setAndUpdate);
  CPPUNIT_TEST_SUITE_END();

 public:
  void setAndUpdate() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      const std::string source = KernelSources::get("compute/tests/kernels/HostConstantKernels.cc");
      auto program = context->compileProgram(source, {{"TABLE_SIZE", "4"}}, "constants");
      auto kernel = program->createKernel("applyConstants");
      auto scale = program->constant<float>("scale");
      auto table = program->constant<int>("table");
      CPPUNIT_ASSERT_EQUAL(std::size_t(4), table.count());
      scale.set(2.0f);
      table.setArray({1, 2, 3, 4});
      program->constant<mm_float4>("offset").set({0.5f, 0, 0, 0});
      const int n = 10;
      ComputeArray<float> out(*context, n, "out");
      kernel->call().arg(out).arg(n).execute(n);
      auto v = out.download();
      for (int i = 0; i < n; ++i) CPPUNIT_ASSERT_DOUBLES_EQUAL(2.0 * (i % 4 + 1) + 0.5, v[i], 1e-6);
      scale.set(-1.0f);
      table.set(10, 2);
      kernel->call().arg(out).arg(n).execute(n);
      v = out.download();
      CPPUNIT_ASSERT_DOUBLES_EQUAL(-10 + 0.5, v[2], 1e-6);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(-4 + 0.5, v[3], 1e-6);
      CPPUNIT_ASSERT_THROW(program->constant<float>("noSuchConstant"), ComputeException);
      CPPUNIT_ASSERT_THROW(program->constant<double>("scale"), ComputeException);
      CPPUNIT_ASSERT_THROW(table.setArray({1, 2, 3}), ComputeException);
      CPPUNIT_ASSERT_THROW(table.set(1, 4), ComputeException);
      auto plain = program->createKernel("withoutConstants");
      if (kernel->checksArguments()) {
        CPPUNIT_ASSERT_THROW(kernel->call().arg(out).execute(n), ComputeException);  // n missing
        // A kernel without HOST_CONSTANTS in a program with constants takes exactly its own arguments.
        CPPUNIT_ASSERT_THROW(plain->call().execute(1), ComputeException);
      }
      plain->call().arg(out).execute(1);
      CPPUNIT_ASSERT_EQUAL(7.0f, out.download()[0]);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputeHostConstantTest);
