// IntegrateVariableVerletStepKernel: kernel interface that advances a Context by one step of
// VariableVerletIntegrator (choosing the step size) and computes the kinetic energy at the current time.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class VariableVerletIntegrator;

class IntegrateVariableVerletStepKernel : public KernelImpl {
public:
  static std::string Name() { return "IntegrateVariableVerletStep"; }
  IntegrateVariableVerletStepKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const VariableVerletIntegrator& integrator) = 0;
  /** One step ending no later than maxTime; forces of the integration groups must be current. Returns the step. */
  virtual double execute(ContextImpl& context, const VariableVerletIntegrator& integrator, double maxTime) = 0;
  virtual double computeKineticEnergy(ContextImpl& context, const VariableVerletIntegrator& integrator) = 0;
  /** Size of the previous step (the next one is at most twice it); 0 before the first step. */
  virtual double getLastStepSize() const = 0;
  virtual void setLastStepSize(double size) = 0;
};

} // namespace OpenMM
