// CalcForcesAndEnergyKernel: brackets every force evaluation. beginComputation() clears force
// buffers (and may build neighbour lists); finishComputation() sums buffers and returns extra energy.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class System;

class CalcForcesAndEnergyKernel : public KernelImpl {
public:
  static std::string Name() { return "CalcForcesAndEnergy"; }
  CalcForcesAndEnergyKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system) = 0;
  virtual void beginComputation(ContextImpl& context, bool includeForce, bool includeEnergy, int groups) = 0;
  /** Returns energy not attributed to a Force; sets valid=false if the computation must be repeated. */
  virtual double finishComputation(ContextImpl& context, bool includeForce, bool includeEnergy, int groups,
                                   bool& valid) = 0;
};

} // namespace OpenMM
