// AndersenThermostatImpl: requests the ApplyAndersenThermostat kernel, runs it at the start of each step
// and provides the default values of the thermostat's Context parameters.
#include "openmm/internal/AndersenThermostatImpl.h"

#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/ApplyAndersenThermostatKernel.h"

namespace OpenMM {

void AndersenThermostatImpl::initialize(ContextImpl& context) {
  _kernel = context.getPlatform().createKernel(ApplyAndersenThermostatKernel::Name(), context);
  _kernel.getAs<ApplyAndersenThermostatKernel>().initialize(context.getSystem(), _owner);
}

void AndersenThermostatImpl::updateContextState(ContextImpl& context, bool&) {
  _kernel.getAs<ApplyAndersenThermostatKernel>().execute(context);
}

std::map<std::string, double> AndersenThermostatImpl::getDefaultParameters() {
  return {{AndersenThermostat::Temperature(), _owner.getDefaultTemperature()},
          {AndersenThermostat::CollisionFrequency(), _owner.getDefaultCollisionFrequency()}};
}

std::vector<std::string> AndersenThermostatImpl::getKernelNames() { return {ApplyAndersenThermostatKernel::Name()}; }

} // namespace OpenMM
