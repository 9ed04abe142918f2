// CustomCentroidBondForceImpl: checks group members, weights, group indices and parameter counts, then requests
// and runs the CalcCustomCentroidBondForce kernel (which parses the expression); a bond's groups form a molecule.
#include "openmm/internal/CustomCentroidBondForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomCentroidBondForceKernel.h"

namespace OpenMM {

void CustomCentroidBondForceImpl::check(const System& system) const {
  for (int g = 0; g < _owner.getNumGroups(); g++) {
    std::vector<int> particles;
    std::vector<double> weights;
    _owner.getGroupParameters(g, particles, weights);
    if (particles.empty())
      throw OpenMMException("CustomCentroidBondForce: group " + std::to_string(g) + " has no particles");
    double total = 0.0;
    for (size_t k = 0; k < particles.size(); k++) {
      int p = particles[k];
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("CustomCentroidBondForce: Illegal particle index for a group: " + std::to_string(p));
      total += weights.empty() ? system.getParticleMass(p) : weights[k];
    }
    if (total == 0.0)
      throw OpenMMException("CustomCentroidBondForce: the weights of group " + std::to_string(g) +
                            " sum to zero (massless particles need explicit weights)");
  }
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<int> groups;
    std::vector<double> parameters;
    _owner.getBondParameters(i, groups, parameters);
    for (int g : groups)
      if (g < 0 || g >= _owner.getNumGroups())
        throw OpenMMException("CustomCentroidBondForce: Illegal group index for a bond: " + std::to_string(g));
    _owner.parameterList().checkTermParameters(parameters);
  }
}

void CustomCentroidBondForceImpl::initialize(ContextImpl& context) {
  check(context.getSystem());
  _kernel = context.getPlatform().createKernel(CalcCustomCentroidBondForceKernel::Name(), context);
  _kernel.getAs<CalcCustomCentroidBondForceKernel>().initialize(context.getSystem(), _owner);
}

double CustomCentroidBondForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                        int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomCentroidBondForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomCentroidBondForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomCentroidBondForceImpl::getKernelNames() {
  return {CalcCustomCentroidBondForceKernel::Name()};
}

std::vector<std::pair<int, int>> CustomCentroidBondForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<int> groups, members;
    std::vector<double> parameters, weights;
    _owner.getBondParameters(i, groups, parameters);
    for (int g : groups) {
      std::vector<int> particles;
      _owner.getGroupParameters(g, particles, weights);
      members.insert(members.end(), particles.begin(), particles.end());
    }
    for (size_t j = 1; j < members.size(); j++)
      bonds.emplace_back(members[0], members[j]);
  }
  return bonds;
}

void CustomCentroidBondForceImpl::updateParametersInContext(ContextImpl& context) {
  check(context.getSystem());
  _kernel.getAs<CalcCustomCentroidBondForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
