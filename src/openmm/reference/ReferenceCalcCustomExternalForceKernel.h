// ReferenceCalcCustomExternalForceKernel: E = f(x, y, z, per-particle parameters, globals) per particle, F = -grad E;
// periodicdistance() in the expression reads the Context's box.
#pragma once

#include "ReferenceCustomTerms.h"
#include "openmm/Vec3.h"
#include "openmm/kernels/CalcCustomExternalForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcCustomExternalForceKernel : public CalcCustomExternalForceKernel {
public:
  ReferenceCalcCustomExternalForceKernel(std::string name, const Platform& platform)
      : CalcCustomExternalForceKernel(name, platform) {}
  void initialize(const System& system, const CustomExternalForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomExternalForce& force) override;

private:
  std::vector<std::vector<int>> _particles;
  ReferenceCustomTerms _terms;
  bool _usePeriodic = false;
  const Vec3* _box = nullptr; ///< read by periodicdistance(); null without periodic boundary conditions
};

} // namespace OpenMM
