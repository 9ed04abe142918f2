// DomainTraverser: enumerates the cell pairs of a traversal in launches whose pairs share no cell:
// the intra-cell pass over owned cells, then for every forward neighbour offset two launches
// (even and odd layers along the offset's largest axis). Halo-halo pairs are left out.
#pragma once

#include "gpu/DeviceGrid.h"
#include "gpu/GpuComponent.h"

#include "compute/ComputeArray.h"
#include "compute/VectorTypes.h"

#include <array>
#include <string>
#include <vector>

namespace mardyn::gpu {

class DomainTraverser : public GpuComponent {
 public:
  /// One kernel launch: pairs [first, first + count) of cellPairs().
  struct Launch {
    int first = 0;
    int count = 0;
    std::string label;  ///< "intra", "(1,0,0) even", ...
  };

  DomainTraverser(compute::ComputeContext& context, const DeviceGrid& grid);

  /// Builds and uploads the pair list of the grid (the grid does not change during a run).
  void uploadStaticData() override;

  const std::vector<Launch>& launches() const { return _launches; }
  compute::ComputeArray<compute::mm_int2>& cellPairs() { return _pairs; }
  const std::vector<compute::mm_int2>& hostPairs() const { return _hostPairs; }

  /// Builds the launches for a grid (exposed for tests): dims incl. halo, halo flag per cell,
  /// half of the neighbour offsets (one of each +-pair).
  static void build(const std::array<int, 3>& dims, const std::vector<char>& isHalo,
                    const std::vector<std::array<int, 3>>& forwardOffsets, std::vector<compute::mm_int2>& pairs,
                    std::vector<Launch>& launches);

 private:
  compute::ComputeContext& _context;
  const DeviceGrid& _grid;
  std::vector<compute::mm_int2> _hostPairs;
  std::vector<Launch> _launches;
  compute::ComputeArray<compute::mm_int2> _pairs;
};

}  // namespace mardyn::gpu
