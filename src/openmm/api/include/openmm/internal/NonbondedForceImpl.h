// NonbondedForceImpl: the per-Context implementation of NonbondedForce; validates it against the System and
// runs the CalcNonbondedForce kernel requested from the Platform by name.
#pragma once

#include "openmm/Kernel.h"
#include "openmm/NonbondedForce.h"
#include "openmm/internal/ForceImpl.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class System;

class NonbondedForceImpl : public ForceImpl {
public:
  explicit NonbondedForceImpl(const NonbondedForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const NonbondedForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::vector<std::string> getKernelNames() override;
  std::map<std::string, double> getDefaultParameters() override;
  void updateParametersInContext(ContextImpl& context);

  /**
   * Coefficient C of the long-range dispersion correction E = C / V (V = box volume) for CutoffPeriodic with
   * getUseDispersionCorrection(); 0 otherwise. Includes the part the switching function removes.
   */
  static double calcDispersionCorrection(const System& system, const NonbondedForce& force);
  /** The same for the given per-particle sigma and epsilon (parameters with their offsets applied). */
  static double calcDispersionCorrection(const NonbondedForce& force, const std::vector<double>& sigmas,
                                         const std::vector<double>& epsilons);

private:
  const NonbondedForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
