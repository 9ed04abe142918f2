// ApplyAndersenThermostatKernel: kernel interface that re-draws particle velocities from the Maxwell
// distribution with the collision probability of an AndersenThermostat (called once per step).
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class AndersenThermostat;
class ContextImpl;
class System;

class ApplyAndersenThermostatKernel : public KernelImpl {
public:
  static std::string Name() { return "ApplyAndersenThermostat"; }
  ApplyAndersenThermostatKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const AndersenThermostat& thermostat) = 0;
  virtual void execute(ContextImpl& context) = 0;
};

} // namespace OpenMM
