// AndersenThermostatImpl: requests the ApplyAndersenThermostat kernel, runs it at the start of each step
// and provides the default values of the thermostat's Context parameters.
#include "openmm/internal/AndersenThermostatImpl.h"

#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/ApplyAndersenThermostatKernel.h"

#include <map>
#include <numeric>

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

std::vector<std::vector<int>> AndersenThermostatImpl::calcParticleGroups(const System& system) {
  const int n = system.getNumParticles();
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  for (int i = 0; i < system.getNumConstraints(); i++) {
    int p1, p2;
    double distance;
    system.getConstraintParameters(i, p1, p2, distance);
    parent[root(p1)] = root(p2);
  }
  std::map<int, std::vector<int>> groups; // keyed by root, listed in the order of their first particle
  std::vector<int> order;
  for (int i = 0; i < n; i++) {
    auto& group = groups[root(i)];
    if (group.empty())
      order.push_back(root(i));
    group.push_back(i);
  }
  std::vector<std::vector<int>> result;
  for (int r : order)
    result.push_back(std::move(groups[r]));
  return result;
}

} // namespace OpenMM
