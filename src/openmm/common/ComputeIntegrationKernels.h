// The integration kernels of the common-compute platforms (kernels/Integration.cc): Verlet, Langevin,
// Langevin middle and Brownian steps as the Reference platform takes them, with their constraints
// (ComputeConstraints), the centre-of-mass motion remover and the
// Andersen thermostat, with random numbers from a counter-based hash. Positions and velocities stay on
// the device; the kinetic energy comes back as one number.
#pragma once

#include "openmm/kernels.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"

#include <memory>

namespace OpenMM {

class ComputePlatformData;

/** The leapfrog Langevin step of `dt` (LangevinIntegrator's, VariableLangevinIntegrator's): the constraints' reference
 * saved, then `kernel` (the core program's integrateLangevin) launched; the positions are constrained after it. */
void launchLangevinStep(ComputePlatformData& data, mardyn::compute::ComputeKernel& kernel, double dt, double friction,
                        double temperature);

class ComputeIntegrateVerletStepKernel : public IntegrateVerletStepKernel {
public:
  ComputeIntegrateVerletStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateVerletStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const VerletIntegrator& integrator) override;
  void execute(ContextImpl& context, const VerletIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const VerletIntegrator& integrator) override;

private:
  ComputePlatformData& _data;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel;
};

class ComputeIntegrateLangevinStepKernel : public IntegrateLangevinStepKernel {
public:
  ComputeIntegrateLangevinStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateLangevinStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const LangevinIntegrator& integrator) override;
  void execute(ContextImpl& context, const LangevinIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const LangevinIntegrator& integrator) override;

private:
  ComputePlatformData& _data;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel;
};

class ComputeIntegrateLangevinMiddleStepKernel : public IntegrateLangevinMiddleStepKernel {
public:
  ComputeIntegrateLangevinMiddleStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateLangevinMiddleStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const LangevinMiddleIntegrator& integrator) override;
  void execute(ContextImpl& context, const LangevinMiddleIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const LangevinMiddleIntegrator& integrator) override;

private:
  ComputePlatformData& _data;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel, _kick, _drift;
};

class ComputeIntegrateBrownianStepKernel : public IntegrateBrownianStepKernel {
public:
  ComputeIntegrateBrownianStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateBrownianStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const BrownianIntegrator& integrator) override;
  void execute(ContextImpl& context, const BrownianIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const BrownianIntegrator& integrator) override;

private:
  ComputePlatformData& _data;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel;
};

class ComputeRemoveCMMotionKernel : public RemoveCMMotionKernel {
public:
  ComputeRemoveCMMotionKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : RemoveCMMotionKernel(name, platform), _data(data) {}
  void initialize(const System& system, const CMMotionRemover& force) override;
  void execute(ContextImpl& context) override;

private:
  ComputePlatformData& _data;
  int _frequency = 1;
};

class ComputeApplyAndersenThermostatKernel : public ApplyAndersenThermostatKernel {
public:
  ComputeApplyAndersenThermostatKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : ApplyAndersenThermostatKernel(name, platform), _data(data) {}
  void initialize(const System& system, const AndersenThermostat& thermostat) override;
  void execute(ContextImpl& context) override;

private:
  ComputePlatformData& _data;
  int _seed = 0;
  mardyn::compute::ComputeArray<int> _collisionGroup;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel;
};

} // namespace OpenMM
