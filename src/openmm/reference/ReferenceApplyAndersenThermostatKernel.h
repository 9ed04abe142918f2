// ReferenceApplyAndersenThermostatKernel: re-draws the velocities of each group of constraint-linked particles
// from the Maxwell distribution with probability 1 - exp(-collisionFrequency dt), using the Context's generator.
#pragma once

#include "openmm/kernels/ApplyAndersenThermostatKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceApplyAndersenThermostatKernel : public ApplyAndersenThermostatKernel {
public:
  ReferenceApplyAndersenThermostatKernel(std::string name, const Platform& platform)
      : ApplyAndersenThermostatKernel(name, platform) {}
  void initialize(const System& system, const AndersenThermostat& thermostat) override;
  void execute(ContextImpl& context) override;

private:
  std::vector<std::vector<int>> _groups;
};

} // namespace OpenMM
