// IntegrationRules: the variable step size and the Nose-Hoover chains shared by every platform's integrators.
#include "openmm/internal/IntegrationRules.h"

#include "openmm/NoseHooverIntegrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/PhysicalConstants.h"

#include <algorithm>
#include <cmath>

namespace OpenMM {
namespace IntegrationRules {

double variableStepSize(double sumSquaredAcceleration, int degreesOfFreedom, double tol, double lastStep,
                        double maxStep, double fallback, double time, double maxTime, bool& reachesTarget) {
  const double error = degreesOfFreedom > 0 ? std::sqrt(sumSquaredAcceleration / degreesOfFreedom) : 0.0;
  // Without forces the error gives no step: the last step, or 1 fs before the first.
  double dt = error > 0.0 ? std::sqrt(tol / error) : (fallback > 0.0 ? fallback : 0.001);
  if (lastStep > 0.0)
    dt = std::min(dt, 2.0 * lastStep);
  if (maxStep > 0.0)
    dt = std::min(dt, maxStep);
  reachesTarget = time + dt >= maxTime;
  if (reachesTarget)
    dt = maxTime - time;
  return dt;
}

void NoseHooverChains::initialize(const NoseHooverIntegrator& integrator) {
  _absolute.clear();
  _relative.clear();
  for (int c = 0; c < integrator.getNumThermostats(); c++) {
    const size_t length = static_cast<size_t>(integrator.getThermostat(c).getChainLength());
    _absolute.push_back({std::vector<double>(length, 0.0), std::vector<double>(length, 0.0)});
    _relative.push_back({std::vector<double>(length, 0.0), std::vector<double>(length, 0.0)});
  }
}

double NoseHooverChains::propagateChain(Chain& s, double ke, int dof, double temperature, double frequency,
                                        double halfStep, int numMTS, const std::vector<double>& weights) {
  if (dof <= 0 || ke <= 0.0)
    return 1.0;
  const double kT = BOLTZ * temperature;
  const size_t m = s.v.size();
  std::vector<double> q(m, kT / (frequency * frequency));
  q[0] *= dof;
  auto force = [&](size_t i, double kinetic) {
    return i == 0 ? (2.0 * kinetic - dof * kT) / q[0] : (q[i - 1] * s.v[i - 1] * s.v[i - 1] - kT) / q[i];
  };
  double scale = 1.0;
  for (int mts = 0; mts < numMTS; mts++)
    for (double w : weights) {
      const double h = w * halfStep / numMTS;
      const double kinetic0 = ke * scale * scale;
      s.v[m - 1] += 0.5 * h * force(m - 1, kinetic0);
      for (size_t i = m - 1; i-- > 0;) {
        const double a = std::exp(-0.25 * h * s.v[i + 1]);
        s.v[i] = a * (a * s.v[i] + 0.5 * h * force(i, kinetic0));
      }
      scale *= std::exp(-h * s.v[0]);
      for (size_t i = 0; i < m; i++)
        s.x[i] += h * s.v[i];
      const double kinetic1 = ke * scale * scale;
      for (size_t i = 0; i + 1 < m; i++) {
        const double a = std::exp(-0.25 * h * s.v[i + 1]);
        s.v[i] = a * (a * s.v[i] + 0.5 * h * force(i, kinetic1));
      }
      s.v[m - 1] += 0.5 * h * force(m - 1, kinetic1);
    }
  return scale;
}

std::pair<double, double> NoseHooverChains::propagate(const NoseHooverIntegrator& integrator, int c,
                                                      double keAbsolute, double keRelative) {
  const NoseHooverChain& chain = integrator.getThermostat(c);
  const double halfStep = 0.5 * integrator.getStepSize();
  const auto weights = chain.getYoshidaSuzukiWeights();
  const double sAbs = propagateChain(_absolute[static_cast<size_t>(c)], keAbsolute, chain.getNumDegreesOfFreedom(),
                                     chain.getTemperature(), chain.getCollisionFrequency(), halfStep,
                                     chain.getNumMultiTimeSteps(), weights);
  const int relativeDof = 3 * static_cast<int>(chain.getThermostatedPairs().size());
  const double sRel = propagateChain(_relative[static_cast<size_t>(c)], keRelative, relativeDof,
                                     chain.getRelativeTemperature(), chain.getRelativeCollisionFrequency(), halfStep,
                                     chain.getNumMultiTimeSteps(), weights);
  return {sAbs, sRel};
}

double NoseHooverChains::bathEnergy(const Chain& s, int dof, double temperature, double frequency) {
  if (dof <= 0)
    return 0.0;
  const double kT = BOLTZ * temperature;
  double energy = 0.0;
  for (size_t i = 0; i < s.v.size(); i++) {
    const double q = kT / (frequency * frequency) * (i == 0 ? dof : 1);
    energy += 0.5 * q * s.v[i] * s.v[i] + (i == 0 ? dof : 1) * kT * s.x[i];
  }
  return energy;
}

double NoseHooverChains::heatBathEnergy(const NoseHooverIntegrator& integrator) const {
  double energy = 0.0;
  for (int c = 0; c < integrator.getNumThermostats(); c++) {
    const NoseHooverChain& chain = integrator.getThermostat(c);
    energy += bathEnergy(_absolute[static_cast<size_t>(c)], chain.getNumDegreesOfFreedom(), chain.getTemperature(),
                         chain.getCollisionFrequency());
    energy += bathEnergy(_relative[static_cast<size_t>(c)], 3 * static_cast<int>(chain.getThermostatedPairs().size()),
                         chain.getRelativeTemperature(), chain.getRelativeCollisionFrequency());
  }
  return energy;
}

std::vector<double> NoseHooverChains::getStates() const {
  std::vector<double> states;
  for (const auto* chains : {&_absolute, &_relative})
    for (const auto& s : *chains) {
      states.insert(states.end(), s.x.begin(), s.x.end());
      states.insert(states.end(), s.v.begin(), s.v.end());
    }
  return states;
}

void NoseHooverChains::setStates(const std::vector<double>& states) {
  if (states.size() != getStates().size())
    throw OpenMMException("NoseHooverIntegrator: chain state of the wrong size");
  size_t k = 0;
  for (auto* chains : {&_absolute, &_relative})
    for (auto& s : *chains) {
      for (double& x : s.x)
        x = states[k++];
      for (double& v : s.v)
        v = states[k++];
    }
}

} // namespace IntegrationRules
} // namespace OpenMM
