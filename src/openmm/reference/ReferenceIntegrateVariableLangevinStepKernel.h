// ReferenceIntegrateVariableLangevinStepKernel: one step of VariableLangevinIntegrator on ReferencePlatformData,
// with constraints applied through ReferenceConstraints.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateVariableLangevinStepKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceIntegrateVariableLangevinStepKernel : public IntegrateVariableLangevinStepKernel {
public:
  ReferenceIntegrateVariableLangevinStepKernel(std::string name, const Platform& platform)
      : IntegrateVariableLangevinStepKernel(name, platform) {}
  void initialize(const System& system, const VariableLangevinIntegrator& integrator) override;
  double execute(ContextImpl& context, const VariableLangevinIntegrator& integrator, double maxTime) override;
  double computeKineticEnergy(ContextImpl& context, const VariableLangevinIntegrator& integrator) override;
  double getLastStepSize() const override { return _lastStep; }
  void setLastStepSize(double size) override { _lastStep = size; }

private:
  std::vector<Vec3> _newPositions;
  double _lastStep = 0.0;
};

} // namespace OpenMM
