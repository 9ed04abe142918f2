// GlobalStats: potential energy and virial per cell, written by the cell processors (reduced inside
// the block, owned-halo pairs weighted one half), and their sum formed on the device in a fixed order
// (kernels/Reduction.cc) into a results array that the step downloads with its other scalars.
#pragma once

#include "gpu/GpuComponent.h"
#include "compute/PrecisionArray.h"

#include "compute/ComputeKernel.h"

#include <memory>

namespace mardyn::gpu {

class GlobalStats : public GpuComponent {
 public:
  /// The threads per block of every device sum (kernels/Reduction.cc).
  static constexpr int reduceBlock = 128;
  /// Its blocks: eight per compute unit (at least 16, at most 2048), fixed for a device, so that a sum
  /// comes out the same on every run there.
  static int reduceGroups(const compute::ComputeContext& context);

  explicit GlobalStats(compute::ComputeContext& context);
  void addDefines(compute::ComputeContext::Defines& defines) const override;
  void createKernels(compute::ComputeProgram& program) override;

  /// The per-cell array for `cells` cells (cleared on the device with the forces).
  compute::PrecisionArray& cellStats(std::size_t cells);
  compute::PrecisionArray& cellStats() { return _cellStats; }
  /// results[offset], results[offset + 1] = the sums of the first `count` (U_pot, virial) pairs of
  /// `stats` (mixed2 per cell or per molecule).
  void reduce(compute::PrecisionArray& stats, std::size_t count, compute::ArrayInterface& results, int offset);

 private:
  int _groups;
  compute::PrecisionArray _cellStats, _partials;
  std::unique_ptr<compute::ComputeKernel> _partial, _finish;
};

}  // namespace mardyn::gpu
