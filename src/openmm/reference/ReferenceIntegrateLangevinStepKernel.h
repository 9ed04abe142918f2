// ReferenceIntegrateLangevinStepKernel: one step of LangevinIntegrator on ReferencePlatformData, with constraints
// applied through ReferenceConstraints.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateLangevinStepKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceIntegrateLangevinStepKernel : public IntegrateLangevinStepKernel {
public:
  ReferenceIntegrateLangevinStepKernel(std::string name, const Platform& platform)
      : IntegrateLangevinStepKernel(name, platform) {}
  void initialize(const System& system, const LangevinIntegrator& integrator) override;
  void execute(ContextImpl& context, const LangevinIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const LangevinIntegrator& integrator) override;

private:
  /** Positions after the unconstrained update, kept between steps to avoid reallocation. */
  std::vector<Vec3> _newPositions;
};

} // namespace OpenMM
