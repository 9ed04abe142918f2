// CalcGBSAOBCForceKernel: kernel interface for the forces and energy of a GBSAOBCForce. Platforms
// implement it; GBSAOBCForceImpl requests it by Name().
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;
class GBSAOBCForce;

class CalcGBSAOBCForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcGBSAOBCForce"; }
  CalcGBSAOBCForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const GBSAOBCForce& force) = 0;
  /** Adds forces (if includeForces) and returns the energy (if includeEnergy, else 0). */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy) = 0;
  /** Re-reads the particle parameters. */
  virtual void copyParametersToContext(ContextImpl& context, const GBSAOBCForce& force) = 0;
};

} // namespace OpenMM
