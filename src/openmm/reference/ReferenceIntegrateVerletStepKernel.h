// ReferenceIntegrateVerletStepKernel: one step of VerletIntegrator on ReferencePlatformData, with constraints
// applied through ReferenceConstraints.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateVerletStepKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceIntegrateVerletStepKernel : public IntegrateVerletStepKernel {
public:
  ReferenceIntegrateVerletStepKernel(std::string name, const Platform& platform)
      : IntegrateVerletStepKernel(name, platform) {}
  void initialize(const System& system, const VerletIntegrator& integrator) override;
  void execute(ContextImpl& context, const VerletIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const VerletIntegrator& integrator) override;

private:
  /** Positions after the unconstrained update, kept between steps to avoid reallocation. */
  std::vector<Vec3> _newPositions;
};

} // namespace OpenMM
