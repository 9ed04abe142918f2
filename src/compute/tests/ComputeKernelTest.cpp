// Kernels on every backend: a kernel using every prelude macro, a block reduction checked against a
// host sum, vector arithmetic against host values, launch shapes, the errors of bad launches, and one kernel
// launched again and again with arguments that change, stay, and name arrays resized or made anew.
#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>

#include "compute/ComputeArray.h"
#include "compute/VectorTypes.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class ComputeKernelTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputeKernelTest);
  CPPUNIT_TEST(everyMacro);
  CPPUNIT_TEST(warpBallot);
  CPPUNIT_TEST(reduction);
  CPPUNIT_TEST(vectorMath);
  CPPUNIT_TEST(launchErrors);
  CPPUNIT_TEST(argumentsFollowEachLaunch);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyMacro() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      auto program = context->compileProgram(ComputeTestDevices::testKernels(), {{"BLOCK_SIZE", "64"}}, "test");
      auto kernel = program->createKernel("everyMacro");
      const int blocks = 5, block = 64, n = blocks * block;
      ComputeArray<int> ids(*context, 8 * n, "ids"), counter(*context, 1, "counter"), flags(*context, 3, "flags");
      counter.zero();
      kernel->call().arg(ids).arg(counter).arg(flags).blockShape(block).execute(n - 10);  // rounds up to 5 blocks
      const auto v = ids.download();
      for (int g = 0; g < n; ++g) {
        const int l = g % block, group = g / block;
        CPPUNIT_ASSERT_EQUAL(g, v[8 * g + 0]);
        CPPUNIT_ASSERT_EQUAL(l, v[8 * g + 1]);
        CPPUNIT_ASSERT_EQUAL(group, v[8 * g + 2]);
        CPPUNIT_ASSERT_EQUAL(block, v[8 * g + 3]);
        CPPUNIT_ASSERT_EQUAL(blocks, v[8 * g + 4]);
        CPPUNIT_ASSERT_EQUAL(n, v[8 * g + 5]);
        CPPUNIT_ASSERT_EQUAL(group * 1000 + (l + 1) % block, v[8 * g + 6]);
        CPPUNIT_ASSERT_EQUAL(2 * l, v[8 * g + 7]);
      }
      CPPUNIT_ASSERT_EQUAL(n, counter.download()[0]);
      const auto f = flags.download();
      const auto& info = context->deviceInfo();
      CPPUNIT_ASSERT_EQUAL(info.simtWidth, f[0]);
      CPPUNIT_ASSERT_EQUAL(info.supportsDouble ? 1 : 0, f[1]);
      CPPUNIT_ASSERT_EQUAL(info.supports64BitAtomics ? 1 : 0, f[2]);
    }
  }

  /// WARP_BALLOT exists exactly where the device info says so, and gives each warp's lanes as bits.
  void warpBallot() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      const auto& info = context->deviceInfo();
      auto program = context->compileProgram(ComputeTestDevices::testKernels(), {}, "test");
      auto kernel = program->createKernel("warpBallot");
      const int block = 128, blocks = 3, warps = block * blocks / 32;
      ComputeArray<unsigned int> masks(*context, warps, "masks");
      masks.zero();
      ArrayInterface* rsqrt4 = nullptr;
      ComputeArray<float> rsqrtFloat;
      ComputeArray<double> rsqrtDouble;
      if (context->realSize() == 4) {
        rsqrtFloat.initialize(*context, warps, "rsqrt4");
        rsqrt4 = &rsqrtFloat;
      } else {
        rsqrtDouble.initialize(*context, warps, "rsqrt4");
        rsqrt4 = &rsqrtDouble;
      }
      kernel->call().arg(masks).arg(*rsqrt4).blockShape(block).execute(block * blocks);
      const auto m = masks.download();
      if (!info.warpPrimitives) {
        CPPUNIT_ASSERT_EQUAL(1u, m[0]);
        continue;
      }
      CPPUNIT_ASSERT_EQUAL(32, info.simtWidth);
      for (int w = 0; w < warps; ++w) {
        unsigned int expected = 0;
        for (int lane = 0; lane < 32; ++lane)
          if (lane % 3 == 0 || lane == 31 - w % 32) expected |= 1u << lane;
        CPPUNIT_ASSERT_EQUAL(expected, m[w]);
        const double r = context->realSize() == 4 ? rsqrtFloat.download()[w] : rsqrtDouble.download()[w];
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, r, 1e-6);
      }
    }
  }

  void reduction() {
    for (Precision precision : {Precision::Single, Precision::Mixed, Precision::Double}) {
      for (const auto& options : ComputeTestDevices::all(precision)) {
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        auto program = context->compileProgram(ComputeTestDevices::testKernels(), {{"BLOCK_SIZE", "128"}}, "test");
        auto kernel = program->createKernel("blockSum");
        const int n = 100003, blocks = 37;
        std::mt19937 random(7);
        std::uniform_real_distribution<double> uniform(-1, 1);
        std::vector<double> values(n);
        double reference = 0;
        for (auto& x : values) {
          x = uniform(random);
          reference += context->realSize() == 4 ? static_cast<double>(static_cast<float>(x)) : x;
        }
        ArrayInterface* input = nullptr;
        ComputeArray<float> inputFloat;
        ComputeArray<double> inputDouble;
        if (context->realSize() == 4) {
          inputFloat.initialize(*context, n, "input");
          inputFloat.upload(std::vector<float>(values.begin(), values.end()));
          input = &inputFloat;
        } else {
          inputDouble.initialize(*context, n, "input");
          inputDouble.upload(values);
          input = &inputDouble;
        }
        auto partial = context->createArrayImpl(blocks, context->mixedSize(), "partial");
        kernel->call().arg(*input).arg(*partial).arg(n).blockShape(128).executeBlocks(blocks);
        double sum = 0;
        if (context->mixedSize() == 4) {
          for (float x : partial->download<float>()) sum += x;
        } else {
          for (double x : partial->download<double>()) sum += x;
        }
        const double tolerance = context->mixedSize() == 4 ? 1e-2 : 1e-9;
        CPPUNIT_ASSERT_DOUBLES_EQUAL_MESSAGE(ComputeTestDevices::label(*context), reference, sum, tolerance);
      }
    }
  }

  void vectorMath() {
    for (Precision precision : {Precision::Single, Precision::Double}) {
      for (const auto& options : ComputeTestDevices::all(precision)) {
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        auto program = context->compileProgram(ComputeTestDevices::testKernels(), {}, "test");
        auto kernel = program->createKernel("vectorMath");
        const int n = 50;
        std::vector<double> expected(4 * n), in(4 * n);
        for (int i = 0; i < n; ++i) {
          const double a[4] = {0.5 * i, 1.0 - i, 0.25 * i * i, 3.0};
          const double b[3] = {2 * a[0] + 1, 2 * a[1] + 1, 2 * a[2] + 1};
          for (int k = 0; k < 4; ++k) in[4 * i + k] = a[k];
          expected[4 * i + 0] = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
          expected[4 * i + 1] = b[1];   // cross(b, z).x = b.y
          expected[4 * i + 2] = -b[0];  // cross(b, z).y = -b.x
          expected[4 * i + 3] = 1.0;    // length(v - (v - (0,0,0,1)))
        }
        std::vector<double> out;
        if (context->realSize() == 4) {
          ComputeArray<mm_float4> a(*context, n, "a"), result(*context, n, "out");
          std::vector<mm_float4> host(n);
          for (int i = 0; i < n; ++i)
            host[i] = {float(in[4 * i]), float(in[4 * i + 1]), float(in[4 * i + 2]), float(in[4 * i + 3])};
          a.upload(host);
          kernel->call().arg(a).arg(result).arg(n).execute(n);
          for (const auto& v : result.download()) out.insert(out.end(), {v.x, v.y, v.z, v.w});
        } else {
          ComputeArray<mm_double4> a(*context, n, "a"), result(*context, n, "out");
          std::vector<mm_double4> host(n);
          for (int i = 0; i < n; ++i) host[i] = {in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]};
          a.upload(host);
          kernel->call().arg(a).arg(result).arg(n).execute(n);
          for (const auto& v : result.download()) out.insert(out.end(), {v.x, v.y, v.z, v.w});
        }
        for (int i = 0; i < 4 * n; ++i)
          CPPUNIT_ASSERT_DOUBLES_EQUAL(expected[i], out[i], 1e-5 * (1 + std::fabs(expected[i])));
      }
    }
  }

  /// A backend may keep a kernel's arguments between launches (OpenCL sets only those that changed): every
  /// launch must still see its own, also where an array was resized (a new buffer) or destroyed and another made.
  void argumentsFollowEachLaunch() {
    const std::string source =
        "KERNEL void setAll(GLOBAL int* out, int value, int n) {\n"
        "  for (int i = GLOBAL_ID; i < n; i += GLOBAL_SIZE) out[i] = value;\n"
        "}\n";
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      auto kernel = context->compileProgram(source, {}, "setAll")->createKernel("setAll");
      const std::string label = ComputeTestDevices::label(*context);
      auto all = [&](ComputeArray<int>& array, int value) {
        const auto v = array.download();
        for (int x : v)
          if (x != value) return false;
        return true;
      };
      ComputeArray<int> a(*context, 16, "a"), b(*context, 16, "b");
      a.zero();
      b.zero();
      kernel->call().arg(a).arg(1).arg(16).execute(16);
      kernel->call().arg(b).arg(2).arg(16).execute(16);
      CPPUNIT_ASSERT_MESSAGE(label + ": a", all(a, 1));
      CPPUNIT_ASSERT_MESSAGE(label + ": b", all(b, 2));
      kernel->call().arg(b).arg(2).arg(8).execute(16);  // the same array and value, another count
      kernel->call().arg(a).arg(3).arg(16).execute(16);
      kernel->call().arg(a).arg(3).arg(16).execute(16);  // nothing changed
      CPPUNIT_ASSERT_MESSAGE(label + ": a again", all(a, 3));
      CPPUNIT_ASSERT_MESSAGE(label + ": b untouched", all(b, 2));
      a.resize(4096);  // a new buffer behind the same array
      a.zero();
      kernel->call().arg(a).arg(4).arg(4096).execute(4096);
      CPPUNIT_ASSERT_MESSAGE(label + ": a resized", all(a, 4));
      for (int round = 0; round < 3; ++round) {  // arrays destroyed and made anew between launches
        ComputeArray<int> c(*context, 64, "c");
        c.zero();
        kernel->call().arg(c).arg(10 + round).arg(64).execute(64);
        CPPUNIT_ASSERT_MESSAGE(label + ": a fresh array", all(c, 10 + round));
      }
      CPPUNIT_ASSERT_MESSAGE(label + ": a after the fresh arrays", all(a, 4));
    }
  }

  void launchErrors() {
    for (auto options : ComputeTestDevices::all()) {
      options.syncAfterLaunch = true;
      auto context = ComputeTestDevices::create(options);
      auto program = context->compileProgram(ComputeTestDevices::testKernels(), {}, "test");
      CPPUNIT_ASSERT_THROW(program->createKernel("noSuchKernel"), ComputeException);
      auto kernel = program->createKernel("empty");
      kernel->call().arg(1).execute(1000);  // synchronised and checked (debug switch)
      kernel->call().arg(1).execute(0);     // nothing to do
      CPPUNIT_ASSERT_THROW(kernel->call().arg(1).blockShape(kernel->maxBlockSize() + 1).execute(10), ComputeException);
      if (kernel->checksArguments()) {
        CPPUNIT_ASSERT_THROW(kernel->call().execute(10), ComputeException);              // missing argument
        CPPUNIT_ASSERT_THROW(kernel->call().arg(1).arg(2).execute(10), ComputeException);  // one too many
        CPPUNIT_ASSERT_THROW(kernel->call().arg(1.0).execute(10), ComputeException);       // double for int
      } else {
        std::cout << "\n  [" << ComputeTestDevices::label(*context) << " does not check arguments]" << std::flush;
      }
      auto other = ComputeTestDevices::create(options);
      ComputeArray<int> foreign(*other, 4, "foreign");
      CPPUNIT_ASSERT_THROW(kernel->call().arg(foreign), ComputeException);
      struct Large {
        double values[9];
      } large{};
      CPPUNIT_ASSERT_THROW(kernel->call().arg(large), ComputeException);
      options.syncAfterLaunch = false;
      setenv("MARDYN_COMPUTE_SYNC", "1", 1);
      auto debug = ComputeTestDevices::create(options);
      unsetenv("MARDYN_COMPUTE_SYNC");
      CPPUNIT_ASSERT(debug->options().syncAfterLaunch);
      CPPUNIT_ASSERT(!ComputeTestDevices::create(options)->options().syncAfterLaunch);
      auto start = context->createEvent(), stop = context->createEvent();
      start->record();
      for (int i = 0; i < 10; ++i) kernel->call().arg(i).execute(128);
      stop->record();
      stop->synchronize();
      CPPUNIT_ASSERT(stop->millisecondsSince(*start) >= 0);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputeKernelTest);
