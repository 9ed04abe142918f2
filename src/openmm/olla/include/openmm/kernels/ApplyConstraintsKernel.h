// ApplyConstraintsKernel: enforces the System's distance constraints on positions or velocities
// (Context::applyConstraints, Context::applyVelocityConstraints).
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;

class ApplyConstraintsKernel : public KernelImpl {
public:
  static std::string Name() { return "ApplyConstraints"; }
  ApplyConstraintsKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system) = 0;
  /** Moves positions so every constraint holds to relative tolerance tol. */
  virtual void apply(ContextImpl& context, double tol) = 0;
  /** Removes velocity components along constraints. */
  virtual void applyToVelocities(ContextImpl& context, double tol) = 0;
};

} // namespace OpenMM
