// ReferenceCalcCustomCentroidBondForceKernel: the bond energies of CustomCompoundBondForce evaluated at the
// weighted centres of groups; a centre's force is shared among its particles by their weight fractions.
#pragma once

#include "ReferenceCompoundTerms.h"
#include "openmm/kernels/CalcCustomCentroidBondForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcCustomCentroidBondForceKernel : public CalcCustomCentroidBondForceKernel {
public:
  ReferenceCalcCustomCentroidBondForceKernel(std::string name, const Platform& platform)
      : CalcCustomCentroidBondForceKernel(name, platform) {}
  void initialize(const System& system, const CustomCentroidBondForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomCentroidBondForce& force) override;

private:
  std::vector<std::vector<int>> _groupParticles;
  std::vector<std::vector<double>> _groupFractions; ///< weight / total weight of the group
  std::vector<std::vector<int>> _bondGroups;
  ReferenceCompoundTerms _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
