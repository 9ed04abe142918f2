// DevicePluginKernels: the program of the physics plugins' device code (kernels/Device*.cc) compiled for the
// run's components, and what the device plugins share: the owned slots, the host's view of positions at a
// hook, and sums per work-group or per thread that are added in a fixed order (the same bits every run).
#pragma once

#include "gpu/DeviceTimeStep.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/KernelCall.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class DevicePluginKernels {
 public:
  explicit DevicePluginKernels(DeviceTimeStep& step);

  DeviceTimeStep& step() { return _step; }
  MoleculeStorage& storage() { return _step.storage(); }
  compute::ComputeContext& context() { return _step.context(); }
  /// A kernel of the plugin program (made on first use).
  compute::ComputeKernel& kernel(const std::string& name);
  /// A kernel of the step program (quaternionsToRotations, ...).
  compute::ComputeKernel& stepKernel(const std::string& name);

  int numOwned() { return static_cast<int>(storage().numOwned()); }
  /// The arguments that place a position as the host sees it at a hook (DevicePluginCommon.cc): boxMin
  /// with the drift time since the exchange (dt before it, else 0), and box.
  compute::KernelCall& view(compute::KernelCall& call, double drift);

  /// Launch shape of kernels that sum per work-group: groups() blocks of block threads, each block's sums
  /// written by blockToGroupSum.
  int groups() const { return _groups; }
  static constexpr int block = 128;
  compute::ArrayInterface& groupSums(std::size_t width);
  /// The `width` sums: each group's downloaded and added in group order on the host.
  std::vector<double> foldGroupSums(std::size_t width);
  /// Launch shape of kernels that sum per thread into bins: threadBlocks() blocks of block threads, each
  /// thread adding into its own zeroed slice of `width` values (addToThreadSum).
  static constexpr int threadBlocks = 8;
  compute::ArrayInterface& threadSums(std::size_t width);
  /// The `width` sums over the threads, added in thread order on the device.
  std::vector<double> foldThreadSums(std::size_t width);

  /// An int array of at least n elements (n zeroed).
  compute::ComputeArray<int>& counters(std::size_t n);

  /// Drops the owned molecules whose slots a kernel marked removed (haloSource -2) from the owned list and
  /// sets the owned count; the slots stay (marked) until the next rebuild, which the caller requests.
  void dropRemovedOwned();

  /// Uploads `values` into a named device array of doubles in the context's `mixed` precision (width
  /// 1, 2 or 4), kept for the run.
  compute::ArrayInterface& mixedTable(const std::string& name, int width, const std::vector<double>& values);
  /// The same for ints and for int4 (mm_int4) and int2 values.
  compute::ArrayInterface& intTable(const std::string& name, const std::vector<int>& values);
  compute::ArrayInterface& int4Table(const std::string& name, const std::vector<compute::mm_int4>& values);
  compute::ArrayInterface& int2Table(const std::string& name, const std::vector<compute::mm_int2>& values);

 private:
  DeviceTimeStep& _step;
  std::unique_ptr<compute::ComputeProgram> _program;
  std::map<std::string, std::unique_ptr<compute::ComputeKernel>> _kernels, _stepKernels;
  int _groups = 1;
  compute::PrecisionArray _groupSums, _threadSums, _folded;
  compute::ComputeArray<int> _counters, _stillOwned, _stillOffsets, _kept;
  std::map<std::string, compute::PrecisionArray> _mixedTables;
  std::map<std::string, compute::ComputeArray<int>> _intTables;
  std::map<std::string, compute::ComputeArray<compute::mm_int4>> _int4Tables;
  std::map<std::string, compute::ComputeArray<compute::mm_int2>> _int2Tables;
};

}  // namespace mardyn::gpu
