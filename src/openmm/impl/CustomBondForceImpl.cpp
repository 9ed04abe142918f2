// CustomBondForceImpl: checks particle indices, parameter counts and the expression, then requests and runs the
// CalcCustomBondForce kernel; the terms also define molecules.
#include "openmm/internal/CustomBondForceImpl.h"

#include "ExpressionParser.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomBondForceKernel.h"

namespace OpenMM {

std::vector<int> CustomBondForceImpl::term(int index, std::vector<double>& parameters) const {
  int particle1;
  int particle2;
  _owner.getBondParameters(index, particle1, particle2, parameters);
  return {particle1, particle2};
}

void CustomBondForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<double> parameters;
    for (int p : term(i, parameters))
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("CustomBondForce: Illegal particle index for a bond: " + std::to_string(p));
    _owner.parameterList().checkTermParameters(parameters);
  }
  ExpressionParser::parse(_owner.getEnergyFunction());
  _kernel = context.getPlatform().createKernel(CalcCustomBondForceKernel::Name(), context);
  _kernel.getAs<CalcCustomBondForceKernel>().initialize(system, _owner);
}

double CustomBondForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomBondForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomBondForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomBondForceImpl::getKernelNames() { return {CalcCustomBondForceKernel::Name()}; }

std::vector<std::pair<int, int>> CustomBondForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<double> parameters;
    std::vector<int> particles = term(i, parameters);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void CustomBondForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<double> parameters;
    term(i, parameters);
    _owner.parameterList().checkTermParameters(parameters);
  }
  _kernel.getAs<CalcCustomBondForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
