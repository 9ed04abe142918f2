// NonbondedForceParameters: the offsets of a NonbondedForce applied to its parameters.
#include "openmm/internal/NonbondedForceParameters.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <algorithm>

namespace OpenMM {

void NonbondedForceParameters::read(const NonbondedForce& force) {
  const int n = force.getNumParticles();
  _baseCharges.resize(n);
  _baseSigmas.resize(n);
  _baseEpsilons.resize(n);
  for (int i = 0; i < n; i++) force.getParticleParameters(i, _baseCharges[i], _baseSigmas[i], _baseEpsilons[i]);
  excluded.assign(n, {});
  _baseExceptions.resize(force.getNumExceptions());
  for (int i = 0; i < force.getNumExceptions(); i++) {
    Exception& e = _baseExceptions[i];
    force.getExceptionParameters(i, e.particle1, e.particle2, e.chargeProd, e.sigma, e.epsilon);
    excluded[e.particle1].push_back(e.particle2);
    excluded[e.particle2].push_back(e.particle1);
  }
  _globalNames.clear();
  std::vector<double> defaults;
  for (int i = 0; i < force.getNumGlobalParameters(); i++) {
    _globalNames.push_back(force.getGlobalParameterName(i));
    defaults.push_back(force.getGlobalParameterDefaultValue(i));
  }
  auto readOffsets = [&](bool particles, std::vector<Offset>& offsets) {
    const int count = particles ? force.getNumParticleParameterOffsets() : force.getNumExceptionParameterOffsets();
    offsets.resize(count);
    for (int i = 0; i < count; i++) {
      std::string name;
      Offset& o = offsets[i];
      if (particles)
        force.getParticleParameterOffset(i, name, o.index, o.chargeScale, o.sigmaScale, o.epsilonScale);
      else
        force.getExceptionParameterOffset(i, name, o.index, o.chargeScale, o.sigmaScale, o.epsilonScale);
      o.parameter = static_cast<int>(std::find(_globalNames.begin(), _globalNames.end(), name) - _globalNames.begin());
    }
  };
  readOffsets(true, _particleOffsets);
  readOffsets(false, _exceptionOffsets);
  std::vector<bool> hasOffset(_baseExceptions.size(), false);
  for (const Offset& o : _exceptionOffsets) hasOffset[o.index] = true;
  _computed.clear();
  for (std::size_t i = 0; i < _baseExceptions.size(); i++)
    if (hasOffset[i] || _baseExceptions[i].chargeProd != 0.0 || _baseExceptions[i].epsilon != 0.0)
      _computed.push_back(static_cast<int>(i));
  applyValues(defaults);
}

void NonbondedForceParameters::update(const NonbondedForce& force) {
  const std::vector<int> computed = _computed;
  const std::vector<double> applied = _applied;
  read(force);
  for (int i : _computed)
    if (std::find(computed.begin(), computed.end(), i) == computed.end())
      throw OpenMMException("NonbondedForce: updateParametersInContext() cannot give exception " + std::to_string(i) +
                            " a charge product or epsilon on this platform: it had none when the Context was created");
  _computed = computed;
  applyValues(applied.empty() ? _applied : applied);
}

void NonbondedForceParameters::applyValues(const std::vector<double>& globals) {
  charges = _baseCharges;
  sigmas = _baseSigmas;
  epsilons = _baseEpsilons;
  for (const Offset& o : _particleOffsets) {
    charges[o.index] += globals[o.parameter] * o.chargeScale;
    sigmas[o.index] += globals[o.parameter] * o.sigmaScale;
    epsilons[o.index] += globals[o.parameter] * o.epsilonScale;
  }
  std::vector<Exception> all = _baseExceptions;
  for (const Offset& o : _exceptionOffsets) {
    all[o.index].chargeProd += globals[o.parameter] * o.chargeScale;
    all[o.index].sigma += globals[o.parameter] * o.sigmaScale;
    all[o.index].epsilon += globals[o.parameter] * o.epsilonScale;
  }
  exceptions.clear();
  for (int i : _computed) exceptions.push_back(all[i]);
  _applied = globals;
}

bool NonbondedForceParameters::apply(const ContextImpl& context, bool force) {
  if (_globalNames.empty()) return force;
  std::vector<double> globals;
  for (const auto& name : _globalNames) globals.push_back(context.getParameter(name));
  if (!force && globals == _applied) return false;
  applyValues(globals);
  return true;
}

} // namespace OpenMM
