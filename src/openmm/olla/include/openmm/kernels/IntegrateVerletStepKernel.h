// IntegrateVerletStepKernel: kernel interface that advances a Context by one leapfrog Verlet step
// of VerletIntegrator, and computes the kinetic energy at the current time.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class VerletIntegrator;

class IntegrateVerletStepKernel : public KernelImpl {
public:
  static std::string Name() { return "IntegrateVerletStep"; }
  IntegrateVerletStepKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const VerletIntegrator& integrator) = 0;
  /** One step; forces for the integrator's force groups must be current. */
  virtual void execute(ContextImpl& context, const VerletIntegrator& integrator) = 0;
  virtual double computeKineticEnergy(ContextImpl& context, const VerletIntegrator& integrator) = 0;
};

} // namespace OpenMM
