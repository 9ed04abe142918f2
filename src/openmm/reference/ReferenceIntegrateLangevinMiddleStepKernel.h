// ReferenceIntegrateLangevinMiddleStepKernel: one step of LangevinMiddleIntegrator on ReferencePlatformData, with constraints
// applied through ReferenceConstraints.
#pragma once

#include "openmm/kernels/IntegrateLangevinMiddleStepKernel.h"

namespace OpenMM {

class ReferenceIntegrateLangevinMiddleStepKernel : public IntegrateLangevinMiddleStepKernel {
public:
  ReferenceIntegrateLangevinMiddleStepKernel(std::string name, const Platform& platform)
      : IntegrateLangevinMiddleStepKernel(name, platform) {}
  void initialize(const System& system, const LangevinMiddleIntegrator& integrator) override;
  void execute(ContextImpl& context, const LangevinMiddleIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const LangevinMiddleIntegrator& integrator) override;
};

} // namespace OpenMM
