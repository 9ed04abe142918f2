// CalcPeriodicTorsionForceKernel: kernel interface that computes the forces and energy of periodic torsions
// (PeriodicTorsionForce). Platforms implement it; PeriodicTorsionForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class PeriodicTorsionForce;

class CalcPeriodicTorsionForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcPeriodicTorsionForce"; }
  CalcPeriodicTorsionForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  /** Reads the parameters of force. */
  virtual void initialize(const System& system, const PeriodicTorsionForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-term parameters after the user changed them (the set of terms must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const PeriodicTorsionForce& force) = 0;
};

} // namespace OpenMM
