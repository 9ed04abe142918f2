// ReferenceCalcCustomCompoundBondForceKernel: E = f(coordinates, distances, angles, dihedrals of the bond's
// particles, parameters) per bond (ReferenceCompoundTerms); the force on each particle is minus its gradient.
#pragma once

#include "ReferenceCompoundTerms.h"
#include "openmm/kernels/CalcCustomCompoundBondForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcCustomCompoundBondForceKernel : public CalcCustomCompoundBondForceKernel {
public:
  ReferenceCalcCustomCompoundBondForceKernel(std::string name, const Platform& platform)
      : CalcCustomCompoundBondForceKernel(name, platform) {}
  void initialize(const System& system, const CustomCompoundBondForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomCompoundBondForce& force) override;

private:
  std::vector<std::vector<int>> _particles;
  ReferenceCompoundTerms _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
