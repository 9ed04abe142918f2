// ReferenceCalcGBSAOBCForceKernel: OBC II Born radii from the descreening integrals of all pairs, the generalized
// Born energy of every pair and self term (with the cutoff shift -q_i q_j / r_c when cut off), the ACE surface
// term, and the forces through both the distances and the Born radii.
#pragma once

#include "openmm/GBSAOBCForce.h"
#include "openmm/kernels/CalcGBSAOBCForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcGBSAOBCForceKernel : public CalcGBSAOBCForceKernel {
public:
  ReferenceCalcGBSAOBCForceKernel(std::string name, const Platform& platform)
      : CalcGBSAOBCForceKernel(name, platform) {}
  void initialize(const System& system, const GBSAOBCForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const GBSAOBCForce& force) override;

private:
  std::vector<double> _charges, _radii, _scales;
  double _prefactor = 0.0, _surfaceFactor = 0.0, _cutoff = 0.0;
  GBSAOBCForce::NonbondedMethod _method = GBSAOBCForce::NoCutoff;
};

} // namespace OpenMM
