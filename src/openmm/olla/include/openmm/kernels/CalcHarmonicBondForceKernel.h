// CalcHarmonicBondForceKernel: kernel interface that computes the forces and energy of harmonic bonds
// (HarmonicBondForce). Platforms implement it; HarmonicBondForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class HarmonicBondForce;

class CalcHarmonicBondForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcHarmonicBondForce"; }
  CalcHarmonicBondForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  /** Reads the parameters of force. */
  virtual void initialize(const System& system, const HarmonicBondForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-term parameters after the user changed them (the set of terms must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const HarmonicBondForce& force) = 0;
};

} // namespace OpenMM
