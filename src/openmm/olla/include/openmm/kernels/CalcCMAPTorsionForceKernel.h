// CalcCMAPTorsionForceKernel: kernel interface for the forces and energy of a CMAPTorsionForce. Platforms
// implement it; CMAPTorsionForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class CMAPTorsionForce;

class CalcCMAPTorsionForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcCMAPTorsionForce"; }
  CalcCMAPTorsionForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const CMAPTorsionForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads the maps and torsions (their number must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const CMAPTorsionForce& force) = 0;
};

} // namespace OpenMM
