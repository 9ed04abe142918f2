// IntegrateLangevinMiddleStepKernel: kernel interface that advances a Context by one Langevin middle-scheme
// (BAOAB-like) step of LangevinMiddleIntegrator, and computes the kinetic energy at the current time.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class LangevinMiddleIntegrator;

class IntegrateLangevinMiddleStepKernel : public KernelImpl {
public:
  static std::string Name() { return "IntegrateLangevinMiddleStep"; }
  IntegrateLangevinMiddleStepKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const LangevinMiddleIntegrator& integrator) = 0;
  /** One step; forces for the integrator's force groups must be current. */
  virtual void execute(ContextImpl& context, const LangevinMiddleIntegrator& integrator) = 0;
  virtual double computeKineticEnergy(ContextImpl& context, const LangevinMiddleIntegrator& integrator) = 0;
};

} // namespace OpenMM
