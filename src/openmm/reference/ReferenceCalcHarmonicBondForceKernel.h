// ReferenceCalcHarmonicBondForceKernel: E = k/2 (r - r0)^2 per bond, optionally with periodic
// minimum-image distances.
#pragma once

#include "openmm/kernels/CalcHarmonicBondForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcHarmonicBondForceKernel : public CalcHarmonicBondForceKernel {
public:
  ReferenceCalcHarmonicBondForceKernel(std::string name, const Platform& platform)
      : CalcHarmonicBondForceKernel(name, platform) {}
  void initialize(const System& system, const HarmonicBondForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const HarmonicBondForce& force) override;

protected:
  struct Bond {
    int particle1, particle2;
    double length, k;
  };
  std::vector<Bond> _bonds;
  bool _usePeriodic = false;
};

} // namespace OpenMM
