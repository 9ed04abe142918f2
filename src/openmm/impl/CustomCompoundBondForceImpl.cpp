// CustomCompoundBondForceImpl: checks particle indices and parameter counts, then requests and runs the
// CalcCustomCompoundBondForce kernel (which parses the expression); the bonds also define molecules.
#include "openmm/internal/CustomCompoundBondForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomCompoundBondForceKernel.h"

namespace OpenMM {

void CustomCompoundBondForceImpl::check(const System& system) const {
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<int> particles;
    std::vector<double> parameters;
    _owner.getBondParameters(i, particles, parameters);
    for (int p : particles)
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("CustomCompoundBondForce: Illegal particle index for a bond: " + std::to_string(p));
    _owner.parameterList().checkTermParameters(parameters);
  }
}

void CustomCompoundBondForceImpl::initialize(ContextImpl& context) {
  check(context.getSystem());
  _kernel = context.getPlatform().createKernel(CalcCustomCompoundBondForceKernel::Name(), context);
  _kernel.getAs<CalcCustomCompoundBondForceKernel>().initialize(context.getSystem(), _owner);
}

double CustomCompoundBondForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                        int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomCompoundBondForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomCompoundBondForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomCompoundBondForceImpl::getKernelNames() {
  return {CalcCustomCompoundBondForceKernel::Name()};
}

std::vector<std::pair<int, int>> CustomCompoundBondForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<int> particles;
    std::vector<double> parameters;
    _owner.getBondParameters(i, particles, parameters);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[0], particles[j]);
  }
  return bonds;
}

void CustomCompoundBondForceImpl::updateParametersInContext(ContextImpl& context) {
  check(context.getSystem());
  _kernel.getAs<CalcCustomCompoundBondForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
