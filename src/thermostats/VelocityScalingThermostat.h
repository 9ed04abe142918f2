// VelocityScalingThermostat: ls1-mardyn's velocity-scaling thermostat for NVT: after each step
// velocities and angular momenta of each thermostatted group are scaled to the target temperature.
#pragma once

#include "integrators/Leapfrog.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

class VelocityScalingThermostat {
 public:
  /// One thermostat per group; componentGroup[c] is the group of component c (-1: not thermostatted).
  VelocityScalingThermostat(std::vector<double> targetTemperatures, std::vector<int> componentGroup);
  /// A single global thermostat for all numComponents components.
  static VelocityScalingThermostat global(double temperature, std::size_t numComponents);

  /// Scaling factors from globally reduced kinetic sums (per component):
  /// beta_trans = sqrt(3 N T / sum m v^2), beta_rot = sqrt(f_rot T / sum L^2/I); 1 where a sum is 0.
  void computeFactors(const KineticSums& globalSums);
  double betaTrans(int group) const { return _betaTrans[group]; }
  double betaRot(int group) const { return _betaRot[group]; }
  std::size_t numGroups() const { return _target.size(); }
  /// Scales v and L of the owned molecules with their group's factors.
  void apply(ParticleContainer& container) const;
  /// The factors per component (1 for components without a thermostat), for containers that scale
  /// their molecules themselves (ResidentTimeStep::scaleVelocities).
  void componentFactors(std::vector<double>& betaTrans, std::vector<double>& betaRot) const;

 private:
  std::vector<double> _target;
  std::vector<int> _group;
  std::vector<double> _betaTrans, _betaRot;
};

}  // namespace mardyn
