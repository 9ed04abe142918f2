// CustomNonbondedForceImpl: checks the particle count, parameters, exclusions, interaction groups, cutoff and
// switching distance against the System, then requests and runs the CalcCustomNonbondedForce kernel.
#include "openmm/internal/CustomNonbondedForceImpl.h"

#include "ExpressionParser.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCustomNonbondedForceKernel.h"

#include <algorithm>
#include <set>

namespace OpenMM {

void CustomNonbondedForceImpl::checkParticleParameters() const {
  for (int i = 0; i < _owner.getNumParticles(); i++) {
    std::vector<double> parameters;
    _owner.getParticleParameters(i, parameters);
    _owner.parameterList().checkTermParameters(parameters);
  }
}

void CustomNonbondedForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  const int n = system.getNumParticles();
  if (_owner.getNumParticles() != n)
    throw OpenMMException("CustomNonbondedForce must have exactly as many particles as the System it belongs to "
                          "(the force has " +
                          std::to_string(_owner.getNumParticles()) + ", the System " + std::to_string(n) + ")");
  checkParticleParameters();
  std::set<std::pair<int, int>> exclusions;
  for (int i = 0; i < _owner.getNumExclusions(); i++) {
    int p1, p2;
    _owner.getExclusionParticles(i, p1, p2);
    if (p1 < 0 || p2 < 0 || p1 >= n || p2 >= n)
      throw OpenMMException("CustomNonbondedForce: Illegal particle index for an exclusion: (" + std::to_string(p1) +
                            ", " + std::to_string(p2) + ")");
    if (!exclusions.insert({std::min(p1, p2), std::max(p1, p2)}).second)
      throw OpenMMException("CustomNonbondedForce: Multiple exclusions are specified for particles " +
                            std::to_string(p1) + " and " + std::to_string(p2));
  }
  for (int g = 0; g < _owner.getNumInteractionGroups(); g++) {
    std::set<int> set1, set2;
    _owner.getInteractionGroupParameters(g, set1, set2);
    for (const auto* set : {&set1, &set2})
      for (int p : *set)
        if (p < 0 || p >= n)
          throw OpenMMException("CustomNonbondedForce: Illegal particle index in an interaction group: " +
                                std::to_string(p));
  }
  if (_owner.getNonbondedMethod() != CustomNonbondedForce::NoCutoff && _owner.getUseSwitchingFunction() &&
      (_owner.getSwitchingDistance() < 0.0 || _owner.getSwitchingDistance() >= _owner.getCutoffDistance()))
    throw OpenMMException("CustomNonbondedForce: Switching distance must satisfy 0 <= r_switch < r_cutoff");
  if (_owner.getNonbondedMethod() == CustomNonbondedForce::CutoffPeriodic) {
    Vec3 a, b, c;
    system.getDefaultPeriodicBoxVectors(a, b, c);
    double minimum = std::min(a[0], std::min(b[1], c[2]));
    if (_owner.getCutoffDistance() > 0.5 * minimum)
      throw OpenMMException("CustomNonbondedForce: The cutoff distance cannot be greater than half the periodic box "
                            "size");
  }
  const TabulatedFunctionList& functions = _owner.tabulatedFunctions();
  ExpressionParser::parse(_owner.getEnergyFunction(),
                          createTabulatedFunctionEvaluators(functions.names(), functions.functions()));
  _kernel = context.getPlatform().createKernel(CalcCustomNonbondedForceKernel::Name(), context);
  _kernel.getAs<CalcCustomNonbondedForceKernel>().initialize(system, _owner);
}

double CustomNonbondedForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                     int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCustomNonbondedForceKernel>().execute(context, includeForces, includeEnergy);
}

std::map<std::string, double> CustomNonbondedForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (const auto& global : _owner.parameterList().globals())
    parameters[global.first] = global.second;
  return parameters;
}

std::vector<std::string> CustomNonbondedForceImpl::getKernelNames() { return {CalcCustomNonbondedForceKernel::Name()}; }

void CustomNonbondedForceImpl::updateParametersInContext(ContextImpl& context) {
  if (_owner.getNumParticles() != context.getSystem().getNumParticles())
    throw OpenMMException("CustomNonbondedForce: updateParametersInContext() cannot change the number of particles");
  checkParticleParameters();
  _kernel.getAs<CalcCustomNonbondedForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
