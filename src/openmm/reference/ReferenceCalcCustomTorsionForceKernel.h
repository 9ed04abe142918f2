// ReferenceCalcCustomTorsionForceKernel: E = f(theta, per-torsion parameters, globals) per torsion (theta the
// dihedral angle), F from dE/dtheta.
#pragma once

#include "ReferenceCustomTerms.h"
#include "openmm/kernels/CalcCustomTorsionForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcCustomTorsionForceKernel : public CalcCustomTorsionForceKernel {
public:
  ReferenceCalcCustomTorsionForceKernel(std::string name, const Platform& platform)
      : CalcCustomTorsionForceKernel(name, platform) {}
  void initialize(const System& system, const CustomTorsionForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomTorsionForce& force) override;

private:
  std::vector<std::vector<int>> _particles;
  ReferenceCustomTerms _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
