// AndersenThermostatImpl: the per-Context implementation of AndersenThermostat; defines the Context
// parameters for temperature and collision frequency and runs its kernel at the start of each step.
#pragma once

#include "openmm/AndersenThermostat.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

#include <vector>

namespace OpenMM {

class System;

class AndersenThermostatImpl : public ForceImpl {
public:
  explicit AndersenThermostatImpl(const AndersenThermostat& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const AndersenThermostat& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl& context, bool& forcesInvalid) override;
  double calcForcesAndEnergy(ContextImpl&, bool, bool, int) override { return 0.0; }
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  /** The particles joined by constraints, each group sorted (a particle without constraints is a group of its
   * own): the thermostat re-randomises a group's velocities together, so constraints take no energy away. */
  static std::vector<std::vector<int>> calcParticleGroups(const System& system);

private:
  const AndersenThermostat& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
