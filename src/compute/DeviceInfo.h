// What the compute layer knows about one device: its backend, index, name and the capabilities that
// select code paths (double precision, 64-bit atomics, SIMT width, compute capability).
#pragma once

#include <cstddef>
#include <string>

namespace mardyn::compute {

struct DeviceInfo {
  std::string backend;               ///< "cuda" or "opencl"
  int index = 0;                     ///< index within the backend, as used by DeviceSelection
  std::string name;                  ///< device name reported by the driver
  std::string platform;              ///< OpenCL platform name, "CUDA" for CUDA
  int computeCapability = 0;         ///< CUDA: major*10+minor (90 for an H100); 0 on OpenCL
  int simtWidth = 1;                 ///< threads that execute in lock-step (warp size), 1 on CPUs
  int computeUnits = 0;              ///< multiprocessors / compute units
  std::size_t globalMemory = 0;      ///< bytes
  std::size_t maxBlockSize = 0;      ///< most threads in one block
  bool supportsDouble = false;       ///< SUPPORTS_DOUBLE_PRECISION
  bool supports64BitAtomics = false; ///< SUPPORTS_64_BIT_ATOMICS
  bool supportsSubGroups = false;    ///< OpenCL cl_khr_subgroups
  /// SYNC_WARPS synchronises the simtWidth lanes of one warp alone and WARP_BALLOT exists (CUDA from compute
  /// capability 7.0; OpenCL on NVIDIA GPUs through inline PTX, MM_NVIDIA_PTX).
  bool warpPrimitives = false;
  /// atomicAddFloat is one hardware reduction (CUDA; OpenCL on NVIDIA GPUs through inline PTX), not a loop.
  bool floatAtomicAdd = false;

  std::string describe() const {
    return backend + ":" + std::to_string(index) + " " + name + (platform.empty() ? "" : " [" + platform + "]");
  }
};

}  // namespace mardyn::compute
