// The variable-step integrators of the common-compute platforms: VariableVerletIntegrator and
// VariableLangevinIntegrator. The error estimate (the RMS acceleration) is summed on the device and comes back as
// one number; the step size follows IntegrationRules::variableStepSize; the step itself is the leapfrog Verlet or
// Langevin kernel of ComputeIntegrationKernels with that step, then the constraints.
#pragma once

#include "openmm/kernels/IntegrateVariableLangevinStepKernel.h"
#include "openmm/kernels/IntegrateVariableVerletStepKernel.h"

#include "compute/ComputeKernel.h"

#include <memory>

namespace OpenMM {

class ComputePlatformData;

class ComputeIntegrateVariableVerletStepKernel : public IntegrateVariableVerletStepKernel {
public:
  ComputeIntegrateVariableVerletStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateVariableVerletStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const VariableVerletIntegrator& integrator) override;
  double execute(ContextImpl& context, const VariableVerletIntegrator& integrator, double maxTime) override;
  double computeKineticEnergy(ContextImpl& context, const VariableVerletIntegrator& integrator) override;
  double getLastStepSize() const override { return _lastStep; }
  void setLastStepSize(double size) override { _lastStep = size; }

private:
  ComputePlatformData& _data;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel, _error;
  double _lastStep = 0.0;
};

class ComputeIntegrateVariableLangevinStepKernel : public IntegrateVariableLangevinStepKernel {
public:
  ComputeIntegrateVariableLangevinStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateVariableLangevinStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const VariableLangevinIntegrator& integrator) override;
  double execute(ContextImpl& context, const VariableLangevinIntegrator& integrator, double maxTime) override;
  double computeKineticEnergy(ContextImpl& context, const VariableLangevinIntegrator& integrator) override;
  double getLastStepSize() const override { return _lastStep; }
  void setLastStepSize(double size) override { _lastStep = size; }

private:
  ComputePlatformData& _data;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel, _error;
  double _lastStep = 0.0;
};

} // namespace OpenMM
