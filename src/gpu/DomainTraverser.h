// DomainTraverser: enumerates the cell pairs of a traversal in launches whose pairs share no cell:
// the intra-cell pass over owned cells, then for every forward neighbour offset two launches
// (even and odd layers along the offset's largest axis). Halo-halo pairs are left out.
#pragma once

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

  explicit DomainTraverser(compute::ComputeContext& context);

  /// Rebuilds the pair list when the grid changed (first call included).
  void preInteraction(LinkedCells& cells) override;

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
  std::array<int, 3> _dims{-1, -1, -1};
  std::vector<char> _isHalo;
  std::vector<compute::mm_int2> _hostPairs;
  std::vector<Launch> _launches;
  compute::ComputeArray<compute::mm_int2> _pairs;
};

}  // namespace mardyn::gpu
