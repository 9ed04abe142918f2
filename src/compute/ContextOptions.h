// The settings a ComputeContext is created with: which device (backend name and index), the precision
// mode, the debug switch that synchronises after every launch, and where compiled binaries are cached.
#pragma once

#include <string>

#include "compute/Precision.h"

namespace mardyn::compute {

struct ContextOptions {
  std::string backend = "auto";  ///< "cuda", "opencl" or "auto" (first backend with a device)
  int deviceIndex = -1;          ///< index within the backend; -1 picks by node-local rank
  Precision precision = Precision::Single;
  bool syncAfterLaunch = false;     ///< debug: synchronise and check after every kernel launch
  /// Time every launch (synchronising before and after it) and keep the seconds per kernel name.
  bool profileKernels = false;
  std::string cacheDirectory;       ///< compiled-binary cache; empty: default, "none": no cache
  bool emulate64BitAtomics = false; ///< OpenCL: use the 32-bit fixed-point emulation even if not needed
  /// Events carry the device's own timestamps (ComputeEvent::millisecondsSince; else it measures on the host when
  /// each completed). OpenCL: the queues are created for profiling (every command timestamped), so only where
  /// asked (phase profiles) or with profileKernels.
  bool deviceTimestamps = false;

  /// Overrides fields from the environment:
  ///   MARDYN_DEVICE=backend[:index]   e.g. "cuda:1", "opencl:0", "opencl"
  ///   MARDYN_PRECISION=single|mixed|double
  ///   MARDYN_COMPUTE_SYNC=1           synchronise after every launch
  ///   MARDYN_COMPUTE_PROFILE=1        time every launch (kernelProfile())
  ///   MARDYN_KERNEL_CACHE=<dir>|none
  ///   MARDYN_OPENCL_EMULATE_ATOMICS=1
  ContextOptions withEnvironment() const;

  /// The cache directory to use: cacheDirectory, else $XDG_CACHE_HOME/mardyn/kernels, else
  /// $HOME/.cache/mardyn/kernels, else <tmp>/mardyn-kernels; "" means caching is off.
  std::string resolvedCacheDirectory() const;
};

}  // namespace mardyn::compute
