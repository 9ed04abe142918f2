// GpuOptions: the settings of the GPU decorator (device, cell processor, precision, block size and
// the debug switches of the original config header), read from the `gpu` configuration element.
#pragma once

#include "compute/Precision.h"

#include <map>
#include <string>

namespace mardyn {
struct GpuConfig;
}

namespace mardyn::gpu {

struct GpuOptions {
  std::string backend = "auto";   ///< "cuda", "opencl" or "auto"
  int deviceIndex = -1;           ///< -1: chosen from the node-local MPI rank
  std::string cellProcessor = "threadBlock";  ///< a name of CellProcessorRegistry
  /// Double by default: with charges in ls1 units the site terms of a molecule pair cancel to
  /// ~1e-4 of their size, and float site arithmetic (single, mixed) then misses forces by ~1e-3.
  compute::Precision precision = compute::Precision::Double;
  int blockSize = 0;              ///< threads per block of the cell processor; 0: its default
  /// Run the CPU reference on the same configuration each step and compare (COMPARE_TO_CPU).
  bool compareToCpu = false;
  /// Stop when the norm-wise relative force or torque deviation exceeds this; <= 0: by precision
  /// (1e-8 double, 1e-4 single/mixed).
  double compareTolerance = 0.0;
  bool debugComponentDescriptors = false;  ///< print the component tables as uploaded
  bool testQuaternionConversion = false;   ///< check the device rotation matrices each step
  bool syncAfterLaunch = false;            ///< synchronise and check after every launch

  double effectiveTolerance() const;

  /// From the configuration: backend ("cuda"/"opencl", may carry ":index"), cellProcessor,
  /// precision, and options keys device, blockSize, compareToCpu, compareTolerance,
  /// debugComponentDescriptors, testQuaternionConversion, syncAfterLaunch; the environment variable
  /// MARDYN_GPU_OPTIONS="key=value,..." adds options. Unknown keys and bad values throw
  /// MardynException naming them. Defaults of the switches come from CMake options.
  static GpuOptions fromConfig(const GpuConfig& config);
};

}  // namespace mardyn::gpu
