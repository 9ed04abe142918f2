// CustomExternalForceImpl: checks particle indices, parameter counts and the expression, then requests and runs the
// CalcCustomExternalForce kernel.
#include "openmm/internal/CustomExternalForceImpl.h"

#include "ExpressionParser.h"
#include "PeriodicDistance.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomExternalForceKernel.h"

namespace OpenMM {

std::vector<int> CustomExternalForceImpl::term(int index, std::vector<double>& parameters) const {
  int particle;
  _owner.getParticleParameters(index, particle, parameters);
  return {particle};
}

void CustomExternalForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumParticles(); i++) {
    std::vector<double> parameters;
    for (int p : term(i, parameters))
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("CustomExternalForce: Illegal particle index for a particle: " + std::to_string(p));
    _owner.parameterList().checkTermParameters(parameters);
  }
  ExpressionParser::parse(_owner.getEnergyFunction(), PeriodicDistance::functions());
  _kernel = context.getPlatform().createKernel(CalcCustomExternalForceKernel::Name(), context);
  _kernel.getAs<CalcCustomExternalForceKernel>().initialize(system, _owner);
}

double CustomExternalForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                    int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomExternalForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomExternalForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomExternalForceImpl::getKernelNames() { return {CalcCustomExternalForceKernel::Name()}; }

std::vector<std::pair<int, int>> CustomExternalForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  return bonds;
}

void CustomExternalForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumParticles(); i++) {
    std::vector<double> parameters;
    term(i, parameters);
    _owner.parameterList().checkTermParameters(parameters);
  }
  _kernel.getAs<CalcCustomExternalForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
