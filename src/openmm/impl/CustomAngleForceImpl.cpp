// CustomAngleForceImpl: checks particle indices, parameter counts and the expression, then requests and runs the
// CalcCustomAngleForce kernel; the terms also define molecules.
#include "openmm/internal/CustomAngleForceImpl.h"

#include "ExpressionParser.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomAngleForceKernel.h"

namespace OpenMM {

std::vector<int> CustomAngleForceImpl::term(int index, std::vector<double>& parameters) const {
  int particle1;
  int particle2;
  int particle3;
  _owner.getAngleParameters(index, particle1, particle2, particle3, parameters);
  return {particle1, particle2, particle3};
}

void CustomAngleForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumAngles(); i++) {
    std::vector<double> parameters;
    for (int p : term(i, parameters))
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("CustomAngleForce: Illegal particle index for a angle: " + std::to_string(p));
    _owner.parameterList().checkTermParameters(parameters);
  }
  ExpressionParser::parse(_owner.getEnergyFunction());
  _kernel = context.getPlatform().createKernel(CalcCustomAngleForceKernel::Name(), context);
  _kernel.getAs<CalcCustomAngleForceKernel>().initialize(system, _owner);
}

double CustomAngleForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                 int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomAngleForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomAngleForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomAngleForceImpl::getKernelNames() { return {CalcCustomAngleForceKernel::Name()}; }

std::vector<std::pair<int, int>> CustomAngleForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumAngles(); i++) {
    std::vector<double> parameters;
    std::vector<int> particles = term(i, parameters);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void CustomAngleForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumAngles(); i++) {
    std::vector<double> parameters;
    term(i, parameters);
    _owner.parameterList().checkTermParameters(parameters);
  }
  _kernel.getAs<CalcCustomAngleForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
