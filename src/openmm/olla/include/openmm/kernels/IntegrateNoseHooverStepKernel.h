// IntegrateNoseHooverStepKernel: kernel interface that advances a Context by one step of NoseHooverIntegrator
// (chains, velocity Verlet, chains), and reports the chains' energy and state.
#pragma once

#include "openmm/KernelImpl.h"

#include <string>
#include <vector>

namespace OpenMM {

class ContextImpl;
class System;
class NoseHooverIntegrator;

class IntegrateNoseHooverStepKernel : public KernelImpl {
public:
  static std::string Name() { return "IntegrateNoseHooverStep"; }
  IntegrateNoseHooverStepKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  /** The integrator's chains are complete (particles, degrees of freedom). */
  virtual void initialize(const System& system, const NoseHooverIntegrator& integrator) = 0;
  /** One step; computes the forces it needs itself. */
  virtual void execute(ContextImpl& context, const NoseHooverIntegrator& integrator) = 0;
  virtual double computeKineticEnergy(ContextImpl& context, const NoseHooverIntegrator& integrator) = 0;
  virtual double computeHeatBathEnergy(ContextImpl& context, const NoseHooverIntegrator& integrator) = 0;
  /** Positions and velocities of every chain's variables, absolute then relative, in chain order. */
  virtual std::vector<double> getChainStates() const = 0;
  virtual void setChainStates(const std::vector<double>& states) = 0;
};

} // namespace OpenMM
