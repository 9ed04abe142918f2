// ReferenceCalcForcesAndEnergyKernel: zeroes the force array before a force evaluation; the Reference
// platform needs nothing after it.
#pragma once

#include "openmm/kernels/CalcForcesAndEnergyKernel.h"

namespace OpenMM {

class ReferenceCalcForcesAndEnergyKernel : public CalcForcesAndEnergyKernel {
public:
  ReferenceCalcForcesAndEnergyKernel(std::string name, const Platform& platform)
      : CalcForcesAndEnergyKernel(name, platform) {}
  void initialize(const System& system) override;
  void beginComputation(ContextImpl& context, bool includeForce, bool includeEnergy, int groups) override;
  double finishComputation(ContextImpl& context, bool includeForce, bool includeEnergy, int groups,
                           bool& valid) override;
};

} // namespace OpenMM
