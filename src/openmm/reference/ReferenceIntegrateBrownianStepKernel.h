// ReferenceIntegrateBrownianStepKernel: one step of BrownianIntegrator on ReferencePlatformData, with constraints
// applied through ReferenceConstraints.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateBrownianStepKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceIntegrateBrownianStepKernel : public IntegrateBrownianStepKernel {
public:
  ReferenceIntegrateBrownianStepKernel(std::string name, const Platform& platform)
      : IntegrateBrownianStepKernel(name, platform) {}
  void initialize(const System& system, const BrownianIntegrator& integrator) override;
  void execute(ContextImpl& context, const BrownianIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const BrownianIntegrator& integrator) override;

private:
  /** Positions after the unconstrained update, kept between steps to avoid reallocation. */
  std::vector<Vec3> _newPositions, _oldPositions;
};

} // namespace OpenMM
