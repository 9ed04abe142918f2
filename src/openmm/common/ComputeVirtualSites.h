// ComputeVirtualSites: the System's virtual sites on a common-compute device (kernels/VirtualSites.cc):
// placed from their parents before every force evaluation and after every step, their forces handed to the
// parents when the evaluation finishes. Every kind of the library's VirtualSite.h: two- and three-particle
// averages, out-of-plane and local-coordinates sites. Sites may depend on sites: they are placed one level of
// dependency after another (virtualSiteLevels), one launch per level, and pass their forces on level by level
// in reverse.
#pragma once

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"

#include <memory>
#include <vector>

namespace OpenMM {

class ComputePlatformData;
class System;

class ComputeVirtualSites {
public:
  ComputeVirtualSites(ComputePlatformData& data, const System& system);
  ~ComputeVirtualSites();
  bool empty() const { return _numSites == 0; }
  /** Places every site from its parents' current positions. */
  void computePositions();
  /** Adds each site's force to its parents and clears it. */
  void distributeForces();

private:
  ComputePlatformData& _data;
  int _numSites = 0;
  std::vector<int> _levelStart; ///< level k is rows _levelStart[k] .. _levelStart[k + 1] - 1 of the tables
  mardyn::compute::ComputeArray<mardyn::compute::mm_int4> _info;
  mardyn::compute::ComputeArray<int> _parents;
  mardyn::compute::PrecisionArray _params, _weights;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _place, _distribute;
};

} // namespace OpenMM
