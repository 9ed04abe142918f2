// VelocityScalingThermostat: scaling factors per thermostat group from the global kinetic sums,
// applied to the velocities and angular momenta of the owned molecules.
#include "thermostats/VelocityScalingThermostat.h"

#include "utils/MardynException.h"

#include <cmath>

namespace mardyn {

VelocityScalingThermostat::VelocityScalingThermostat(std::vector<double> targetTemperatures,
                                                     std::vector<int> componentGroup)
    : _target(std::move(targetTemperatures)), _group(std::move(componentGroup)) {
  for (int g : _group)
    if (g >= static_cast<int>(_target.size()))
      throw MardynException("VelocityScalingThermostat: component assigned to unknown thermostat " + std::to_string(g));
  _betaTrans.assign(_target.size(), 1.0);
  _betaRot.assign(_target.size(), 1.0);
}

VelocityScalingThermostat VelocityScalingThermostat::global(double temperature, std::size_t numComponents) {
  return VelocityScalingThermostat({temperature}, std::vector<int>(numComponents, 0));
}

void VelocityScalingThermostat::computeFactors(const KineticSums& sums) {
  const std::size_t g = _target.size();
  std::vector<double> mv2(g, 0.0), iw2(g, 0.0), n(g, 0.0), rot(g, 0.0);
  for (std::size_t c = 0; c < _group.size() && c < sums.summv2.size(); ++c) {
    if (_group[c] < 0) continue;
    mv2[_group[c]] += sums.summv2[c];
    iw2[_group[c]] += sums.sumIw2[c];
    n[_group[c]] += static_cast<double>(sums.count[c]);
    rot[_group[c]] += static_cast<double>(sums.rotDof[c]);
  }
  for (std::size_t i = 0; i < g; ++i) {
    _betaTrans[i] = mv2[i] > 0.0 ? std::pow(3.0 * n[i] * _target[i] / mv2[i], exponent) : 1.0;
    _betaRot[i] = iw2[i] > 0.0 ? std::pow(rot[i] * _target[i] / iw2[i], exponent) : 1.0;
  }
}

void VelocityScalingThermostat::capKineticEnergies(ParticleContainer& container, double T) {
  constexpr double kineticLimitPerT = 10.0;
  const double limit = kineticLimitPerT * T;
  container.forEach([&](Molecule& m) {  // every molecule, as ls1 does
    const double uTrans = 0.5 * m.twiceTransKinEnergy();
    if (uTrans > limit) {
      const double s = std::sqrt(limit / uTrans);
      m.setV(m.v() * s);
      m.setF(m.F() * s);
    }
    const unsigned dof = m.component().rotationalDegreesOfFreedom();
    if (dof > 0) {
      const double limitRot = 3.0 * dof * T, uRot = 0.5 * m.twiceRotKinEnergy();
      if (uRot > limitRot) {
        const double s = std::sqrt(limitRot / uRot);
        m.setL(m.L() * s);
        m.setM(m.M() * s);
      }
    }
  });
}

bool VelocityScalingThermostat::limitExplosions(ParticleContainer* container) {
  return limitExplosions([container](double T) {
    if (container) capKineticEnergies(*container, T);
  });
}

bool VelocityScalingThermostat::limitExplosions(const std::function<void(double)>& cap) {
  constexpr double minBeta = 0.9;
  constexpr int reappearanceLimit = 4000, vanishGracePeriod = 40;
  bool acted = false;
  for (std::size_t g = 0; g < _target.size(); ++g) {
    if (!((_betaTrans[g] < minBeta || _betaRot[g] < minBeta) && _explosionError <= 0)) continue;
    acted = true;
    cap(_target[g]);
    if (reappearanceLimit - _explosionCounter >= vanishGracePeriod) {
      if (_explosionWarning > 0) _explosionError = _explosionWarning;
      if (_explosionCounter > 0) _explosionWarning = _explosionCounter;
      _explosionCounter = reappearanceLimit;
    }
    _betaTrans[g] = 1.0;
    _betaRot[g] = std::pow(_betaRot[g], 0.0091);
  }
  if (_explosionCounter > 0) --_explosionCounter;
  if (_explosionWarning > 0) --_explosionWarning;
  if (_explosionError > 0) --_explosionError;
  return acted;
}

void VelocityScalingThermostat::apply(ParticleContainer& container) const {
  container.forEach([this](Molecule& m) {
    const unsigned c = m.componentId();
    if (c >= _group.size() || _group[c] < 0) return;
    m.setV(m.v() * _betaTrans[_group[c]]);
    m.setL(m.L() * _betaRot[_group[c]]);
  });
}

void VelocityScalingThermostat::componentFactors(std::vector<double>& betaTrans, std::vector<double>& betaRot) const {
  betaTrans.assign(_group.size(), 1.0);
  betaRot.assign(_group.size(), 1.0);
  for (std::size_t c = 0; c < _group.size(); ++c)
    if (_group[c] >= 0) {
      betaTrans[c] = _betaTrans[_group[c]];
      betaRot[c] = _betaRot[_group[c]];
    }
}

}  // namespace mardyn
