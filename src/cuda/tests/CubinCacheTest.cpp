// The cubin cache (no GPU needed): a first compilation misses and stores, the same source and options
// hit, a changed define, precision or device misses, and a damaged cache file is a miss, not an error.
#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <iostream>

#include "compute/KernelSources.h"
#include "cuda/CudaBackend.h"
#include "cuda/CudaCompiler.h"
#include "cuda/CudaContext.h"

using namespace mardyn::compute;
using mardyn::cuda::CudaCompiler;

class CubinCacheTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CubinCacheTest);
  CPPUNIT_TEST(hitAndMiss);
  CPPUNIT_TEST(contextUsesCache);
  CPPUNIT_TEST_SUITE_END();

 public:
  void hitAndMiss() {
    const auto directory = std::filesystem::temp_directory_path() / ("mardyn-cubin-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(directory);
    const std::string kernels = KernelSources::get("compute/tests/kernels/ComputeTestKernels.cc");
    const int arch = CudaCompiler::architectureFor(90);
    const auto single = CudaCompiler::fullSource(kernels, {{"BLOCK_SIZE", "64"}}, Precision::Single, "k");
    {
      CudaCompiler compiler(directory.string());
      const std::string first = compiler.compile(single, "k", arch, "deviceA");
      CPPUNIT_ASSERT(!compiler.lastWasCacheHit());
      const std::string second = compiler.compile(single, "k", arch, "deviceA");
      CPPUNIT_ASSERT(compiler.lastWasCacheHit());
      CPPUNIT_ASSERT(first == second);
      compiler.compile(CudaCompiler::fullSource(kernels, {{"BLOCK_SIZE", "128"}}, Precision::Single, "k"), "k", arch,
                       "deviceA");
      CPPUNIT_ASSERT(!compiler.lastWasCacheHit());
      compiler.compile(CudaCompiler::fullSource(kernels, {{"BLOCK_SIZE", "64"}}, Precision::Double, "k"), "k", arch,
                       "deviceA");
      CPPUNIT_ASSERT(!compiler.lastWasCacheHit());
      compiler.compile(single, "k", arch, "deviceB");
      CPPUNIT_ASSERT(!compiler.lastWasCacheHit());
      CPPUNIT_ASSERT_EQUAL(1, compiler.cacheHits());
      CPPUNIT_ASSERT_EQUAL(4, compiler.cacheMisses());
    }
    {
      // A new compiler (a later run) finds the stored binary.
      CudaCompiler compiler(directory.string());
      compiler.compile(single, "k", arch, "deviceA");
      CPPUNIT_ASSERT(compiler.lastWasCacheHit());
      // Damage every cache file: misses, recompiles and repairs.
      for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        std::ofstream(entry.path(), std::ios::trunc) << "MDCUBIN1\n999999\ngarbage";
      }
      compiler.compile(single, "k", arch, "deviceA");
      CPPUNIT_ASSERT(!compiler.lastWasCacheHit());
      compiler.compile(single, "k", arch, "deviceA");
      CPPUNIT_ASSERT(compiler.lastWasCacheHit());
    }
    std::filesystem::remove_all(directory);
  }

  /// On a CUDA device: a second context compiling the same program loads it from the cache and runs it.
  void contextUsesCache() {
    std::string reason;
    auto driver = mardyn::cuda::CudaDriver::load(reason);
    if (!driver || mardyn::cuda::listCudaDevices().devices.empty()) {
      std::cout << "\n  [skipping CUDA context cache test: "
                << (driver ? mardyn::cuda::listCudaDevices().unavailableReason : reason) << "]" << std::flush;
      return;
    }
    const auto directory = std::filesystem::temp_directory_path() / ("mardyn-cubin-ctx-" + std::to_string(::getpid()));
    std::filesystem::remove_all(directory);
    ContextOptions options;
    options.backend = "cuda";
    options.deviceIndex = 0;
    options.cacheDirectory = directory.string();
    const std::string kernels = KernelSources::get("compute/tests/kernels/ComputeTestKernels.cc");
    for (int round = 0; round < 2; ++round) {
      mardyn::cuda::CudaContext context(driver, options);
      auto program = context.compileProgram(kernels, {}, "cached");
      CPPUNIT_ASSERT_EQUAL(round == 1, context.compiler().lastWasCacheHit());
      program->createKernel("empty")->call().arg(0).execute(32);
      context.synchronize();
    }
    std::filesystem::remove_all(directory);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CubinCacheTest);
