// ReferenceCalcRBTorsionForceKernel: Ryckaert-Bellemans torsions E = sum C_i cos(psi)^i, psi = phi - pi.
#pragma once

#include "openmm/kernels/CalcRBTorsionForceKernel.h"

#include <array>
#include <vector>

namespace OpenMM {

class ReferenceCalcRBTorsionForceKernel : public CalcRBTorsionForceKernel {
public:
  ReferenceCalcRBTorsionForceKernel(std::string name, const Platform& platform)
      : CalcRBTorsionForceKernel(name, platform) {}
  void initialize(const System& system, const RBTorsionForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const RBTorsionForce& force) override;

private:
  struct Torsion {
    std::array<int, 4> particle;
    std::array<double, 6> c;
  };
  std::vector<Torsion> _torsions;
  bool _usePeriodic = false;
};

} // namespace OpenMM
