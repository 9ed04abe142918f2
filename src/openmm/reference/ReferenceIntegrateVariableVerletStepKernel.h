// ReferenceIntegrateVariableVerletStepKernel: one step of VariableVerletIntegrator on ReferencePlatformData, with
// constraints applied through ReferenceConstraints.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateVariableVerletStepKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceIntegrateVariableVerletStepKernel : public IntegrateVariableVerletStepKernel {
public:
  ReferenceIntegrateVariableVerletStepKernel(std::string name, const Platform& platform)
      : IntegrateVariableVerletStepKernel(name, platform) {}
  void initialize(const System& system, const VariableVerletIntegrator& integrator) override;
  double execute(ContextImpl& context, const VariableVerletIntegrator& integrator, double maxTime) override;
  double computeKineticEnergy(ContextImpl& context, const VariableVerletIntegrator& integrator) override;
  double getLastStepSize() const override { return _lastStep; }
  void setLastStepSize(double size) override { _lastStep = size; }

private:
  std::vector<Vec3> _newPositions;
  double _lastStep = 0.0;
};

} // namespace OpenMM
