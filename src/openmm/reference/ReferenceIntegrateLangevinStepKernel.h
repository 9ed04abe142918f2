// ReferenceIntegrateLangevinStepKernel: one step of LangevinIntegrator on ReferencePlatformData, with constraints
// applied through ReferenceConstraints.
#pragma once

#include "openmm/kernels/IntegrateLangevinStepKernel.h"

namespace OpenMM {

class ReferenceIntegrateLangevinStepKernel : public IntegrateLangevinStepKernel {
public:
  ReferenceIntegrateLangevinStepKernel(std::string name, const Platform& platform)
      : IntegrateLangevinStepKernel(name, platform) {}
  void initialize(const System& system, const LangevinIntegrator& integrator) override;
  void execute(ContextImpl& context, const LangevinIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const LangevinIntegrator& integrator) override;
};

} // namespace OpenMM
