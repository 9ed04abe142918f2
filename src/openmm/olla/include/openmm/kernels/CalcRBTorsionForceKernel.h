// CalcRBTorsionForceKernel: kernel interface that computes the forces and energy of Ryckaert-Bellemans torsions
// (RBTorsionForce). Platforms implement it; RBTorsionForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class RBTorsionForce;

class CalcRBTorsionForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcRBTorsionForce"; }
  CalcRBTorsionForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  /** Reads the parameters of force. */
  virtual void initialize(const System& system, const RBTorsionForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-term parameters after the user changed them (the set of terms must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const RBTorsionForce& force) = 0;
};

} // namespace OpenMM
