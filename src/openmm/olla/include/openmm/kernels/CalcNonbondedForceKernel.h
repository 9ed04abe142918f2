// CalcNonbondedForceKernel: kernel interface for Lennard-Jones + Coulomb interactions (NonbondedForce),
// including exceptions, reaction field, switching function and the dispersion correction.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class NonbondedForce;
class System;

class CalcNonbondedForceKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcNonbondedForce"; }
  CalcNonbondedForceKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const NonbondedForce& force) = 0;
  /**
   * Adds forces (if includeForces) and returns the energy (if includeEnergy). includeDirect selects the
   * pair and exception terms, includeReciprocal the reciprocal-space part (none for the supported methods).
   */
  virtual double execute(ContextImpl& context, bool includeForces, bool includeEnergy, bool includeDirect,
                         bool includeReciprocal) = 0;
  virtual void copyParametersToContext(ContextImpl& context, const NonbondedForce& force) = 0;
  /** Ewald/PME parameters; platforms without PME throw. */
  virtual void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const = 0;
  /** LJPME dispersion parameters; platforms without LJPME throw. */
  virtual void getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const = 0;
};

} // namespace OpenMM
