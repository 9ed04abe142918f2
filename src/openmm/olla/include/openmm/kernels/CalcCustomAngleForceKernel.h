// CalcCustomAngleForceKernel: kernel interface for the forces and energy of a CustomAngleForce. Platforms
// implement it; CustomAngleForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class CustomAngleForce;

class CalcCustomAngleForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcCustomAngleForce"; }
  CalcCustomAngleForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const CustomAngleForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-term parameters (the particles must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const CustomAngleForce& force) = 0;
};

} // namespace OpenMM
