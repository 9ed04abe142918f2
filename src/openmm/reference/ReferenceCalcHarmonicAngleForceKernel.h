// ReferenceCalcHarmonicAngleForceKernel: E = k/2 (theta - theta0)^2 per angle, theta at the middle particle.
#pragma once

#include "openmm/kernels/CalcHarmonicAngleForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcHarmonicAngleForceKernel : public CalcHarmonicAngleForceKernel {
public:
  ReferenceCalcHarmonicAngleForceKernel(std::string name, const Platform& platform)
      : CalcHarmonicAngleForceKernel(name, platform) {}
  void initialize(const System& system, const HarmonicAngleForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const HarmonicAngleForce& force) override;

protected:
  struct Angle {
    int particle1, particle2, particle3;
    double angle, k;
  };
  std::vector<Angle> _angles;
  bool _usePeriodic = false;
};

} // namespace OpenMM
