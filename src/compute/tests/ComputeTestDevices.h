// Test helper: the devices of every backend built into the test binary, so that one test body runs on
// each of them (CUDA where a driver and GPU exist, every OpenCL device such as PoCL in CI). Backends
// without a device are reported once with the reason. MARDYN_TEST_BACKENDS=opencl,cuda restricts them.
#pragma once

#include <cstdlib>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compute/ComputeBackends.h"
#include "compute/ComputeContext.h"
#include "compute/KernelSources.h"

namespace mardyn::compute::testing {

class ComputeTestDevices {
 public:
  /// Options for every device of every backend (precision and cache set by the caller).
  static std::vector<ContextOptions> all(Precision precision = Precision::Single) {
    std::vector<ContextOptions> result;
    BackendRegistry registry = availableBackends();
    for (const auto& name : registry.names()) {
      if (!selected(name)) continue;
      DeviceList list = registry.devices(name);
      if (list.devices.empty()) {
        reportOnce(name, "skipping backend " + name + ": " + list.unavailableReason);
        continue;
      }
      for (const auto& device : list.devices) {
        ContextOptions options;
        options.backend = name;
        options.deviceIndex = device.index;
        options.precision = precision;
        options.cacheDirectory = "none";
        result.push_back(options);
      }
    }
    return result;
  }

  /// The context for options, or nullptr (with a printed reason) where the device cannot run this
  /// precision, e.g. double on an OpenCL device without cl_khr_fp64.
  static std::unique_ptr<ComputeContext> create(const ContextOptions& options) {
    BackendRegistry registry = availableBackends();
    if (options.precision != Precision::Single) {
      const auto list = registry.devices(options.backend);
      if (!list.devices.at(options.deviceIndex).supportsDouble) {
        reportOnce(options.backend + std::to_string(options.deviceIndex) + precisionName(options.precision),
                   "skipping " + precisionName(options.precision) + " precision on " +
                       list.devices.at(options.deviceIndex).describe() + ": no double precision");
        return nullptr;
      }
    }
    return registry.create(options);
  }

  /// The test kernels of the compute layer.
  static std::string testKernels() { return KernelSources::get("compute/tests/kernels/ComputeTestKernels.cc"); }

  static std::string label(const ComputeContext& context) {
    return context.deviceInfo().describe() + " (" + precisionName(context.precision()) + ")";
  }

 private:
  static bool selected(const std::string& name) {
    const char* list = std::getenv("MARDYN_TEST_BACKENDS");
    if (!list || !*list) return true;
    std::stringstream words(list);
    std::string word;
    while (std::getline(words, word, ','))
      if (word == name) return true;
    return false;
  }
  static void reportOnce(const std::string& key, const std::string& message) {
    static std::set<std::string> reported;
    if (reported.insert(key).second) std::cout << "\n  [" << message << "]" << std::flush;
  }
};

}  // namespace mardyn::compute::testing
