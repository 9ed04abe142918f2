// ReferenceCalcCustomAngleForceKernel: E = f(theta, per-angle parameters, globals) per angle, F from dE/dtheta.
#pragma once

#include "ReferenceCustomTerms.h"
#include "openmm/kernels/CalcCustomAngleForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcCustomAngleForceKernel : public CalcCustomAngleForceKernel {
public:
  ReferenceCalcCustomAngleForceKernel(std::string name, const Platform& platform)
      : CalcCustomAngleForceKernel(name, platform) {}
  void initialize(const System& system, const CustomAngleForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomAngleForce& force) override;

private:
  std::vector<std::vector<int>> _particles;
  ReferenceCustomTerms _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
