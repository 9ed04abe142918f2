// ComputeEwaldSum: the reciprocal space of a plain Ewald sum on the common-compute platforms
// (kernels/EwaldSum.cc): structure factors of every wave vector of the half space, then the forces from them.
// O(N K) work for K wave vectors; the energy and forces go into the Context's accumulators.
#pragma once

#include "compute/ArrayInterface.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"

#include <memory>

namespace OpenMM {

class ComputePlatformData;

class ComputeEwaldSum {
public:
  ComputeEwaldSum(ComputePlatformData& data, double alpha, const int kmax[3]);
  ~ComputeEwaldSum();
  /** Adds the reciprocal-space forces and energy of the charges (one `real` per System atom, scaled by
   * sqrt(ONE_4PI_EPS0)). */
  void compute(mardyn::compute::ArrayInterface& charges);

private:
  ComputePlatformData& _data;
  double _alpha;
  int _vectors = 0;
  mardyn::compute::PrecisionArray _structure;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _factors, _forces;
};

} // namespace OpenMM
