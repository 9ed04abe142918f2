// CalcCustomExternalForceKernel: kernel interface for the forces and energy of a CustomExternalForce. Platforms
// implement it; CustomExternalForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class CustomExternalForce;

class CalcCustomExternalForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcCustomExternalForce"; }
  CalcCustomExternalForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const CustomExternalForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-term parameters (the particles must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const CustomExternalForce& force) = 0;
};

} // namespace OpenMM
