// Test helper: compiles every kernel file of the project (src/**/kernels/*.cc, embedded at build time)
// through NVRTC for sm_70, sm_80 and sm_90 in one precision, with the defines its "// mardyn-kernel:"
// header asks for; needs no GPU. Where this NVRTC no longer supports an architecture (CUDA 13 dropped
// sm_70), the oldest supported one above it stands in, and says so. One suite per precision
// (CudaKernelCompile{Single,Mixed,Double}Test) keeps each ctest entry short.
#pragma once

#include <cppunit/extensions/HelperMacros.h>

#include <future>
#include <iostream>

#include "compute/ComputeCompileError.h"
#include "compute/KernelSources.h"
#include "cuda/CudaCompiler.h"

namespace mardyn::cuda::testing {

/// Compiles every non-fragment kernel file in `precision` for the three architectures; fails the test
/// with every compiler message if any does not compile.
inline void compileEveryKernelFile(compute::Precision precision) {
  using namespace mardyn::compute;
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
    int arch;
  };
  std::vector<Job> jobs;
  for (const auto& file : KernelSources::all()) {
    if (KernelSources::header(file.path).fragment) continue;
    for (int arch : archs) jobs.push_back({file.path, arch});
  }
  CPPUNIT_ASSERT(!jobs.empty());
  // Two workers: NVRTC is thread-safe and CI has two cores.
  auto work = [&](std::size_t first) {
    std::vector<std::string> failures;
    CudaCompiler compiler("");
    for (std::size_t i = first; i < jobs.size(); i += 2) {
      const Job& job = jobs[i];
      try {
        const auto header = KernelSources::header(job.path);
        const std::string source = KernelSources::withRequirements(job.path);
        compiler.compile(CudaCompiler::fullSource(source, header.defines, precision, job.path), job.path, job.arch,
                         "compile-test");
      } catch (const ComputeException& error) {
        failures.push_back(job.path + " (" + precisionName(precision) + ", sm_" + std::to_string(job.arch) +
                           "): " + error.what());
      }
    }
    return failures;
  };
  auto second = std::async(std::launch::async, work, 1);
  std::vector<std::string> failures = work(0);
  for (auto& f : second.get()) failures.push_back(f);
  std::cout << "\n  [" << jobs.size() << " NVRTC compilations of " << jobs.size() / archs.size() << " kernel files, "
            << precisionName(precision) << " precision]" << std::flush;
  std::string report;
  for (const auto& f : failures) report += f + "\n";
  CPPUNIT_ASSERT_MESSAGE(report, failures.empty());
}

}  // namespace mardyn::cuda::testing
