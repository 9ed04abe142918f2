// ReferenceIntegrateLangevinMiddleStepKernel: one step of LangevinMiddleIntegrator on ReferencePlatformData, with
// constraints applied through ReferenceConstraints.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateLangevinMiddleStepKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceIntegrateLangevinMiddleStepKernel : public IntegrateLangevinMiddleStepKernel {
public:
  ReferenceIntegrateLangevinMiddleStepKernel(std::string name, const Platform& platform)
      : IntegrateLangevinMiddleStepKernel(name, platform) {}
  void initialize(const System& system, const LangevinMiddleIntegrator& integrator) override;
  void execute(ContextImpl& context, const LangevinMiddleIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const LangevinMiddleIntegrator& integrator) override;

private:
  /** Positions after the unconstrained update, kept between steps to avoid reallocation. */
  std::vector<Vec3> _newPositions;
};

} // namespace OpenMM
