// ComputeCalcGBSAOBCForceKernel: GBSAOBCForce on the common-compute platforms (kernels/GBSAOBC.cc): the OBC II Born
// radii, the generalized Born and ACE surface energies and the forces through the Born radii, in three passes over
// all pairs (O(N^2), as the Reference platform computes them), one thread per atom.
#pragma once

#include "openmm/kernels/CalcGBSAOBCForceKernel.h"

#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"

#include <memory>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcGBSAOBCForceKernel : public CalcGBSAOBCForceKernel {
public:
  ComputeCalcGBSAOBCForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcGBSAOBCForceKernel(name, platform), _data(data) {}
  void initialize(const System& system, const GBSAOBCForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const GBSAOBCForce& force) override;

private:
  void uploadParameters(const GBSAOBCForce& force);

  ComputePlatformData& _data;
  int _method = 0;
  double _cutoff = 0.0, _prefactor = 0.0, _surfaceFactor = 0.0;
  mardyn::compute::PrecisionArray _params, _bornRadius, _dRdI, _dEdR;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _radii, _pairs, _chain;
};

} // namespace OpenMM
