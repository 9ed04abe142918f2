// ReferenceCalcCustomBondForceKernel: E = f(r, per-bond parameters, globals) per bond, F from dE/dr.
#pragma once

#include "ReferenceCustomTerms.h"
#include "openmm/kernels/CalcCustomBondForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcCustomBondForceKernel : public CalcCustomBondForceKernel {
public:
  ReferenceCalcCustomBondForceKernel(std::string name, const Platform& platform)
      : CalcCustomBondForceKernel(name, platform) {}
  void initialize(const System& system, const CustomBondForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomBondForce& force) override;

private:
  std::vector<std::vector<int>> _particles;
  ReferenceCustomTerms _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
