// IntegrateCustomStepKernel: kernel interface that runs one step of a CustomIntegrator's computations and
// evaluates its kinetic-energy expression.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class CustomIntegrator;
class System;

class IntegrateCustomStepKernel : public KernelImpl {
public:
  static std::string Name() { return "IntegrateCustomStep"; }
  IntegrateCustomStepKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  /** Compiles the computations; throws naming a computation whose expression or target is invalid. */
  virtual void initialize(const System& system, const CustomIntegrator& integrator) = 0;
  /** One step: every computation in order; reads and writes the integrator's variables. */
  virtual void execute(ContextImpl& context, CustomIntegrator& integrator) = 0;
  virtual double computeKineticEnergy(ContextImpl& context, CustomIntegrator& integrator) = 0;
};

} // namespace OpenMM
