// ReferenceApplyAndersenThermostatKernel: re-draws each particle's velocity from the Maxwell distribution with
// probability 1 - exp(-collisionFrequency dt), using the Context's generator.
#pragma once

#include "openmm/kernels/ApplyAndersenThermostatKernel.h"

namespace OpenMM {

class ReferenceApplyAndersenThermostatKernel : public ApplyAndersenThermostatKernel {
public:
  ReferenceApplyAndersenThermostatKernel(std::string name, const Platform& platform)
      : ApplyAndersenThermostatKernel(name, platform) {}
  void initialize(const System& system, const AndersenThermostat& thermostat) override;
  void execute(ContextImpl& context) override;
};

} // namespace OpenMM
