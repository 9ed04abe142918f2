// Every kernel file of the project compiles with the OpenCL backend on every OpenCL device present
// (PoCL in CI), in single precision and, where the device has doubles, in mixed and double precision.
#include <cppunit/extensions/HelperMacros.h>

#include <iostream>

#include "compute/ComputeCompileError.h"
#include "compute/KernelSources.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class OpenCLKernelCompileTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(OpenCLKernelCompileTest);
  CPPUNIT_TEST(everyKernelFileCompiles);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyKernelFileCompiles() {
    std::string failures;
    int compiled = 0;
    for (Precision precision : {Precision::Single, Precision::Mixed, Precision::Double}) {
      for (const auto& options : ComputeTestDevices::all(precision)) {
        if (options.backend != "opencl") continue;
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        for (const auto& file : KernelSources::all()) {
          const auto header = KernelSources::header(file.path);
          if (header.fragment) continue;
          try {
            context->compileProgram(KernelSources::withRequirements(file.path), header.defines, file.path);
            ++compiled;
          } catch (const ComputeException& error) {
            failures += ComputeTestDevices::label(*context) + ": " + error.what() + "\n";
          }
        }
      }
    }
    std::cout << "\n  [" << compiled << " OpenCL compilations]" << std::flush;
    CPPUNIT_ASSERT_MESSAGE(failures, failures.empty());
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OpenCLKernelCompileTest);
