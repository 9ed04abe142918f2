// Every kernel file of the project (src/**/kernels/*.cc, embedded at build time) compiles through
// NVRTC for sm_70, sm_80 and sm_90 in single, mixed and double precision, with the defines its
// "// mardyn-kernel:" header asks for. Needs no GPU. Where this NVRTC no longer supports an
// architecture (CUDA 13 dropped sm_70), the oldest supported one above it stands in, and says so.
#include <cppunit/extensions/HelperMacros.h>

#include <future>
#include <iostream>

#include "compute/ComputeCompileError.h"
#include "compute/KernelSources.h"
#include "cuda/CudaCompiler.h"

using namespace mardyn::compute;
using mardyn::cuda::CudaCompiler;

class CudaKernelCompileTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CudaKernelCompileTest);
  CPPUNIT_TEST(everyKernelFileCompiles);
  CPPUNIT_TEST(compileErrorCarriesLog);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyKernelFileCompiles() {
    const auto supported = CudaCompiler::supportedArchitectures();
    std::vector<int> archs;
    for (int wanted : {70, 80, 90}) {
      int chosen = 0;
      for (int a : supported)
        if (a >= wanted && (chosen == 0 || a < chosen)) chosen = a;
      CPPUNIT_ASSERT_MESSAGE("NVRTC supports no architecture at or above sm_" + std::to_string(wanted), chosen != 0);
      if (chosen != wanted)
        std::cout << "\n  [NVRTC " << CudaCompiler::nvrtcVersion() << " has no sm_" << wanted << ": using sm_" << chosen
                  << "]" << std::flush;
      archs.push_back(chosen);
    }
    struct Job {
      std::string path;
      Precision precision;
      int arch;
    };
    std::vector<Job> jobs;
    for (const auto& file : KernelSources::all()) {
      if (KernelSources::header(file.path).fragment) continue;
      for (Precision p : {Precision::Single, Precision::Mixed, Precision::Double})
        for (int arch : archs) jobs.push_back({file.path, p, arch});
    }
    CPPUNIT_ASSERT(!jobs.empty());
    // Two workers: NVRTC is thread-safe and CI has two cores.
    std::vector<std::string> failures;
    auto work = [&](std::size_t first) {
      std::vector<std::string> local;
      CudaCompiler compiler("");
      for (std::size_t i = first; i < jobs.size(); i += 2) {
        const Job& job = jobs[i];
        try {
          const auto header = KernelSources::header(job.path);
          const std::string source = KernelSources::withRequirements(job.path);
          compiler.compile(CudaCompiler::fullSource(source, header.defines, job.precision, job.path), job.path,
                           job.arch, "compile-test");
        } catch (const ComputeException& error) {
          local.push_back(job.path + " (" + precisionName(job.precision) + ", sm_" + std::to_string(job.arch) +
                          "): " + error.what());
        }
      }
      return local;
    };
    auto second = std::async(std::launch::async, work, 1);
    failures = work(0);
    for (auto& f : second.get()) failures.push_back(f);
    std::cout << "\n  [" << jobs.size() << " NVRTC compilations of " << jobs.size() / (3 * archs.size())
              << " kernel files]" << std::flush;
    std::string report;
    for (const auto& f : failures) report += f + "\n";
    CPPUNIT_ASSERT_MESSAGE(report, failures.empty());
  }

  void compileErrorCarriesLog() {
    CudaCompiler compiler("");
    const std::string source = CudaCompiler::fullSource("KERNEL void k(GLOBAL int* x) { x[0] = missingName; }", {},
                                                        Precision::Single, "broken.cc");
    try {
      compiler.compile(source, "broken.cc", CudaCompiler::architectureFor(90), "test");
      CPPUNIT_FAIL("compiling broken code did not throw");
    } catch (const ComputeCompileError& error) {
      CPPUNIT_ASSERT_MESSAGE(error.log(), error.log().find("missingName") != std::string::npos);
      CPPUNIT_ASSERT_MESSAGE(error.log(), error.log().find("broken.cc") != std::string::npos);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CudaKernelCompileTest);
