// GlobalStats: potential energy and virial per cell, written by the cell processors (reduced
// inside the block, owned-halo pairs weighted one half) and summed on the host.
#pragma once

#include "gpu/GpuComponent.h"
#include "gpu/PrecisionArray.h"

namespace mardyn::gpu {

class GlobalStats : public GpuComponent {
 public:
  explicit GlobalStats(compute::ComputeContext& context);

  /// Sizes the per-cell array (cleared on the device with the forces).
  void preInteraction(LinkedCells& cells) override;
  /// Downloads and sums the per-cell values.
  void postInteraction(LinkedCells& cells) override;

  double upot() const { return _upot; }
  double virial() const { return _virial; }
  PrecisionArray& cellStats() { return _cellStats; }

 private:
  PrecisionArray _cellStats;
  std::vector<double> _host;
  double _upot = 0.0, _virial = 0.0;
};

}  // namespace mardyn::gpu
