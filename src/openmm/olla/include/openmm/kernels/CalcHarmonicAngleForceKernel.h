// CalcHarmonicAngleForceKernel: kernel interface that computes the forces and energy of harmonic angles
// (HarmonicAngleForce). Platforms implement it; HarmonicAngleForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class HarmonicAngleForce;

class CalcHarmonicAngleForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcHarmonicAngleForce"; }
  CalcHarmonicAngleForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  /** Reads the parameters of force. */
  virtual void initialize(const System& system, const HarmonicAngleForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads per-term parameters after the user changed them (the set of terms must not change). */
  virtual void copyParametersToContext(ContextImpl& context, const HarmonicAngleForce& force) = 0;
};

} // namespace OpenMM
