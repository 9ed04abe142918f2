// ReferenceCalcCMAPTorsionForceKernel: E = map(phi, psi) per torsion pair, the map interpolated by periodic
// bicubic patches; forces from dE/dphi and dE/dpsi through the dihedral gradients.
#pragma once

#include "CustomFunction.h"
#include "openmm/kernels/CalcCMAPTorsionForceKernel.h"

#include <array>
#include <vector>

namespace OpenMM {

class ReferenceCalcCMAPTorsionForceKernel : public CalcCMAPTorsionForceKernel {
public:
  ReferenceCalcCMAPTorsionForceKernel(std::string name, const Platform& platform)
      : CalcCMAPTorsionForceKernel(name, platform) {}
  void initialize(const System& system, const CMAPTorsionForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CMAPTorsionForce& force) override;

private:
  std::vector<std::shared_ptr<const CustomFunction>> _maps;
  std::vector<int> _torsionMaps;
  std::vector<std::array<int, 8>> _particles;
  bool _usePeriodic = false;
};

} // namespace OpenMM
