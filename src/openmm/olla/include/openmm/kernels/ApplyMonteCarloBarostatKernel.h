// ApplyMonteCarloBarostatKernel: kernel interface that scales the box and the molecules' centres for a trial move
// of a Monte Carlo barostat and restores them when the move is rejected.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class ContextImpl;
class Force;
class System;

class ApplyMonteCarloBarostatKernel : public KernelImpl {
public:
  static std::string Name() { return "ApplyMonteCarloBarostat"; }
  ApplyMonteCarloBarostatKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const Force& barostat) = 0;
  /** Saves the positions and box, then scales the box and every molecule's centre by the given factors. */
  virtual void scaleCoordinates(ContextImpl& context, double scaleX, double scaleY, double scaleZ) = 0;
  /** Restores the positions and box saved by the last scaleCoordinates(). */
  virtual void restoreCoordinates(ContextImpl& context) = 0;
};

} // namespace OpenMM
