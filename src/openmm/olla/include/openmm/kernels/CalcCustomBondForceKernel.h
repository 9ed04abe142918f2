// CalcCustomBondForceKernel: kernel interface for the forces and energy of a CustomBondForce. Platforms
// implement it; CustomBondForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class CustomBondForce;

class CalcCustomBondForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcCustomBondForce"; }
  CalcCustomBondForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const CustomBondForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-bond parameters (the bonds' particles must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const CustomBondForce& force) = 0;
};

} // namespace OpenMM
