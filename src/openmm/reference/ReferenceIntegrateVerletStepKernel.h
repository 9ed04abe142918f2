// ReferenceIntegrateVerletStepKernel: one step of VerletIntegrator on ReferencePlatformData, with constraints
// applied through ReferenceConstraints.
#pragma once

#include "openmm/kernels/IntegrateVerletStepKernel.h"

namespace OpenMM {

class ReferenceIntegrateVerletStepKernel : public IntegrateVerletStepKernel {
public:
  ReferenceIntegrateVerletStepKernel(std::string name, const Platform& platform)
      : IntegrateVerletStepKernel(name, platform) {}
  void initialize(const System& system, const VerletIntegrator& integrator) override;
  void execute(ContextImpl& context, const VerletIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const VerletIntegrator& integrator) override;
};

} // namespace OpenMM
