// ReferenceCalcCustomNonbondedForceKernel: O(N^2) pair loop with an exclusion mask; the switching function
// S(x) = 1 - 10x^3 + 15x^4 - 6x^5, x = (r - r_switch)/(r_cutoff - r_switch); the long-range correction by
// customNonbondedLongRange.
#include "ReferenceCalcCustomNonbondedForceKernel.h"

#include "ReferenceCustomNonbondedLongRange.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/CustomNonbondedForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace OpenMM {

void ReferenceCalcCustomNonbondedForceKernel::initialize(const System& system, const CustomNonbondedForce& force) {
  const int n = system.getNumParticles();
  _method = force.getNonbondedMethod();
  _cutoff = force.getCutoffDistance();
  _useSwitching = _method != CustomNonbondedForce::NoCutoff && force.getUseSwitchingFunction();
  _switchingDistance = force.getSwitchingDistance();
  _useLongRangeCorrection = _method == CustomNonbondedForce::CutoffPeriodic && force.getUseLongRangeCorrection();
  _numParameters = force.getNumPerParticleParameters();
  _particleParameters.resize(n);
  for (int i = 0; i < n; i++)
    force.getParticleParameters(i, _particleParameters[i]);
  _exclusions.assign(n, {});
  for (int i = 0; i < force.getNumExclusions(); i++) {
    int p1, p2;
    force.getExclusionParticles(i, p1, p2);
    _exclusions[p1].push_back(p2);
    _exclusions[p2].push_back(p1);
  }
  _useGroups = force.getNumInteractionGroups() > 0;
  _groupPairs.clear();
  _groups.clear();
  for (int g = 0; g < force.getNumInteractionGroups(); g++) {
    std::set<int> set1, set2;
    force.getInteractionGroupParameters(g, set1, set2);
    _groups.emplace_back(set1, set2);
    std::set<std::pair<int, int>> pairs;
    for (int a : set1)
      for (int b : set2)
        if (a != b && std::find(_exclusions[a].begin(), _exclusions[a].end(), b) == _exclusions[a].end())
          pairs.insert({std::min(a, b), std::max(a, b)});
    _groupPairs.insert(_groupPairs.end(), pairs.begin(), pairs.end());
  }
  std::vector<std::string> names;
  for (int suffix = 1; suffix <= 2; suffix++)
    for (int k = 0; k < _numParameters; k++)
      names.push_back(force.getPerParticleParameterName(k) + std::to_string(suffix));
  _globalNames.clear();
  for (int k = 0; k < force.getNumGlobalParameters(); k++)
    _globalNames.push_back(force.getGlobalParameterName(k));
  const TabulatedFunctionList& functions = force.tabulatedFunctions();
  _terms.initialize(force.getEnergyFunction(), {"r"}, names, _globalNames,
                    createTabulatedFunctionEvaluators(functions.names(), functions.functions()));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
  _derivativeNames = force.parameterList().derivativeNames();
  _pairValues.assign(2 * _numParameters, 0.0);
  _lrcGlobals.clear(); // recompute the long-range correction on the next evaluation
}

double ReferenceCalcCustomNonbondedForceKernel::pairEnergy(int i, int j, double r, double& dEdr) {
  std::copy(_particleParameters[i].begin(), _particleParameters[i].end(), _pairValues.begin());
  std::copy(_particleParameters[j].begin(), _particleParameters[j].end(), _pairValues.begin() + _numParameters);
  double energy = _terms.evaluate(&r, _pairValues.data(), &dEdr);
  double s = 1.0;
  if (_useSwitching && r > _switchingDistance) {
    double width = _cutoff - _switchingDistance, x = (r - _switchingDistance) / width;
    s = 1.0 + x * x * x * (-10.0 + x * (15.0 - 6.0 * x));
    double ds = x * x * (-30.0 + x * (60.0 - 30.0 * x)) / width;
    dEdr = dEdr * s + energy * ds;
    energy *= s;
  }
  _terms.accumulateParameterDerivatives(s);
  return energy;
}

double ReferenceCalcCustomNonbondedForceKernel::longRangeCoefficient(int derivative) {
  return customNonbondedLongRange(_terms, _particleParameters, _groups, _cutoff, _useSwitching, _switchingDistance,
                                  derivative);
}

double ReferenceCalcCustomNonbondedForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const bool periodic = _method == CustomNonbondedForce::CutoffPeriodic;
  const bool cutoff = _method != CustomNonbondedForce::NoCutoff;
  const Vec3* box = periodic ? data.box() : nullptr;
  const double cutoff2 = _cutoff * _cutoff;
  _terms.loadGlobals(context);
  double energy = 0.0;
  auto pair = [&](int i, int j) {
    Vec3 d = ReferenceGeometry::delta(data.positions[i], data.positions[j], box);
    double r2 = d.dot(d);
    if (cutoff && r2 >= cutoff2)
      return;
    double r = std::sqrt(r2), dEdr;
    energy += pairEnergy(i, j, r, dEdr);
    if (includeForces && r > 0.0) {
      Vec3 f = d * (dEdr / r);
      data.forces[i] += f;
      data.forces[j] -= f;
    }
  };
  const int n = static_cast<int>(_particleParameters.size());
  if (_useGroups) {
    for (const auto& p : _groupPairs)
      pair(p.first, p.second);
  } else {
    std::vector<char> excluded(n, 0);
    for (int i = 0; i < n; i++) {
      for (int j : _exclusions[i])
        excluded[j] = 1;
      for (int j = i + 1; j < n; j++)
        if (!excluded[j])
          pair(i, j);
      for (int j : _exclusions[i])
        excluded[j] = 0;
    }
  }
  if (_useLongRangeCorrection) {
    std::vector<double> globals;
    for (const auto& name : _globalNames)
      globals.push_back(context.getParameter(name));
    if (_lrcGlobals.empty() || globals != _lrcGlobals) {
      _lrcCoefficient = longRangeCoefficient(-1);
      _lrcDerivatives.clear();
      for (int k = 0; k < _terms.numParameterDerivatives(); k++)
        _lrcDerivatives.push_back(longRangeCoefficient(k));
      _lrcGlobals = globals;
      if (_lrcGlobals.empty())
        _lrcGlobals.push_back(0.0); // computed once when there are no global parameters
    }
    const Vec3* b = data.box();
    energy += _lrcCoefficient / (b[0][0] * b[1][1] * b[2][2]);
    for (size_t k = 0; k < _lrcDerivatives.size(); k++)
      data.energyParameterDerivatives[_derivativeNames[k]] += _lrcDerivatives[k] / (b[0][0] * b[1][1] * b[2][2]);
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomNonbondedForceKernel::copyParametersToContext(ContextImpl& context,
                                                                      const CustomNonbondedForce& force) {
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
