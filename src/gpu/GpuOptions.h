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
  /// A name of CellProcessorRegistry, or "auto": the fastest of the candidates timed on the first
  /// traversal (CellProcessorAutoTuner). The default is the fastest measured on single-centre and
  /// multi-site fluids alike (validation/gpu/README.md).
  std::string cellProcessor = "verletList";
  /// Double by default. Single precision computes site pairs in float, which misses forces by ~1e-3
  /// where the charges of a molecule pair cancel to ~1e-4 of the site terms (ls1's CO2); mixed
  /// computes site pairs in double from float site tables (~1e-6).
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
  /// Repeated traversals of the same configuration give bitwise identical forces, torques, U_pot
  /// and virial (processors that commit in scheduling order then commit in a fixed order).
  bool deterministic = false;
  /// Device time per phase of the step (integration, rebuild, pack, transfer, unpack, images, interior and
  /// boundary forces) from events, printed with the summary.
  bool phaseProfile = false;
  /// Under MPI, how the boundary layers travel between the devices: "auto" (device to device where every
  /// process can, else through pinned host buffers), "peer" (device to device, or an error naming why
  /// not), "staged" (pinned host buffers and MPI messages).
  std::string haloTransfer = "auto";

  /// Whether the cell processor is chosen by timing ("auto", any case).
  bool autoCellProcessor() const { return cellProcessor == "auto"; }

  double effectiveTolerance() const;

  /// From the configuration: backend ("cuda"/"opencl", may carry ":index"), cellProcessor (a
  /// registry name or "auto", which is stored in lower case), precision, and options keys device,
  /// blockSize, compareToCpu, compareTolerance, debugComponentDescriptors, testQuaternionConversion,
  /// syncAfterLaunch, deterministic, phaseProfile, haloTransfer; the environment variable
  /// MARDYN_GPU_OPTIONS="key=value,..." adds options. Unknown keys and bad values throw
  /// MardynException naming them. Defaults of the switches come from CMake options.
  static GpuOptions fromConfig(const GpuConfig& config);
};

}  // namespace mardyn::gpu
