// CustomTorsionForceImpl: checks particle indices, parameter counts and the expression, then requests and runs the
// CalcCustomTorsionForce kernel; the terms also define molecules.
#include "openmm/internal/CustomTorsionForceImpl.h"

#include "ExpressionParser.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomTorsionForceKernel.h"

namespace OpenMM {

std::vector<int> CustomTorsionForceImpl::term(int index, std::vector<double>& parameters) const {
  int particle1;
  int particle2;
  int particle3;
  int particle4;
  _owner.getTorsionParameters(index, particle1, particle2, particle3, particle4, parameters);
  return {particle1, particle2, particle3, particle4};
}

void CustomTorsionForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<double> parameters;
    for (int p : term(i, parameters))
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("CustomTorsionForce: Illegal particle index for a torsion: " + std::to_string(p));
    _owner.parameterList().checkTermParameters(parameters);
  }
  ExpressionParser::parse(_owner.getEnergyFunction());
  _kernel = context.getPlatform().createKernel(CalcCustomTorsionForceKernel::Name(), context);
  _kernel.getAs<CalcCustomTorsionForceKernel>().initialize(system, _owner);
}

double CustomTorsionForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                   int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomTorsionForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomTorsionForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomTorsionForceImpl::getKernelNames() { return {CalcCustomTorsionForceKernel::Name()}; }

std::vector<std::pair<int, int>> CustomTorsionForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<double> parameters;
    std::vector<int> particles = term(i, parameters);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void CustomTorsionForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<double> parameters;
    term(i, parameters);
    _owner.parameterList().checkTermParameters(parameters);
  }
  _kernel.getAs<CalcCustomTorsionForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
