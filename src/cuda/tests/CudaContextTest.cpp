// CUDA-only behaviour on a CUDA device (skipped without one): device description, compiling for its own
// architecture, launches from another host thread, argument checks from the driver's parameter info.
#include <cppunit/extensions/HelperMacros.h>

#include <iostream>
#include <thread>

#include "compute/ComputeArray.h"
#include "compute/KernelSources.h"
#include "compute/VectorTypes.h"
#include "cuda/CudaBackend.h"
#include "cuda/CudaCompiler.h"
#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

using namespace mardyn::compute;

class CudaContextTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CudaContextTest);
  CPPUNIT_TEST(deviceAndArguments);
  CPPUNIT_TEST_SUITE_END();

 public:
  void deviceAndArguments() {
    std::string reason;
    auto driver = mardyn::cuda::CudaDriver::load(reason);
    const auto list = mardyn::cuda::listCudaDevices();
    if (!driver || list.devices.empty()) {
      std::cout << "\n  [skipping: " << (driver ? list.unavailableReason : reason) << "]" << std::flush;
      return;
    }
    ContextOptions options;
    options.backend = "cuda";
    options.deviceIndex = 0;
    options.cacheDirectory = "none";
    mardyn::cuda::CudaContext context(driver, options);
    const auto& info = context.deviceInfo();
    CPPUNIT_ASSERT(info.computeCapability >= 50);
    CPPUNIT_ASSERT_EQUAL(32, info.simtWidth);
    CPPUNIT_ASSERT_EQUAL(mardyn::cuda::CudaCompiler::architectureFor(info.computeCapability), context.architecture());
    CPPUNIT_ASSERT(context.architecture() <= info.computeCapability);
    std::cout << "\n  [" << info.describe() << ", sm_" << info.computeCapability << ", compiled for sm_"
              << context.architecture() << "]" << std::flush;

    auto program = context.compileProgram(KernelSources::get("compute/tests/kernels/ComputeTestKernels.cc"), {}, "t");
    auto kernel = program->createKernel("accumulate");
    ComputeArray<float> values(context, 4, "values");
    values.zero();
    ComputeArray<mm_long> sums(context, 1, "sums");
    kernel->call().arg(values).arg(sums).arg(4).arg(1).execute(4);
    // Another host thread (without a current CUDA context) can launch, transfer and synchronise.
    std::thread other([&] {
      sums.zero();
      kernel->call().arg(values).arg(sums).arg(4).arg(1).execute(4);
      context.synchronize();
    });
    other.join();
    CPPUNIT_ASSERT_EQUAL(mm_long(0), sums.download()[0]);
    int version = 0;
    CUDA_CHECK(*driver, cuDriverGetVersion(&version));
    if (driver->cuFuncGetParamInfo) {
      CPPUNIT_ASSERT_THROW(kernel->call().arg(values).arg(sums).arg(4.0).arg(1).execute(4), ComputeException);
      CPPUNIT_ASSERT_THROW(kernel->call().arg(values).arg(sums).arg(4).execute(4), ComputeException);
    } else {
      std::cout << "\n  [driver " << version << " has no cuFuncGetParamInfo: argument sizes unchecked]" << std::flush;
    }
    context.synchronize();
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CudaContextTest);
