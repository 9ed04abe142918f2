// CalcCustomCentroidBondForceKernel: kernel interface for the forces and energy of a CustomCentroidBondForce. Platforms implement it;
// CustomCentroidBondForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class CustomCentroidBondForce;

class CalcCustomCentroidBondForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcCustomCentroidBondForce"; }
  CalcCustomCentroidBondForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const CustomCentroidBondForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-bond parameters and tabulated functions (the bonds' members must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const CustomCentroidBondForce& force) = 0;
};

} // namespace OpenMM
