// IntegrateBrownianStepKernel: kernel interface that advances a Context by one Brownian step
// of BrownianIntegrator, and computes the kinetic energy at the current time.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class BrownianIntegrator;

class IntegrateBrownianStepKernel : public KernelImpl {
public:
  static std::string Name() { return "IntegrateBrownianStep"; }
  IntegrateBrownianStepKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const BrownianIntegrator& integrator) = 0;
  /** One step; forces for the integrator's force groups must be current. */
  virtual void execute(ContextImpl& context, const BrownianIntegrator& integrator) = 0;
  virtual double computeKineticEnergy(ContextImpl& context, const BrownianIntegrator& integrator) = 0;
};

} // namespace OpenMM
